package game

import (
	"errors"
	"fmt"
	"strings"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/xiangqi"
	xqpgn "github.com/gambitchess/gambit/xiangqi/pgn"
)

// xiangqiRules is Rules over package xiangqi. The xiangqi library judges
// the board (mate, stalemate, perpetual check, repetition, the 60-move rule);
// endings the players or the clock bring about are kept here.
type xiangqiRules struct {
	g        *xiangqi.Game
	declared Outcome // a resignation, agreement or flag fall; zero while none
}

// declaredCode numbers declared xiangqi endings in Outcome.Code apart from
// the library's own terminations.
const declaredCode = 100

func newXiangqiRules(start string) (*xiangqiRules, error) {
	if start == "" {
		return &xiangqiRules{g: xiangqi.NewGame()}, nil
	}
	g, err := xiangqi.NewGameFromFEN(start)
	if err != nil {
		return nil, fmt.Errorf("%w: xiangqi FEN: %v", ErrBadSetup, err)
	}
	return &xiangqiRules{g: g}, nil
}

// side maps a xiangqi colour to the game's sides: Red moves first, as White.
func side(c xiangqi.Color) chess.Color {
	if c == xiangqi.Red {
		return chess.White
	}
	return chess.Black
}

func (r *xiangqiRules) Variant() Variant   { return Xiangqi }
func (r *xiangqiRules) Turn() chess.Color  { return side(r.g.Turn()) }
func (r *xiangqiRules) Ply() int           { return r.g.Ply() }
func (r *xiangqiRules) FEN() string        { return r.g.FEN() }
func (r *xiangqiRules) StartFEN() string   { p := r.g.StartPosition(); return p.FEN() }
func (r *xiangqiRules) CanClaimDraw() bool { return false } // repetition is judged automatically

func (r *xiangqiRules) Pop() {
	r.declared = Outcome{}
	r.g.Pop()
}

func (r *xiangqiRules) Dests() map[string][]string {
	out := map[string][]string{}
	p := r.g.Position()
	for _, m := range r.g.LegalMoves() {
		u := p.UCI(m)
		out[u[0:2]] = append(out[u[0:2]], u[2:4])
	}
	return out
}

// step describes move m played from p.
func xiangqiStep(p *xiangqi.Position, m xiangqi.Move) Step {
	var after xiangqi.Position
	p.MakeMove(m, &after)
	return Step{UCI: p.UCI(m), SAN: p.Chinese(m), WXF: p.WXF(m), FEN: after.FEN()}
}

func (r *xiangqiRules) Play(text string) (Step, error) {
	p := r.g.Position()
	m, err := p.ParseUCI(strings.ToLower(text))
	switch {
	case errors.Is(err, xiangqi.ErrInvalidMove):
		return Step{}, fmt.Errorf("%w: %q", ErrInvalidMove, text)
	case err != nil:
		return Step{}, fmt.Errorf("%w: %s", ErrIllegalMove, text)
	}
	step := xiangqiStep(&p, m)
	if err := r.g.Push(m); err != nil {
		return Step{}, fmt.Errorf("%w: %s: %v", ErrIllegalMove, text, err)
	}
	return step, nil
}

func (r *xiangqiRules) History() []Step {
	p := r.g.StartPosition()
	moves := r.g.Moves()
	out := make([]Step, len(moves))
	for i, m := range moves {
		out[i] = xiangqiStep(&p, m)
		var next xiangqi.Position
		p.MakeMove(m, &next)
		p = next
	}
	return out
}

func (r *xiangqiRules) Check() (string, bool) {
	p := r.g.Position()
	if !p.InCheck() {
		return "", false
	}
	return p.KingSquare(p.SideToMove()).String(), true
}

func (r *xiangqiRules) Outcome() Outcome {
	if r.declared.Over() {
		return r.declared
	}
	o := r.g.Outcome()
	if !o.Over() {
		return Outcome{}
	}
	out := Outcome{Termination: o.Termination.String(), Code: uint8(o.Termination), Draw: o.Draw}
	if !out.Draw {
		out.Winner = side(o.Winner)
	}
	switch o.Termination {
	case xiangqi.Checkmate:
		out.Status = Mate
	case xiangqi.Stalemate:
		out.Status = Stalemate // a loss in xiangqi
	case xiangqi.PerpetualCheck:
		out.Status = Forfeit
	default:
		out.Status = Draw
	}
	return out
}

func (r *xiangqiRules) Declare(d Declared, c chess.Color) error {
	if r.Outcome().Over() {
		return fmt.Errorf("%w: already %s", ErrGameOver, r.Outcome().Termination)
	}
	o := Outcome{Code: declaredCode + uint8(d)}
	switch d {
	case ByResignation:
		o.Termination, o.Winner, o.Status = "resignation", c.Other(), Resigned
	case ByAgreement:
		o.Termination, o.Draw, o.Status = "agreement", true, DrawAgreed
	case ByTimeout:
		o.Termination, o.Winner, o.Status = "timeout", c.Other(), Timeout
	default:
		return fmt.Errorf("%w: xiangqi has no claimable draws", ErrCannotClaim)
	}
	r.declared = o
	return nil
}

func (r *xiangqiRules) DeclaredBy(code uint8) Declared {
	if code > declaredCode {
		return Declared(code - declaredCode)
	}
	return NotDeclared
}

// PGN writes xqbase-style PGN in Chinese notation.
func (r *xiangqiRules) PGN(h Header) string {
	out := xqpgn.NewGameFrom(r.g.StartPosition())
	result := r.Outcome().Result()
	out.Tags.Set("Event", h.Event)
	out.Tags.Set("Site", "Gambit")
	out.Tags.Set("Date", h.Date)
	out.Tags.Set("Round", "-")
	out.Tags.Set("Red", h.White)
	out.Tags.Set("Black", h.Black)
	out.Tags.Set("Result", result)
	out.Result = result
	if h.TimeControl != "" {
		out.Tags.Set("TimeControl", h.TimeControl)
	}
	if o := r.Outcome(); o.Over() {
		out.Tags.Set("Termination", o.Termination)
	}
	node := out.Root
	for _, m := range r.g.Moves() {
		next, err := node.AddVariation(m)
		if err != nil {
			break // cannot happen: the moves were checked when played
		}
		node = next
	}
	var b strings.Builder
	_ = xqpgn.Write(&b, out, xqpgn.WriteOptions{Notation: xqpgn.NotationChinese}) // a strings.Builder never fails
	return b.String()
}

func (r *xiangqiRules) Clone() Rules {
	g := xiangqi.NewGameFrom(r.g.StartPosition())
	for _, m := range r.g.Moves() {
		_ = g.Push(m) // replaying moves that were legal
	}
	return &xiangqiRules{g: g, declared: r.declared}
}

// Game returns the xiangqi game, for a xiangqi engine to read.
func (r *xiangqiRules) Game() *xiangqi.Game { return r.g }
