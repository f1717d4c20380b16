// Package jieqibot is a computer player for jieqi (package variant/jieqi).
// It plays from its own sight only: Choose takes a jieqi.Sight, the public
// position with what the side knows of the pieces taken, which holds no
// identity of a face-down piece, so its move cannot depend on one.
//
// A face-down piece is worth the expected value of what it may be: the
// side's pieces that the sight cannot place (jieqi.Position.Unaccounted:
// the 15 a side starts with, less its face-up pieces on the board and its
// taken pieces of known type), each as likely as another. Those counts,
// taken at the root, also weigh the outcomes when a move in the search
// turns a face-down piece up: the search is an expectimax there (every
// type the piece may be, weighted by how many of it are unaccounted for,
// each searched with a full window) and an alpha-beta negamax elsewhere.
//
// Level 1 searches one ply, level 2 two plies, each followed by a
// captures-only quiescence search, with iterative deepening. Choose is
// deterministic (moves in a fixed order, a node limit rather than a
// clock) unless ctx ends first; then it returns the best move of the last
// finished depth, or the best found so far at depth 1.
package jieqibot

import (
	"context"

	"github.com/gambitchess/gambit/variant/jieqi"
	"github.com/gambitchess/gambit/xiangqi"
)

// Search bounds and scores.
const (
	mateScore  = 30000 // a lost position, less the plies to it
	infinity   = 32000
	qDepth     = 6 // the deepest capture sequence quiescence follows
	nodeLimit  = 150000
	checkEvery = 1024 // nodes between looks at ctx
)

// pieceValue by jieqi.PieceType, in centipawns. Advisors and elephants are
// worth more than in xiangqi: once face up they roam the board.
var pieceValue = [8]int{0, 0, 200, 220, 400, 900, 450, 100}

// crossedBonus is added to a soldier across the river.
const crossedBonus = 80

// Choose returns the move the bot plays from sight s at level (1 or 2;
// lower counts as 1, higher as 2), or jieqi.MoveNone when the side to move
// has no legal move.
func Choose(ctx context.Context, s jieqi.Sight, level int) jieqi.Move {
	m, _ := choose(ctx, s, level)
	return m
}

