package match

import (
	"fmt"
	"time"

	"github.com/gambitchess/gambit/game"
)

// referee keeps one game of a match by the variant's own rules (a
// game.Game): it reads each engine move through the engines' reading of the
// game (game.Engine), knows when the game ends, and records each move's
// comment for the PGN. A match uses one per game.
type referee struct {
	g   *game.Game
	eng game.Engine // the engines' reading of g as it stands, opened after each move
	// comments are each move's comment, by ply: the engine's evaluation
	// and its time.
	comments []string
	// startpos: the game starts from the variant's standard start, which
	// an engine is given as "startpos".
	startpos bool
}

// newReferee starts a game of variant spec, one the engines play, from
// start: a FEN of the variant, "" for its standard start.
func newReferee(spec *game.Spec, start string) (*referee, error) {
	g, err := game.New(game.Options{ID: "match", Variant: spec.Name, StartFEN: start})
	if err != nil {
		return nil, err
	}
	r := &referee{g: g, startpos: g.Header().StartFEN == "" && len(g.Header().Moves) == 0}
	if err := r.open(); err != nil {
		return nil, err
	}
	return r, nil
}

// open reads the game as it stands for the engines.
func (r *referee) open() error {
	e, ok := r.g.Engine()
	if !ok {
		return fmt.Errorf("match: the engines do not read %s", r.g.Variant())
	}
	r.eng = e
	return nil
}

// position returns the game now as a UCI engine is given it: the argument
// of "position" ("startpos" or "fen FEN") and the moves from it, in the
// engine's spelling.
func (r *referee) position() (string, []string) {
	u := r.eng.UCI(r.eng.Plies())
	if r.startpos {
		return "startpos", u.Moves
	}
	return "fen " + u.FEN, u.Moves
}

// play checks a move in the engine's text and plays it, with its comment.
func (r *referee) play(text, comment string) error {
	coord, err := r.eng.FromUCI(r.eng.Plies(), nil, text)
	if err != nil {
		return err
	}
	if _, err := r.g.Move(r.g.Turn(), coord); err != nil {
		return err
	}
	r.comments = append(r.comments, comment)
	return r.open()
}

// plies returns the number of moves the engines have played.
func (r *referee) plies() int { return len(r.comments) }

// turn is 0 when the first player (White, Red) is to move, else 1.
func (r *referee) turn() int { return int(r.g.Turn()) }

// outcome returns the result ("1-0", "0-1", "1/2-1/2") and its reason once
// the game is over: an ending of its rules, or a claimable draw, which the
// referee adjudicates as soon as it stands on the board.
func (r *referee) outcome() (result, reason string, over bool) {
	if o := r.g.Outcome(); o.Over() {
		return o.Result(), o.Termination, true
	}
	if name, ok := r.g.StandingDraw(); ok {
		return "1/2-1/2", name, true
	}
	return "", "", false
}

// drawOnFlag reports whether a flag fall by the side to move is a draw
// because the opponent cannot win (chess's insufficient material; in
// xiangqi a flag always loses).
func (r *referee) drawOnFlag() bool { return !r.g.CanMate(r.g.Turn().Other()) }

// pgn writes the game in its variant's PGN with header h and the moves'
// comments.
func (r *referee) pgn(h game.PGNHeader) (string, error) {
	rules, ok := r.g.Readable()
	if !ok {
		return "", fmt.Errorf("match: %s cannot be written", r.g.Variant())
	}
	h.Comments, h.Over = r.comments, true
	text, err := rules.PGN(h)
	if err != nil {
		return "", fmt.Errorf("match: PGN: %w", err)
	}
	return text, nil
}

// clockComment formats a move's thinking time and the engine's evaluation
// for the PGN, as cutechess does: "{+0.31/12 0.52s}" style, kept short.
func clockComment(elapsed time.Duration, info string) string {
	c := fmt.Sprintf("%.2fs", elapsed.Seconds())
	if s := scoreOf(info); s != "" {
		c = s + " " + c
	}
	return c
}
