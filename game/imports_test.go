package game

import (
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
		"game":  {"chess", "chess/pgn", "xiangqi", "xiangqi/pgn", "internal/pgntag", "variant/fog", "variant/fair", "variant/dice", "variant/bomb"},
		"store": {}, // bytes and summaries: it knows nothing of the games it keeps
	}
	for pkg, ok := range allowed {
		out, err := exec.Command("go", "list", "-deps", mod+pkg).Output()
		if err != nil {
			t.Skipf("go list: %v", err)
		}
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
	// command line or the UCI adapter (STYLE.md 8: in process, no UCI text).
	out, err := exec.Command("go", "list", "-deps", mod+"server").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	for _, dep := range strings.Fields(string(out)) {
		if strings.HasPrefix(dep, mod+"cmd/") || dep == mod+"uci" {
			t.Errorf("server imports %s", dep)
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
