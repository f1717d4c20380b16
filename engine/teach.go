package engine

import "github.com/gambitchess/gambit/chess"

// Algorithm names a search algorithm. The teaching algorithms are real,
// separate searches, written as plainly as the textbook versions, so that a
// learner can compare their move choice and node counts with the full search.
type Algorithm string

// The algorithms, from simplest to strongest.
const (
	// AlgorithmGreedy plays the move that wins the most material at once
	// (ties broken by the evaluation after the move): one ply, no lookahead.
	AlgorithmGreedy Algorithm = "greedy"
	// AlgorithmMinimax is fixed-depth minimax with separate maximising
	// (White) and minimising (Black) functions and no pruning at all.
	AlgorithmMinimax Algorithm = "minimax"
	// AlgorithmNegamax is the same search written as negamax: one function,
	// scores negated at each ply. It visits exactly the nodes minimax visits.
	AlgorithmNegamax Algorithm = "negamax"
	// AlgorithmAlphaBeta is plain fail-hard alpha-beta over negamax, moves in
	// generation order: the same result as minimax with far fewer nodes.
	AlgorithmAlphaBeta Algorithm = "alphabeta"
	// AlgorithmFull is the engine's real search.
	AlgorithmFull Algorithm = "full"
)

func algorithmNames() []string {
	return []string{string(AlgorithmGreedy), string(AlgorithmMinimax), string(AlgorithmNegamax), string(AlgorithmAlphaBeta), string(AlgorithmFull)}
}

func (a Algorithm) valid() bool {
	for _, n := range algorithmNames() {
		if string(a) == n {
			return true
		}
	}
	return false
}

// Default depths of the teaching algorithms when Limits.Depth is 0.
const (
	defaultTeachDepth     = 3
	defaultAlphaBetaDepth = 4
)

// teacher holds the state of one teaching search.
type teacher struct {
	e       *Engine
	nodes   uint64
	limit   uint64
	aborted bool
}

func (t *teacher) tick() bool {
	t.nodes++
	if t.nodes >= t.limit {
		t.aborted = true
	}
	if t.nodes&1023 == 0 {
		if t.e.sh.stop.Load() || t.e.timed && !t.e.pondering.Load() && t.e.elapsed() >= t.e.hard {
			t.aborted = true
		}
	}
	return t.aborted
}

// teach runs a teaching algorithm by iterative deepening up to its depth
// (so that it can play on a clock) and reports each completed depth.
func (e *Engine) teach(a Algorithm, pos chess.Position, moves []chess.Move, limits Limits, onInfo func(Info)) Result {
	t := &teacher{e: e, limit: e.sh.nodeLimit}
	maxDepth := limits.Depth
	if maxDepth <= 0 {
		maxDepth = defaultTeachDepth
		if a == AlgorithmAlphaBeta {
			maxDepth = defaultAlphaBetaDepth
		}
	}
	if a == AlgorithmGreedy {
		maxDepth = 1
	}
	res := Result{BestMove: moves[0]}
	for depth := 1; depth <= maxDepth; depth++ {
		m, score := t.root(a, &pos, moves, depth)
		if t.aborted {
			break
		}
		if a == AlgorithmGreedy {
			score = greedyReport(score)
		}
		res.BestMove, res.Score, res.Depth = m, Score(score), depth
		el := e.elapsed()
		nps := uint64(0)
		if el > 0 {
			nps = uint64(float64(t.nodes) / el.Seconds())
		}
		onInfo(Info{Depth: depth, SelDepth: depth, MultiPV: 1, Score: res.Score, Bound: BoundExact,
			Nodes: t.nodes, NPS: nps, Time: el, PV: []chess.Move{m}})
		if e.timed && el >= e.soft/2 {
			break
		}
	}
	res.Nodes = t.nodes
	return res
}

// root returns the best root move and its score (side to move's view).
func (t *teacher) root(a Algorithm, p *chess.Position, moves []chess.Move, depth int) (chess.Move, int) {
	best, bestScore := moves[0], -infinity
	alpha := -infinity
	for _, m := range moves {
		var child chess.Position
		p.MakeMove(m, &child)
		var score int
		switch a {
		case AlgorithmGreedy:
			score = greedyScore(p, &child, m)
			t.nodes++
		case AlgorithmMinimax:
			if child.SideToMove() == chess.White {
				score = t.maxValue(&child, depth-1, 1)
			} else {
				score = t.minValue(&child, depth-1, 1)
			}
			if p.SideToMove() == chess.Black {
				score = -score
			}
		case AlgorithmNegamax:
			score = -t.negamax(&child, depth-1, 1)
		case AlgorithmAlphaBeta:
			score = -t.alphaBeta(&child, -infinity, -alpha, depth-1, 1)
		}
		if t.aborted {
			return best, bestScore
		}
		if score > bestScore {
			best, bestScore = m, score
		}
		alpha = max(alpha, score)
	}
	return best, bestScore
}

