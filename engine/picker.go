package engine

import "github.com/gambitchess/gambit/chess"

// The stages of a movePicker, in the order its moves come (Stockfish's
// MovePicker): each generates only when the one before has nothing left,
// so a node cut by its hash move or a capture generates no quiet move.
const (
	stageHash         = iota // the hash move, if legal
	stageGenCaptures         // generate and score the captures and queen promotions
	stageGoodCaptures        // those that do not lose material (SEE), best first
	stageRefutations         // the killers and the countermove, if legal and quiet
	stageGenQuiets           // generate and score the other quiet moves
	stageQuiets              // by history
	stageBadCaptures         // the captures that lose material
	stageGiven               // a list given whole (the root's moves), in order
	stageDone
)

// movePicker hands out the moves of one node in the order of scoreMoves's
// bands (hash move, queen promotions and good captures, killers,
// countermove, quiet moves by history, bad captures), generating each
// kind only when it is reached. The captures lie in moves[0:nCapt] and the
// quiet moves after them; it lives in the node's stackEntry.
type movePicker struct {
	stage      int
	hash       chess.Move
	refs       [3]ScoredMove // the killers and the countermove still to come
	nRefs, ref int
	cur        int // the next capture (moves[cur:nCapt])
	nCapt      int
	quiet, end int // the next quiet move (moves[quiet:end], from nCapt), or the given list's
}

// startPicker prepares ply's picker for the node's moves, hash being the
// hash move (MoveNone for none).
func (w *worker) startPicker(ply int, hash chess.Move) {
	w.stack[ply].picker = movePicker{hash: hash}
}

// startGiven prepares ply's picker to hand out moves[0:n], already scored.
func (w *worker) startGiven(ply, n int) {
	w.stack[ply].picker = movePicker{stage: stageGiven, end: n}
}

// nextPicked returns ply's next move and its ordering score, or false when
// none is left.
func (w *worker) nextPicked(ply int) (ScoredMove, bool) {
	st := &w.stack[ply]
	mp, p, ms := &st.picker, &st.pos, &st.moves
	for {
		switch mp.stage {
		case stageHash:
			mp.stage = stageGenCaptures
			if mp.hash != chess.MoveNone && p.IsLegal(mp.hash) {
				return ScoredMove{mp.hash, orderHash}, true
			}
			mp.hash = chess.MoveNone
		case stageGenCaptures:
			var ml chess.MoveList
			p.Generate(chess.Captures, &ml)
			for _, m := range ml.Moves() {
				if m != mp.hash {
					ms[mp.nCapt] = ScoredMove{m, captureScore(p, m)}
					mp.nCapt++
				}
			}
			mp.stage = stageGoodCaptures
		case stageGoodCaptures:
			if mp.cur < mp.nCapt {
				if sm := pickMove(ms, mp.cur, mp.nCapt); sm.Score >= orderGoodCapt {
					mp.cur++
					return sm, true
				}
			}
			w.findRefutations(ply)
			mp.stage = stageRefutations
		case stageRefutations:
			if mp.ref < mp.nRefs {
				mp.ref++
				return mp.refs[mp.ref-1], true
			}
			mp.stage = stageGenQuiets
		case stageGenQuiets:
			w.scoreQuiets(ply)
			mp.stage = stageQuiets
		case stageQuiets:
			if mp.quiet < mp.end {
				mp.quiet++
				return nextMoveFrom(ms, mp.nCapt, mp.quiet-1, mp.end), true
			}
			mp.stage = stageBadCaptures
		case stageBadCaptures:
			if mp.cur < mp.nCapt {
				mp.cur++
				return pickMove(ms, mp.cur-1, mp.nCapt), true
			}
			mp.stage = stageDone
		case stageGiven:
			if mp.quiet < mp.end {
				mp.quiet++
				return nextMove(ms, mp.quiet-1, mp.end), true
			}
			mp.stage = stageDone
		default:
			return ScoredMove{}, false
		}
	}
}

// findRefutations sets the killers and the countermove of ply that are
// legal quiet moves other than the hash move, in that order, each once.
func (w *worker) findRefutations(ply int) {
	st := &w.stack[ply]
	mp, p := &st.picker, &st.pos
	var counter chess.Move
	if ply > 0 {
		if prev := &w.stack[ply-1]; prev.move.IsValid() {
			counter = w.counter[prev.piece][prev.move.To()]
		}
	}
	for _, r := range [3]ScoredMove{{st.killers[0], orderKiller1}, {st.killers[1], orderKiller2}, {counter, orderCounter}} {
		m := r.Move
		// The legality test, the dearest, comes last.
		if m == chess.MoveNone || m == mp.hash || isCapture(p, m) || m.Promotion() == chess.Queen ||
			mp.isRefutation(m) || !p.IsLegal(m) {
			continue
		}
		mp.refs[mp.nRefs] = r
		mp.nRefs++
	}
}

// isRefutation reports whether m is among the refutations found so far.
func (mp *movePicker) isRefutation(m chess.Move) bool {
	for _, r := range mp.refs[:mp.nRefs] {
		if r.Move == m {
			return true
		}
	}
	return false
}

// scoreQuiets generates ply's quiet moves other than the hash move and
// the refutations after its captures, scored by history.
func (w *worker) scoreQuiets(ply int) {
	st := &w.stack[ply]
	mp, p := &st.picker, &st.pos
	var ml chess.MoveList
	p.Generate(chess.Quiets, &ml)
	hist := &w.history[p.SideToMove()]
	mp.quiet, mp.end = mp.nCapt, mp.nCapt
	for _, m := range ml.Moves() {
		if m == mp.hash || mp.isRefutation(m) {
			continue
		}
		st.moves[mp.end] = ScoredMove{m, hist[m.From()][m.To()]}
		mp.end++
	}
}
