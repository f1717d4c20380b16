package bombbot

import (
	"context"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/engine"
)

// searcher is level 2's alpha-beta search: plain chess below the root, a
// bounded number of nodes, and ctx polled every checkEvery nodes.
type searcher struct {
	ctx     context.Context
	nodes   int
	stopped bool
}

// root searches every root move in generation order, each scored by the
// search less its risk, and returns the best. ok is false when the search
// stopped (ctx ended) before it could score the first move.
func (s *searcher) root(p *chess.Position, ml *chess.MoveList, r risk) (chess.Move, bool) {
	moves := ordered(p, ml)
	best, bestScore := chess.MoveNone, -infinity-1
	for _, m := range moves {
		var child chess.Position
		p.MakeMove(m, &child)
		rk := r.of(p, &child, m)
		// The move is better only if its search result beats bestScore + rk.
		alpha := max(bestScore+rk, -infinity)
		score := -s.negamax(&child, depth2-1, 1, -infinity, -alpha) - rk
		if s.stopped {
			break
		}
		if score > bestScore {
			best, bestScore = m, score
		}
	}
	return best, best != chess.MoveNone
}

// poll counts a node and reports whether the search must stop: the node
// budget is spent (deterministic) or ctx ended.
func (s *searcher) poll() bool {
	s.nodes++
	if s.nodes >= nodeLimit {
		s.stopped = true
	}
	if s.nodes%checkEvery == 0 && s.ctx.Err() != nil {
		s.stopped = true
	}
	return s.stopped
}

// negamax returns the score of p for the side to move, searching depth
// plies and then captures; ply counts from the root for mate distances.
func (s *searcher) negamax(p *chess.Position, depth, ply, alpha, beta int) int {
	if s.poll() {
		return 0
	}
	if depth <= 0 {
		return s.quiesce(p, ply, 0, alpha, beta)
	}
	var ml chess.MoveList
	p.GenerateLegal(&ml)
	if ml.Len() == 0 {
		if p.InCheck() {
			return -mateScore + ply
		}
		return 0
	}
	if p.HalfmoveClock() >= 150 {
		return 0
	}
	best := -infinity
	for _, m := range ordered(p, &ml) {
		var child chess.Position
		p.MakeMove(m, &child)
		score := -s.negamax(&child, depth-1, ply+1, -beta, -max(alpha, best))
		if s.stopped {
			return 0
		}
		if score > best {
			best = score
			if best >= beta {
				break
			}
		}
	}
	return best
}

// quiesce searches captures only (every legal move when in check), with the
// static evaluation as the score of standing pat, to qDepth plies.
func (s *searcher) quiesce(p *chess.Position, ply, qply, alpha, beta int) int {
	var ml chess.MoveList
	inCheck := p.InCheck()
	if inCheck {
		p.GenerateLegal(&ml)
		if ml.Len() == 0 {
			return -mateScore + ply
		}
	}
	best := -infinity
	if !inCheck {
		best = engine.Evaluate(p)
		if best >= beta || qply >= qDepth {
			return best
		}
		p.Generate(chess.Captures, &ml)
	}
	for _, m := range ordered(p, &ml) {
		if s.poll() {
			return 0
		}
		var child chess.Position
		p.MakeMove(m, &child)
		score := -s.quiesce(&child, ply+1, qply+1, -beta, -max(alpha, best))
		if s.stopped {
			return 0
		}
		if score > best {
			best = score
			if best >= beta {
				break
			}
		}
	}
	return best
}

// ordered returns the moves of ml with captures first, the most valuable
// victim first and then the least valuable attacker (MVV-LVA), other moves
// after them in generation order. The sort is stable, so the order, like the
// search, is the same on every run.
func ordered(p *chess.Position, ml *chess.MoveList) []chess.Move {
	moves := make([]chess.Move, ml.Len())
	keys := make([]int, ml.Len())
	for i, m := range ml.Moves() {
		moves[i] = m
		if victim := p.PieceAt(m.To()); victim != chess.NoPiece && m.Kind() != chess.Castling {
			keys[i] = 10*pieceValue[victim.Type()] - pieceValue[p.PieceAt(m.From()).Type()] + 10000
		} else if m.Kind() == chess.EnPassant || m.Promotion() == chess.Queen {
			keys[i] = 10 * pieceValue[chess.Pawn]
		}
	}
	// Insertion sort on the keys, largest first: stable and short lists.
	for i := 1; i < len(moves); i++ {
		for j := i; j > 0 && keys[j] > keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
			moves[j], moves[j-1] = moves[j-1], moves[j]
		}
	}
	return moves
}
