package dice

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
	ErrBadPGN    = errors.New("dice: bad dice chess PGN")
	ErrWrongRoll = errors.New("dice: a roll does not match the seed")
	ErrBadSeed   = errors.New("dice: bad seed")
)

// parseDiceComment reads the body of a {[%dice N B P]} comment; ok is
// false for any other comment.
func parseDiceComment(body string) (dice [3]chess.PieceType, ok bool, err error) {
	body = strings.TrimSpace(body)
	rest, found := strings.CutPrefix(body, "[%dice")
	if !found {
		return dice, false, nil
	}
	rest, found = strings.CutSuffix(rest, "]")
	if !found {
		return dice, true, fmt.Errorf("%w: dice comment %q has no closing ]", ErrBadPGN, body)
	}
	letters := strings.Fields(rest)
	if len(letters) != 3 {
		return dice, true, fmt.Errorf("%w: dice comment %q: want 3 dice, have %d", ErrBadPGN, body, len(letters))
	}
	for k, l := range letters {
		pt, good := pieceFromLetter(l)
		if !good {
			return dice, true, fmt.Errorf("%w: dice comment %q: %q is not a piece letter", ErrBadPGN, body, l)
		}
		dice[k] = pt
	}
	return dice, true, nil
}

// Verify reads one dice chess game written by WritePGN, with its seed
// revealed, and checks it: the seed hashes to the SeedHash tag, and
// replaying the moves from the start position, every turn's {[%dice]}
// comment is the roll the seed gives, every move is legal and allowed by the
// dice, every turn ends as the rules say, and the result agrees with a
// checkmate or an automatic draw the rules find. It returns the number of
// turns played (each with three dice). Errors say which turn, die or move is
// wrong.
func Verify(r io.Reader) (turns int, err error) {
	v, err := seeded.Verify(r, spec)
	if v == nil {
		return 0, err
	}
	return v.turns, err
}

// spec is what seeded.Verify needs to know of dice chess besides its
// moves, which a verifier replays.
var spec = seeded.Spec[*verifier]{Variant: "Dice chess", BadPGN: ErrBadPGN, BadSeed: ErrBadSeed, Start: start}

// start starts the game of a dice PGN from its FEN tag, if any, and the
// revealed seed.
func start(tags map[string]string, seed fair.Seed) (*verifier, error) {
	pos := chess.StartPosition()
	if fen, ok := tags["FEN"]; ok {
		var err error
		if pos, err = chess.ParseFEN(fen); err != nil {
			return nil, fmt.Errorf("%w: FEN tag: %w", ErrBadPGN, err)
		}
	}
	return &verifier{g: NewGame(pos, seed)}, nil
}

// verifier replays a dice PGN's movetext: it is a seeded.Numbered
// Replay, each move number opening a turn.
type verifier struct {
	g        *Game
	turns    int  // turns opened by a move number
	open     bool // a turn is open: its number was read
	needDice bool // its dice comment is still to come
	moves    int  // moves of the open turn read so far
}

func (v *verifier) Outcome() seeded.Outcome { return v.g.Outcome() }

// where names the open turn in errors.
func (v *verifier) where(t pgntag.Token) string {
	return fmt.Sprintf("line %d, turn %d (%s)", t.Line, v.g.TurnNumber(), v.g.Turn())
}

// Number opens a turn, once the last one is complete: the number and its
// dots must be those of the turn due.
func (v *verifier) Number(t pgntag.Token) error {
	g := v.g
	if err := v.closeTurn(t); err != nil {
		return err
	}
	if g.Outcome().Over() {
		return fmt.Errorf("%w: line %d: turn %s%s after the game ended (%v)", ErrBadPGN, t.Line, t.Text, t.Val, g.Outcome())
	}
	side := chess.White
	if len(t.Val) > 1 {
		side = chess.Black
	}
	pos := g.Position()
	want := fmt.Sprint(pos.FullmoveNumber())
	if side != g.Turn() || t.Text != want {
		return fmt.Errorf("%w: %s: the move number is %s%s, want %s%s", ErrBadPGN, v.where(t), t.Text, t.Val, want, dotsOf(g.Turn()))
	}
	v.open, v.needDice, v.moves = true, true, 0
	v.turns++
	return nil
}

// Comment checks a {[%dice N B P]} comment against the roll the seed gives
// the turn just opened.
func (v *verifier) Comment(t pgntag.Token) error {
	g := v.g
	dice, ok, err := parseDiceComment(t.Text)
	switch {
	case err != nil:
		return fmt.Errorf("%s: %w", v.where(t), err)
	case !ok:
		return nil // an ordinary comment
	case !v.needDice:
		return fmt.Errorf("%w: %s: a dice comment that does not follow a move number", ErrBadPGN, v.where(t))
	}
	rolled := g.Rolled()
	for k := range dice {
		if dice[k] != rolled[k] {
			return fmt.Errorf("%w: %s: die %d is %s in the PGN, the seed rolls %s (label %q)",
				ErrWrongRoll, v.where(t), k+1, pieceLetter(dice[k]), pieceLetter(rolled[k]), Label(g.TurnNumber(), k+1))
		}
	}
	v.needDice = false
	return nil
}

// Move plays a SAN move, or "--", the pass, of the open turn.
func (v *verifier) Move(t pgntag.Token) error {
	g := v.g
	if !v.open || v.needDice {
		return fmt.Errorf("%w: %s: move %q before its turn's number and dice", ErrBadPGN, v.where(t), t.Text)
	}
	if t.Text == "--" {
		if err := g.Pass(); err != nil {
			return fmt.Errorf("%s: %w", v.where(t), err)
		}
	} else {
		pos := g.Position()
		m, err := pos.ParseSAN(t.Text)
		if err == nil && m == chess.MoveNull {
			err = fmt.Errorf("%w: %q", ErrIllegalMove, t.Text)
		}
		if err != nil {
			return fmt.Errorf("%s, move %d: %w", v.where(t), v.moves+1, err)
		}
		if err := g.Push(m); err != nil {
			return fmt.Errorf("%s, move %d: %w", v.where(t), v.moves+1, err)
		}
	}
	v.moves++
	return nil
}

// End checks, when the game is over, that its last turn is complete.
func (v *verifier) End(t pgntag.Token) error {
	if err := v.closeTurn(t); err != nil && v.g.Outcome().Over() {
		return err
	}
	return nil
}

// closeTurn checks that the open turn, if any, is complete: it has its
// dice and a move, and the rules ended it.
func (v *verifier) closeTurn(t pgntag.Token) error {
	if !v.open {
		return nil
	}
	switch {
	case v.needDice:
		return fmt.Errorf("%w: %s: the turn has no dice comment", ErrBadPGN, v.where(t))
	case v.moves == 0:
		return fmt.Errorf("%w: %s: the turn has no move", ErrBadPGN, v.where(t))
	case v.g.MovesThisTurn() > 0:
		return fmt.Errorf("%w: %s: the turn is not over: dice %s are left and it has no pass", ErrBadPGN, v.where(t), diceText(v.g.Dice()))
	}
	v.open = false
	return nil
}

func dotsOf(c chess.Color) string {
	if c == chess.Black {
		return "..."
	}
	return "."
}
