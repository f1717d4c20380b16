package chess_test

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/gambitchess/gambit/chess/pgn"
	"github.com/gambitchess/gambit/internal/shareddata"
)

// eachSharedMainline calls f with the main line of every game of the shared
// PGN files (pgn/games), numbered from 1 in each file. A game the reader
// reports an error in is passed as far as it was read, as pgn check reads
// it; any other error fails the test.
func eachSharedMainline(t *testing.T, f func(path string, n int, ml *pgn.Mainline)) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(shareddata.Path(t, "pgn/games"), "*.pgn"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no PGN games: %v", err)
	}
	for _, path := range files {
		file, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		r := pgn.NewReader(file)
		var ml pgn.Mainline
		for n := 1; ; n++ {
			err := r.NextMainline(&ml)
			if errors.Is(err, io.EOF) {
				break
			}
			var perr *pgn.Error
			if err != nil && !errors.As(err, &perr) {
				file.Close()
				t.Fatalf("%s: %v", path, err)
			}
			f(path, n, &ml)
		}
		file.Close()
	}
}
