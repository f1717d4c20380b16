package xq

import (
	"slices"
	"time"

	"github.com/gambitchess/gambit/xiangqi"
)

// Aspiration window parameters.
const (
	aspirationDepth = 4  // full window below this depth
	aspirationDelta = 25 // first half-width in centipawns
)

// softFrac is the fraction (in tenths) of the soft limit after which no
// new iteration starts: the next one would most likely not finish.
const softFrac = 6

// iterate runs iterative deepening from depth 1 to maxDepth within the
// budget and returns the result of the last completed iteration (or, if
// even the first was cut short, the best move found so far). With MultiPV
// each iteration searches the root once a line, each line without the
// moves of the lines before it, and reports the lines best first.
func (w *worker) iterate(maxDepth int, b budget, onInfo func(Info)) Result {
	root := &w.stack[0]
	root.pos.GenerateLegal(&root.ml)
	if root.ml.Len() == 0 {
		return Result{Score: Score(matedIn(0))}
	}
	n, first := w.countRootMoves()
	if n == 0 {
		return Result{} // Limits.SearchMoves holds no legal move
	}
	k := min(max(w.multiPV, 1), n)
	if cap(w.lines) < k {
		w.lines = make([]line, k)
	}
	w.lines = w.lines[:k]
	for i := range w.lines {
		w.lines[i].depth, w.lines[i].pvLen = 0, 0 // an earlier search's lines hint at no move here
	}
	res := Result{BestMove: first, Depth: 0}
	for depth := 1; depth <= maxDepth; depth++ {
		w.rootDepth = depth
		done := w.searchLines(depth)
		if done == 0 {
			if res.Depth == 0 && root.pvLen > 0 {
				res.BestMove = root.pv[0]
			}
			break
		}
		if done < len(w.lines) {
			// Cut short after the best line: it is this depth's and plays,
			// but the lines are left as the iteration before reported
			// them, not a mix of two depths.
			res = w.result(&w.lines[0])
			break
		}
		// Stable: a later line that scored the same stays below.
		slices.SortStableFunc(w.lines, func(a, b line) int { return b.score - a.score })
		res = w.result(&w.lines[0])
		if onInfo != nil {
			for i := range w.lines {
				onInfo(w.info(&w.lines[i], i+1))
			}
		}
		score := w.lines[0].score
		if w.mate > 0 && Score(score).IsMate() && score > 0 && Score(score).MateIn() <= w.mate {
			break // Limits.Mate: the mate asked for is found
		}
		if b.soft > 0 && (time.Since(w.start) >= b.soft*softFrac/10 || n == 1) {
			break // out of time, or a forced move: keep the clock for later
		}
		if Score(score).IsMate() && depth >= 2*(Mate-abs(score))+4 && b.soft > 0 {
			break // a mate found with plenty of depth to spare: it will not change
		}
	}
	res.Nodes = w.nodes
	return res
}

// searchLines searches the root at depth once for each of w.lines, each
// without the first moves of the lines before it, keeping each line's
// score and PV; it returns how many it completed before a stop. Each line
// is searched around its score of the iteration before.
func (w *worker) searchLines(depth int) int {
	root := &w.stack[0]
	w.nExcluded = 0
	defer func() { w.nExcluded = 0 }() // a weak level then picks among every move
	for i := range w.lines {
		w.selDepth = 0
		v := w.aspiration(depth, w.lines[i].score)
		if w.stopped || root.pvLen == 0 {
			return i
		}
		l := &w.lines[i]
		l.score, l.depth, l.selDepth = v, depth, w.selDepth
		l.pvLen = copy(l.pv[:], root.pv[:root.pvLen])
		w.excluded[w.nExcluded] = l.pv[0]
		w.nExcluded++
	}
	return len(w.lines)
}

// countRootMoves returns the number of root moves the search may play
// and the first of them, from the legal moves in w.stack[0].ml.
func (w *worker) countRootMoves() (n int, first xiangqi.Move) {
	root := &w.stack[0]
	for i := 0; i < root.ml.Len(); i++ {
		if m := root.ml.At(i); w.rootAllowed(m) {
			if n == 0 {
				first = m
			}
			n++
		}
	}
	return n, first
}

// aspiration searches the root at depth with a window around the previous
// score, widening it on each fail until the score falls inside.
func (w *worker) aspiration(depth, prev int) int {
	alpha, beta := -infinity, infinity
	delta := aspirationDelta
	if depth >= aspirationDepth && abs(prev) < MateInMaxPly {
		alpha, beta = max(prev-delta, -infinity), min(prev+delta, infinity)
	}
	for {
		v := w.search(alpha, beta, depth, 0, false)
		if w.stopped {
			return v
		}
		switch {
		case v <= alpha:
			beta = (alpha + beta) / 2
			alpha = max(v-delta, -infinity)
		case v >= beta:
			beta = min(v+delta, infinity)
		default:
			return v
		}
		delta += delta
		if delta > 1000 {
			alpha, beta = -infinity, infinity
		}
	}
}

// result builds the Result of a completed iteration from its best line.
func (w *worker) result(l *line) Result {
	pv := slices.Clone(l.pv[:l.pvLen])
	res := Result{Score: Score(l.score), Depth: l.depth, SelDepth: l.selDepth, Nodes: w.nodes, PV: pv}
	if len(pv) > 0 {
		res.BestMove = pv[0]
	}
	if len(pv) > 1 {
		res.Ponder = pv[1]
	} else if len(pv) == 1 {
		res.Ponder = w.ponderFromTT(pv[0])
	}
	return res
}

// ponderFromTT returns the hash move of the position after m, if legal.
func (w *worker) ponderFromTT(m xiangqi.Move) xiangqi.Move {
	var child xiangqi.Position
	w.stack[0].pos.MakeMove(m, &child)
	if d, ok := w.tt.Probe(child.Key()); ok && d.Move != xiangqi.MoveNone && child.IsLegal(d.Move) {
		return d.Move
	}
	return xiangqi.MoveNone
}

// info builds the progress report of line l, the rank-th best.
func (w *worker) info(l *line, rank int) Info {
	el := time.Since(w.start)
	nps := uint64(0)
	if el > 0 {
		nps = uint64(float64(w.nodes) / el.Seconds())
	}
	return Info{Depth: l.depth, SelDepth: l.selDepth, Score: Score(l.score), Bound: BoundExact, Nodes: w.nodes,
		NPS: nps, HashFull: w.tt.Hashfull(), Time: el, PV: slices.Clone(l.pv[:l.pvLen]), MultiPV: rank}
}
