package chessgame

import (
	"context"
	"fmt"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/chess/opening"
	"github.com/gambitchess/gambit/engine"
	"github.com/gambitchess/gambit/game"
)

// chessEngine is game.Engine over a chess game (Chess960 too: its
// positions carry the flag, and with it castling's spelling): package
// engine searches it, and UCI engines read its moves as UCI.
type chessEngine struct {
	g         *chess.Game
	positions []chess.Position // g's, from the start: position i is after i plies
	moves     []chess.Move
	searcher  *engine.Engine // kept while its settings are the same
	settings  game.SearchOptions
}

// openEngine opens r, the rules of a chess game, for the engines.
func openEngine(r game.Rules) game.Engine {
	g := r.(*chessRules).g
	return &chessEngine{g: g, positions: g.Positions(), moves: g.Moves()}
}

func (e *chessEngine) Plies() int         { return len(e.moves) }
func (e *chessEngine) FEN(ply int) string { return e.positions[ply].FEN() }

func (e *chessEngine) WhiteToMove(ply int) bool { return e.positions[ply].SideToMove() == chess.White }

func (e *chessEngine) Move(i int) (san, coord string) {
	p := e.positions[i]
	return p.SAN(e.moves[i]), p.UCI(e.moves[i])
}

// Line implements game.Engine.
func (e *chessEngine) Line(ply int, coords []string) []string {
	var out []string
	game.PlayLine(e.positions[ply], coords, func(p *chess.Position, m chess.Move) { out = append(out, p.SAN(m)) })
	return out
}

// Terminal implements game.Engine: checkmate loses, stalemate draws.
func (e *chessEngine) Terminal(ply int) (over, lost bool) {
	p := e.positions[ply]
	if p.HasLegalMove() {
		return false, false
	}
	return true, p.InCheck()
}

// BookPlies implements game.Engine: the game's moves are book up to the
// last position lichess's opening table names (chess/opening, within its
// first 40 plies). The table names only some positions of a line, so a
// move is book when a later named position follows it.
func (e *chessEngine) BookPlies() int {
	if o, ok := opening.Classify(e.g); ok {
		return o.Ply
	}
	return 0
}

// UCI implements game.Engine: a Chess960 start in Shredder-FEN, which
// names the castling rooks' files as every Chess960 engine reads them.
func (e *chessEngine) UCI(ply int) game.UCIPosition {
	start := e.positions[0]
	u := game.UCIPosition{FEN: start.FEN(), Chess960: start.Chess960(), Moves: make([]string, ply)}
	if u.Chess960 {
		u.FEN = start.ShredderFEN()
	}
	for i, m := range e.moves[:ply] {
		u.Moves[i] = e.positions[i].UCI(m)
	}
	return u
}

// FromUCI implements game.Engine.
func (e *chessEngine) FromUCI(ply int, line []string, text string) (string, error) {
	if err := game.CheckPly(ply, len(e.moves)); err != nil {
		return "", fmt.Errorf("chess: %w", err)
	}
	p, n := game.PlayLine[chess.Position, chess.Move](e.positions[ply], line, nil)
	if n < len(line) {
		return "", fmt.Errorf("chess: %q is not legal in %s", line[n], p.FEN())
	}
	m, err := p.ParseUCI(text)
	switch {
	case err != nil:
		return "", fmt.Errorf("chess: engine move %.20q: %w", text, err)
	case m == chess.MoveNull || !p.IsLegal(m):
		return "", fmt.Errorf("chess: engine move %.20q is not legal in %s", text, p.FEN())
	}
	return p.UCI(m), nil
}

// Branch implements game.Engine.
func (e *chessEngine) Branch(ply int, line []string) (game.Engine, error) {
	if err := game.CheckPly(ply, len(e.moves)); err != nil {
		return nil, fmt.Errorf("chess: %w", err)
	}
	g := chess.NewGameFrom(e.positions[0])
	if err := game.ReplayLine(g, e.moves[:ply], line); err != nil {
		return nil, fmt.Errorf("chess: %w", err)
	}
	return &chessEngine{g: g, positions: g.Positions(), moves: g.Moves(), searcher: e.searcher, settings: e.settings}, nil
}

