package xiangqigame

import (
	"context"
	"fmt"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/engine/xq"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/xiangqi"
)

// xiangqiEngine is game.Engine over a xiangqi game: engine/xq searches it,
// and UCI engines (Fairy-Stockfish) read its moves in their coordinates,
// ranks 1 to 10 (engine/xq's FormatFairy).
type xiangqiEngine struct {
	g         *xiangqi.Game
	positions []xiangqi.Position // g's, from the start: position i is after i plies
	moves     []xiangqi.Move
	searcher  *xq.Engine // kept while its settings are the same
	settings  game.SearchOptions
}

// openEngine opens r, the rules of a xiangqi game, for the engines.
func openEngine(r game.Rules) game.Engine {
	g := r.(*xiangqiRules).g
	return &xiangqiEngine{g: g, positions: g.Positions(), moves: g.Moves()}
}

func (e *xiangqiEngine) Plies() int         { return len(e.moves) }
func (e *xiangqiEngine) FEN(ply int) string { return e.positions[ply].FEN() }

func (e *xiangqiEngine) WhiteToMove(ply int) bool {
	return e.positions[ply].SideToMove() == xiangqi.Red
}

// Move implements game.Engine: Chinese notation, in traditional
// characters (the reader's script is the caller's to choose).
func (e *xiangqiEngine) Move(i int) (san, coord string) {
	p := e.positions[i]
	return p.Chinese(e.moves[i]), p.UCI(e.moves[i])
}

// Line implements game.Engine.
func (e *xiangqiEngine) Line(ply int, coords []string) []string {
	var out []string
	game.PlayLine(e.positions[ply], coords, func(p *xiangqi.Position, m xiangqi.Move) { out = append(out, p.Chinese(m)) })
	return out
}

// Terminal implements game.Engine: in xiangqi a side with no legal move
// has lost, in check or not.
func (e *xiangqiEngine) Terminal(ply int) (over, lost bool) {
	over = !e.positions[ply].HasLegalMove()
	return over, over
}

// BookPlies implements game.Engine: xiangqi has no opening table here, so
// every move is judged.
func (e *xiangqiEngine) BookPlies() int { return 0 }

// UCI implements game.Engine.
func (e *xiangqiEngine) UCI(ply int) game.UCIPosition {
	u := game.UCIPosition{FEN: e.positions[0].FEN(), Moves: make([]string, ply)}
	for i, m := range e.moves[:ply] {
		u.Moves[i] = xq.FormatFairy(m)
	}
	return u
}

// FromUCI implements game.Engine.
func (e *xiangqiEngine) FromUCI(ply int, line []string, text string) (string, error) {
	if err := game.CheckPly(ply, len(e.moves)); err != nil {
		return "", fmt.Errorf("xiangqi: %w", err)
	}
	p, n := game.PlayLine[xiangqi.Position, xiangqi.Move](e.positions[ply], line, nil)
	if n < len(line) {
		return "", fmt.Errorf("xiangqi: %q is not legal in %s", line[n], p.FEN())
	}
	m, err := xq.ParseFairy(&p, text)
	if err != nil {
		return "", fmt.Errorf("xiangqi: engine move %.20q: %w", text, err)
	}
	return p.UCI(m), nil
}

// Branch implements game.Engine.
func (e *xiangqiEngine) Branch(ply int, line []string) (game.Engine, error) {
	if err := game.CheckPly(ply, len(e.moves)); err != nil {
		return nil, fmt.Errorf("xiangqi: %w", err)
	}
	g := xiangqi.NewGameFrom(e.positions[0])
	g.SetRules(e.g.Rules())
	if err := game.ReplayLine(g, e.moves[:ply], line); err != nil {
		return nil, fmt.Errorf("xiangqi: %w", err)
	}
	return &xiangqiEngine{g: g, positions: g.Positions(), moves: g.Moves(), searcher: e.searcher, settings: e.settings}, nil
}

