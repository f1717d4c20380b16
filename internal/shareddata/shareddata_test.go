package shareddata

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fatalRecorder is a testing.TB whose Fatalf records the message instead
// of stopping the test.
type fatalRecorder struct {
	testing.TB
	msg string
}

func (r *fatalRecorder) Fatalf(format string, args ...any) { r.msg = fmt.Sprintf(format, args...) }

func TestPathFromEnv(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "xiangqi"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "xiangqi", "perft.epd"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv(Env, dir)
	if got, want := Path(t, "xiangqi/perft.epd"), filepath.Join(dir, "xiangqi", "perft.epd"); got != want {
		t.Errorf("Path = %q, want %q", got, want)
	}
	if got := Dir(t); got != dir {
		t.Errorf("Dir = %q, want %q", got, dir)
	}

	r := &fatalRecorder{TB: t}
	Path(r, "xiangqi/notation-vectors.tsv")
	for _, want := range []string{"notation-vectors.tsv", "from $GAMBIT_DATA", "point GAMBIT_DATA at"} {
		if !strings.Contains(r.msg, want) {
			t.Errorf("missing file: message %q does not say %q", r.msg, want)
		}
	}
}

// TestDefault: without GAMBIT_DATA the folder is ../shared/data beside the
// directory holding the module's go.mod, two levels above this package.
func TestDefault(t *testing.T) {
	t.Setenv(Env, "")
	got, how, err := dir()
	if err != nil {
		t.Fatal(err)
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(filepath.Dir(root), "shared", "data"); got != want {
		t.Errorf("default data folder %q, want %q", got, want)
	}
	if !strings.Contains(how, "unset") {
		t.Errorf("how = %q, want it to say %s is unset", how, Env)
	}
}
