package viewer

import (
	"os"
	"path/filepath"
	"testing"
)

// dataFile opens a file of the shared test data folder: $GAMBIT_DATA, or
// ../../../shared/data from this package.
func dataFile(tb testing.TB, name string) *os.File {
	tb.Helper()
	dir := os.Getenv("GAMBIT_DATA")
	if dir == "" {
		dir = filepath.Join("..", "..", "..", "shared", "data")
	}
	f, err := os.Open(filepath.Join(dir, name))
	if err != nil {
		tb.Fatalf("test data missing (set GAMBIT_DATA): %v", err)
	}
	tb.Cleanup(func() { f.Close() })
	return f
}
