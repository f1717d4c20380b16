package jieqi

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/gambitchess/gambit/internal/pgntag"
	"github.com/gambitchess/gambit/variant/fair"
	"github.com/gambitchess/gambit/variant/seeded"
	"github.com/gambitchess/gambit/xiangqi"
)

// Errors of Verify, returned wrapped with where the problem is. A seed that
// does not match its commitment wraps fair.ErrMismatch as well.
var (
	ErrBadPGN      = errors.New("jieqi: bad jieqi PGN")
	ErrBadSeed     = errors.New("jieqi: bad seed")
	ErrWrongLayout = errors.New("jieqi: the layout does not match the seed")
)

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
	v, err := seeded.Verify(r, spec)
	if v == nil {
		return 0, 0, err
	}
	return v.g.Ply(), v.reveals, err
}

// spec is what seeded.Verify needs to know of jieqi besides its moves,
// which a verifier replays.
var spec = seeded.Spec[*verifier]{Variant: VariantName, BadPGN: ErrBadPGN, BadSeed: ErrBadSeed, Start: start}

// start deals the layout of a jieqi PGN from the revealed seed, checks its
// Layout tag, and starts its game.
func start(tags map[string]string, seed fair.Seed) (*verifier, error) {
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
	return &verifier{g: g}, nil
}

// verifier replays a jieqi PGN's movetext: it is the seeded.Replay.
type verifier struct {
	g                    *Game
	last                 Played // the last move played
	needReveal, needTake bool   // its comment's parts still to come
	reveals              int
}

func (v *verifier) Outcome() seeded.Outcome { return v.g.Outcome() }

func (v *verifier) pending() bool { return v.needReveal || v.needTake }

// Move plays an ICCS move, noting what it turned up and took.
func (v *verifier) Move(t pgntag.Token) error {
	g := v.g
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

// Comment checks the [%reveal X] and [%take x] commands of a comment
// against the move before it; other text is an ordinary comment.
func (v *verifier) Comment(t pgntag.Token) error {
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

// End reports a last move whose comment never came.
func (v *verifier) End(pgntag.Token) error {
	if v.pending() {
		return fmt.Errorf("%w: move %d (%v) lacks its comment %s", ErrBadPGN, v.g.Ply(), v.last.Move, moveComment(v.last, true))
	}
	return nil
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
