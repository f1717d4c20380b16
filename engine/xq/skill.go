package xq

import (
	"github.com/gambitchess/gambit/xiangqi"
)

// weakSearch plays at a Skill Level below MaxSkill: it searches to a depth
// that grows with the level (1 at level 0, 5 at level 19), scores every
// root move with a full window at that depth, adds a deterministic
// pseudo-random bonus of up to 12 cp per missing level, and plays the best
// total. The bonus depends on Options.Seed and the position, so a given
// position and seed always give the same move.
func (w *worker) weakSearch(o Options, maxDepth int, b budget, onInfo func(Info)) Result {
	depth := min(1+o.SkillLevel/4, maxDepth)
	res := w.iterate(depth, b, onInfo)
	root := &w.stack[0]
	if n, _ := w.countRootMoves(); res.BestMove == xiangqi.MoveNone || n < 2 || w.stopped {
		return res
	}
	spread := uint64(12 * (MaxSkill - o.SkillLevel))
	rng := o.Seed ^ root.pos.Key()
	child := &w.stack[1]
	best, bestTotal := res.BestMove, -infinity*2
	for i := 0; i < root.ml.Len(); i++ {
		m := root.ml.At(i)
		if !w.rootAllowed(m) {
			continue
		}
		root.pos.MakeMove(m, &child.pos)
		child.inCheck = child.pos.InCheck()
		child.null = false
		w.push(1, child.pos.Key(), boolCheck(child.inCheck), m)
		v := -w.search(-infinity, infinity, depth-1, 1, false)
		if w.stopped {
			break
		}
		total := v + int(splitmix(&rng)%(spread+1))
		if total > bestTotal {
			best, bestTotal = m, total
		}
	}
	if best != res.BestMove {
		res.BestMove, res.Ponder, res.PV = best, xiangqi.MoveNone, []xiangqi.Move{best}
	}
	res.Nodes = w.nodes
	return res
}

// splitmix advances a splitmix64 generator.
func splitmix(x *uint64) uint64 {
	*x += 0x9e3779b97f4a7c15
	z := *x
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}