// choose is Choose, also returning the nodes searched.
func choose(ctx context.Context, s jieqi.Sight, level int) (jieqi.Move, int) {
	level = min(max(level, 1), 2)
	p := s.Position
	var ml jieqi.MoveList
	p.GenerateLegal(&ml)
	if ml.Len() == 0 {
		return jieqi.MoveNone, 0
	}
	sr := newSearcher(ctx, &p)
	root := ordered(&p, &ml)
	moves := root.moves[:root.n]
	best := moves[0]
	for depth := 1; depth <= level; depth++ {
		bestScore, bestMove := -infinity, jieqi.MoveNone
		for _, m := range moves {
			v := sr.after(&p, m, depth, bestScore, infinity, 1)
			if sr.stopped {
				break
			}
			if v > bestScore {
				bestScore, bestMove = v, m
			}
		}
		if bestMove != jieqi.MoveNone && (!sr.stopped || depth == 1) {
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
	weight  [2][8]int // by colour and type: the unaccounted pieces at the root
	total   [2]int
	hidden  [2]int // the expected value of a face-down piece, by colour
}

func newSearcher(ctx context.Context, p *jieqi.Position) *searcher {
	sr := &searcher{ctx: ctx}
	for c := jieqi.Red; c <= jieqi.Black; c++ {
		sr.weight[c] = p.Unaccounted(c)
		sum := 0
		for t, n := range sr.weight[c] {
			sr.total[c] += n
			sum += n * pieceValue[t]
		}
		if sr.total[c] > 0 {
			sr.hidden[c] = sum / sr.total[c]
		} else {
			sr.hidden[c] = pieceValue[jieqi.Horse]
		}
	}
	return sr
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

// after returns the score of move m in p for the side making it, searched
// depth-1 plies deeper (then quiescence when depth-1 is 0, or more
// quiescence when depth is negative). A face-down mover is a chance node.
func (sr *searcher) after(p *jieqi.Position, m jieqi.Move, depth, alpha, beta, ply int) int {
	var child jieqi.Position
	if !p.IsFaceDown(m.From()) {
		p.MakeMove(m, &child)
		return -sr.search(&child, depth-1, -beta, -alpha, ply)
	}
	us := p.SideToMove()
	if sr.total[us] == 0 {
		p.MakeMove(m, &child)
		return -sr.search(&child, depth-1, -infinity, infinity, ply)
	}
	sum := 0
	for t, n := range sr.weight[us] {
		if n == 0 {
			continue
		}
		p.MakeMoveReveal(m, jieqi.PieceType(t), &child)
		sum += n * -sr.search(&child, depth-1, -infinity, infinity, ply)
		if sr.stopped {
			break
		}
	}
	return sum / sr.total[us]
}

// search is negamax with alpha-beta; depth <= 0 is quiescence, down to
// -qDepth.
func (sr *searcher) search(p *jieqi.Position, depth, alpha, beta, ply int) int {
	if sr.tick() {
		return 0
	}
	var ml jieqi.MoveList
	if depth > 0 {
		p.GenerateLegal(&ml)
		if ml.Len() == 0 {
			return -mateScore + ply
		}
	} else {
		stand := sr.evaluate(p)
		if stand >= beta || depth <= -qDepth {
			return stand
		}
		if !p.HasLegalMove() {
			return -mateScore + ply
		}
		alpha = max(alpha, stand)
		p.Generate(jieqi.Captures, &ml)
	}
	best := -infinity
	if depth <= 0 {
		best = alpha
	}
	o := ordered(p, &ml)
	for _, m := range o.moves[:o.n] {
		v := sr.after(p, m, depth, alpha, beta, ply+1)
		if sr.stopped {
			return best
		}
		if v > best {
			best = v
		}
		if v > alpha {
			alpha = v
		}
		if alpha >= beta {
			break
		}
	}
	return best
}

// evaluate scores p for the side to move: material, a face-down piece at
// its side's expected value, and soldiers across the river.
func (sr *searcher) evaluate(p *jieqi.Position) int {
	var score [2]int
	for s := jieqi.Square(0); s < jieqi.NumSquares; s++ {
		pc := p.PieceAt(s)
		if pc == xiangqi.NoPiece {
			continue
		}
		c := pc.Color()
		if p.IsFaceDown(s) {
			score[c] += sr.hidden[c]
			continue
		}
		score[c] += pieceValue[pc.Type()]
		if pc.Type() == jieqi.Soldier && (c == jieqi.Red) == (s.Rank() >= 5) {
			score[c] += crossedBonus
		}
	}
	us := p.SideToMove()
	return score[us] - score[us.Other()]
}

// orderedMoves is a move list sorted for the search, on the stack.
type orderedMoves struct {
	moves [xiangqi.MaxMoves]jieqi.Move
	n     int
}

// ordered returns the moves of ml with captures first, the most valuable
// victim first (a face-down victim at the value of its point's piece),
// otherwise in generation order.
func ordered(p *jieqi.Position, ml *jieqi.MoveList) orderedMoves {
	var o orderedMoves
	var rank [xiangqi.MaxMoves]int
	o.n = ml.Len()
	for i := 0; i < o.n; i++ {
		m := ml.At(i)
		o.moves[i] = m
		if v := p.PieceAt(m.To()); v != xiangqi.NoPiece {
			rank[i] = 1000 + pieceValue[v.Type()] - pieceValue[p.PieceAt(m.From()).Type()]/10
		}
		for j := i; j > 0 && rank[j] > rank[j-1]; j-- {
			o.moves[j], o.moves[j-1] = o.moves[j-1], o.moves[j]
			rank[j], rank[j-1] = rank[j-1], rank[j]
		}
	}
	return o
}
