package xq

import (
	"math"

	"github.com/gambitchess/gambit/xiangqi"
)

// Fixed search parameters.
const (
	qDeltaMargin = 200 // quiescence delta pruning margin
	ruleLimit    = 2 * xiangqi.DefaultMoveLimit
)

// searchParams are the pruning and reduction parameters. The engine uses
// defaultParams; the self-play tests switch features off to check that
// each one pays (a depth of 0 disables a pruning).
type searchParams struct {
	rfpMargin     int  // reverse futility margin per ply of depth
	rfpDepth      int  // reverse futility pruning below this depth
	futilityBase  int  // futility margin per ply of depth
	futilityDepth int  // futility pruning of quiets below this depth
	nullMinDepth  int  // null-move pruning from this depth
	nullBase      int  // null-move reduction at depth 0 (grows by 1 per 4 plies)
	nullFloor     int  // least depth of the null-move search
	nullMargin    int  // null move only when the evaluation beats beta by this
	lmpDepth      int  // late-move pruning of quiets up to this depth
	lmr           bool // late move reductions
	lmrScale      int  // percent of the table's reduction
	qChecks       bool // quiet checks at the first ply of quiescence
}

// defaultParams are the engine's search parameters; read-only. The
// null-move search is at least one ply deep, never straight into
// quiescence, which has no checks and misses the checking forks that are
// everywhere in xiangqi (self-play, 20,000 nodes per move: +10 =17 −5
// against dropping into quiescence; see BENCH.md).
var defaultParams = searchParams{
	rfpMargin: 90, rfpDepth: 6,
	futilityBase: 100, futilityDepth: 3,
	nullMinDepth: 3, nullBase: 3, nullFloor: 1,
	lmpDepth: 4,
	lmr:      true, lmrScale: 100,
}

// lmr[d][n] is the late-move reduction at depth d for the n-th move.
var lmr [64][64]int8

func init() {
	for d := 1; d < 64; d++ {
		for n := 1; n < 64; n++ {
			lmr[d][n] = int8(0.5 + math.Log(float64(d))*math.Log(float64(n))/2.25)
		}
	}
}

