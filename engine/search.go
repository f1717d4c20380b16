package engine

import (
	"math"
	"sync/atomic"

	"github.com/gambitchess/gambit/chess"
)

// Search constants. Scores are centipawns; mate scores are Mate - plies to mate.
const (
	MaxPly       = 128
	Mate         = 32000
	MateInMaxPly = Mate - MaxPly
	infinity     = Mate + 1
	maxGameKeys  = 1024              // game-history keys kept for repetition detection
	pollInterval = 2048              // nodes between polls of the stop flag and clock
	penaltyFloor = -MateInMaxPly + 1 // the lowest score of a root move lowered by a penalty
)

// stackEntry is the per-ply state of a worker (Stockfish Stack). The
// position is copied into the next slot to make a move.
type stackEntry struct {
	pos        chess.Position
	moves      [256]ScoredMove
	killers    [2]chess.Move
	move       chess.Move  // move made from this ply (MoveNull for a null move)
	piece      chess.Piece // piece that made it
	staticEval int
	// excluded is the move a singular-extension search leaves out of
	// this node (MoveNone normally).
	excluded chess.Move
	inCheck  bool
	picker   movePicker // the node's moves, in stages
}

// rootMove is a legal move at the root with the result of its last search.
type rootMove struct {
	move      chess.Move
	score     int // this iteration's score, -infinity until the move raises alpha
	prevScore int // score of the last completed iteration
	lastScore int // the latest score seen, possibly a bound: for reports after an abort
	selDepth  int
	pv        []chess.Move
	penalty   int // subtracted from the move's search result (Limits.RootPenalty)
}

// worker is one search thread. It owns all its mutable state in fixed
// arrays, so the search allocates nothing per node.
type worker struct {
	e      *Engine
	sh     *shared
	id     int
	stack  [MaxPly + 2]stackEntry
	pv     [MaxPly + 1][MaxPly + 1]chess.Move
	pvLen  [MaxPly + 1]int
	keys   [maxGameKeys + MaxPly + 2]uint64 // game history, then the current search path
	gameN  int                              // number of game-history keys in keys
	nodes  uint64
	shared atomic.Uint64 // nodes, published at each poll for the main thread

	history [2][64][64]int32
	counter [16][64]chess.Move

	rootMoves []rootMove
	pvIdx     int
	reported  int // principal variations reported through onInfo
	rootDepth int
	selDepth  int
	completed int // last fully searched depth
	aborted   bool
	penalties bool // some root move has a penalty (Limits.RootPenalty)
}

// shared is the state the workers of one search share.
type shared struct {
	stop      atomic.Bool
	nodeLimit uint64 // total nodes; math.MaxUint64 when unlimited
}

var lmrTable [64][64]int

func init() {
	for d := 1; d < 64; d++ {
		for m := 1; m < 64; m++ {
			lmrTable[d][m] = int(0.75 + math.Log(float64(d))*math.Log(float64(m))/2.25)
		}
	}
}

// enterNode counts a node of the search or quiescence at ply, polls for a
// stop every pollInterval nodes and tracks the selective depth. It returns
// false when the search must unwind (stopped, or the node limit reached).
func (w *worker) enterNode(ply int) bool {
	w.nodes++
	if w.nodes&(pollInterval-1) == 0 {
		w.poll()
	}
	if w.aborted || w.nodes >= w.sh.nodeLimit {
		w.aborted = true
		return false
	}
	if ply > w.selDepth {
		w.selDepth = ply
	}
	return true
}

// poll checks the stop conditions: the stop flag and the total node limit
// for every worker, the clock for the main worker.
func (w *worker) poll() {
	w.shared.Store(w.nodes)
	if w.sh.stop.Load() {
		w.aborted = true
		return
	}
	if w.e.overNodeLimit() || w.id == 0 && w.e.checkTime(w) {
		w.sh.stop.Store(true)
		w.aborted = true
	}
}

// isDraw reports a draw by the fifty-move rule, insufficient material or
// repetition of a position of the search path or the game history (one
// repetition suffices: a line that can repeat is at best a draw).
func (w *worker) isDraw(ply int) bool {
	p := &w.stack[ply].pos
	hm := p.HalfmoveClock()
	if hm >= 100 && (!p.InCheck() || p.HasLegalMove()) {
		return true
	}
	if insufficientMaterial(p) {
		return true
	}
	idx := w.gameN + ply
	key := w.keys[idx]
	end := min(hm, idx)
	for i := 4; i <= end; i += 2 {
		if w.keys[idx-i] == key {
			return true
		}
	}
	return false
}

