package engine

import "github.com/gambitchess/gambit/chess"

// The tuner sees the evaluation as linear in the tunable weights: a trace
// counts, for each Pair of Weights, how often its term applies to White
// minus to Black. The order of the tunable pairs is fixed here and in
// tunablePairs.
const (
	tpValue         = 0                  // piece values, pawn to queen
	tpPST           = tpValue + 5        // piece-square tables, pawn to king, by square
	tpMobility      = tpPST + 6*64       // knight to queen
	tpPassed        = tpMobility + 4     // relative ranks 1 to 6
	tpIsolated      = tpPassed + 6       // isolated pawn
	tpDoubled       = tpIsolated + 1     // doubled pawn
	tpBackward      = tpDoubled + 1      // backward pawn
	tpBishopPair    = tpBackward + 1     // bishop pair
	tpRookOpen      = tpBishopPair + 1   // rook on an open file
	tpRookSemiOpen  = tpRookOpen + 1     // rook on a semi-open file
	tpShelterNear   = tpRookSemiOpen + 1 // shelter pawn one rank ahead
	tpShelterFar    = tpShelterNear + 1  // shelter pawn two ranks ahead
	tpShelterNoPawn = tpShelterFar + 1   // no shelter pawn
	numTunable      = tpShelterNoPawn + 1
)

// tunablePairs returns pointers to the tunable pairs of w in trace order.
func tunablePairs(w *Weights) []*Pair {
	ps := make([]*Pair, 0, numTunable)
	for pt := chess.Pawn; pt <= chess.Queen; pt++ {
		ps = append(ps, &w.PieceValue[pt])
	}
	for pt := chess.Pawn; pt <= chess.King; pt++ {
		for s := range w.PST[pt] {
			ps = append(ps, &w.PST[pt][s])
		}
	}
	for pt := chess.Knight; pt <= chess.Queen; pt++ {
		ps = append(ps, &w.Mobility[pt])
	}
	for r := 1; r <= 6; r++ {
		ps = append(ps, &w.PassedPawn[r])
	}
	return append(ps, &w.IsolatedPawn, &w.DoubledPawn, &w.BackwardPawn, &w.BishopPair,
		&w.RookOpen, &w.RookSemiOpen, &w.ShelterNear, &w.ShelterFar, &w.ShelterNoPawn)
}

// evalTrace is the linear form of one position's evaluation.
type evalTrace struct {
	coef    [numTunable]int16 // White's count minus Black's, per tunable pair
	phase   int               // 0 (pawn ending) to 24
	constMG int               // untuned middlegame terms (king attack), White minus Black
	constEG int               // untuned endgame terms (passer king race), White minus Black
}

// trace fills tr for p with ev's untuned terms (mobility centres, king
// attack weights). It mirrors Evaluator.Evaluate and Evaluator.side; the
// tests check that the two agree exactly.
func (ev *Evaluator) trace(p *chess.Position, tr *evalTrace) {
	*tr = evalTrace{}
	occ := p.Occupied()
	for bb := occ; bb != 0; {
		sq := bb.PopFirst()
		pc := p.PieceAt(sq)
		pt := pc.Type()
		tr.phase += phaseWeight[pt]
		sign, rel := int16(1), sq
		if pc.Color() == chess.Black {
			sign, rel = -1, sq^56
		}
		if pt != chess.King {
			tr.coef[tpValue+int(pt)-1] += sign
		}
		tr.coef[tpPST+(int(pt)-1)*64+int(rel)] += sign
	}
	tr.phase = min(tr.phase, 24)
	ev.traceSide(p, chess.White, occ, 1, tr)
	ev.traceSide(p, chess.Black, occ, -1, tr)
}