// Search implements game.Engine with package engine.
func (e *chessEngine) Search(ctx context.Context, ply int, o game.SearchOptions, info func(game.SearchLine)) (game.SearchLine, error) {
	eng := e.engine(o)
	pos := e.positions[ply]
	keys := e.g.Keys()[:ply]
	limits := engine.Limits{Depth: o.Depth, Nodes: o.Nodes, MoveTime: o.MoveTime, MultiPV: max(o.MultiPV, 1)}
	var report func(engine.Info)
	if info != nil {
		report = func(in engine.Info) {
			if in.Bound != engine.BoundExact || in.String != "" {
				return
			}
			l := scored(in.Score)
			l.Depth, l.MultiPV = in.Depth, in.MultiPV
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
			info(l)
		}
	}
	res := eng.Search(ctx, pos, keys, limits, report)
	if res.BestMove == chess.MoveNone || !pos.IsLegal(res.BestMove) {
		return game.SearchLine{}, fmt.Errorf("chess: the engine found no move in %s", pos.FEN())
	}
	best := scored(res.Score)
	best.Moves, best.Depth, best.MultiPV = []string{pos.UCI(res.BestMove)}, res.Depth, 1
	return best, nil
}

// engine returns the engine set up by o's settings: the one kept, while
// they are the same.
func (e *chessEngine) engine(o game.SearchOptions) *engine.Engine {
	set := game.SearchOptions{Algorithm: o.Algorithm, Elo: o.Elo, Seed: o.Seed, Hash: o.Hash}
	if e.searcher != nil && e.settings == set {
		return e.searcher
	}
	opts := engine.DefaultOptions()
	if set.Hash > 0 {
		opts.Hash = set.Hash
	}
	if set.Seed != 0 {
		opts.Seed = set.Seed
	}
	if set.Algorithm != "" {
		opts.Algorithm = engine.Algorithm(set.Algorithm)
	}
	if set.Elo > 0 {
		opts.LimitStrength = true
		opts.Elo = min(max(set.Elo, engine.EloMin), engine.EloMax)
	}
	e.searcher, e.settings = engine.New(opts), set
	return e.searcher
}

// scored is a line with package engine's score s.
func scored(s engine.Score) game.SearchLine {
	if s.IsMate() {
		return game.SearchLine{Mate: s.MateIn()}
	}
	return game.SearchLine{CP: int(s)}
}

// DrawFacts implements game.Engine: c's lead in material at the usual
// values, and whether c cannot mate (chess.Position's insufficient
// material) or the position is dead in practice.
func (e *chessEngine) DrawFacts(ply int, c chess.Color) game.DrawFacts {
	p := e.positions[ply]
	return game.DrawFacts{Material: material(&p, c) - material(&p, c.Other()), MoveNumber: p.FullmoveNumber(),
		Hopeless: p.HasInsufficientMaterial(c) || deadInPractice(&p)}
}

// values are the usual material values, in centipawns, by piece type.
var values = [...]struct {
	pt chess.PieceType
	v  int
}{{chess.Pawn, 100}, {chess.Knight, 300}, {chess.Bishop, 300}, {chess.Rook, 500}, {chess.Queen, 900}}

func material(p *chess.Position, c chess.Color) int {
	sum := 0
	for _, pv := range values {
		sum += pv.v * p.Pieces(c, pv.pt).Count()
	}
	return sum
}

// deadInPractice: no pawn, rook or queen, and at most one minor piece a
// side: no side can force a mate, only blunder into one.
func deadInPractice(p *chess.Position) bool {
	if p.PiecesOfType(chess.Pawn)|p.PiecesOfType(chess.Rook)|p.PiecesOfType(chess.Queen) != 0 {
		return false
	}
	minors := p.PiecesOfType(chess.Knight) | p.PiecesOfType(chess.Bishop)
	return (minors&p.ByColor(chess.White)).Count() <= 1 && (minors&p.ByColor(chess.Black)).Count() <= 1
}

// BookPosition returns the position now for a Polyglot opening book, whose
// keys know standard castling only: false for a Chess960 game.
func (e *chessEngine) BookPosition() (chess.Position, bool) {
	p := e.g.Position()
	return p, !p.Chess960()
}