func hasNonPawnMaterial(p *chess.Position, c chess.Color) bool {
	return p.ByColor(c)&^p.Pieces(c, chess.Pawn)&^p.Pieces(c, chess.King) != 0
}

func (w *worker) updatePV(ply int, m chess.Move) {
	w.pv[ply][ply] = m
	copy(w.pv[ply][ply+1:w.pvLen[ply+1]], w.pv[ply+1][ply+1:w.pvLen[ply+1]])
	w.pvLen[ply] = max(w.pvLen[ply+1], ply+1)
}

// search is the principal variation search (negamax alpha-beta with null
// windows for all moves but the first). It returns a score from the side to
// move's point of view, within (alpha, beta) if exact.
func (w *worker) search(alpha, beta, depth, ply int, cutNode bool) int {
	pvNode := beta-alpha > 1
	root := ply == 0
	st := &w.stack[ply]
	p := &st.pos
	w.pvLen[ply] = ply

	// Step 1. Quiescence at the horizon.
	if depth <= 0 {
		return w.qsearch(alpha, beta, ply)
	}

	// Step 2. Stop checks, draws, ply limit, mate-distance pruning.
	if !w.enterNode(ply) {
		return 0
	}
	st.inCheck = p.InCheck()
	if !root {
		if w.isDraw(ply) {
			return 0
		}
		if ply >= MaxPly {
			if st.inCheck {
				return 0
			}
			return w.e.eval.Evaluate(p)
		}
		alpha = max(alpha, -Mate+ply)
		beta = min(beta, Mate-ply-1)
		if alpha >= beta {
			return alpha
		}
	}

	// Step 3. Transposition table.
	// A search that excludes a move is not the node's own: it neither
	// reads nor writes the table.
	excluded := st.excluded
	key := p.Key()
	var tte ttEntry
	hit := false
	if excluded == chess.MoveNone {
		tte, hit = w.e.tt.Probe(key)
	}
	var hashMove chess.Move
	ttScore := 0
	if hit {
		hashMove = tte.Move
		ttScore = scoreFromTT(tte.Score, ply)
		if !pvNode && tte.Depth >= depth &&
			(tte.Bound == BoundExact ||
				tte.Bound == BoundLower && ttScore >= beta ||
				tte.Bound == BoundUpper && ttScore <= alpha) {
			return ttScore
		}
	}
	if root && w.pvIdx < len(w.rootMoves) {
		hashMove = w.rootMoves[w.pvIdx].move
	}

	// Step 4. Static evaluation, sharpened by the TT score when its bound allows.
	eval := 0
	switch {
	case st.inCheck:
		st.staticEval, eval = -infinity, -infinity
	case hit:
		st.staticEval, eval = tte.Eval, tte.Eval
		if tte.Bound == BoundExact || tte.Bound == BoundLower && ttScore > eval || tte.Bound == BoundUpper && ttScore < eval {
			eval = ttScore
		}
	default:
		st.staticEval = w.e.eval.Evaluate(p)
		eval = st.staticEval
	}
	improving := !st.inCheck && ply >= 2 && st.staticEval > w.stack[ply-2].staticEval
	if ply+2 < len(w.stack) {
		w.stack[ply+2].killers = [2]chess.Move{}
	}

	if !pvNode && !st.inCheck && excluded == chess.MoveNone {
		// Step 5. Reverse futility pruning: far above beta at low depth.
		if depth <= 8 && eval < MateInMaxPly {
			margin := 80 * depth
			if improving {
				margin -= 40
			}
			if eval-margin >= beta {
				return eval
			}
		}

		// Step 6. Null-move pruning.
		if depth >= 3 && eval >= beta && ply > 0 &&
			w.stack[ply-1].move != chess.MoveNull && hasNonPawnMaterial(p, p.SideToMove()) {
			r := 3 + depth/4 + min((eval-beta)/200, 3)
			child := &w.stack[ply+1]
			child.pos = *p
			child.pos.PlayNull()
			st.move, st.piece = chess.MoveNull, chess.NoPiece
			w.keys[w.gameN+ply+1] = child.pos.Key()
			score := -w.search(-beta, -beta+1, depth-r, ply+1, !cutNode)
			st.move = chess.MoveNone
			if w.aborted {
				return 0
			}
			if score >= beta {
				if score >= MateInMaxPly {
					score = beta
				}
				return score
			}
		}
	}

	// Step 7. Internal iterative reduction: without a hash move, a deep
	// search here is probably poorly ordered; search it shallower.
	if hashMove == chess.MoveNone && depth >= 4 && (pvNode || cutNode) && excluded == chess.MoveNone {
		depth--
	}

	// Step 7b. Singular extension: when the hash move's score stands
	// well above every other move's (a shallower search without it fails
	// low against a margin below its score), it is searched a ply deeper.
	// When that search fails high above beta instead, two moves beat beta
	// and the node is cut (multi-cut); when only the hash move's bound
	// does, it is searched a ply shallower. This runs before the move
	// loop because the search without the move reuses this ply's move
	// list.
	hashExt := 0
	if !root && excluded == chess.MoveNone && depth >= 8 && hit && hashMove != chess.MoveNone &&
		tte.Bound&BoundLower != 0 && tte.Depth >= depth-3 && abs(ttScore) < MateInMaxPly && ply < 2*w.rootDepth {
		sBeta := ttScore - 2*depth
		st.excluded = hashMove
		v := w.search(sBeta-1, sBeta, (depth-1)/2, ply, cutNode)
		st.excluded = chess.MoveNone
		if w.aborted {
			return 0
		}
		switch {
		case v < sBeta:
			hashExt = 1
		case sBeta >= beta:
			return sBeta
		case ttScore >= beta:
			hashExt = -1
		}
	}

	// Step 8. Order the moves: the root's are given; elsewhere they are
	// generated in stages as the loop reaches them (movePicker).
	if root {
		n := 0
		for i := w.pvIdx; i < len(w.rootMoves); i++ {
			st.moves[n] = ScoredMove{w.rootMoves[i].move, int32(len(w.rootMoves) - i)}
			n++
		}
		w.startGiven(ply, n)
	} else {
		w.startPicker(ply, hashMove)
	}

	// Step 9. The move loop.
	us := p.SideToMove()
	bestScore, bestMove := -infinity, chess.MoveNone
	origAlpha := alpha
	var quiets [64]chess.Move
	nQuiets := 0
	moveCount := 0
	mayPrune := !root && hasNonPawnMaterial(p, us)
	var checks chess.CheckInfo // for the first move that would be pruned
	haveChecks := false
	legal := 0
	for {
		sm, ok := w.nextPicked(ply)
		if !ok {
			break
		}
		legal++
		m := sm.Move
		if m == excluded {
			continue
		}
		capture := isCapture(p, m)
		quiet := !capture && m.Promotion() != chess.Queen
		moveCount++

		// Step 10. Shallow-depth pruning: late quiet moves, futile quiet
		// moves, and moves that lose material by SEE. Checks are exempt,
		// asked only of the moves that would be pruned (GivesCheck does not
		// make the move, so a pruned move is never made).
		if mayPrune && bestScore > -MateInMaxPly &&
			shallowPrune(st, m, sm.Score, quiet, capture, depth, moveCount, improving, eval, alpha) {
			if !haveChecks {
				checks, haveChecks = p.CheckInfo(), true
			}
			if !checks.GivesCheck(p, m) {
				continue
			}
		}

		child := &w.stack[ply+1]
		p.MakeMove(m, &child.pos)
		givesCheck := child.pos.InCheck()

		st.move, st.piece = m, p.PieceAt(m.From())
		w.keys[w.gameN+ply+1] = child.pos.Key()

		// Step 11. Extensions: a move that gives check is searched a ply
		// deeper, and the hash move as the singular search said.
		ext := 0
		if givesCheck && ply < 2*w.rootDepth {
			ext = 1
		}
		if m == hashMove {
			ext = max(min(ext+hashExt, 1), -1)
		}
		newDepth := depth - 1 + ext

		// A root move's score is its search result less its penalty
		// (Limits.RootPenalty): search it in the window raised by the
		// penalty, and lower the result and the window back afterwards.
		pen := 0
		if root {
			pen = w.rootMove(m).penalty
			alpha, beta = alpha+pen, beta+pen
		}

		// Step 12. Late move reductions, then the PVS re-search ladder.
		var score int
		if depth >= 3 && moveCount > 1+boolInt(pvNode) && (quiet || sm.Score < 0) {
			r := lmrTable[min(depth, 63)][min(moveCount, 63)]
			if !pvNode {
				r++
			}
			if cutNode {
				r++
			}
			if givesCheck || st.inCheck {
				r--
			}
			if sm.Score >= orderCounter {
				r--
			}
			if quiet && sm.Score < orderCounter {
				r -= int(sm.Score) / 6000
			}
			r = max(r-1, 0)
			d := max(min(newDepth-r, newDepth), 1)
			score = -w.search(-alpha-1, -alpha, d, ply+1, true)
			if score > alpha && d < newDepth {
				score = -w.search(-alpha-1, -alpha, newDepth, ply+1, !cutNode)
			}
		} else if !pvNode || moveCount > 1 {
			score = -w.search(-alpha-1, -alpha, newDepth, ply+1, !cutNode)
		}
		if pvNode && (moveCount == 1 || score > alpha) {
			score = -w.search(-beta, -alpha, newDepth, ply+1, false)
		}
		if w.aborted {
			return 0
		}

		if pen != 0 {
			// The floor keeps the lowered score a score (above the mated
			// range): a monotone clamp, so bounds stay bounds, and every
			// result it raises to the floor is exactly the floor.
			score = max(score-pen, penaltyFloor)
			alpha, beta = alpha-pen, beta-pen
		}
		if root {
			rm := w.rootMove(m)
			if moveCount == 1 || score > alpha {
				rm.score, rm.lastScore = score, score
				rm.selDepth = w.selDepth
				rm.pv = append(rm.pv[:0], m)
				rm.pv = append(rm.pv, w.pv[1][1:w.pvLen[1]]...)
			} else {
				rm.score = -infinity
			}
		}

		// Step 13. Best move and cut-off.
		if score > bestScore {
			bestScore = score
			if score > alpha {
				bestMove = m
				if pvNode {
					w.updatePV(ply, m)
				}
				if score >= beta {
					if quiet {
						w.updateQuietStats(ply, m, quiets[:nQuiets], depth)
					}
					break
				}
				alpha = score
			}
		}
		if quiet && nQuiets < len(quiets) {
			quiets[nQuiets] = m
			nQuiets++
		}
	}
	st.move = chess.MoveNone
	if legal == 0 {
		if st.inCheck {
			return -Mate + ply
		}
		return 0
	}

	if moveCount == 0 || bestScore == -infinity {
		// Every move was pruned: fail low at alpha.
		bestScore = alpha
	}

	// Step 14. Store in the transposition table.
	bound := BoundUpper
	if bestScore >= beta {
		bound = BoundLower
	} else if pvNode && bestScore > origAlpha {
		bound = BoundExact
	}
	// Not at the root when its scores are lowered by penalties: those are
	// no scores of the position.
	if !(root && (w.pvIdx > 0 || w.penalties)) && excluded == chess.MoveNone {
		w.e.tt.Store(key, ttEntry{Move: bestMove, Score: scoreToTT(bestScore, ply), Eval: st.staticEval, Depth: depth, Bound: bound})
	}
	return bestScore
}

