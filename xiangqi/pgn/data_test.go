package pgn

import (
	"os"
	"path/filepath"
)

// dataDir returns the xiangqi folder of the shared test data: under
// $GAMBIT_DATA, or ../../../shared/data from this package. Tests that need
// it skip when it is absent, as package xiangqi's do.
func dataDir() string {
	dir := os.Getenv("GAMBIT_DATA")
	if dir == "" {
		dir = filepath.Join("..", "..", "..", "shared", "data")
	}
	return filepath.Join(dir, "xiangqi")
}
