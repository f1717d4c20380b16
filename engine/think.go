package engine

import (
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"github.com/gambitchess/gambit/chess"
)

// searchFull runs the full-strength search (iterative deepening, aspiration
// windows, Lazy SMP), weakened afterwards by the skill level if one is set.
func (e *Engine) searchFull(pos chess.Position, history []uint64, moves []chess.Move, limits Limits, opts Options, onInfo func(Info)) Result {
	e.tt.NewSearch()
	n := opts.Threads
	e.ensureWorkers(n)
	e.nthreads = n

	multiPV := opts.MultiPV
	if limits.MultiPV > 0 {
		multiPV = limits.MultiPV
	}
	reported := min(multiPV, len(moves)) // lines shown; a weak level may search more
	maxDepth := MaxPly - 1
	if limits.Depth > 0 {
		maxDepth = min(limits.Depth, maxDepth)
	}
	sk := skillFor(opts)
	if sk.enabled() {
		multiPV = max(multiPV, sk.multiPV())
		maxDepth = min(maxDepth, sk.depth())
	}
	multiPV = min(multiPV, len(moves))

	for i := 0; i < n; i++ {
		w := e.workers[i]
		w.prepare(pos, history, moves)
		w.setPenalties(limits.SearchMoves, limits.RootPenalty)
	}
	var wg sync.WaitGroup
	for i := 1; i < n; i++ {
		wg.Add(1)
		go func(w *worker) {
			defer wg.Done()
			w.iterate(maxDepth, 1, 0, nil)
		}(e.workers[i])
	}
	main := e.workers[0]
	main.iterate(maxDepth, multiPV, reported, onInfo)
	e.sh.stop.Store(true)
	wg.Wait()

	best := &main.rootMoves[0]
	res := Result{
		BestMove: best.move,
		Score:    Score(best.score),
		Depth:    main.completed,
		Nodes:    e.totalNodes(n),
	}
	if best.score == -infinity {
		res.Score = Score(best.lastScore)
	}
	if len(best.pv) > 1 {
		res.Ponder = best.pv[1]
	}
	if sk.enabled() {
		m := sk.pick(main.rootMoves[:multiPV], opts.Seed^pos.Key())
		if m != res.BestMove {
			res.BestMove, res.Ponder = m, chess.MoveNone
			if rm := main.rootMove(m); len(rm.pv) > 1 {
				res.Ponder = rm.pv[1]
			}
		}
	}
	return res
}

// prepare readies a worker for a new search from pos.
func (w *worker) prepare(pos chess.Position, history []uint64, moves []chess.Move) {
	w.sh = w.e.sh
	w.nodes = 0
	w.shared.Store(0)
	w.aborted = false
	w.completed = 0
	w.selDepth = 0
	w.pvIdx = 0
	w.stack[0].pos = pos
	w.stack[0].move = chess.MoveNone
	w.stack[0].killers = [2]chess.Move{}
	w.stack[1].killers = [2]chess.Move{}
	if len(history) > maxGameKeys {
		history = history[len(history)-maxGameKeys:]
	}
	w.gameN = copy(w.keys[:], history)
	w.keys[w.gameN] = pos.Key()
	w.rootMoves = w.rootMoves[:0]
	for _, m := range moves {
		w.rootMoves = append(w.rootMoves, rootMove{move: m, score: -infinity, prevScore: -infinity, lastScore: -infinity, pv: make([]chess.Move, 0, MaxPly)})
	}
	// Initial order: the move-ordering heuristics, hash move first.
	var ml chess.MoveList
	for _, m := range moves {
		ml.Add(m)
	}
	hashMove := chess.MoveNone
	if tte, ok := w.e.tt.Probe(pos.Key()); ok {
		hashMove = tte.Move
	}
	cnt := w.scoreMoves(0, &ml, &w.stack[0].moves, hashMove)
	order := w.stack[0].moves[:cnt]
	slices.SortStableFunc(order, func(a, b ScoredMove) int { return int(b.Score) - int(a.Score) })
	for i, sm := range order {
		w.rootMoves[i].move = sm.Move
	}
}

// setPenalties gives each root move the penalty of its index in moves
// (Limits.RootPenalty); no penalty when penalties is nil.
func (w *worker) setPenalties(moves []chess.Move, penalties []int) {
	w.penalties = false
	for i := range w.rootMoves {
		rm := &w.rootMoves[i]
		rm.penalty = 0
		if j := slices.Index(moves, rm.move); j >= 0 && j < len(penalties) {
			rm.penalty = min(max(penalties[j], 0), Mate)
			w.penalties = w.penalties || rm.penalty != 0
		}
	}
}