// shallowPrune reports whether move m of the node at st, searched to
// depth, is pruned by the shallow-depth rules unless it gives check. A
// quiet move out of check is pruned when it comes late (move-count
// pruning), when it is futile, or when it loses material by SEE; a capture
// scored below the good ones when it loses more than 100·depth by SEE.
func shallowPrune(st *stackEntry, m chess.Move, score int32, quiet, capture bool, depth, moveCount int, improving bool, eval, alpha int) bool {
	p := &st.pos
	switch {
	case quiet && !st.inCheck:
		lmp := 3 + depth*depth
		if !improving {
			lmp = lmp * 2 / 3
		}
		return moveCount > lmp ||
			depth <= 6 && eval+200+150*depth <= alpha && score < orderCounter ||
			depth <= 6 && !see(p, m, -25*depth*depth)
	case capture:
		return depth <= 6 && score < orderGoodCapt && !see(p, m, -100*depth)
	}
	return false
}

// updateQuietStats rewards the quiet move m that caused a cut-off (killer,
// countermove, history) and penalises the quiet moves tried before it.
func (w *worker) updateQuietStats(ply int, m chess.Move, tried []chess.Move, depth int) {
	st := &w.stack[ply]
	if st.killers[0] != m {
		st.killers[1] = st.killers[0]
		st.killers[0] = m
	}
	us := st.pos.SideToMove()
	bonus := min(depth*depth*16, 1600)
	updateHistory(&w.history[us][m.From()][m.To()], bonus)
	for _, q := range tried {
		updateHistory(&w.history[us][q.From()][q.To()], -bonus)
	}
	if ply > 0 {
		prev := &w.stack[ply-1]
		if prev.move.IsValid() {
			w.counter[prev.piece][prev.move.To()] = m
		}
	}
}

