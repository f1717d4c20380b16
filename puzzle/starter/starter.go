// Package starter is the puzzles Gambit ships: found by `gambit puzzles
// find` in the real games of the project's test data (make puzzles
// regenerates them; docs/puzzles.md says from what and how many), so a
// new server has puzzles before its own games have given any.
package starter

import (
	"bytes"
	_ "embed"
	"fmt"

	"github.com/gambitchess/gambit/puzzle"
)

//go:embed chess.csv
var chessCSV []byte

//go:embed xiangqi.csv
var xiangqiCSV []byte

// Puzzles returns the starter puzzles, chess's then xiangqi's.
func Puzzles() ([]puzzle.Puzzle, error) {
	var out []puzzle.Puzzle
	for _, f := range []struct {
		name string
		text []byte
	}{{"chess.csv", chessCSV}, {"xiangqi.csv", xiangqiCSV}} {
		ps, err := puzzle.ReadCSV(bytes.NewReader(f.text))
		if err != nil {
			return nil, fmt.Errorf("starter: %s: %w", f.name, err)
		}
		out = append(out, ps...)
	}
	return out, nil
}
