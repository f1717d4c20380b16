package pgn

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/gambitchess/gambit/internal/shareddata"
)

// dataDir returns the shared test data folder (package
// internal/shareddata), checking that it holds pgn/. A missing folder fails
// the test: the PGN suite is not optional.
func dataDir(tb testing.TB) string {
	tb.Helper()
	shareddata.Path(tb, "pgn")
	return shareddata.Dir(tb)
}

// dataFiles returns the .pgn files under pgn/<sub> of the data folder.
func dataFiles(tb testing.TB, sub string) []string {
	tb.Helper()
	var files []string
	root := filepath.Join(dataDir(tb), "pgn", sub)
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && filepath.Ext(path) == ".pgn" {
			files = append(files, path)
		}
		return err
	})
	if err != nil || len(files) == 0 {
		tb.Fatalf("no PGN files under %s: %v", root, err)
	}
	return files
}

func readData(tb testing.TB, path string) []byte {
	tb.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}
