package pgn

import (
	"testing"

	"github.com/gambitchess/gambit/internal/shareddata"
)

// dataDir returns the xiangqi folder of the shared test data, failing tb
// when it is missing (see package internal/shareddata).
func dataDir(tb testing.TB) string {
	tb.Helper()
	return shareddata.Path(tb, "xiangqi")
}
