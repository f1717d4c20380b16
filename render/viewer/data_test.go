package viewer

import (
	"os"
	"testing"

	"github.com/gambitchess/gambit/internal/shareddata"
)

// dataFile opens a file of the shared test data folder (package
// internal/shareddata), failing tb when it is missing.
func dataFile(tb testing.TB, name string) *os.File {
	tb.Helper()
	f, err := os.Open(shareddata.Path(tb, name))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { f.Close() })
	return f
}
