package review

import (
	"context"
	"fmt"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/engine"
	"github.com/gambitchess/gambit/engine/xq"
	"github.com/gambitchess/gambit/xiangqi"
)

// Builtin evaluates with Gambit's own engines in process: package engine
// for chess and Chess960, engine/xq for xiangqi, at full strength, one
// thread, a small hash kept across the positions of a review (each
// position's search starts from what the previous one learnt, as an engine
// analysing a game does).
type Builtin struct {
	chess *engine.Engine
	xq    *xq.Engine
}

// builtinHash is the hash of each engine in MB: enough for the default
// budget, small enough for a server running several reviews.
const builtinHash = 16

// NewBuiltin returns an evaluator over Gambit's engines.
func NewBuiltin() *Builtin { return &Builtin{} }

// Name implements Evaluator.
func (b *Builtin) Name() string { return "gambit" }

// Close implements Evaluator.
func (b *Builtin) Close() error { return nil }

// Evaluate implements Evaluator.
func (b *Builtin) Evaluate(ctx context.Context, g *Game, ply int, budget Budget, multiPV int) ([]Line, error) {
	if g.xq != nil {
		return b.evaluateXiangqi(ctx, g, ply, budget, multiPV)
	}
	if b.chess == nil {
		opts := engine.DefaultOptions()
		opts.Hash = builtinHash
		b.chess = engine.New(opts)
	}
	pos := g.chess.Positions()[ply]
	keys := g.chess.Keys()[:ply]
	limits := engine.Limits{Depth: budget.Depth, Nodes: budget.Nodes, MultiPV: max(multiPV, 1)}
	lines := make([]Line, max(multiPV, 1))
	white := pos.SideToMove() == chess.White
	res := b.chess.Search(ctx, pos, keys, limits, func(in engine.Info) {
		if in.MultiPV < 1 || in.MultiPV > len(lines) || in.Bound != engine.BoundExact || in.String != "" {
			return
		}
		l := Line{Score: chessScore(in.Score).For(white), Depth: in.Depth}
		p := pos
		for _, m := range in.PV {
			if !p.IsLegal(m) {
				break
			}
			l.Moves = append(l.Moves, p.UCI(m))
			var child chess.Position
			p.MakeMove(m, &child)
			p = child
		}
		lines[in.MultiPV-1] = l
	})
	if res.BestMove == chess.MoveNone {
		return nil, fmt.Errorf("review: the engine found no move in %s", pos.FEN())
	}
	return settle(lines, Line{Score: chessScore(res.Score).For(white), Moves: []string{pos.UCI(res.BestMove)}, Depth: res.Depth}), nil
}

// evaluateXiangqi searches the xiangqi position after ply plies, with the
// check state of the positions before it (perpetual check is judged as
// the referee judges it).
func (b *Builtin) evaluateXiangqi(ctx context.Context, g *Game, ply int, budget Budget, multiPV int) ([]Line, error) {
	if b.xq == nil {
		opts := xq.DefaultOptions()
		opts.Hash = builtinHash
		b.xq = xq.New(opts)
	}
	prefix := xiangqi.NewGameFrom(g.xq.StartPosition())
	for _, m := range g.xq.Moves()[:ply] {
		if err := prefix.Push(m); err != nil {
			return nil, fmt.Errorf("review: replaying ply %d: %w", ply, err)
		}
	}
	pos := prefix.Position()
	red := pos.SideToMove() == xiangqi.Red
	lines := make([]Line, max(multiPV, 1))
	limits := xq.Limits{Depth: budget.Depth, Nodes: budget.Nodes, MultiPV: len(lines)}
	res := b.xq.SearchGame(ctx, prefix, limits, func(in xq.Info) {
		if in.MultiPV < 1 || in.MultiPV > len(lines) {
			return
		}
		l := Line{Score: xqScore(in.Score).For(red), Depth: in.Depth}
		for _, m := range in.PV {
			l.Moves = append(l.Moves, m.String())
		}
		lines[in.MultiPV-1] = l
	})
	if res.BestMove == xiangqi.MoveNone {
		return nil, fmt.Errorf("review: the engine found no move in %s", pos.FEN())
	}
	return settle(lines, Line{Score: xqScore(res.Score).For(red), Moves: []string{res.BestMove.String()}, Depth: res.Depth}), nil
}

// settle makes a search's lines begin with its best move: when the last
// report did not (none came, or a depth was cut short after its best
// line), best becomes line 1 and the lines of the depth before that begin
// with its move go. Then the lines no report filled go too.
func settle(lines []Line, best Line) []Line {
	if len(lines[0].Moves) == 0 || lines[0].Moves[0] != best.Moves[0] {
		lines[0] = best
		for i := 1; i < len(lines); i++ {
			if len(lines[i].Moves) > 0 && lines[i].Moves[0] == best.Moves[0] {
				lines[i] = Line{}
			}
		}
	}
	return compact(lines)
}

// compact drops the lines no report filled (fewer legal moves than asked).
func compact(lines []Line) []Line {
	out := lines[:0]
	for _, l := range lines {
		if len(l.Moves) > 0 {
			out = append(out, l)
		}
	}
	return out
}

// chessScore converts a search score (side to move's view) to a Score
// from the same side.
func chessScore(s engine.Score) Score {
	if s.IsMate() {
		return MateScore(s.MateIn())
	}
	return CPScore(int(s))
}

// xqScore converts an engine/xq search score (side to move's view).
func xqScore(s xq.Score) Score {
	if s.IsMate() {
		return MateScore(s.MateIn())
	}
	return CPScore(int(s))
}