// iterate is iterative deepening. Helper workers (id > 0) start one ply
// deeper on odd ids so the threads spread over depths (Lazy SMP); they share
// only the transposition table.
func (w *worker) iterate(maxDepth, multiPV, reported int, onInfo func(Info)) {
	e := w.e
	w.reported = reported
	prevBest := chess.MoveNone
	instability := 0.0
	start := 1
	if w.id > 0 {
		start += w.id & 1
	}
	for depth := start; depth <= maxDepth && !w.aborted; depth++ {
		w.rootDepth = depth
		for i := range w.rootMoves {
			w.rootMoves[i].prevScore = w.rootMoves[i].score
		}
		for w.pvIdx = 0; w.pvIdx < multiPV && !w.aborted; w.pvIdx++ {
			w.selDepth = 0
			w.aspiration(depth, onInfo)
			slices.SortStableFunc(w.rootMoves[:w.pvIdx+1], byScore)
		}
		if w.aborted {
			break
		}
		w.completed = depth
		if w.id != 0 {
			continue
		}
		for i := 0; i < reported; i++ {
			onInfo(e.info(w, i, depth, BoundExact))
		}

		// Stop conditions checked between iterations.
		best := &w.rootMoves[0]
		if best.move != prevBest {
			instability += 1
		}
		instability *= 0.5
		prevBest = best.move
		if l := e.limits; l.Mate > 0 && Score(best.score).IsMate() && best.score > 0 && Score(best.score).MateIn() <= l.Mate && !l.Infinite {
			break
		}
		if e.timed && !e.pondering.Load() {
			optimum := time.Duration(float64(e.soft) * (0.7 + instability))
			if e.limits.MoveTime > 0 {
				optimum = e.hard // a fixed move time is used in full
			} else if len(w.rootMoves) == 1 {
				optimum = e.soft / 8
			}
			if e.elapsed() >= min(optimum, e.hard) {
				break
			}
		}
	}
	w.shared.Store(w.nodes)
}

func byScore(a, b rootMove) int { return b.score - a.score }

// aspiration searches the root at depth with a window around the previous
// score, widening it on failure.
func (w *worker) aspiration(depth int, onInfo func(Info)) {
	e := w.e
	prev := w.rootMoves[w.pvIdx].prevScore
	alpha, beta := -infinity, infinity
	delta := 20
	if depth >= 4 && prev > -infinity && prev < MateInMaxPly && prev > -MateInMaxPly {
		alpha, beta = max(prev-delta, -infinity), min(prev+delta, infinity)
	}
	for {
		for i := w.pvIdx; i < len(w.rootMoves); i++ {
			w.rootMoves[i].score = -infinity
		}
		score := w.search(alpha, beta, depth, 0, false)
		slices.SortStableFunc(w.rootMoves[w.pvIdx:], byScore)
		if w.aborted {
			return
		}
		switch {
		case score <= alpha:
			if w.id == 0 && w.pvIdx < w.reported && e.elapsed() > 3*time.Second {
				onInfo(e.info(w, w.pvIdx, depth, BoundUpper))
			}
			beta = (alpha + beta) / 2
			alpha = max(score-delta, -infinity)
		case score >= beta:
			if w.id == 0 && w.pvIdx < w.reported && e.elapsed() > 3*time.Second {
				onInfo(e.info(w, w.pvIdx, depth, BoundLower))
			}
			beta = min(score+delta, infinity)
		default:
			return
		}
		delta += delta / 2
	}
}

// info builds the report of principal variation i.
func (e *Engine) info(w *worker, i, depth int, bound Bound) Info {
	rm := &w.rootMoves[i]
	score := rm.score
	d := depth
	if score == -infinity {
		score, d = rm.lastScore, max(depth-1, 1)
	}
	el := e.elapsed()
	nodes := e.totalNodes(e.nthreads)
	nps := uint64(0)
	if el > 0 {
		nps = uint64(float64(nodes) / el.Seconds())
	}
	return Info{
		Depth: d, SelDepth: max(rm.selDepth, d), MultiPV: i + 1, Score: Score(score), Bound: bound,
		Nodes: nodes, NPS: nps, HashFull: e.tt.Hashfull(), Time: el, PV: slices.Clone(rm.pv),
	}
}

// skill is a strength limit: a shallow search plus a deliberate error drawn
// from a seeded source, so weak levels are reproducible.
type skill struct{ level int }

func skillFor(o Options) skill {
	if o.LimitStrength {
		lvl := (o.Elo - EloMin) * 20 / (EloMax - EloMin)
		return skill{max(min(lvl, 20), 0)}
	}
	return skill{o.SkillLevel}
}

func (s skill) enabled() bool { return s.level < 20 }

// depth is the search depth of the level: 1 ply at level 0, 10 at level 19.
func (s skill) depth() int { return 1 + s.level/2 }

// multiPV is how many root moves the level scores to choose among.
func (s skill) multiPV() int {
	if s.level < 10 {
		return 256 // every move: a beginner considers anything
	}
	return 4
}

// pick chooses among the scored moves: each score gets a random bonus of up
// to 25 cp per level below 20, and 60 cp more per level below 5, so level 0
// (800 cp) often gives away a piece: TestLowestLevelIsBeatable checks that a
// beginner who only looks at the opponent's reply beats it.
func (s skill) pick(moves []rootMove, seed uint64) chess.Move {
	rng := rand.New(rand.NewPCG(seed, 0x5851F42D4C957F2D))
	noise := 25*(20-s.level) + 60*max(5-s.level, 0)
	best, bestVal := moves[0].move, -1<<30
	for _, rm := range moves {
		sc := rm.score
		if sc == -infinity {
			sc = rm.lastScore
		}
		if sc == -infinity {
			continue
		}
		v := sc + rng.IntN(noise+1)
		if v > bestVal {
			best, bestVal = rm.move, v
		}
	}
	return best
}