// traceSide is Evaluator.side counting terms instead of adding weights.
func (ev *Evaluator) traceSide(p *chess.Position, us chess.Color, occ chess.Bitboard, sign int16, tr *evalTrace) {
	them := us.Other()
	ourPawns, theirPawns := p.Pieces(us, chess.Pawn), p.Pieces(them, chess.Pawn)
	theirPawnAttacks := pawnAttacksBB(them, theirPawns)
	for bb := ourPawns; bb != 0; {
		sq := bb.PopFirst()
		f := sq.File()
		if passedMask[us][sq]&theirPawns == 0 && forwardFile[us][sq]&ourPawns == 0 {
			if r := int(sq.RelativeRank(us)); r >= 1 && r <= 6 {
				tr.coef[tpPassed+r-1] += sign
			}
			tr.constEG += int(sign) * passerKings(us, sq, p.KingSquare(us), p.KingSquare(them))
		}
		if adjacentFile[f]&ourPawns == 0 {
			tr.coef[tpIsolated] += sign
		} else if supportMask[us][sq]&ourPawns == 0 && theirPawnAttacks.Has(stopSquare(us, sq)) {
			tr.coef[tpBackward] += sign
		}
		if forwardFile[us][sq]&ourPawns != 0 {
			tr.coef[tpDoubled] += sign
		}
	}
	if p.Pieces(us, chess.Bishop).More() {
		tr.coef[tpBishopPair] += sign
	}
	ev.tracePieces(p, us, occ, sign, tr)
	traceShelter(p, us, sign, tr)
}

// tracePieces traces mobility, rook files and the (untuned) king attack.
func (ev *Evaluator) tracePieces(p *chess.Position, us chess.Color, occ chess.Bitboard, sign int16, tr *evalTrace) {
	them := us.Other()
	ourPawns, theirPawns := p.Pieces(us, chess.Pawn), p.Pieces(them, chess.Pawn)
	area := ^(p.ByColor(us) | pawnAttacksBB(them, theirPawns))
	theirKing := p.KingSquare(them)
	zone := chess.KingAttacks(theirKing) | theirKing.Bitboard()
	attackers, weight := 0, 0
	for pt := chess.Knight; pt <= chess.Queen; pt++ {
		for bb := p.Pieces(us, pt); bb != 0; {
			sq := bb.PopFirst()
			att := chess.Attacks(pt, us, sq, occ)
			if file := chess.FileBB(sq.File()); pt == chess.Rook && file&ourPawns == 0 {
				if file&theirPawns == 0 {
					tr.coef[tpRookOpen] += sign
				} else {
					tr.coef[tpRookSemiOpen] += sign
				}
			}
			tr.coef[tpMobility+int(pt)-int(chess.Knight)] += sign * int16((att&area).Count()-ev.mobilityCentre[pt])
			if z := att & zone; z != 0 {
				attackers++
				weight += ev.kingAttack[pt] * z.Count()
			}
		}
	}
	if attackers >= 2 && p.Pieces(us, chess.Queen) != 0 {
		tr.constMG += int(sign) * min(weight*weight/4, 500)
	}
}

// traceShelter traces the pawn shelter in front of us's king.
func traceShelter(p *chess.Position, us chess.Color, sign int16, tr *evalTrace) {
	ksq := p.KingSquare(us)
	if ksq.RelativeRank(us) > chess.Rank2 {
		return
	}
	ourPawns := p.Pieces(us, chess.Pawn)
	kf := int(ksq.File())
	for f := max(kf-1, 0); f <= min(kf+1, 7); f++ {
		filePawns := ourPawns & chess.FileBB(chess.File(f)) & forwardFile[us][ksq&^7|chess.Square(f)]
		if filePawns == 0 {
			tr.coef[tpShelterNoPawn] += sign
			continue
		}
		near := filePawns.First()
		if us == chess.Black {
			near = lastSquare(filePawns)
		}
		switch int(near.RelativeRank(us)) - int(ksq.RelativeRank(us)) {
		case 1:
			tr.coef[tpShelterNear] += sign
		case 2:
			tr.coef[tpShelterFar] += sign
		}
	}
}

// traceEval recomputes ev's White-view evaluation (tempo included) from a
// trace of p, for the tests: it must equal Evaluate exactly.
func (ev *Evaluator) traceEval(p *chess.Position, tr *evalTrace, w *Weights) int {
	mg, eg := tr.constMG, tr.constEG
	for i, pr := range tunablePairs(w) {
		mg += int(tr.coef[i]) * pr.MG
		eg += int(tr.coef[i]) * pr.EG
	}
	v := (mg*tr.phase + eg*(24-tr.phase)) / 24
	div, bonus := endgameScale(p, v)
	return v/div + bonus + whiteTempo(p, ev.tempo)
}

// whiteTempo is the tempo bonus seen from White.
func whiteTempo(p *chess.Position, tempo int) int {
	if p.SideToMove() == chess.Black {
		return -tempo
	}
	return tempo
}
