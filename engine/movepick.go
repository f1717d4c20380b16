package engine

import "github.com/gambitchess/gambit/chess"

// ScoredMove is a move with its ordering score (Stockfish ExtMove). The
// score lives beside the move, never packed into it.
type ScoredMove struct {
	Move  chess.Move
	Score int32
}

// Ordering score bands: every move of a band sorts before every move of the next.
const (
	orderHash      = 1 << 30
	orderGoodCapt  = 1 << 28
	orderKiller1   = 1 << 27
	orderKiller2   = orderKiller1 - 1
	orderCounter   = orderKiller1 - 2
	orderBadCapt   = -(1 << 28)
	historyMax     = 1 << 14 // |history| stays below this (gravity update)
	mvvLvaVictimX  = 16
	orderQueenProm = orderGoodCapt + 1<<20
)

// scoreMoves fills ms with the moves of ml and their ordering scores:
// hash move; good captures and queen promotions by MVV-LVA; killers;
// countermove; quiet moves by butterfly history; captures that lose
// material (SEE < 0) last. Quiescence and the root's first ordering use
// it; the main search's movePicker gives the same scores in stages.
func (w *worker) scoreMoves(ply int, ml *chess.MoveList, ms *[256]ScoredMove, hashMove chess.Move) int {
	p := &w.stack[ply].pos
	st := &w.stack[ply]
	us := p.SideToMove()
	var counter chess.Move
	if ply > 0 {
		prev := &w.stack[ply-1]
		if prev.move.IsValid() {
			counter = w.counter[prev.piece][prev.move.To()]
		}
	}
	n := ml.Len()
	for i := 0; i < n; i++ {
		m := ml.At(i)
		var sc int32
		switch {
		case m == hashMove:
			sc = orderHash
		case isCapture(p, m) || m.Promotion() == chess.Queen:
			sc = captureScore(p, m)
		case m == st.killers[0]:
			sc = orderKiller1
		case m == st.killers[1]:
			sc = orderKiller2
		case m == counter:
			sc = orderCounter
		default:
			sc = w.history[us][m.From()][m.To()]
		}
		ms[i] = ScoredMove{m, sc}
	}
	return n
}

// captureScore is the ordering score of the capture or queen promotion m:
// queen promotions first, then captures that do not lose material (SEE),
// each band by MVV-LVA; captures that lose material last of all moves.
func captureScore(p *chess.Position, m chess.Move) int32 {
	victim := capturedType(p, m)
	attacker := p.PieceAt(m.From()).Type()
	mvv := int32(seeValue[victim]*mvvLvaVictimX/100 - int(attacker))
	switch {
	case m.Promotion() == chess.Queen:
		return orderQueenProm + mvv
	case seeValue[attacker] <= seeValue[victim] || see(p, m, 0):
		return orderGoodCapt + mvv
	}
	return orderBadCapt + mvv
}

// pickMove moves the best-scored move of ms[i:n] to position i and returns it
// (selection sort, cheap because a cut-off usually comes early).
func pickMove(ms *[256]ScoredMove, i, n int) ScoredMove {
	best := i
	for j := i + 1; j < n; j++ {
		if ms[j].Score > ms[best].Score {
			best = j
		}
	}
	ms[i], ms[best] = ms[best], ms[i]
	return ms[i]
}

// nextMove returns move i of ms[:n]: the first sortedAfter picks are found by
// selection (a cut-off usually comes among them), then the rest of the list
// is insertion-sorted once and read in order, so nodes that try every move
// do not pay for repeated selection.
func nextMove(ms *[256]ScoredMove, i, n int) ScoredMove { return nextMoveFrom(ms, 0, i, n) }

// nextMoveFrom is nextMove for the list ms[start:n].
func nextMoveFrom(ms *[256]ScoredMove, start, i, n int) ScoredMove {
	const sortedAfter = 3
	if i-start < sortedAfter {
		return pickMove(ms, i, n)
	}
	if i-start == sortedAfter {
		for j := i + 1; j < n; j++ {
			x := ms[j]
			k := j - 1
			for k >= i && ms[k].Score < x.Score {
				ms[k+1] = ms[k]
				k--
			}
			ms[k+1] = x
		}
	}
	return ms[i]
}

// updateHistory applies the gravity formula h += bonus - h*|bonus|/historyMax,
// which keeps |h| below historyMax without periodic rescaling.
func updateHistory(h *int32, bonus int) {
	bonus = max(min(bonus, historyMax), -historyMax)
	*h += int32(bonus) - *h*int32(abs(bonus))/historyMax
}
