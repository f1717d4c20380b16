package benchrun

import (
	"errors"
	"fmt"
	"os"
	"strings"
)

// ReadOpenings reads a file of match openings (docs/engine.md): one FEN or
// EPD line each, "#" lines being comments. It returns the FEN of each line
// (the part before the first ";"), and an error naming the line of a
// blank FEN, of one that repeats an earlier line's, or of one that check
// (when not nil) refuses: the games' own rules say what a playable opening
// is.
func ReadOpenings(path string, check func(fen string) error) ([]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var fens []string
	seen := map[string]int{}
	for i, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		fen := strings.TrimSpace(strings.Split(line, ";")[0])
		if fen == "" {
			return nil, fmt.Errorf("%s:%d: no FEN", path, i+1)
		}
		if j, dup := seen[fen]; dup {
			return nil, fmt.Errorf("%s:%d: repeats line %d", path, i+1, j)
		}
		if check != nil {
			if err := check(fen); err != nil {
				return nil, fmt.Errorf("%s:%d: %w", path, i+1, err)
			}
		}
		seen[fen] = i + 1
		fens = append(fens, fen)
	}
	return fens, nil
}

// Playable returns a check for ReadOpenings that a FEN parses (parse) and
// leaves the side to move a legal move (hasMove): what a match can start
// from, in either game.
func Playable[P any](parse func(string) (P, error), hasMove func(*P) bool) func(fen string) error {
	return func(fen string) error {
		pos, err := parse(fen)
		if err != nil {
			return err
		}
		if !hasMove(&pos) {
			return errors.New("no legal move")
		}
		return nil
	}
}
