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
	"github.com/gambitchess/gambit/review"
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
	// Evals are the finder's choices, one for each of the solver's moves:
	// the best move's score and the second best's, from the solver's view.
	// Verify reads them again.
	Evals []Choice
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
		Game: from, Evals: f.Evals}
	p.ID = idOf(p)
	p.Themes = Themes(p)
	return p
}

// Mate is the number of the solver's moves to mate of a mate puzzle, 0
// for an advantage one (read from its first choice).
func (p Puzzle) Mate() int {
	if len(p.Evals) == 0 {
		return 0
	}
	return max(p.Evals[0].Best.Score.Mate, 0)
}

// idOf is a puzzle's id: the first 40 bits of the SHA-256 of its variant,
// position and moves, in lowercase base32 (eight letters and digits): the
// same puzzle found again has the same id.
func idOf(p Puzzle) string {
	sum := sha256.Sum256([]byte(string(p.Variant) + "\n" + p.FEN + "\n" + strings.Join(p.Moves, " ")))
	return strings.ToLower(base32.StdEncoding.EncodeToString(sum[:5]))
}

// Themes are p's themes (lichess's names): a mate and its length
// (mateIn1 … mateIn5, mate), or an advantage won ("advantage", "crushing"
// from 600 centipawns); the solution's length in the solver's moves
// (oneMove, short: 2, long: 3, veryLong: 4 or more); then the motifs its
// board names (Spec.PuzzleThemes).
func Themes(p Puzzle) []string {
	var out []string
	switch m := p.Mate(); {
	case m > 0 && m <= 5:
		out = append(out, "mate", "mateIn"+strconv.Itoa(m))
	case m > 0:
		out = append(out, "mate")
	case len(p.Evals) > 0 && p.Evals[len(p.Evals)-1].Best.Score.CP >= 600:
		out = append(out, "crushing")
	default:
		out = append(out, "advantage")
	}
	out = append(out, lengthTheme(len(p.Moves)/2))
	if spec, err := game.Lookup(p.Variant); err == nil && spec.PuzzleThemes != nil {
		out = append(out, spec.PuzzleThemes(p.FEN, p.Moves)...)
	}
	return out
}

// lengthTheme names a solution of n moves of the solver's.
func lengthTheme(n int) string {
	switch {
	case n <= 1:
		return "oneMove"
	case n == 2:
		return "short"
	case n == 3:
		return "long"
	}
	return "veryLong"
}

// Header is the CSV's first line: lichess's puzzle database's columns
// (database.lichess.org, "Puzzles"), those Gambit has, then the variant
// and the finder's evaluations (writeEvals).
var Header = []string{"PuzzleId", "FEN", "Moves", "Rating", "RatingDeviation", "Themes", "GameUrl", "Variant", "Evals"}

// WriteCSV writes puzzles as CSV under Header.
func WriteCSV(w io.Writer, puzzles []Puzzle) error {
	cw := NewCSVWriter(w)
	if err := cw.Write(puzzles...); err != nil {
		return err
	}
	return cw.Flush()
}

// CSVWriter writes puzzles as CSV under Header, a few at a time: what a
// long search found is on disk as it goes.
type CSVWriter struct {
	cw     *csv.Writer
	headed bool
}

// NewCSVWriter returns a writer of puzzles to w.
func NewCSVWriter(w io.Writer) *CSVWriter { return &CSVWriter{cw: csv.NewWriter(w)} }

// Write writes puzzles (the header first, once).
func (w *CSVWriter) Write(puzzles ...Puzzle) error {
	if !w.headed {
		if err := w.cw.Write(Header); err != nil {
			return err
		}
		w.headed = true
	}
	for _, p := range puzzles {
		row := []string{p.ID, p.FEN, strings.Join(p.Moves, " "), strconv.Itoa(p.Rating), strconv.Itoa(p.RatingDeviation),
			strings.Join(p.Themes, " "), p.Game, string(p.Variant), writeEvals(p.Evals)}
		if err := w.cw.Write(row); err != nil {
			return err
		}
	}
	return nil
}

// Flush writes what is buffered (the header, with no puzzle yet).
func (w *CSVWriter) Flush() error {
	if !w.headed {
		if err := w.Write(); err != nil {
			return err
		}
	}
	w.cw.Flush()
	return w.cw.Error()
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
	if p.Evals, err = readEvals(row[8]); err != nil {
		return p, fmt.Errorf("column Evals: %w", err)
	}
	switch {
	case p.ID == "" || p.FEN == "":
		return p, fmt.Errorf("a puzzle needs an id and a FEN")
	case len(p.Moves) < 2 || len(p.Moves)%2 != 0:
		return p, fmt.Errorf("puzzle %s: %d moves, want the opponent's and an odd number of the solution's", p.ID, len(p.Moves))
	}
	return p, nil
}

// writeEvals writes choices as the CSV's Evals column: one word a choice,
// "MOVE=SCORE" for the best move and, after a slash, the second best's
// ("h5f7=#1", "d4e5=512/c3d5=31"); a score is centipawns or "#N", a mate
// in N, from the solver's view.
func writeEvals(cs []Choice) string {
	words := make([]string, len(cs))
	for i, c := range cs {
		words[i] = writeLine(c.Best)
		if c.Second != nil {
			words[i] += "/" + writeLine(*c.Second)
		}
	}
	return strings.Join(words, " ")
}

func writeLine(l Line) string {
	move := ""
	if len(l.Moves) > 0 {
		move = l.Moves[0]
	}
	if l.Score.Mate != 0 {
		return move + "=#" + strconv.Itoa(l.Score.Mate)
	}
	return move + "=" + strconv.Itoa(l.Score.CP)
}

// readEvals reads what writeEvals wrote.
func readEvals(text string) ([]Choice, error) {
	var out []Choice
	for i, word := range strings.Fields(text) {
		best, second, two := strings.Cut(word, "/")
		var c Choice
		var err error
		if c.Best, err = readLine(best); err != nil {
			return nil, fmt.Errorf("choice %d: %w", i+1, err)
		}
		if two {
			l, err := readLine(second)
			if err != nil {
				return nil, fmt.Errorf("choice %d, second: %w", i+1, err)
			}
			c.Second = &l
		}
		out = append(out, c)
	}
	return out, nil
}

func readLine(word string) (Line, error) {
	move, score, ok := strings.Cut(word, "=")
	if !ok || move == "" {
		return Line{}, fmt.Errorf("%q is not MOVE=SCORE", word)
	}
	l := Line{Moves: []string{move}}
	if n, mate := strings.CutPrefix(score, "#"); mate {
		m, err := strconv.Atoi(n)
		if err != nil || m == 0 || m > 1000 || m < -1000 {
			return Line{}, fmt.Errorf("%q: mate %q is not a number of moves", word, n)
		}
		l.Score = review.MateScore(m)
		return l, nil
	}
	cp, err := strconv.Atoi(score)
	if err != nil || cp > review.MateCP || cp < -review.MateCP {
		return Line{}, fmt.Errorf("%q: score %q is not centipawns", word, score)
	}
	l.Score = review.CPScore(cp)
	return l, nil
}
