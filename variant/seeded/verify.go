package seeded

import (
	"fmt"
	"io"
	"strings"

	"github.com/gambitchess/gambit/internal/pgntag"
	"github.com/gambitchess/gambit/variant/fair"
)

// maxPGN bounds what Verify reads: a game of a few thousand moves, with a
// comment after each, is far below it.
const maxPGN = 4 << 20

// Outcome is how a replayed game stands, as the variant's rules judge it:
// chess.Outcome, chess.Ending and xiangqi.Outcome all have these methods.
// Verify prints it with %v.
type Outcome interface {
	// Over reports whether the rules ended the game.
	Over() bool
	// Result is "1-0", "0-1" or "1/2-1/2" once the game is over.
	Result() string
}

// Replay is a variant's half of Verify: the game the revealed seed starts,
// replayed one movetext token at a time. Verify reads the tags, the move
// numbers (see Numbered), the NAGs and the result itself, and hands the
// Replay the rest. Errors are the Replay's own to word: wrap the variant's
// sentinels and say where (t.Line, the move), as Verify returns them as
// they are.
type Replay interface {
	// Move plays the move t.Text (SAN, ICCS, "--": whatever the variant
	// writes) and notes what it drew, so that the comment recording it
	// can be checked.
	Move(t pgntag.Token) error
	// Comment reads the comment whose body is t.Text: the record of what
	// the last move drew, checked against what the seed drew, or an
	// ordinary comment, passed over.
	Comment(t pgntag.Token) error
	// End is called at the result t, once it agrees with Outcome, and
	// reports what is still missing: the record of the last move's draw.
	End(t pgntag.Token) error
	// Outcome is how the game stands after the moves played so far.
	Outcome() Outcome
}

// Numbered is a Replay whose move numbers carry meaning (each opens a
// turn of several moves, say): Verify hands it every move number, t.Text
// the number and t.Val its dots. Verify passes move numbers over for
// other Replays, whose moves say by themselves whose turn it is.
type Numbered interface {
	Replay
	Number(t pgntag.Token) error
}

// Spec is what Verify needs to know of a variant besides its moves.
type Spec[R Replay] struct {
	// Variant is the value the [Variant] tag must have, ignoring case.
	Variant string
	// BadPGN and BadSeed are the variant's sentinels, which Verify's own
	// errors wrap: BadSeed for a seed that is missing or does not hash to
	// [SeedHash] (then wrapping fair.ErrBadSeed or fair.ErrMismatch as
	// well), BadPGN for everything else.
	BadPGN, BadSeed error
	// Start checks the tags that are the variant's own (a FEN, the hidden
	// things the seed lays out) and returns the game the seed starts,
	// ready to replay. Its errors are returned as they are.
	Start func(tags map[string]string, seed fair.Seed) (R, error)
}

// Verify reads one game in PGN, written once it was over with its seed
// revealed, and checks it: the [Variant] tag is s.Variant, the [Seed]
// hashes to the [SeedHash] published at the start (package fair), and
// replaying the movetext through the Replay that s.Start returns raises no
// error, the result agrees with the end the rules found, and so does the
// [Result] tag when there is one. Tokens after the result are not read,
// nor more than 4 MiB.
//
// It returns the Replay, for the variant's counts (moves, draws), even
// with an error: the zero R only when the error came before the game
// started.
func Verify[R Replay](r io.Reader, s Spec[R]) (R, error) {
	var none R
	tags, movetext, err := pgntag.ReadGame(r, maxPGN)
	if err != nil {
		return none, fmt.Errorf("%w: %w", s.BadPGN, err)
	}
	seed, err := s.seed(tags)
	if err != nil {
		return none, err
	}
	rep, err := s.Start(tags, seed)
	if err != nil {
		return none, err
	}
	result := ""
	for _, t := range movetext {
		if result, err = s.take(rep, t); err != nil || result != "" {
			break
		}
	}
	switch {
	case err != nil:
		return rep, err
	case result == "":
		return rep, fmt.Errorf("%w: no result at the end of the movetext", s.BadPGN)
	}
	if res, ok := tags["Result"]; ok && res != result {
		return rep, fmt.Errorf("%w: the Result tag %q disagrees with the movetext's %q", s.BadPGN, res, result)
	}
	return rep, nil
}

// seed checks the [Variant] tag and reads the revealed seed, checked
// against its commitment.
func (s *Spec[R]) seed(tags map[string]string) (fair.Seed, error) {
	if v := tags["Variant"]; !strings.EqualFold(v, s.Variant) {
		return fair.Seed{}, fmt.Errorf("%w: want the tag [Variant %q], have %q", s.BadPGN, s.Variant, v)
	}
	hash, ok := tags["SeedHash"]
	if !ok {
		return fair.Seed{}, fmt.Errorf("%w: no SeedHash tag", s.BadPGN)
	}
	text, ok := tags["Seed"]
	if !ok {
		return fair.Seed{}, fmt.Errorf("%w: no Seed tag: the seed is revealed only when the game is over", s.BadSeed)
	}
	seed, err := fair.Reveal(text, hash)
	if err != nil {
		return fair.Seed{}, fmt.Errorf("%w: the Seed and SeedHash tags: %w", s.BadSeed, err)
	}
	return seed, nil
}

// take reads one token of the movetext; result is set at the result.
func (s *Spec[R]) take(rep R, t pgntag.Token) (result string, err error) {
	switch {
	case t.Kind == pgntag.TagToken:
		return "", fmt.Errorf("%w: line %d: tag [%s] inside the movetext", s.BadPGN, t.Line, t.Text)
	case t.Kind == pgntag.NumberToken:
		if n, ok := any(rep).(Numbered); ok {
			return "", n.Number(t)
		}
		return "", nil
	case t.Kind == pgntag.CommentToken:
		return "", rep.Comment(t)
	case t.Text == "1-0" || t.Text == "0-1" || t.Text == "1/2-1/2" || t.Text == "*":
		if o := rep.Outcome(); o.Over() && o.Result() != t.Text {
			return "", fmt.Errorf("%w: line %d: the result is %s, but the game ended %v", s.BadPGN, t.Line, t.Text, o)
		}
		return t.Text, rep.End(t)
	case strings.HasPrefix(t.Text, "$"):
		return "", nil // a NAG
	}
	return "", rep.Move(t)
}
