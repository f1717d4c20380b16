package game

import (
	"errors"
	"fmt"
	"strings"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/xiangqi"
	xqpgn "github.com/gambitchess/gambit/xiangqi/pgn"
)

// xiangqiSpec registers xiangqi.
var xiangqiSpec = &Spec{
	Name:         Xiangqi,
	Label:        "Xiangqi",
	Labels:       map[string]string{"zh-TW": "象棋", "zh-CN": "中国象棋"},
	Board:        BoardXiangqi,
	Sides:        [2]string{"Red", "Black"},
	Setup:        ParseXiangqiSetup,
	Rules:        func(start, _ string) (Rules, error) { return newXiangqiRules(start) },
	Tag:          "xiangqi",
	Terminations: TerminationNames(xiangqi.Checkmate, xiangqi.InsufficientMaterial, xiangqi.Termination.String),
	BoardPGN:     true,
}

// xiangqiRules is Rules over package xiangqi, which judges the board (mate,
// stalemate, perpetual check, repetition, the 60-move rule).
type xiangqiRules struct {
	g *xiangqi.Game
}

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

func (r *xiangqiRules) Turn() chess.Color { return side(r.g.Turn()) }
func (r *xiangqiRules) Ply() int          { return r.g.Ply() }
func (r *xiangqiRules) FEN() string       { return r.g.FEN() }
func (r *xiangqiRules) StartFEN() string  { p := r.g.StartPosition(); return p.FEN() }
func (r *xiangqiRules) Pop() bool         { _, ok := r.g.Pop(); return ok }

// Sight: xiangqi hides nothing.
func (r *xiangqiRules) Sight(_ chess.Color, _, _, history bool) Sight { return openSight(r, history) }

// Claimable: xiangqi has no claims; its repetitions are judged by themselves.
func (r *xiangqiRules) Claimable() (string, bool) { return "", false }

// CanMate: a flag fall loses in xiangqi whatever the material left (the
// Asian rules know no FIDE 6.9).
func (r *xiangqiRules) CanMate(chess.Color) bool { return true }

func (r *xiangqiRules) Dests() map[string][]string {
	return xiangqiDests(r.g.LegalMoves())
}

// xiangqiDests lists moves by origin square as the browser's board takes
// them.
func xiangqiDests(moves []xiangqi.Move) map[string][]string {
	return groupDests(len(moves), func(i int) (destMove, bool) {
		from, to := moves[i].From(), moves[i].To()
		return destMove{from: int(from), fromName: xiangqiSquareName(from), to: xiangqiSquareName(to)}, true
	})
}

// xiangqiSquareName is s's name ("e0"), without allocating.
func xiangqiSquareName(s xiangqi.Square) string {
	i := 2 * (s.Rank()*xiangqi.NumFiles + s.File())
	return xiangqiSquareNames[i : i+2]
}

// step describes move m played from p.
func xiangqiStep(p *xiangqi.Position, m xiangqi.Move) Step {
	var after xiangqi.Position
	p.MakeMove(m, &after)
	return Step{UCI: p.UCI(m), SAN: p.Chinese(m), WXF: p.WXF(m), FEN: after.FEN(), Color: Side(side(p.SideToMove()))}
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

// PGN writes xqbase-style PGN in Chinese notation.
func (r *xiangqiRules) PGN(h PGNHeader) string {
	out := xqpgn.NewGameFrom(r.g.StartPosition())
	h.setTags(&out.Tags, "Red")
	out.Result = h.Result
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
	return &xiangqiRules{g: g}
}

// Game returns the xiangqi game, for a xiangqi engine to read.
func (r *xiangqiRules) Game() *xiangqi.Game { return r.g }
