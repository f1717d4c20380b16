// Package banqibot is a computer player for banqi (package variant/banqi).
// It plays from the public position only (banqi.SightOf: the board and the
// pieces taken), which holds no face-down piece's identity, so its move
// cannot depend on one.
//
// The face-down pieces are a known multiset, the position's pool: the 32
// pieces less those face up and those taken. A flip is therefore a chance
// node, and the search an expectimax there: each kind of piece the flip
// may turn up, weighted by how many of it the pool holds, is searched with
// a full window, and the flip is worth the weighted mean. Elsewhere it is
// an alpha-beta negamax over steps and captures, with a captures-only
// quiescence search at the horizon. The evaluation is material (a
// face-down piece counts for the pool's mean, so flips change neither
// side's material) and a little mobility.
//
// Choose searches to the level's depth by iterative deepening, within a
// node limit (a flip multiplies the tree by up to 14), and is
// deterministic (moves in a fixed order, a node limit rather than a clock)
// unless ctx ends first; then it returns the best move of the last depth
// it finished, or the best found so far at depth 1.
package banqibot

import (
	"context"

	"github.com/gambitchess/gambit/variant/banqi"
)

// Search bounds and scores.
const (
	winScore   = 30000 // a won position, less the plies to it
	infinity   = 32000
	qDepth     = 8 // the longest capture sequence quiescence follows
	nodeLimit  = 400000
	checkEvery = 1024 // nodes between looks at ctx
	maxPly     = 64
)

// pieceValue by banqi.PieceType. Roughly what a piece may take against
// what may take it: the cannon takes anything and the advisor all but the
// general; the general, which soldiers take, is worth less than a free
// rook would be in chess; a soldier takes little but the general.
var pieceValue = [8]int{0, 600, 330, 160, 90, 60, 250, 40}

// mobilityWeight is the score of each step a face-up piece could take.
const mobilityWeight = 2

// Choose returns the move the bot plays in p at level (1 easy, a
// one-ply expectimax; 3 hard, three plies; others as many plies, from 1
// to 4), or banqi.MoveNone when the player to move has no legal move.
func Choose(ctx context.Context, p banqi.Position, level int) banqi.Move {
	m, _ := choose(ctx, &p, level)
	return m
}

// choose is Choose, also returning the nodes searched.
func choose(ctx context.Context, p *banqi.Position, level int) (banqi.Move, int) {
	level = min(max(level, 1), 4)
	var root banqi.MoveList
	p.GenerateLegal(&root)
	if root.Len() == 0 {
		return banqi.MoveNone, 0
	}
	moves := ordered(p, &root)
	sr := &searcher{ctx: ctx}
	best := moves.at(0)
	for depth := 1; depth <= level; depth++ {
		bestScore, bestMove := -infinity, banqi.MoveNone
		for i := range moves.n {
			m := moves.at(i)
			v := sr.after(p, m, depth, bestScore, infinity, 0)
			if sr.stopped {
				break
			}
			if v > bestScore {
				bestScore, bestMove = v, m
			}
		}
		if bestMove != banqi.MoveNone && (!sr.stopped || depth == 1) {
			best = bestMove
		}
		if sr.stopped {
			break
		}
	}
	return best, sr.nodes
}

// searcher holds one search's state.
type searcher struct {
	ctx     context.Context
	nodes   int
	stopped bool
}

// tick counts a node and reports whether the search must stop.
func (sr *searcher) tick() bool {
	sr.nodes++
	if sr.nodes >= nodeLimit {
		sr.stopped = true
	} else if sr.nodes%checkEvery == 0 && sr.ctx.Err() != nil {
		sr.stopped = true
	}
	return sr.stopped
}

// after returns the value of move m of p for the player to move in p,
// searched to depth plies in all: a flip as the mean over what it may turn
// up, anything else within (alpha, beta).
func (sr *searcher) after(p *banqi.Position, m banqi.Move, depth, alpha, beta, ply int) int {
	var child banqi.Position
	if !m.IsFlip() {
		p.MakeMove(m, &child)
		return -sr.search(&child, depth-1, -beta, -alpha, ply+1)
	}
	s := m.From()
	if id := p.Identity(s); id != banqi.NoPiece { // a true position, in tests
		p.MakeMove(m, &child)
		return -sr.search(&child, depth-1, -infinity, infinity, ply+1)
	}
	sum, weight := 0, 0
	for pc := banqi.Piece(1); pc < 16; pc++ {
		n := p.Pool(pc)
		if n == 0 {
			continue
		}
		p.MakeFlip(s, pc, &child)
		sum += n * -sr.search(&child, depth-1, -infinity, infinity, ply+1)
		weight += n
		if sr.stopped {
			break
		}
	}
	if weight == 0 {
		return 0
	}
	return sum / weight
}

