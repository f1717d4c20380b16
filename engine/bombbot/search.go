package bombbot

import (
	"context"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/engine"
)

// maxPly bounds the plies from the root: the full-width plies, then the
// quiescence search's.
const maxPly = depth2 + qDepth + 1

// searcher is level 2's alpha-beta search: plain chess below the root, a
// bounded number of nodes, and ctx polled every checkEvery nodes. The
// position after a move at ply i is made in stack[i] (copy-make into a slot
// the searcher owns), so the search allocates nothing per node.
type searcher struct {
	ctx     context.Context
	nodes   int
	stopped bool
	stack   [maxPly]chess.Position
}

// root searches every root move in generation order, each scored by the
// search less its risk, and returns the best. ok is false when the search
// stopped (ctx ended) before it could score the first move.
func (s *searcher) root(p *chess.Position, ml *chess.MoveList, r risk) (chess.Move, bool) {
	var om orderedMoves
	om.fill(p, ml)
	best, bestScore := chess.MoveNone, -infinity-1
	for _, m := range om.list() {
		child := &s.stack[0]
		p.MakeMove(m, child)
		rk := r.of(p, child, m)
		// The move is better only if its search result beats bestScore + rk.
		alpha := max(bestScore+rk, -infinity)
		score := -s.negamax(child, depth2-1, 1, -infinity, -alpha) - rk
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
	var om orderedMoves
	om.fill(p, &ml)
	for _, m := range om.list() {
		child := &s.stack[ply]
		p.MakeMove(m, child)
		score := -s.negamax(child, depth-1, ply+1, -beta, -max(alpha, best))
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
// static evaluation as the score of standing pat, to qDepth plies; there,
// even a side in check gets the static evaluation.
func (s *searcher) quiesce(p *chess.Position, ply, qply, alpha, beta int) int {
	var ml chess.MoveList
	inCheck := p.InCheck()
	if inCheck {
		p.GenerateLegal(&ml)
		if ml.Len() == 0 {
			return -mateScore + ply
		}
	}
	if qply >= qDepth {
		return engine.Evaluate(p)
	}
	best := -infinity
	if !inCheck {
		best = engine.Evaluate(p)
		if best >= beta {
			return best
		}
		p.Generate(chess.Captures, &ml)
	}
	var om orderedMoves
	om.fill(p, &ml)
	for _, m := range om.list() {
		if s.poll() {
			return 0
		}
		child := &s.stack[ply]
		p.MakeMove(m, child)
		score := -s.quiesce(child, ply+1, qply+1, -beta, -max(alpha, best))
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

// orderedMoves is a move list sorted for the search: captures first, the
// most valuable victim first and then the least valuable attacker
// (MVV-LVA), other moves after them in generation order. The sort is
// stable, so the order, like the search, is the same on every run. It lives
// on the caller's stack: the search allocates nothing per node.
type orderedMoves struct {
	moves [256]chess.Move
	keys  [256]int
	n     int
}

// fill sorts the moves of ml, legal in p, into o.
func (o *orderedMoves) fill(p *chess.Position, ml *chess.MoveList) {
	o.n = ml.Len()
	for i, m := range ml.Moves() {
		key := 0
		if victim := p.PieceAt(m.To()); victim != chess.NoPiece && m.Kind() != chess.Castling {
			key = 10*pieceValue[victim.Type()] - pieceValue[p.PieceAt(m.From()).Type()] + 10000
		} else if m.Kind() == chess.EnPassant || m.Promotion() == chess.Queen {
			key = 10 * pieceValue[chess.Pawn]
		}
		// Insertion sort, largest key first, equal keys in arrival order.
		j := i
		for ; j > 0 && key > o.keys[j-1]; j-- {
			o.moves[j], o.keys[j] = o.moves[j-1], o.keys[j-1]
		}
		o.moves[j], o.keys[j] = m, key
	}
}

// list returns the sorted moves.
func (o *orderedMoves) list() []chess.Move { return o.moves[:o.n] }