// Search implements game.Engine with engine/xq, given the positions before
// (their keys and checks: perpetual check is judged as the referee does).
func (e *xiangqiEngine) Search(ctx context.Context, ply int, o game.SearchOptions, info func(game.SearchLine)) (game.SearchLine, error) {
	eng := e.engine(o)
	prefix := e.g
	if ply < len(e.moves) {
		prefix = xiangqi.NewGameFrom(e.positions[0])
		prefix.SetRules(e.g.Rules())
		for _, m := range e.moves[:ply] {
			if err := prefix.Push(m); err != nil {
				return game.SearchLine{}, fmt.Errorf("xiangqi: replaying ply %d: %w", ply, err)
			}
		}
	}
	limits := xq.Limits{Depth: o.Depth, Nodes: o.Nodes, MoveTime: o.MoveTime, MultiPV: max(o.MultiPV, 1)}
	var report func(xq.Info)
	if info != nil {
		report = func(in xq.Info) {
			l := scored(in.Score)
			l.Depth, l.MultiPV = in.Depth, in.MultiPV
			for _, m := range in.PV {
				l.Moves = append(l.Moves, m.String())
			}
			info(l)
		}
	}
	res := eng.SearchGame(ctx, prefix, limits, report)
	pos := prefix.Position()
	if res.BestMove == xiangqi.MoveNone || !pos.IsLegal(res.BestMove) {
		return game.SearchLine{}, fmt.Errorf("xiangqi: the engine found no move in %s", pos.FEN())
	}
	best := scored(res.Score)
	best.Moves, best.Depth, best.MultiPV = []string{pos.UCI(res.BestMove)}, res.Depth, 1
	return best, nil
}

// engine returns the engine set up by o's settings: the one kept, while
// they are the same. engine/xq has skill levels, no ratings nor the
// classroom's searches.
func (e *xiangqiEngine) engine(o game.SearchOptions) *xq.Engine {
	set := game.SearchOptions{Skill: o.Skill, Seed: o.Seed, Hash: o.Hash}
	if e.searcher != nil && e.settings == set {
		return e.searcher
	}
	opts := xq.DefaultOptions()
	opts.Rules = e.g.Rules() // the game's repetition rules
	if set.Hash > 0 {
		opts.Hash = set.Hash
	}
	if set.Seed != 0 {
		opts.Seed = set.Seed
	}
	if set.Skill > 0 {
		opts.SkillLevel = min(set.Skill, xq.MaxSkill)
	}
	e.searcher, e.settings = xq.New(opts), set
	return e.searcher
}

// scored is a line with engine/xq's score s.
func scored(s xq.Score) game.SearchLine {
	if s.IsMate() {
		return game.SearchLine{Mate: s.MateIn()}
	}
	return game.SearchLine{CP: int(s)}
}

// DrawFacts implements game.Engine: c's lead in material, and whether c
// has no piece that can cross the river (and so could ever give mate).
func (e *xiangqiEngine) DrawFacts(ply int, c chess.Color) game.DrawFacts {
	p := e.positions[ply]
	us := xiangqi.Color(c)
	return game.DrawFacts{Material: material(&p, us) - material(&p, us^1), MoveNumber: p.FullmoveNumber(), Hopeless: !attackers(&p, us)}
}

// values are material values in centipawns by piece type (a chariot is
// worth about two horses or cannons; advisors and elephants defend).
var values = [...]struct {
	pt xiangqi.PieceType
	v  int
}{{xiangqi.Soldier, 100}, {xiangqi.Advisor, 200}, {xiangqi.Elephant, 200}, {xiangqi.Horse, 400}, {xiangqi.Cannon, 450}, {xiangqi.Chariot, 900}}

func material(p *xiangqi.Position, c xiangqi.Color) int {
	sum := 0
	for _, pv := range values {
		b := p.Pieces(c, pv.pt)
		sum += pv.v * b.Count()
	}
	return sum
}

// attackers reports whether side c has a piece that can cross the river.
func attackers(p *xiangqi.Position, c xiangqi.Color) bool {
	for _, pt := range [...]xiangqi.PieceType{xiangqi.Horse, xiangqi.Chariot, xiangqi.Cannon, xiangqi.Soldier} {
		if b := p.Pieces(c, pt); !b.Empty() {
			return true
		}
	}
	return false
}
