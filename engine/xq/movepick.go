package xq

import "github.com/gambitchess/gambit/xiangqi"

// Move-ordering score bands. Within the capture band the order is
// MVV-LVA: most valuable victim first, cheapest attacker first.
const (
	scoreHash        = 1 << 30
	scoreGoodCapture = 1 << 26
	scoreKiller      = 1 << 24
	scoreBadCapture  = 1 << 22
	historyMax       = 1 << 14
)

// orderValue is the middlegame value of each piece type, for MVV-LVA and
// the capture pruning of quiescence. The general is never captured; as an
// attacker it counts as the dearest piece, since it can't afford to stand
// on a defended point.
var orderValue = [8]int{
	xiangqi.King:     2000,
	xiangqi.Advisor:  200,
	xiangqi.Elephant: 200,
	xiangqi.Horse:    420,
	xiangqi.Chariot:  950,
	xiangqi.Cannon:   430,
	xiangqi.Soldier:  120,
}

// scoreMoves copies ss.ml into ss.moves with ordering scores: the hash
// move, then captures that do not lose material (MVV-LVA), killers,
// captures of a defended piece by a dearer one, and quiet moves by
// history.
func (w *worker) scoreMoves(ss *plyState, hashMove xiangqi.Move) {
	pos := &ss.pos
	them := pos.SideToMove().Other()
	ss.n = ss.ml.Len()
	for i := 0; i < ss.n; i++ {
		m := ss.ml.At(i)
		var sc int32
		switch victim := pos.PieceAt(m.To()); {
		case m == hashMove:
			sc = scoreHash
		case victim != xiangqi.NoPiece:
			sc = captureScore(pos, m, victim, them)
		case m == ss.killers[0]:
			sc = scoreKiller + 1
		case m == ss.killers[1]:
			sc = scoreKiller
		default:
			sc = w.history[pos.PieceAt(m.From())][m.To()]
		}
		ss.moves[i] = scoredMove{m, sc}
	}
}

// captureScore is the MVV-LVA score of a capture, in the good band unless
// the attacker is worth more than the victim and the victim is defended.
func captureScore(pos *xiangqi.Position, m xiangqi.Move, victim xiangqi.Piece, them xiangqi.Color) int32 {
	vv := orderValue[victim.Type()]
	av := orderValue[pos.PieceAt(m.From()).Type()]
	sc := int32(vv*8 - av/16)
	if av > vv && pos.IsAttacked(m.To(), them) {
		return scoreBadCapture + sc
	}
	return scoreGoodCapture + sc
}

// pickMove moves the best-scored move among ss.moves[i:] to place i and
// returns it (selection sort, one step per move actually searched).
func pickMove(ss *plyState, i int) xiangqi.Move {
	best := i
	for j := i + 1; j < ss.n; j++ {
		if ss.moves[j].score > ss.moves[best].score {
			best = j
		}
	}
	ss.moves[i], ss.moves[best] = ss.moves[best], ss.moves[i]
	return ss.moves[i].move
}

// updateQuiet rewards the quiet move that caused a beta cutoff (killer
// and history bonus) and penalises the quiet moves tried before it.
func (w *worker) updateQuiet(ss *plyState, m xiangqi.Move, depth int, tried []xiangqi.Move) {
	if ss.killers[0] != m {
		ss.killers[1] = ss.killers[0]
		ss.killers[0] = m
	}
	bonus := int32(min(depth*depth, 400))
	pos := &ss.pos
	w.addHistory(pos.PieceAt(m.From()), m.To(), bonus)
	for _, q := range tried {
		w.addHistory(pos.PieceAt(q.From()), q.To(), -bonus)
	}
}

// addHistory moves a history entry towards ±historyMax: the "gravity"
// form keeps entries bounded without periodic rescaling.
func (w *worker) addHistory(pc xiangqi.Piece, to xiangqi.Square, bonus int32) {
	h := &w.history[pc][to]
	abs := bonus
	if abs < 0 {
		abs = -abs
	}
	*h += bonus*32 - *h*abs*32/historyMax
}
