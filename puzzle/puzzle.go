package puzzle

import (
	"crypto/sha256"
	"encoding/base32"
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/gambitchess/gambit/game"
)

// Puzzle is a training puzzle: the position before the opponent's move
// that went wrong, that move, then the solution.
type Puzzle struct {
	ID      string
	Variant game.Variant
	// FEN is the position before the opponent's move (lichess's puzzle
	// FEN): the solver sees that move played, then finds the solution.
	FEN string
	// Moves are coordinate text: the opponent's move, then the solution,
	// the solver's moves first and every other one.
	Moves []string
	// Rating and RatingDeviation are the puzzle's Glicko-2 rating and its
	// deviation: until solvers have rated it, its start (StartRating).
	Rating, RatingDeviation int
	Themes                  []string
	// Game is where it came from: a game's address or a file's name and
	// its game's number ("twic0920.pgn#12").
	Game string
}

// The start of a puzzle's rating, before anyone solved it (lichess's
// puzzles start at 1500 with a deviation of 500, as its players do).
const (
	StartRating    = 1500
	StartDeviation = 500
)

// New makes the puzzle f found in the game of variant v that e reads,
// which came from game.
func New(v game.Variant, e game.Engine, f Found, from string) Puzzle {
	p := Puzzle{Variant: v, FEN: e.FEN(f.Ply), Moves: f.Moves, Rating: StartRating, RatingDeviation: StartDeviation,
		Themes: Themes(f), Game: from}
	p.ID = idOf(p)
	return p
}

// idOf is a puzzle's id: the first 40 bits of the SHA-256 of its variant,
// position and moves, in lowercase base32 (eight letters and digits): the
// same puzzle found again has the same id.
func idOf(p Puzzle) string {
	sum := sha256.Sum256([]byte(string(p.Variant) + "\n" + p.FEN + "\n" + strings.Join(p.Moves, " ")))
	return strings.ToLower(base32.StdEncoding.EncodeToString(sum[:5]))
}

// Themes are the themes f shows whatever its board (lichess's names): a
// mate and its length (mateIn1 … mateIn5, mate), or an advantage won
// ("advantage", "crushing" from 600 centipawns), and the solution's length
// in the solver's moves (oneMove, short: 2, long: 3, veryLong: 4 or more).
func Themes(f Found) []string {
	var out []string
	switch {
	case f.Mate > 0 && f.Mate <= 5:
		out = append(out, "mate", "mateIn"+strconv.Itoa(f.Mate))
	case f.Mate > 0:
		out = append(out, "mate")
	case len(f.Evals) > 0 && f.Evals[len(f.Evals)-1].Best.Score.CP >= 600:
		out = append(out, "crushing")
	default:
		out = append(out, "advantage")
	}
	switch n := (len(f.Moves)) / 2; {
	case n <= 1:
		out = append(out, "oneMove")
	case n == 2:
		out = append(out, "short")
	case n == 3:
		out = append(out, "long")
	default:
		out = append(out, "veryLong")
	}
	return out
}

// Header is the CSV's first line: lichess's puzzle database's columns
// (database.lichess.org, "Puzzles"), those Gambit has, then the variant.
var Header = []string{"PuzzleId", "FEN", "Moves", "Rating", "RatingDeviation", "Themes", "GameUrl", "Variant"}

// WriteCSV writes puzzles as CSV under Header.
func WriteCSV(w io.Writer, puzzles []Puzzle) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(Header); err != nil {
		return err
	}
	for _, p := range puzzles {
		row := []string{p.ID, p.FEN, strings.Join(p.Moves, " "), strconv.Itoa(p.Rating), strconv.Itoa(p.RatingDeviation),
			strings.Join(p.Themes, " "), p.Game, string(p.Variant)}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// ReadCSV reads puzzles WriteCSV wrote. A line that is not one is an error
// that names it.
func ReadCSV(r io.Reader) ([]Puzzle, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = len(Header)
	head, err := cr.Read()
	if err != nil {
		return nil, fmt.Errorf("puzzle: CSV header: %w", err)
	}
	if strings.Join(head, ",") != strings.Join(Header, ",") {
		return nil, fmt.Errorf("puzzle: CSV header %q, want %q", strings.Join(head, ","), strings.Join(Header, ","))
	}
	var out []Puzzle
	for line := 2; ; line++ {
		row, err := cr.Read()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, fmt.Errorf("puzzle: CSV: %w", err)
		}
		p, err := fromRow(row)
		if err != nil {
			return out, fmt.Errorf("puzzle: CSV line %d: %w", line, err)
		}
		out = append(out, p)
	}
}

// fromRow reads one CSV row under Header.
func fromRow(row []string) (Puzzle, error) {
	p := Puzzle{ID: row[0], FEN: row[1], Moves: strings.Fields(row[2]), Themes: strings.Fields(row[5]), Game: row[6], Variant: game.Variant(row[7])}
	var err error
	if p.Rating, err = strconv.Atoi(row[3]); err != nil {
		return p, fmt.Errorf("column Rating %q: %w", row[3], err)
	}
	if p.RatingDeviation, err = strconv.Atoi(row[4]); err != nil {
		return p, fmt.Errorf("column RatingDeviation %q: %w", row[4], err)
	}
	switch {
	case p.ID == "" || p.FEN == "":
		return p, fmt.Errorf("a puzzle needs an id and a FEN")
	case len(p.Moves) < 2 || len(p.Moves)%2 != 0:
		return p, fmt.Errorf("puzzle %s: %d moves, want the opponent's and an odd number of the solution's", p.ID, len(p.Moves))
	}
	return p, nil
}