// search is the principal variation search at a node of the tree, on
// w.stack[ply].pos, with the window (alpha, beta). It returns a fail-soft
// score from the side to move's view. Moves are played with copy-make
// into the next stack entry, so nothing is undone and nothing allocated.
func (w *worker) search(alpha, beta, depth, ply int, cutNode bool) int {
	ss := &w.stack[ply]
	ss.pvLen = 0
	if depth <= 0 {
		return w.qsearch(alpha, beta, ply, w.params.qChecks)
	}
	pvNode := beta-alpha > 1

	// Step 1. Stop, node count.
	if w.checkStop() {
		return 0
	}
	w.nodes++
	w.selDepth = max(w.selDepth, ply)
	pos := &ss.pos

	// Step 2. Game endings by rule (not at the root), mate distance pruning.
	if ply > 0 {
		if v, ok := w.ruleEnding(ply); ok {
			return v
		}
		if ply >= MaxPly-1 {
			return w.evaluate(pos)
		}
		alpha = max(alpha, matedIn(ply))
		beta = min(beta, mateIn(ply+1))
		if alpha >= beta {
			return alpha
		}
	}

	// Step 3. Transposition table.
	key := pos.Key()
	tte, hit := w.tt.Probe(key)
	hashMove := xiangqi.MoveNone
	if hit {
		hashMove = tte.Move
		if !pvNode && tte.Depth >= depth {
			v := fromTT(tte.Score, ply)
			if tte.Bound&boundFor(v, beta) != 0 {
				return v
			}
		}
	}
	if ply == 0 {
		hashMove = w.rootFirst(hashMove)
	}

	// Step 4. Static evaluation.
	inCheck := ss.inCheck
	eval := -infinity
	if !inCheck {
		if hit {
			eval = tte.Eval
		} else {
			eval = w.evaluate(pos)
		}
	}
	ss.eval = eval

	sp := w.params
	if !pvNode && !inCheck && abs(beta) < MateInMaxPly {
		// Step 5. Reverse futility pruning: far above beta at low depth.
		if depth < sp.rfpDepth && eval-sp.rfpMargin*depth >= beta {
			return eval
		}
		// Step 6. Null-move pruning, not twice in a row and not with few
		// pieces, where zugzwang is common in xiangqi endgames.
		if sp.nullMinDepth > 0 && depth >= sp.nullMinDepth && eval >= beta+sp.nullMargin && !ss.null && hasNullMaterial(pos) {
			if v, ok := w.nullMove(beta, depth, ply, eval, cutNode); ok {
				return v
			}
		}
	}

	// Step 7. Internal iterative reduction: without a hash move the move
	// order is poor, so search a ply less.
	if hashMove == xiangqi.MoveNone && depth >= 5 && ply > 0 {
		depth--
	}

	// Step 8. Move generation. No legal move loses in xiangqi (mate or stalemate).
	pos.GenerateLegal(&ss.ml)
	if ss.ml.Len() == 0 {
		return matedIn(ply)
	}
	w.scoreMoves(ss, hashMove)
	if ply == 0 && w.restrictsRoot() {
		w.keepRootMoves(ss) // Limits.SearchMoves, the lines before this one
	}

	// Step 9. The move loop.
	bestScore, bestMove := -infinity, xiangqi.MoveNone
	moveCount, nQuiets := 0, 0
	child := &w.stack[ply+1]
	for i := 0; i < ss.n; i++ {
		m := pickMove(ss, i)
		capture := pos.PieceAt(m.To()) != xiangqi.NoPiece
		moveCount++

		// Step 10. Shallow pruning of late quiet moves, once a move has
		// been searched (so that a mate score is never invented). A move
		// that gives check is not quiet; that is asked (GivesCheck, which
		// does not make the move) only of a move the rules would prune,
		// so a pruned move is never made.
		if !pvNode && !inCheck && !capture && bestScore > -MateInMaxPly && ply > 0 &&
			(depth <= sp.lmpDepth && moveCount > 3+2*depth*depth ||
				depth < sp.futilityDepth && eval+sp.futilityBase*depth <= alpha) &&
			!pos.GivesCheck(m) {
			continue
		}
		pos.MakeMove(m, &child.pos)
		givesCheck := child.pos.InCheck()
		quiet := !capture && !givesCheck

		// Step 11. Check extension, bounded so that checking sequences
		// cannot run the search away.
		newDepth := depth - 1
		if givesCheck && ply < 2*w.rootDepth {
			newDepth++
		}
		child.inCheck = givesCheck
		child.null = false
		w.push(ply+1, child.pos.Key(), boolCheck(givesCheck), m)

		// Step 12. PVS with late move reductions.
		var score int
		if moveCount == 1 {
			score = -w.search(-beta, -alpha, newDepth, ply+1, false)
		} else {
			r := 0
			if sp.lmr && depth >= 3 && moveCount > 3 && quiet && !inCheck {
				r = w.reduction(ss, m, depth, moveCount, pvNode, cutNode)
			}
			score = -w.search(-alpha-1, -alpha, newDepth-r, ply+1, true)
			if score > alpha && r > 0 {
				score = -w.search(-alpha-1, -alpha, newDepth, ply+1, !cutNode)
			}
			if score > alpha && score < beta && pvNode {
				score = -w.search(-beta, -alpha, newDepth, ply+1, false)
			}
		}
		if w.stopped {
			return 0
		}

		// Step 13. New best move.
		if score > bestScore {
			bestScore = score
			if score > alpha {
				bestMove = m
				if pvNode {
					ss.pv[0] = m
					copy(ss.pv[1:], child.pv[:child.pvLen])
					ss.pvLen = child.pvLen + 1
				}
				if score >= beta {
					if !capture {
						w.updateQuiet(ss, m, depth, ss.quiets[:nQuiets])
					}
					break
				}
				alpha = score
			}
		}
		if !capture && nQuiets < len(ss.quiets) {
			ss.quiets[nQuiets] = m
			nQuiets++
		}
	}

	// Step 14. Store in the transposition table.
	bound := BoundUpper
	switch {
	case bestScore >= beta:
		bound = BoundLower
	case pvNode && bestMove != xiangqi.MoveNone:
		bound = BoundExact
	}
	// A later MultiPV line's root is searched without the better moves:
	// its score and move are not the position's, and would mislead a later
	// search that meets it (Stockfish and engine skip this store too).
	if ply > 0 || w.nExcluded == 0 {
		w.tt.Store(key, ttData{Move: bestMove, Score: toTT(bestScore, ply), Eval: ttEval(eval), Depth: depth, Bound: bound})
	}
	return bestScore
}

