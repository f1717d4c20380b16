package bomb

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/internal/pgntag"
	"github.com/gambitchess/gambit/variant/fair"
)

// Errors of Verify, returned wrapped with where the problem is. A seed that
// does not match its commitment wraps fair.ErrMismatch as well.
var (
	ErrBadPGN    = errors.New("bomb: bad bomb chess PGN")
	ErrWrongMine = errors.New("bomb: the mines do not match the seed")
	ErrBadSeed   = errors.New("bomb: bad seed")
)

// maxPGN bounds what Verify reads.
const maxPGN = 4 << 20

// Verify reads one bomb chess game written by WritePGN once it was over,
// with its seed and mines revealed, and checks it: the seed hashes to the
// SeedHash tag, the Mines tag lists the mines the seed lays, and replaying
// the moves, every {[%blast s]} comment follows exactly the moves that set
// off a mine, on s, and the result agrees with what the rules found. It
// returns the number of moves and of blasts. Errors say which move or tag
// is wrong.
func Verify(r io.Reader) (plies, blasts int, err error) {
	tags, movetext, err := pgntag.ReadGame(r, maxPGN)
	if err != nil {
		return 0, 0, fmt.Errorf("%w: %w", ErrBadPGN, err)
	}
	g, err := gameFromTags(tags)
	if err != nil {
		return 0, 0, err
	}
	v := verifier{g: g}
	for _, t := range movetext {
		if err := v.take(t); err != nil {
			return g.Ply(), v.blasts, err
		}
		if v.result != "" {
			break
		}
	}
	switch {
	case v.result == "":
		return g.Ply(), v.blasts, fmt.Errorf("%w: no result at the end of the movetext", ErrBadPGN)
	case v.pending:
		return g.Ply(), v.blasts, fmt.Errorf("%w: the last move set off the mine on %v, and has no blast comment", ErrBadPGN, v.blast)
	}
	if res, ok := tags["Result"]; ok && res != v.result {
		return g.Ply(), v.blasts, fmt.Errorf("%w: the Result tag %q disagrees with the movetext's %q", ErrBadPGN, res, v.result)
	}
	return g.Ply(), v.blasts, nil
}

// gameFromTags checks the tags of a bomb PGN and starts its game.
func gameFromTags(tags map[string]string) (*Game, error) {
	if v := tags["Variant"]; !strings.EqualFold(v, VariantName) {
		return nil, fmt.Errorf("%w: want the tag [Variant %q], have %q", ErrBadPGN, VariantName, v)
	}
	text, ok := tags["Seed"]
	if !ok {
		return nil, fmt.Errorf("%w: no Seed tag: the seed is revealed only when the game is over", ErrBadSeed)
	}
	seed, err := fair.Reveal(text, tags["SeedHash"])
	if err != nil {
		return nil, fmt.Errorf("%w: the Seed and SeedHash tags: %w", ErrBadSeed, err)
	}
	if want := squareList(Mines(seed)); tags["Mines"] != want {
		return nil, fmt.Errorf("%w: the Mines tag is %q, the seed lays %q", ErrWrongMine, tags["Mines"], want)
	}
	start := chess.StartPosition()
	if fen, ok := tags["FEN"]; ok {
		if start, err = chess.ParseFEN(fen); err != nil {
			return nil, fmt.Errorf("%w: FEN tag: %w", ErrBadPGN, err)
		}
	}
	return NewGame(start, seed), nil
}

// verifier replays a bomb PGN's movetext one token at a time.
type verifier struct {
	g       *Game
	blast   chess.Square // the mine the last move set off
	pending bool         // its blast comment is still to come
	blasts  int
	result  string
}

func (v *verifier) take(t pgntag.Token) error {
	g := v.g
	switch {
	case t.Kind == pgntag.TagToken:
		return fmt.Errorf("%w: line %d: tag [%s] inside the movetext", ErrBadPGN, t.Line, t.Text)
	case t.Kind == pgntag.NumberToken, strings.HasPrefix(t.Text, "$"):
		return nil // move numbers and NAGs: the moves say whose turn it is
	case t.Kind == pgntag.CommentToken:
		return v.comment(t)
	case t.Text == "1-0" || t.Text == "0-1" || t.Text == "1/2-1/2" || t.Text == "*":
		if o := g.Outcome(); o.Over() && o.Result() != t.Text {
			return fmt.Errorf("%w: line %d: the result is %s, but the game ended %v", ErrBadPGN, t.Line, t.Text, o)
		}
		v.result = t.Text
		return nil
	}
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

// comment checks a {[%blast s]} comment against the move before it.
func (v *verifier) comment(t pgntag.Token) error {
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