// search is the negamax below the root: the value of p for its player to
// move, to depth plies, then quiescence.
func (sr *searcher) search(p *banqi.Position, depth, alpha, beta, ply int) int {
	if sr.tick() {
		return 0
	}
	if depth <= 0 || ply >= maxPly {
		return sr.quiesce(p, alpha, beta, ply, 0)
	}
	var ml banqi.MoveList
	p.GenerateLegal(&ml)
	if ml.Len() == 0 {
		return -winScore + ply
	}
	moves := ordered(p, &ml)
	best := -infinity
	for i := range moves.n {
		v := sr.after(p, moves.at(i), depth, max(alpha, best), beta, ply)
		if sr.stopped {
			return 0
		}
		if v > best {
			best = v
			if best >= beta {
				break
			}
		}
	}
	return best
}

// quiesce follows captures only, standing pat on the evaluation.
func (sr *searcher) quiesce(p *banqi.Position, alpha, beta, ply, qply int) int {
	var ml banqi.MoveList
	p.GenerateLegal(&ml)
	if ml.Len() == 0 {
		return -winScore + ply
	}
	stand := Evaluate(p)
	if stand >= beta || qply >= qDepth {
		return stand
	}
	alpha = max(alpha, stand)
	best := stand
	moves := ordered(p, &ml)
	var child banqi.Position
	for i := range moves.captures {
		if sr.tick() {
			return 0
		}
		p.MakeMove(moves.at(i), &child)
		v := -sr.quiesce(&child, -beta, -alpha, ply+1, qply+1)
		if v > best {
			best = v
			if v >= beta {
				break
			}
			alpha = max(alpha, v)
		}
	}
	return best
}

// orderedMoves is a move list sorted for the search: captures first, the
// most valuable victim first, then steps, then flips.
type orderedMoves struct {
	moves    [banqi.MaxMoves]banqi.Move
	n        int
	captures int // moves[:captures] are the captures
}

func (o *orderedMoves) at(i int) banqi.Move { return o.moves[i] }

// ordered sorts ml for the search, in a fixed order (insertion sort: the
// lists are short, and the sort must not allocate).
func ordered(p *banqi.Position, ml *banqi.MoveList) orderedMoves {
	var o orderedMoves
	var keys [banqi.MaxMoves]int
	for i := range ml.Len() {
		m := ml.At(i)
		k := 0
		switch v := p.PieceAt(m.To()); {
		case m.IsFlip():
			k = -1
		case v != banqi.NoPiece:
			k = 1000 + pieceValue[v.Type()]
			o.captures++
		}
		j := o.n
		for j > 0 && keys[j-1] < k {
			keys[j], o.moves[j] = keys[j-1], o.moves[j-1]
			j--
		}
		keys[j], o.moves[j] = k, m
		o.n++
	}
	return o
}

// Evaluate returns the static value of p for the player to move, in
// centipawn-like units: material, a face-down piece worth the mean of the
// pool's pieces of its colour share, and mobility. It is 0 before the
// first flip, when nobody has a colour.
func Evaluate(p *banqi.Position) int {
	us := p.ColorToMove()
	if us == banqi.NoColor {
		return 0
	}
	var score [2]int
	down := 0
	for s := banqi.Square(0); s < banqi.NumSquares; s++ {
		switch pc := p.PieceAt(s); {
		case pc == banqi.FaceDown:
			down++
		case pc.IsReal():
			score[pc.Color()] += pieceValue[pc.Type()] + mobilityWeight*steps(p, s)
		}
	}
	if down > 0 {
		var pooled [2]int
		total := 0
		for pc := banqi.Piece(1); pc < 16; pc++ {
			if n := p.Pool(pc); n > 0 {
				pooled[pc.Color()] += n * pieceValue[pc.Type()]
				total += n
			}
		}
		// The pool may hold more than lies face down (a position set up
		// with pieces taken before it): each face-down piece is a draw
		// from it.
		for c := range pooled {
			if total > 0 {
				score[c] += pooled[c] * down / total
			}
		}
	}
	return score[us] - score[us.Other()]
}

// steps counts the empty squares next to s.
func steps(p *banqi.Position, s banqi.Square) int {
	n := 0
	f, r := s.File(), s.Rank()
	if f > 0 && p.PieceAt(s-1) == banqi.NoPiece {
		n++
	}
	if f < banqi.NumFiles-1 && p.PieceAt(s+1) == banqi.NoPiece {
		n++
	}
	if r > 0 && p.PieceAt(s-banqi.NumFiles) == banqi.NoPiece {
		n++
	}
	if r < banqi.NumRanks-1 && p.PieceAt(s+banqi.NumFiles) == banqi.NoPiece {
		n++
	}
	return n
}