// evaluate is the static evaluation with the worker's weights.
func (w *worker) evaluate(p *xiangqi.Position) int { return evaluate(p, w.weights) }

// boundFor returns the bound that makes a stored score v usable against
// beta: a lower bound if v >= beta, otherwise an upper bound.
func boundFor(v, beta int) Bound {
	if v >= beta {
		return BoundLower
	}
	return BoundUpper
}

// ttEval clamps a static evaluation into the table's int16 field (in
// check there is none, stored as 0).
func ttEval(eval int) int {
	if eval == -infinity {
		return 0
	}
	return eval
}

// reduction returns the late-move reduction of quiet move m.
func (w *worker) reduction(ss *plyState, m xiangqi.Move, depth, moveCount int, pvNode, cutNode bool) int {
	r := int(lmr[min(depth, 63)][min(moveCount, 63)]) * w.params.lmrScale / 100
	if pvNode {
		r--
	}
	if cutNode {
		r++
	}
	if m == ss.killers[0] || m == ss.killers[1] {
		r--
	}
	if h := w.history[ss.pos.PieceAt(m.From())][m.To()]; h > historyMax/2 {
		r--
	} else if h < -historyMax/2 {
		r++
	}
	return min(max(r, 0), depth-2)
}

// nullMove tries giving the opponent a free move: if the reduced search
// still fails high the node is cut. It returns the score and true on a cut.
func (w *worker) nullMove(beta, depth, ply, eval int, cutNode bool) (int, bool) {
	ss, child := &w.stack[ply], &w.stack[ply+1]
	ss.pos.MakeNullMove(&child.pos)
	child.inCheck = false
	child.null = true
	w.push(ply+1, child.pos.Key(), checkNull, xiangqi.MoveNone)
	r := w.params.nullBase + depth/4 + min((eval-beta)/200, 2)
	nd := max(depth-1-r, w.params.nullFloor)
	v := -w.search(-beta, -beta+1, nd, ply+1, !cutNode)
	if w.stopped {
		return 0, true
	}
	if v >= beta {
		return min(v, MateInMaxPly-1), true
	}
	return 0, false
}

// hasNullMaterial reports whether the side to move has enough attacking
// pieces for null-move pruning to be safe from zugzwang: an attacking
// weight of at least 3, a chariot counting 2 and a horse or cannon 1.
func hasNullMaterial(p *xiangqi.Position) bool {
	us := p.SideToMove()
	c := p.Pieces(us, xiangqi.Chariot)
	h := p.Pieces(us, xiangqi.Horse)
	n := p.Pieces(us, xiangqi.Cannon)
	return 2*c.Count()+h.Count()+n.Count() >= 3
}

// onlyDefenders reports whether the side to move has no chariot, horse
// or cannon. Such a side is easily stalemated, which loses in xiangqi, so
// quiescence checks it for a legal move before standing pat; for other
// sides the check would cost more than the rare stalemate it finds.
func onlyDefenders(p *xiangqi.Position) bool {
	us := p.SideToMove()
	for _, pt := range [3]xiangqi.PieceType{xiangqi.Chariot, xiangqi.Horse, xiangqi.Cannon} {
		if bb := p.Pieces(us, pt); !bb.Empty() {
			return false
		}
	}
	return true
}

// ruleEnding scores the endings that depend on more than the board:
// repetition (perpetual check loses, else a draw), the 60-move rule and
// insufficient material. It reports false if none applies.
func (w *worker) ruleEnding(ply int) (int, bool) {
	pos := &w.stack[ply].pos
	hm := pos.HalfmoveClock()
	if hm >= 4 {
		if v, ok := w.repetition(ply, hm); ok {
			return v, true
		}
	}
	if hm >= ruleLimit {
		if !pos.HasLegalMove() {
			return matedIn(ply), true
		}
		return 0, true
	}
	if pos.IsInsufficientMaterial() {
		return 0, true
	}
	return 0, false
}