// Greedy ranking: a mate outranks any material, material outranks the
// evaluation, which only breaks ties (clamped so it never outweighs 1 cp).
const (
	greedyScale   = 4096
	greedyMateKey = 1 << 40
)

// greedyScore ranks m for the greedy level: greedyMateKey for a mate, else
// the material m wins at once times greedyScale, less the opponent's
// evaluation after it as a tie-break.
func greedyScore(p, child *chess.Position, m chess.Move) int {
	if child.InCheck() && !child.HasLegalMove() {
		return greedyMateKey
	}
	gain := seeValue[capturedType(p, m)]
	if pt := m.Promotion(); pt != chess.NoPieceType {
		gain += seeValue[pt] - seeValue[chess.Pawn]
	}
	tieBreak := max(min(Evaluate(child), greedyScale/2-1), -(greedyScale/2 - 1))
	return gain*greedyScale - tieBreak
}

// greedyReport turns a greedy ranking into the score people see: mate in
// one, or the material won in centipawns.
func greedyReport(key int) int {
	if key == greedyMateKey {
		return Mate - 1
	}
	return (key + greedyScale/2) / greedyScale
}

// maxValue is minimax's node where White moves: the maximum over the children.
func (t *teacher) maxValue(p *chess.Position, depth, ply int) int {
	if t.tick() {
		return 0
	}
	if depth == 0 {
		return whiteView(p, leaf(p, ply))
	}
	var ml chess.MoveList
	p.GenerateLegal(&ml)
	if ml.Len() == 0 {
		return whiteView(p, noMoveScore(p, ply))
	}
	best := -infinity
	for _, m := range ml.Moves() {
		var child chess.Position
		p.MakeMove(m, &child)
		best = max(best, t.minValue(&child, depth-1, ply+1))
	}
	return best
}

// minValue is minimax's node where Black moves: the minimum over the children.
func (t *teacher) minValue(p *chess.Position, depth, ply int) int {
	if t.tick() {
		return 0
	}
	if depth == 0 {
		return whiteView(p, leaf(p, ply))
	}
	var ml chess.MoveList
	p.GenerateLegal(&ml)
	if ml.Len() == 0 {
		return whiteView(p, noMoveScore(p, ply))
	}
	best := infinity
	for _, m := range ml.Moves() {
		var child chess.Position
		p.MakeMove(m, &child)
		best = min(best, t.maxValue(&child, depth-1, ply+1))
	}
	return best
}

// leaf is the side-to-move evaluation of a leaf, or the mate/stalemate score.
func leaf(p *chess.Position, ply int) int {
	if !p.HasLegalMove() {
		return noMoveScore(p, ply)
	}
	return Evaluate(p)
}

// noMoveScore is the side-to-move score of a position without legal moves:
// mated (the sooner, the worse) or stalemate.
func noMoveScore(p *chess.Position, ply int) int {
	if p.InCheck() {
		return -Mate + ply
	}
	return 0
}

// whiteView turns a side-to-move score into White's point of view, the
// convention of minimax.
func whiteView(p *chess.Position, v int) int {
	if p.SideToMove() == chess.Black {
		return -v
	}
	return v
}

// negamax is minimax in one function: a node's value is the maximum of the
// negated values of its children.
func (t *teacher) negamax(p *chess.Position, depth, ply int) int {
	if t.tick() {
		return 0
	}
	if depth == 0 {
		return leaf(p, ply)
	}
	var ml chess.MoveList
	p.GenerateLegal(&ml)
	if ml.Len() == 0 {
		return noMoveScore(p, ply)
	}
	best := -infinity
	for _, m := range ml.Moves() {
		var child chess.Position
		p.MakeMove(m, &child)
		best = max(best, -t.negamax(&child, depth-1, ply+1))
	}
	return best
}

// alphaBeta is fail-hard alpha-beta: once a move refutes the opponent's last
// choice (score >= beta), the remaining moves cannot matter and are skipped.
func (t *teacher) alphaBeta(p *chess.Position, alpha, beta, depth, ply int) int {
	if t.tick() {
		return 0
	}
	if depth == 0 {
		return leaf(p, ply)
	}
	var ml chess.MoveList
	p.GenerateLegal(&ml)
	if ml.Len() == 0 {
		return noMoveScore(p, ply)
	}
	for _, m := range ml.Moves() {
		var child chess.Position
		p.MakeMove(m, &child)
		score := -t.alphaBeta(&child, -beta, -alpha, depth-1, ply+1)
		if score >= beta {
			return beta
		}
		alpha = max(alpha, score)
	}
	return alpha
}
