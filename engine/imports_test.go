package engine

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestImports keeps the dependency direction: engine imports only chess,
// internal/elo (the Elo math it shares with package match), internal/tt
// and internal/benchrun (the transposition table and the bench harness it
// shares with engine/xq) and the standard library.
func TestImports(t *testing.T) {
	allowed := map[string]bool{
		"github.com/gambitchess/gambit/chess":             true,
		"github.com/gambitchess/gambit/internal/elo":      true,
		"github.com/gambitchess/gambit/internal/tt":       true,
		"github.com/gambitchess/gambit/internal/benchrun": true,
	}
	files, _ := filepath.Glob("*.go")
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		af, err := parser.ParseFile(token.NewFileSet(), f, src, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range af.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			first := strings.Split(path, "/")[0]
			if strings.Contains(first, ".") && !allowed[path] {
				t.Errorf("%s imports %s; engine may import only chess, internal/elo, internal/tt, internal/benchrun and the standard library", f, path)
			}
		}
	}
}
