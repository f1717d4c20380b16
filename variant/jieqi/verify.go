package jieqi

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/gambitchess/gambit/internal/pgntag"
	"github.com/gambitchess/gambit/variant/fair"
	"github.com/gambitchess/gambit/xiangqi"
)

// Errors of Verify, returned wrapped with where the problem is. A seed that
// does not match its commitment wraps fair.ErrMismatch as well.
var (
	ErrBadPGN      = errors.New("jieqi: bad jieqi PGN")
	ErrBadSeed     = errors.New("jieqi: bad seed")
	ErrWrongLayout = errors.New("jieqi: the layout does not match the seed")
)

// maxPGN bounds what Verify reads.
const maxPGN = 4 << 20

// Verify reads one jieqi game written by WritePGN once it was over, with
// its seed revealed, and checks it: the seed hashes to the SeedHash tag;
// the Layout tag, when present, is the layout the seed deals; replaying
// the moves from that layout, every move is legal, every {[%reveal X]}
// and [%take x] comment says exactly what the dealt piece was, no move
// that turned a piece up or took a face-down one lacks its comment, and
// the result agrees with what the rules found. It returns the number of
// moves and of reveals, for a one-line summary. Errors say which move or
// tag is wrong.
func Verify(r io.Reader) (plies, reveals int, err error) {
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
			return g.Ply(), v.reveals, err
		}
		if v.result != "" {
			break
		}
	}
	switch {
	case v.result == "":
		return g.Ply(), v.reveals, fmt.Errorf("%w: no result at the end of the movetext", ErrBadPGN)
	case v.pending():
		return g.Ply(), v.reveals, fmt.Errorf("%w: move %d (%v) lacks its comment %s", ErrBadPGN, g.Ply(), v.last.Move, moveComment(v.last, true))
	}
	if res, ok := tags["Result"]; ok && res != v.result {
		return g.Ply(), v.reveals, fmt.Errorf("%w: the Result tag %q disagrees with the movetext's %q", ErrBadPGN, res, v.result)
	}
	return g.Ply(), v.reveals, nil
}

// gameFromTags checks the tags of a jieqi PGN and starts its game.
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
	fen := StartFEN
	if f, ok := tags["FEN"]; ok {
		fen = f
	}
	g, err := NewGameFromFEN(fen, seed)
	if err != nil {
		return nil, fmt.Errorf("%w: FEN tag: %w", ErrBadPGN, err)
	}
	start := g.StartPosition()
	if l, ok := tags["Layout"]; ok && l != LayoutText(&start) {
		return nil, fmt.Errorf("%w: the Layout tag is %q, the seed deals %q", ErrWrongLayout, l, LayoutText(&start))
	}
	return g, nil
}

// verifier replays a jieqi PGN's movetext one token at a time.
type verifier struct {
	g                    *Game
	last                 Played // the last move played
	needReveal, needTake bool   // its comment's parts still to come
	reveals              int
	result               string
}

func (v *verifier) pending() bool { return v.needReveal || v.needTake }

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
	if v.pending() {
		return fmt.Errorf("%w: line %d: move %d (%v) lacks its comment %s", ErrBadPGN, t.Line, g.Ply(), v.last.Move, moveComment(v.last, true))
	}
	m, err := ParseUCI(t.Text)
	if err != nil {
		return fmt.Errorf("%w: line %d, move %d (%s): %w", ErrBadPGN, t.Line, g.Ply()+1, t.Text, err)
	}
	pl, err := g.Push(m)
	if err != nil {
		return fmt.Errorf("%w: line %d, move %d (%s): %w", ErrBadPGN, t.Line, g.Ply()+1, t.Text, err)
	}
	v.last, v.needReveal, v.needTake = pl, pl.Revealed != NoPieceType, pl.CapturedDown
	return nil
}

// comment checks the [%reveal X] and [%take x] commands of a comment
// against the move before it; other text is an ordinary comment.
func (v *verifier) comment(t pgntag.Token) error {
	body := t.Text
	for {
		i := strings.Index(body, "[%")
		if i < 0 {
			return nil
		}
		body = body[i+2:]
		j := strings.IndexByte(body, ']')
		if j < 0 {
			return nil
		}
		cmd, arg, _ := strings.Cut(strings.TrimSpace(body[:j]), " ")
		arg = strings.TrimSpace(arg)
		body = body[j+1:]
		switch cmd {
		case "reveal":
			if err := v.check(t.Line, "reveal", arg, v.needReveal, xiangqi.NewPiece(v.last.Color, v.last.Revealed)); err != nil {
				return err
			}
			v.needReveal = false
			v.reveals++
		case "take":
			if err := v.check(t.Line, "take", arg, v.needTake, v.last.Captured); err != nil {
				return err
			}
			v.needTake = false
		}
	}
}

func (v *verifier) check(line int, cmd, arg string, want bool, dealt Piece) error {
	n := v.g.Ply()
	switch {
	case !want && n == 0:
		return fmt.Errorf("%w: line %d: [%%%s %s] before any move", ErrBadPGN, line, cmd, arg)
	case !want && cmd == "reveal":
		return fmt.Errorf("%w: line %d: [%%reveal %s] after move %d (%v), which turned no piece up", ErrWrongLayout, line, arg, n, v.last.Move)
	case !want:
		return fmt.Errorf("%w: line %d: [%%take %s] after move %d (%v), which took no face-down piece", ErrWrongLayout, line, arg, n, v.last.Move)
	case arg != dealt.String():
		return fmt.Errorf("%w: line %d: [%%%s %s] after move %d (%v), but the seed dealt %v there", ErrWrongLayout, line, cmd, arg, n, v.last.Move, dealt)
	}
	return nil
}
