package pgn

import (
	"os"
	"path/filepath"
	"testing"
)

// dataDir returns the shared test data folder: $GAMBIT_DATA, or
// ../../../shared/data from this package. A missing folder fails the test:
// the PGN suite is not optional.
func dataDir(tb testing.TB) string {
	tb.Helper()
	dir := os.Getenv("GAMBIT_DATA")
	if dir == "" {
		dir = filepath.Join("..", "..", "..", "shared", "data")
	}
	if _, err := os.Stat(filepath.Join(dir, "pgn")); err != nil {
		tb.Fatalf("test data missing (set GAMBIT_DATA): %v", err)
	}
	return dir
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
