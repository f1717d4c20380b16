package banqi

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/gambitchess/gambit/variant/fair"
)

// Errors of Verify, returned wrapped with where the problem is (besides
// ErrBadPGN). A seed that does not match its commitment wraps
// fair.ErrMismatch as well.
var (
	ErrBadSeed     = errors.New("banqi: bad seed")
	ErrWrongLayout = errors.New("banqi: the layout does not match the seed")
)

// Verify reads one banqi game written by Game.WritePGN once it was over,
// with its seed revealed, and checks it: the seed hashes to the SeedHash
// tag; the Layout tag, when present, is the layout the seed deals; from
// it, under the Rules tag's options (DefaultOptions without one), every
// move is legal and says what it does (its piece, a capture), every flip
// names the piece the seed dealt there; and the result agrees with the
// rules' and with the Result tag. It returns the number of moves and of
// flips, for a one-line summary. Errors say which move or tag is wrong.
func Verify(r io.Reader) (plies, flips int, err error) {
	rec, err := ReadPGN(r)
	if err != nil {
		return 0, 0, err
	}
	g, err := gameOf(&rec)
	if err != nil {
		return 0, 0, err
	}
	for i, text := range rec.Moves {
		n, err := ParseSAN(text)
		if err != nil {
			return g.Ply(), flips, fmt.Errorf("%w: move %d: %w", ErrBadPGN, i+1, err)
		}
		if n.Move.IsFlip() {
			if err := checkFlip(g, i+1, text, n); err != nil {
				return g.Ply(), flips, err
			}
			flips++
		}
		if _, err := g.PushText(text); err != nil {
			return g.Ply(), flips, fmt.Errorf("%w: move %d (%s): %w", ErrBadPGN, i+1, text, err)
		}
	}
	if o := g.Outcome(); o.Over() && o.Result() != rec.Result {
		return g.Ply(), flips, fmt.Errorf("%w: the result is %s, but the game ended %v", ErrBadPGN, rec.Result, o)
	}
	if res, ok := rec.Tag("Result"); ok && res != rec.Result {
		return g.Ply(), flips, fmt.Errorf("%w: the Result tag %q disagrees with the movetext's %q", ErrBadPGN, res, rec.Result)
	}
	return g.Ply(), flips, nil
}

// gameOf checks the tags of a banqi record and starts its game.
func gameOf(rec *Record) (*Game, error) {
	if v, _ := rec.Tag("Variant"); !strings.EqualFold(v, VariantName) {
		return nil, fmt.Errorf("%w: want the tag [Variant %q], have %q", ErrBadPGN, VariantName, v)
	}
	text, ok := rec.Tag("Seed")
	if !ok {
		return nil, fmt.Errorf("%w: no Seed tag: the seed is revealed only when the game is over", ErrBadSeed)
	}
	hash, _ := rec.Tag("SeedHash")
	seed, err := fair.Reveal(text, hash)
	if err != nil {
		return nil, fmt.Errorf("%w: the Seed and SeedHash tags: %w", ErrBadSeed, err)
	}
	fen := StartFEN
	if f, ok := rec.Tag("FEN"); ok {
		fen = f
	}
	opts := DefaultOptions()
	if o, ok := rec.Tag("Rules"); ok {
		if opts, err = ParseOptions(o); err != nil {
			return nil, fmt.Errorf("%w: Rules tag: %w", ErrBadPGN, err)
		}
	}
	g, err := NewGameFromFEN(fen, seed, opts)
	if err != nil {
		return nil, fmt.Errorf("%w: FEN tag: %w", ErrBadPGN, err)
	}
	start := g.StartPosition()
	if l, ok := rec.Tag("Layout"); ok && l != LayoutText(&start) {
		return nil, fmt.Errorf("%w: the Layout tag is %q, the seed deals %q", ErrWrongLayout, l, LayoutText(&start))
	}
	return g, nil
}

// checkFlip checks that flip n, move number i, names the piece dealt.
func checkFlip(g *Game, i int, text string, n Notation) error {
	s := n.Move.From()
	p := g.cur()
	dealt := p.Identity(s)
	switch {
	case dealt == NoPiece:
		return nil // no face-down piece there: Push says the move is illegal
	case n.Reveal == NoPiece:
		return fmt.Errorf("%w: move %d (%s) does not say what it turned up: write %v=%v", ErrBadPGN, i, text, s, dealt)
	case n.Reveal != dealt:
		return fmt.Errorf("%w: move %d (%s) turned up %v, but the seed dealt %v on %v", ErrWrongLayout, i, text, n.Reveal, dealt, s)
	}
	return nil
}
