package xiangqi

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestStdlibOnly enforces the layering rule: xiangqi imports only the
// standard library (no dot in the first path element). Tests may also use
// the module's own internal helpers (charset, to decode GBK test files).
func TestStdlibOnly(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil || len(files) == 0 {
		t.Fatal("no source files", err)
	}
	fset := token.NewFileSet()
	for _, file := range files {
		f, err := parser.ParseFile(fset, file, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if path == "github.com/gambitchess/gambit/xiangqi" {
				continue // external test package
			}
			if strings.HasSuffix(file, "_test.go") && strings.HasPrefix(path, "github.com/gambitchess/gambit/internal/") {
				continue
			}
			if first, _, _ := strings.Cut(path, "/"); strings.Contains(first, ".") {
				t.Errorf("%s imports %s: xiangqi may import only the standard library", file, path)
			}
		}
	}
}
