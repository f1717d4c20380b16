package xiangqigame

import (
	"errors"
	"fmt"
	"strings"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/xiangqi"
	xqpgn "github.com/gambitchess/gambit/xiangqi/pgn"
)

// Xiangqi is the variant's name.
const Xiangqi game.Variant = "xiangqi"

// xiangqiSpec registers xiangqi.
var xiangqiSpec = &game.Spec{
	Name:         Xiangqi,
	Label:        "Xiangqi",
	Labels:       map[string]string{"zh-TW": "象棋", "zh-CN": "中国象棋"},
	Board:        game.BoardXiangqi,
	Sides:        [2]string{"Red", "Black"},
	Setup:        ParseXiangqiSetup,
	Rules:        func(start, _ string) (game.Rules, error) { return newXiangqiRules(start) },
	Tag:          "xiangqi",
	Terminations: game.TerminationNames(xiangqi.Checkmate, xiangqi.MateThreat, xiangqi.Termination.String),
	RuleSets:     []string{xiangqi.RulesWXF.String(), xiangqi.RulesChinese.String()},
	BoardPGN:     true,
	UCI:          &game.UCIDialect{Variant: "xiangqi"},
	Engine:       openEngine,
	Tree:         tree,
	PuzzleThemes: puzzleThemes,
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
		return nil, fmt.Errorf("%w: xiangqi FEN: %v", game.ErrBadSetup, err)
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
func (r *xiangqiRules) Sight(_ chess.Color, _, _, history bool) game.Sight {
	return game.OpenSight(r, history)
}

// SetRuleSet plays the game by the named repetition rules ("wxf",
// "chinese": xiangqi.Rules).
func (r *xiangqiRules) SetRuleSet(name string) error {
	rules, err := xiangqi.ParseRules(name)
	if err != nil {
		return err
	}
	r.g.SetRules(rules)
	return nil
}

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
	return game.GroupDests(len(moves), func(i int) (game.DestMove, bool) {
		from, to := moves[i].From(), moves[i].To()
		return game.DestMove{From: int(from), FromName: xiangqiSquareName(from), To: xiangqiSquareName(to)}, true
	})
}

// xiangqiSquareName is s's name ("e0"), without allocating.
func xiangqiSquareName(s xiangqi.Square) string {
	i := 2 * (s.Rank()*xiangqi.NumFiles + s.File())
	return xiangqiSquareNames[i : i+2]
}

// step describes move m played from p.
func xiangqiStep(p *xiangqi.Position, m xiangqi.Move) game.Step {
	var after xiangqi.Position
	p.MakeMove(m, &after)
	return game.Step{UCI: p.UCI(m), SAN: p.Chinese(m), WXF: p.WXF(m), FEN: after.FEN(), Color: game.Side(side(p.SideToMove()))}
}

func (r *xiangqiRules) Play(text string) (game.Step, error) {
	p := r.g.Position()
	m, err := p.ParseUCI(strings.ToLower(text))
	switch {
	case errors.Is(err, xiangqi.ErrInvalidMove):
		return game.Step{}, fmt.Errorf("%w: %q", game.ErrInvalidMove, text)
	case err != nil:
		return game.Step{}, fmt.Errorf("%w: %s", game.ErrIllegalMove, text)
	}
	step := xiangqiStep(&p, m)
	if err := r.g.Push(m); err != nil {
		return game.Step{}, fmt.Errorf("%w: %s: %v", game.ErrIllegalMove, text, err)
	}
	return step, nil
}

func (r *xiangqiRules) History() []game.Step {
	p := r.g.StartPosition()
	moves := r.g.Moves()
	out := make([]game.Step, len(moves))
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

func (r *xiangqiRules) Outcome() game.Outcome {
	o := r.g.Outcome()
	return game.OutcomeOf(o.Over(), o.Termination, o.Draw, side(o.Winner),
		game.Statuses[xiangqi.Termination]{Mate: xiangqi.Checkmate, Stalemate: xiangqi.Stalemate, Forfeit: xiangqi.PerpetualCheck}) // a stalemate loses, as a perpetual check or chase does
}

// PGN writes xqbase-style PGN in Chinese notation, with the header's
// comments after their moves.
func (r *xiangqiRules) PGN(h game.PGNHeader) (string, error) {
	out := xqpgn.NewGameFrom(r.g.StartPosition())
	h.SetTags(&out.Tags, "Red")
	out.Result = h.Result
	node := out.Root
	for i, m := range r.g.Moves() {
		next, err := node.AddVariation(m)
		if err != nil {
			return "", fmt.Errorf("xiangqi: move %d: %w", i+1, err)
		}
		node = next
		node.Comment = h.Comment(i)
	}
	var b strings.Builder
	if err := xqpgn.Write(&b, out, xqpgn.WriteOptions{Notation: xqpgn.NotationChinese}); err != nil {
		return "", fmt.Errorf("xiangqi: %w", err)
	}
	return b.String(), nil
}

func (r *xiangqiRules) Clone() game.Rules {
	g := xiangqi.NewGameFrom(r.g.StartPosition())
	g.SetRules(r.g.Rules())
	for _, m := range r.g.Moves() {
		_ = g.Push(m) // replaying moves that were legal
	}
	return &xiangqiRules{g: g}
}

// Game returns the rules library's game (the engines read it through
// openEngine; package game's tests, through an interface of this method).
func (r *xiangqiRules) Game() *xiangqi.Game { return r.g }

func init() { game.Register(xiangqiSpec) }

// xiangqiSquareNames are a xiangqi board's squares by rank then file (a0,
// b0, …, i9), two bytes each, as xiangqi.Square.String names them.
const xiangqiSquareNames = "a0b0c0d0e0f0g0h0i0a1b1c1d1e1f1g1h1i1a2b2c2d2e2f2g2h2i2" +
	"a3b3c3d3e3f3g3h3i3a4b4c4d4e4f4g4h4i4a5b5c5d5e5f5g5h5i5a6b6c6d6e6f6g6h6i6" +
	"a7b7c7d7e7f7g7h7i7a8b8c8d8e8f8g8h8i8a9b9c9d9e9f9g9h9i9"