// qsearch is the quiescence search: captures only (all moves when in
// check), with stand-pat, delta pruning and the pruning of captures that
// lose material to a recapture.
func (w *worker) qsearch(alpha, beta, ply int, checks bool) int {
	ss := &w.stack[ply]
	ss.pvLen = 0
	if w.checkStop() {
		return 0
	}
	w.nodes++
	w.selDepth = max(w.selDepth, ply)
	pos := &ss.pos
	if v, ok := w.ruleEnding(ply); ok {
		return v
	}
	if ply >= MaxPly-1 {
		return w.evaluate(pos)
	}

	key := pos.Key()
	tte, hit := w.tt.Probe(key)
	if hit && (beta-alpha == 1 || tte.Bound == BoundExact) {
		v := fromTT(tte.Score, ply)
		if tte.Bound&boundFor(v, beta) != 0 {
			return v
		}
	}

	inCheck := ss.inCheck
	bestScore, standPat := -infinity, -infinity
	if inCheck {
		pos.GenerateLegal(&ss.ml)
		if ss.ml.Len() == 0 {
			return matedIn(ply)
		}
	} else {
		if onlyDefenders(pos) && !pos.HasLegalMove() {
			return matedIn(ply) // stalemate loses in xiangqi
		}
		if hit {
			standPat = tte.Eval // the same static evaluation, already computed
		} else {
			standPat = w.evaluate(pos)
		}
		if standPat >= beta {
			return standPat
		}
		bestScore = standPat
		alpha = max(alpha, standPat)
		pos.Generate(xiangqi.Captures, &ss.ml)
	}
	hashMove := xiangqi.MoveNone
	if hit {
		hashMove = tte.Move
	}
	w.scoreMoves(ss, hashMove)

	child := &w.stack[ply+1]
	bestMove := xiangqi.MoveNone
	for i := 0; i < ss.n; i++ {
		m := pickMove(ss, i)
		victim := pos.PieceAt(m.To())
		if !inCheck {
			if standPat+orderValue[victim.Type()]+qDeltaMargin <= alpha {
				continue
			}
			if ss.moves[i].score < scoreGoodCapture && m != hashMove {
				continue // a dearer piece takes a defended one
			}
		}
		pos.MakeMove(m, &child.pos)
		child.inCheck = child.pos.InCheck()
		child.null = false
		w.push(ply+1, child.pos.Key(), boolCheck(child.inCheck), m)
		score := -w.qsearch(-beta, -alpha, ply+1, false)
		if w.stopped {
			return 0
		}
		if score > bestScore {
			bestScore = score
			if score > alpha {
				bestMove = m
				if score >= beta {
					break
				}
				alpha = score
			}
		}
	}
	if checks && !inCheck && bestScore < beta && !w.stopped {
		if v, m := w.quietChecks(alpha, beta, ply); v > bestScore {
			bestScore = v
			if v > alpha {
				bestMove = m
			}
		}
		if w.stopped {
			return 0
		}
	}
	bound := BoundUpper
	if bestScore >= beta {
		bound = BoundLower
	}
	w.tt.Store(key, ttData{Move: bestMove, Score: toTT(bestScore, ply), Eval: ttEval(standPat), Depth: -1, Bound: bound})
	return bestScore
}

// quietChecks searches the quiet moves that give check, at the first ply
// of quiescence: in xiangqi a checking move that forks or wins a piece
// next move is the commonest tactic the captures-only search misses. It
// returns the best score and move (-infinity when there is none).
func (w *worker) quietChecks(alpha, beta, ply int) (int, xiangqi.Move) {
	ss, child := &w.stack[ply], &w.stack[ply+1]
	pos := &ss.pos
	pos.GenerateLegal(&ss.ml)
	best, bestMove := -infinity, xiangqi.MoveNone
	for i := 0; i < ss.ml.Len(); i++ {
		m := ss.ml.At(i)
		if pos.PieceAt(m.To()) != xiangqi.NoPiece {
			continue
		}
		pos.MakeMove(m, &child.pos)
		if !child.pos.InCheck() {
			continue
		}
		child.inCheck, child.null = true, false
		w.push(ply+1, child.pos.Key(), checkYes, m)
		v := -w.qsearch(-beta, -max(alpha, best), ply+1, false)
		if w.stopped {
			return 0, xiangqi.MoveNone
		}
		if v > best {
			best, bestMove = v, m
			if v >= beta {
				break
			}
		}
	}
	return best, bestMove
}
