package match

import (
	"fmt"
	"io"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/chess/pgn"
	"github.com/gambitchess/gambit/engine/xq"
	"github.com/gambitchess/gambit/xiangqi"
	xqpgn "github.com/gambitchess/gambit/xiangqi/pgn"
)

// referee keeps one game's rules: it checks each engine move, knows when the
// game ends and records it as PGN. A match uses one per game.
type referee interface {
	// position is the UCI "position" argument of the start ("startpos" or "fen ...").
	position() string
	// play checks a move in the engine's UCI text and plays it.
	play(uci string, comment string) error
	// turn is 0 when the first player (White, Red) is to move, else 1.
	turn() int
	// outcome returns the result ("1-0", "0-1", "1/2-1/2") and its reason once the game is over.
	outcome() (result, reason string, over bool)
	// drawOnFlag reports whether a flag fall by the side to move is a draw
	// because the opponent cannot win.
	drawOnFlag() bool
	// writePGN writes the game with the given tags and result.
	writePGN(w io.Writer, tags [][2]string, result, reason string) error
}

func newReferee(variant, fen string) (referee, error) {
	switch variant {
	case "chess", "chess960":
		return newChessReferee(variant == "chess960", fen)
	case "xiangqi":
		return newXiangqiReferee(fen)
	}
	return nil, fmt.Errorf("match: unknown variant %q", variant)
}

type chessReferee struct {
	game   *chess.Game
	record *pgn.Game
	node   *pgn.Node
	fen    string
}

func newChessReferee(chess960 bool, fen string) (*chessReferee, error) {
	start := chess.StartPosition()
	var err error
	if fen != "" {
		if chess960 {
			start, err = chess.ParseFEN960(fen)
		} else {
			start, err = chess.ParseFEN(fen)
		}
		if err != nil {
			return nil, err
		}
	}
	r := &chessReferee{game: chess.NewGameFrom(start), record: pgn.NewGameFrom(start), fen: fen}
	r.node = r.record.Root
	return r, nil
}

func (r *chessReferee) position() string {
	if r.fen == "" {
		return "startpos"
	}
	p := r.game.StartPosition()
	return "fen " + p.FEN()
}

func (r *chessReferee) play(text, comment string) error {
	m, err := r.game.PushUCI(text)
	if err != nil {
		return err
	}
	if r.node, err = r.node.AddVariation(m); err != nil {
		return err
	}
	r.node.Comment = comment
	return nil
}

func (r *chessReferee) turn() int { return int(r.game.Turn()) }

func (r *chessReferee) outcome() (string, string, bool) {
	if o := r.game.Outcome(); o.Over() {
		return o.Result(), o.Termination.String(), true
	}
	// A referee adjudicates the claimable draws as soon as they arise.
	p := r.game.Position()
	switch {
	case p.HalfmoveClock() >= 100:
		return "1/2-1/2", chess.FiftyMoves.String(), true
	case r.game.RepetitionCount() >= 3:
		return "1/2-1/2", chess.ThreefoldRepetition.String(), true
	}
	return "", "", false
}

func (r *chessReferee) drawOnFlag() bool {
	p := r.game.Position()
	return p.HasInsufficientMaterial(p.SideToMove().Other())
}

func (r *chessReferee) writePGN(w io.Writer, tags [][2]string, result, reason string) error {
	for _, t := range tags {
		r.record.Tags.Set(t[0], t[1])
	}
	if start := r.game.StartPosition(); start.Chess960() {
		r.record.Tags.Set("Variant", "Chess960")
	}
	r.record.Tags.Set("Result", result)
	r.record.Tags.Set("Termination", reason)
	r.record.Result = result
	return pgn.Write(w, r.record, pgn.WriteOptions{})
}

type xiangqiReferee struct {
	game   *xiangqi.Game
	record *xqpgn.Game
	node   *xqpgn.Node
	fen    string
}

func newXiangqiReferee(fen string) (*xiangqiReferee, error) {
	start := xiangqi.StartPosition()
	if fen != "" {
		var err error
		if start, err = xiangqi.ParseFEN(fen); err != nil {
			return nil, err
		}
	}
	r := &xiangqiReferee{game: xiangqi.NewGameFrom(start), record: xqpgn.NewGameFrom(start), fen: fen}
	r.node = r.record.Root
	return r, nil
}

func (r *xiangqiReferee) position() string {
	if r.fen == "" {
		return "startpos"
	}
	start := r.game.StartPosition()
	return "fen " + start.FEN()
}

func (r *xiangqiReferee) play(text, comment string) error {
	p := r.game.Position()
	m, err := xq.ParseFairy(&p, text)
	if err != nil {
		return err
	}
	if err := r.game.Push(m); err != nil {
		return err
	}
	if r.node, err = r.node.AddVariation(m); err != nil {
		return err
	}
	r.node.Comment = comment
	return nil
}

func (r *xiangqiReferee) turn() int { return int(r.game.Turn()) }

func (r *xiangqiReferee) outcome() (string, string, bool) {
	o := r.game.Outcome()
	if !o.Over() {
		return "", "", false
	}
	return o.Result(), o.Termination.String(), true
}

// drawOnFlag: in xiangqi a flag always loses.
func (r *xiangqiReferee) drawOnFlag() bool { return false }

func (r *xiangqiReferee) writePGN(w io.Writer, tags [][2]string, result, reason string) error {
	for _, t := range tags {
		name := t[0]
		switch name { // xqbase names the sides Red and Black
		case "White":
			name = "Red"
		}
		r.record.Tags.Set(name, t[1])
	}
	r.record.Tags.Set("Result", result)
	r.record.Tags.Set("Termination", reason)
	r.record.Result = result
	return xqpgn.Write(w, r.record, xqpgn.WriteOptions{Notation: xqpgn.NotationChinese})
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
