package banqi

import (
	"errors"
	"fmt"
	"io"

	"github.com/gambitchess/gambit/internal/pgntag"
	"github.com/gambitchess/gambit/variant/fair"
	"github.com/gambitchess/gambit/variant/seeded"
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
	v, err := seeded.Verify(r, spec)
	if v == nil {
		return 0, 0, err
	}
	return v.g.Ply(), v.flips, err
}

// spec is what seeded.Verify needs to know of banqi besides its moves,
// which a verifier replays.
var spec = seeded.Spec[*verifier]{Variant: VariantName, BadPGN: ErrBadPGN, BadSeed: ErrBadSeed, Start: start}

// start deals the layout of a banqi PGN from the revealed seed under the
// Rules tag's options, checks its Layout tag, and starts its game.
func start(tags map[string]string, seed fair.Seed) (*verifier, error) {
	fen := StartFEN
	if f, ok := tags["FEN"]; ok {
		fen = f
	}
	opts := DefaultOptions()
	if o, ok := tags["Rules"]; ok {
		var err error
		if opts, err = ParseOptions(o); err != nil {
			return nil, fmt.Errorf("%w: Rules tag: %w", ErrBadPGN, err)
		}
	}
	g, err := NewGameFromFEN(fen, seed, opts)
	if err != nil {
		return nil, fmt.Errorf("%w: FEN tag: %w", ErrBadPGN, err)
	}
	start := g.StartPosition()
	if l, ok := tags["Layout"]; ok && l != LayoutText(&start) {
		return nil, fmt.Errorf("%w: the Layout tag is %q, the seed deals %q", ErrWrongLayout, l, LayoutText(&start))
	}
	return &verifier{g: g}, nil
}

// verifier replays a banqi PGN's movetext: it is the seeded.Replay. A
// flip says what it turned up in its own text (c2=K), so comments are
// only comments.
type verifier struct {
	g     *Game
	flips int
}

func (v *verifier) Outcome() seeded.Outcome    { return v.g.Outcome() }
func (v *verifier) Comment(pgntag.Token) error { return nil }
func (v *verifier) End(pgntag.Token) error     { return nil }

// Move plays a move in banqi's SAN, checking that a flip names the piece
// the seed dealt.
func (v *verifier) Move(t pgntag.Token) error {
	g, i := v.g, v.g.Ply()+1
	n, err := ParseSAN(t.Text)
	if err != nil {
		return fmt.Errorf("%w: line %d, move %d: %w", ErrBadPGN, t.Line, i, err)
	}
	if n.Move.IsFlip() {
		if err := checkFlip(g, i, t.Text, n); err != nil {
			return err
		}
		v.flips++
	}
	if _, err := g.PushText(t.Text); err != nil {
		return fmt.Errorf("%w: line %d, move %d (%s): %w", ErrBadPGN, t.Line, i, t.Text, err)
	}
	return nil
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
