package game

import (
	"errors"
	"os/exec"
	"strings"
	"testing"
)

// TestImports holds the dependency direction of STYLE.md: game builds on the
// rules libraries only, the store below the server knows no game, and the
// server sits above both.
func TestImports(t *testing.T) {
	const mod = "github.com/gambitchess/gambit/"
	allowed := map[string][]string{
		"game":  {"chess", "chess/opening", "chess/pgn", "xiangqi", "xiangqi/pgn", "internal/pgntag", "variant/fog", "variant/fair", "variant/dice", "variant/bomb"},
		"store": {"rating"}, // bytes and summaries: it knows nothing of the games it keeps (rating: the Glicko-2 step it applies with a rated game's end)
	}
	for pkg, ok := range allowed {
		out := goListDeps(t, mod+pkg)
		for _, dep := range strings.Fields(string(out)) {
			name, inModule := strings.CutPrefix(dep, mod)
			if !inModule || name == pkg {
				continue
			}
			if !contains(ok, name) {
				t.Errorf("%s imports %s", pkg, name)
			}
		}
	}
	// The server may use the engine and whatever it needs, but never the
	// command line; it plays Gambit's own engine in process (STYLE.md 8: no
	// UCI text), so UCI is spoken by one server package only, the one that
	// drives the external engines an operator registers (server/computer).
	out := goListDeps(t, mod+"server")
	for _, dep := range strings.Fields(string(out)) {
		if strings.HasPrefix(dep, mod+"cmd/") {
			t.Errorf("server imports %s", dep)
		}
	}
	for _, line := range strings.Split(string(goList(t, "-f", "{{.ImportPath}} {{join .Imports \" \"}}", mod+"server/...")), "\n") {
		f := strings.Fields(line)
		if len(f) > 0 && f[0] != mod+"server/computer" && contains(f[1:], mod+"uci") {
			t.Errorf("%s imports the UCI adapter; only server/computer may", f[0])
		}
	}
}

// goListDeps returns the output of go list -deps pkg. The go command is
// the one running the test: its failure fails the test, never skips it.
func goListDeps(t *testing.T, pkg string) []byte {
	t.Helper()
	return goList(t, "-deps", pkg)
}

// goList returns the output of go list args.
func goList(t *testing.T, args ...string) []byte {
	t.Helper()
	out, err := exec.Command("go", append([]string{"list"}, args...)...).Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			t.Fatalf("go list %v: %v\n%s", args, err, ee.Stderr)
		}
		t.Fatalf("go list %v: %v", args, err)
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