func (w *worker) rootMove(m chess.Move) *rootMove {
	for i := range w.rootMoves {
		if w.rootMoves[i].move == m {
			return &w.rootMoves[i]
		}
	}
	panic("engine: root move not found")
}

// qsearch searches captures (all moves when in check) until the position is
// quiet, standing pat on the static evaluation otherwise.
func (w *worker) qsearch(alpha, beta, ply int) int {
	st := &w.stack[ply]
	p := &st.pos
	pvNode := beta-alpha > 1
	w.pvLen[ply] = ply

	if !w.enterNode(ply) {
		return 0
	}
	if w.isDraw(ply) {
		return 0
	}
	st.inCheck = p.InCheck()
	if ply >= MaxPly {
		if st.inCheck {
			return 0
		}
		return w.e.eval.Evaluate(p)
	}

	key := p.Key()
	tte, hit := w.e.tt.Probe(key)
	hashMove := chess.MoveNone
	if hit {
		hashMove = tte.Move
		s := scoreFromTT(tte.Score, ply)
		if !pvNode && (tte.Bound == BoundExact ||
			tte.Bound == BoundLower && s >= beta ||
			tte.Bound == BoundUpper && s <= alpha) {
			return s
		}
	}

	bestScore := -infinity
	eval := -infinity
	if !st.inCheck {
		if hit {
			eval = tte.Eval
		} else {
			eval = w.e.eval.Evaluate(p)
		}
		bestScore = eval
		if bestScore >= beta {
			if !hit {
				w.e.tt.Store(key, ttEntry{Score: scoreToTT(bestScore, ply), Eval: eval, Bound: BoundLower})
			}
			return bestScore
		}
		alpha = max(alpha, bestScore)
	}
	st.staticEval = eval

	var ml chess.MoveList
	if st.inCheck {
		p.GenerateLegal(&ml)
	} else {
		p.Generate(chess.Captures, &ml)
	}
	n := w.scoreMoves(ply, &ml, &st.moves, hashMove)
	bestMove := chess.MoveNone
	origAlpha := alpha
	for i := 0; i < n; i++ {
		sm := nextMove(&st.moves, i, n)
		m := sm.Move
		if !st.inCheck {
			// SEE pruning: captures that lose material are skipped. They
			// are the moves scored below the good captures (scoreMoves
			// found their SEE below 0), and come last: the loop ends there.
			if sm.Score < orderGoodCapt {
				break
			}
			// Delta pruning: skip captures that cannot lift the score near alpha.
			if m.Promotion() == chess.NoPieceType && eval+seeValue[capturedType(p, m)]+200 <= alpha {
				continue
			}
		}
		child := &w.stack[ply+1]
		p.MakeMove(m, &child.pos)
		st.move, st.piece = m, p.PieceAt(m.From())
		w.keys[w.gameN+ply+1] = child.pos.Key()
		score := -w.qsearch(-beta, -alpha, ply+1)
		if w.aborted {
			return 0
		}
		if score > bestScore {
			bestScore = score
			if score > alpha {
				bestMove = m
				if pvNode {
					w.updatePV(ply, m)
				}
				if score >= beta {
					break
				}
				alpha = score
			}
		}
	}
	st.move = chess.MoveNone
	if st.inCheck && bestScore == -infinity {
		return -Mate + ply
	}
	bound := BoundUpper
	if bestScore >= beta {
		bound = BoundLower
	} else if pvNode && bestScore > origAlpha {
		bound = BoundExact
	}
	w.e.tt.Store(key, ttEntry{Move: bestMove, Score: scoreToTT(bestScore, ply), Eval: eval, Bound: bound})
	return bestScore
}
