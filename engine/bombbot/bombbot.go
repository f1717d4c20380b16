// Package bombbot is a computer player for bomb chess (package
// variant/bomb). It knows only what a player knows: the position, the mines
// that went off, the squares known to be safe and how many mines are left.
// Choose cannot be given the hidden mines, so its move cannot depend on
// them.
//
// The risk of a move is its expected blast loss: the chance that its
// destination hides a mine, times what the blast would cost the mover. A
// destination known safe has no risk. Any other square of ranks 3 to 6 that
// has not exploded hides a mine with probability minesLeft divided by the
// number of such squares (each is as likely as another, as far as public
// information goes). The cost is the material of the mover's pieces on the
// 3×3 block minus the enemy's, or a lost game when the blast would leave the
// mover's own king attacked.
//
// Level 1 plays the move with the best static evaluation after it
// (engine.Evaluate), less its risk. Level 2 is the chess engine's own
// search (engine.Engine.Search: iterative deepening, alpha-beta with its
// transposition table, move ordering, pruning and quiescence) on one
// thread and a node budget, each root move scored less its risk
// (engine.Limits.RootPenalty); below the root it plays plain chess.
//
// Choose is deterministic (the same input gives the same move: the search
// runs on one thread and is bounded by a node count, not by time) unless
// ctx ends first, in which case it returns the best move found so far (level
// 1's move if the search had not finished its first iteration).
package bombbot

import (
	"context"
	"slices"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/engine"
	"github.com/gambitchess/gambit/variant/bomb"
)

// Search bounds and scores.
const (
	mateScore = 30000 // a checkmate, less the plies to it
	infinity  = 32000
	lostScore = 20000 // what a blast that exposes the mover's own king costs
	nodeLimit = 10000 // level 2's search budget (see search)
	hashMB    = 1     // level 2's transposition table: 65,536 entries, room for the budget
)

// pieceValue is the material a blast destroys, by chess.PieceType, in
// centipawns (the king's is 0: kings survive blasts).
var pieceValue = [7]int{0, 100, 320, 330, 500, 950, 0}

// Choose returns the move the bot plays in pos at level (1 or 2; lower
// counts as 1, higher as 2), or chess.MoveNone when pos has no legal move.
// exploded are the mines that went off, knownSafe the squares known to hold
// no mine (bomb.Game.KnownSafe), minesLeft the number of mines not yet
// exploded: all public.
func Choose(ctx context.Context, pos chess.Position, exploded, knownSafe chess.Bitboard, minesLeft int, level int) chess.Move {
	var ml chess.MoveList
	pos.GenerateLegal(&ml)
	if ml.Len() == 0 {
		return chess.MoveNone
	}
	r := newRisk(exploded, knownSafe, minesLeft)
	best := chooseGreedy(&pos, &ml, r)
	if level < 2 {
		return best
	}
	if m, ok := search(ctx, &pos, &ml, r); ok {
		return m
	}
	return best
}

// search is level 2: the engine's search of pos within nodeLimit nodes,
// every legal move (ml) lowered by its risk at the root. ok is false when
// ctx ended before the first iteration was complete.
//
// The budget: 10,000 nodes take 3 to 4 times as long as the package's old
// three-ply alpha-beta (engine.BenchPositions: 320-390 ms against 75-120 ms
// for all 40), and against it scored +13 =23 -4 over 40 bomb-chess games
// from the start (20 seeds, both colours). 150,000 nodes (the old search's
// cap) scored +14 =13 -3 over 30 games at about 100 ms a move.
func search(ctx context.Context, pos *chess.Position, ml *chess.MoveList, r risk) (chess.Move, bool) {
	moves := slices.Clone(ml.Moves())
	penalties := make([]int, len(moves))
	for i, m := range moves {
		var child chess.Position
		pos.MakeMove(m, &child)
		penalties[i] = r.of(pos, &child, m)
	}
	opts := engine.DefaultOptions()
	opts.Threads, opts.Hash = 1, hashMB
	res := engine.New(opts).Search(ctx, *pos, nil, engine.Limits{Nodes: nodeLimit, SearchMoves: moves, RootPenalty: penalties}, nil)
	return res.BestMove, res.Depth >= 1 && res.BestMove != chess.MoveNone
}

// risk is what the public information says about where mines may be.
type risk struct {
	unknown   chess.Bitboard // squares that may hide a mine
	minesLeft int
}

func newRisk(exploded, knownSafe chess.Bitboard, minesLeft int) risk {
	return risk{unknown: bomb.MineZone &^ knownSafe &^ exploded, minesLeft: max(minesLeft, 0)}
}

// of returns the expected blast loss of move m, played in p with child as
// the result: zero on a square known safe, else the chance of a mine there
// times the blast's cost to the mover. Castling ends on the back rank,
// which is always safe.
func (r risk) of(p, child *chess.Position, m chess.Move) int {
	to := m.To()
	n := r.unknown.Count()
	if m.Kind() == chess.Castling || !r.unknown.Has(to) || r.minesLeft == 0 || n == 0 {
		return 0
	}
	us := p.SideToMove()
	cleared := bomb.BlastArea(to) & child.Occupied() &^ child.PiecesOfType(chess.King)
	after := *child
	after.RemovePieces(cleared)
	var loss int
	if after.AttackersOf(after.KingSquare(us), us.Other()) != 0 {
		loss = lostScore
	} else {
		loss = material(child, cleared&child.ByColor(us)) - material(child, cleared&child.ByColor(us.Other()))
	}
	return loss * min(r.minesLeft, n) / n
}

// material sums the values of the pieces of p on the squares of b.
func material(p *chess.Position, b chess.Bitboard) int {
	v := 0
	for b != 0 {
		v += pieceValue[p.PieceAt(b.PopFirst()).Type()]
	}
	return v
}

// chooseGreedy is level 1: the best static evaluation after the move, less
// its risk; a mate comes first, a stalemate scores 0. The first of equal
// moves (in generation order) wins.
func chooseGreedy(p *chess.Position, ml *chess.MoveList, r risk) chess.Move {
	best, bestScore := chess.MoveNone, -infinity-1
	for _, m := range ml.Moves() {
		var child chess.Position
		p.MakeMove(m, &child)
		var score int
		switch {
		case !child.HasLegalMove() && child.InCheck():
			score = mateScore - 1
		case !child.HasLegalMove():
			score = 0
		default:
			score = -engine.Evaluate(&child)
		}
		score -= r.of(p, &child, m)
		if score > bestScore {
			best, bestScore = m, score
		}
	}
	return best
}
