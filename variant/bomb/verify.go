package bomb

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/internal/pgntag"
	"github.com/gambitchess/gambit/variant/fair"
	"github.com/gambitchess/gambit/variant/seeded"
)

// Errors of Verify, returned wrapped with where the problem is. A seed that
// does not match its commitment wraps fair.ErrMismatch as well.
var (
	ErrBadPGN    = errors.New("bomb: bad bomb chess PGN")
	ErrWrongMine = errors.New("bomb: the mines do not match the seed")
	ErrBadSeed   = errors.New("bomb: bad seed")
)

// Verify reads one bomb chess game written by WritePGN once it was over,
// with its seed and mines revealed, and checks it: the seed hashes to the
// SeedHash tag, the Mines tag lists the mines the seed lays, and replaying
// the moves, every {[%blast s]} comment follows exactly the moves that set
// off a mine, on s, and the result agrees with what the rules found. It
// returns the number of moves and of blasts. Errors say which move or tag
// is wrong.
func Verify(r io.Reader) (plies, blasts int, err error) {
	v, err := seeded.Verify(r, spec)
	if v == nil {
		return 0, 0, err
	}
	return v.g.Ply(), v.blasts, err
}

// spec is what seeded.Verify needs to know of bomb chess besides its
// moves, which a verifier replays.
var spec = seeded.Spec[*verifier]{Variant: VariantName, BadPGN: ErrBadPGN, BadSeed: ErrBadSeed, Start: start}

// start checks the Mines and FEN tags of a bomb PGN against the revealed
// seed and starts its game.
func start(tags map[string]string, seed fair.Seed) (*verifier, error) {
	if want := squareList(Mines(seed)); tags["Mines"] != want {
		return nil, fmt.Errorf("%w: the Mines tag is %q, the seed lays %q", ErrWrongMine, tags["Mines"], want)
	}
	pos := chess.StartPosition()
	if fen, ok := tags["FEN"]; ok {
		var err error
		if pos, err = chess.ParseFEN(fen); err != nil {
			return nil, fmt.Errorf("%w: FEN tag: %w", ErrBadPGN, err)
		}
	}
	return &verifier{g: NewGame(pos, seed)}, nil
}

// verifier replays a bomb PGN's movetext: it is the seeded.Replay.
type verifier struct {
	g       *Game
	blast   chess.Square // the mine the last move set off
	pending bool         // its blast comment is still to come
	blasts  int
}

func (v *verifier) Outcome() seeded.Outcome { return v.g.Outcome() }

// Move plays a SAN move, noting the mine it set off, if any.
func (v *verifier) Move(t pgntag.Token) error {
	g := v.g
	if v.pending {
		return fmt.Errorf("%w: line %d: move %d set off the mine on %v, and has no blast comment", ErrBadPGN, t.Line, g.Ply(), v.blast)
	}
	pos := g.Position()
	m, err := pos.ParseSAN(t.Text)
	if err == nil && m == chess.MoveNull {
		err = fmt.Errorf("%w: %q", ErrIllegalMove, t.Text)
	}
	if err != nil {
		return fmt.Errorf("%w: line %d, move %d (%s): %w", ErrBadPGN, t.Line, g.Ply()+1, t.Text, err)
	}
	b, err := g.Push(m)
	if err != nil {
		return fmt.Errorf("%w: line %d, move %d (%s): %w", ErrBadPGN, t.Line, g.Ply()+1, t.Text, err)
	}
	v.blast, v.pending = b.Square, b.Exploded
	return nil
}

// Comment checks a {[%blast s]} comment against the move before it.
func (v *verifier) Comment(t pgntag.Token) error {
	body, ok := strings.CutPrefix(strings.TrimSpace(t.Text), "[%blast ")
	if !ok {
		return nil // an ordinary comment
	}
	sq, _ := strings.CutSuffix(strings.TrimSpace(body), "]")
	switch {
	case !v.pending:
		return fmt.Errorf("%w: line %d: a blast on %s after move %d, which set off no mine", ErrWrongMine, t.Line, sq, v.g.Ply())
	case sq != v.blast.String():
		return fmt.Errorf("%w: line %d: a blast on %s after move %d, whose mine was on %v", ErrWrongMine, t.Line, sq, v.g.Ply(), v.blast)
	}
	v.pending = false
	v.blasts++
	return nil
}

// End reports a last move whose blast comment never came.
func (v *verifier) End(pgntag.Token) error {
	if v.pending {
		return fmt.Errorf("%w: the last move set off the mine on %v, and has no blast comment", ErrBadPGN, v.blast)
	}
	return nil
}
