package engine

import (
	"math/bits"

	"github.com/gambitchess/gambit/chess"
)

// taper is a tapered score: a middlegame and an endgame value packed in one
// int32 (mg in the high half, eg in the low half, carried so that both add
// and subtract as one integer).
type taper int32

func mkS(mg, eg int) taper { return taper(int32(mg)<<16 + int32(eg)) }
func (s taper) mg() int    { return int(int16((int32(s) + 0x8000) >> 16)) }
func (s taper) eg() int    { return int(int16(int32(s))) }

// phaseWeight is each piece type's share of the game phase (24 at the start).
var phaseWeight = [7]int{0, 0, 1, 1, 2, 4, 0}

// Precomputed tables.
var (
	adjacentFile [8]chess.Bitboard
	passedMask   [2][64]chess.Bitboard // enemy pawns here stop a passer
	forwardFile  [2][64]chess.Bitboard // squares in front of a pawn on its file
	supportMask  [2][64]chess.Bitboard // squares on adjacent files, on the pawn's rank or behind
)

func init() {
	for f := 0; f < 8; f++ {
		if f > 0 {
			adjacentFile[f] |= chess.FileBB(chess.File(f - 1))
		}
		if f < 7 {
			adjacentFile[f] |= chess.FileBB(chess.File(f + 1))
		}
	}
	for s := chess.Square(0); s < 64; s++ {
		f, r := int(s.File()), int(s.Rank())
		for rr := 0; rr < 8; rr++ {
			rank := chess.RankBB(chess.Rank(rr))
			files := adjacentFile[f] | chess.FileBB(chess.File(f))
			if rr > r {
				passedMask[chess.White][s] |= rank & files
				forwardFile[chess.White][s] |= rank & chess.FileBB(chess.File(f))
			}
			if rr < r {
				passedMask[chess.Black][s] |= rank & files
				forwardFile[chess.Black][s] |= rank & chess.FileBB(chess.File(f))
			}
			if rr <= r {
				supportMask[chess.White][s] |= rank & adjacentFile[f]
			}
			if rr >= r {
				supportMask[chess.Black][s] |= rank & adjacentFile[f]
			}
		}
	}
}

// pawnAttacksBB returns the squares attacked by the pawns of colour c.
func pawnAttacksBB(c chess.Color, pawns chess.Bitboard) chess.Bitboard {
	const notA, notH = ^chess.FileABB, ^chess.FileHBB
	if c == chess.White {
		return (pawns&notA)<<7 | (pawns&notH)<<9
	}
	return (pawns&notA)>>9 | (pawns&notH)>>7
}

// Evaluate returns the static evaluation of p in centipawns from the side to
// move's point of view: tapered middlegame/endgame material and PeSTO
// piece-square tables, mobility, pawn structure, king safety, bishop pair and
// rooks on open files. Positions without mating material score 0. It uses
// DefaultWeights; an Evaluator built from other weights has the same method.
func Evaluate(p *chess.Position) int { return defaultEvaluator.Evaluate(p) }

// Evaluate is the static evaluation of p with ev's weights, in centipawns
// from the side to move's point of view.
func (ev *Evaluator) Evaluate(p *chess.Position) int {
	if insufficientMaterial(p) {
		return 0
	}
	var s taper
	phase := 0
	occ := p.Occupied()
	for bb := occ; bb != 0; {
		sq := bb.PopFirst()
		pc := p.PieceAt(sq)
		s += ev.psqt[pc][sq]
		phase += phaseWeight[pc.Type()]
	}
	s += ev.side(p, chess.White, occ) - ev.side(p, chess.Black, occ)

	mg, eg := s.mg(), s.eg()
	phase = min(phase, 24)
	v := (mg*phase + eg*(24-phase)) / 24
	v = scaleEndgame(p, v)
	if p.SideToMove() == chess.Black {
		v = -v
	}
	return v + ev.tempo
}

// side returns the terms of colour us other than material and PST.
func (ev *Evaluator) side(p *chess.Position, us chess.Color, occ chess.Bitboard) taper {
	them := us.Other()
	var s taper
	ourPawns, theirPawns := p.Pieces(us, chess.Pawn), p.Pieces(them, chess.Pawn)
	theirPawnAttacks := pawnAttacksBB(them, theirPawns)
	ksq, theirKing := p.KingSquare(us), p.KingSquare(them)

	// Pawn structure.
	for bb := ourPawns; bb != 0; {
		sq := bb.PopFirst()
		f := sq.File()
		if passedMask[us][sq]&theirPawns == 0 && forwardFile[us][sq]&ourPawns == 0 {
			s += ev.passedPawn[sq.RelativeRank(us)] + mkS(0, passerKings(us, sq, ksq, theirKing))
		}
		if adjacentFile[f]&ourPawns == 0 {
			s += ev.isolatedPawn
		} else if supportMask[us][sq]&ourPawns == 0 && theirPawnAttacks.Has(stopSquare(us, sq)) {
			s += ev.backwardPawn
		}
		if forwardFile[us][sq]&ourPawns != 0 {
			s += ev.doubledPawn
		}
	}

	if p.Pieces(us, chess.Bishop).More() {
		s += ev.bishopPair
	}

	// Pieces: mobility, open files, attacks on the enemy king zone.
	area := ^(p.ByColor(us) | theirPawnAttacks)
	zone := chess.KingAttacks(theirKing) | theirKing.Bitboard()
	attackers, weight := 0, 0
	for pt := chess.Knight; pt <= chess.Queen; pt++ {
		for bb := p.Pieces(us, pt); bb != 0; {
			sq := bb.PopFirst()
			var att chess.Bitboard
			switch pt {
			case chess.Knight:
				att = chess.KnightAttacks(sq)
			case chess.Bishop:
				att = chess.BishopAttacks(sq, occ)
			case chess.Rook:
				att = chess.RookAttacks(sq, occ)
				file := chess.FileBB(sq.File())
				if file&ourPawns == 0 {
					if file&theirPawns == 0 {
						s += ev.rookOpen
					} else {
						s += ev.rookSemiOpen
					}
				}
			case chess.Queen:
				att = chess.QueenAttacks(sq, occ)
			}
			s += ev.mobility[pt] * taper((att&area).Count()-ev.mobilityCentre[pt])
			if z := att & zone; z != 0 {
				attackers++
				weight += ev.kingAttack[pt] * z.Count()
			}
		}
	}
	if attackers >= 2 && p.Pieces(us, chess.Queen) != 0 {
		s += mkS(min(weight*weight/4, 500), 0)
	}

	// Pawn shelter in front of our own king (middlegame only by default).
	if ksq.RelativeRank(us) <= chess.Rank2 {
		var shelter taper
		kf := int(ksq.File())
		for f := max(kf-1, 0); f <= min(kf+1, 7); f++ {
			filePawns := ourPawns & chess.FileBB(chess.File(f)) & forwardFile[us][ksq&^7|chess.Square(f)]
			if filePawns == 0 {
				shelter += ev.shelterNoPawn
				continue
			}
			near := filePawns.First()
			if us == chess.Black {
				near = lastSquare(filePawns)
			}
			switch d := int(near.RelativeRank(us)) - int(ksq.RelativeRank(us)); d {
			case 1:
				shelter += ev.shelterNear
			case 2:
				shelter += ev.shelterFar
			}
		}
		s += shelter
	}
	return s
}

// scaleEndgame damps evaluations that material alone would call winning but
// that are usually drawn, and adds mop-up terms that drive a lone king to
// the edge so that basic mates are found.
func scaleEndgame(p *chess.Position, v int) int {
	div, bonus := endgameScale(p, v)
	return v/div + bonus
}

// endgameScale returns the divisor and the White-view mop-up bonus that
// scaleEndgame applies to the White-view evaluation v (only its sign is read).
func endgameScale(p *chess.Position, v int) (div, bonus int) {
	strong := chess.White
	if v < 0 {
		strong = chess.Black
	}
	weak := strong.Other()
	if p.Pieces(strong, chess.Pawn) != 0 {
		return 1, 0
	}
	nonPawn := func(c chess.Color) int {
		return 3*p.Pieces(c, chess.Knight).Count() + 3*p.Pieces(c, chess.Bishop).Count() +
			5*p.Pieces(c, chess.Rook).Count() + 9*p.Pieces(c, chess.Queen).Count()
	}
	ms, mw := nonPawn(strong), nonPawn(weak)
	switch {
	case ms-mw < 4 && ms < 13:
		// A minor piece up or less, without pawns: hard or impossible to win.
		return 8, 0
	case ms == 6 && p.Pieces(strong, chess.Knight).Count() == 2 && mw == 0:
		return 16, 0 // two knights cannot force mate
	}
	if p.ByColor(weak) == p.Pieces(weak, chess.King) && ms >= 5 {
		wk, sk := p.KingSquare(weak), p.KingSquare(strong)
		bonus = 10*centreDistance(wk) + 4*(14-manhattanDistance(wk, sk))
		if strong == chess.Black {
			bonus = -bonus
		}
	}
	return 1, bonus
}

// passerKings is the endgame bonus of our passed pawn on sq for the king
// race to its stop square: 5 cp per square the enemy king is away, minus 2
// per square our king is away (each capped at 5), times 1 on the fourth
// rank up to 4 on the seventh. It is untuned, like the king-attack weights:
// WAC at a fixed 1.3 M / 1.7 M nodes went from 286 / 288 to 288 / 290.
func passerKings(us chess.Color, sq, ourKing, theirKing chess.Square) int {
	r := int(sq.RelativeRank(us))
	if r < int(chess.Rank4) {
		return 0
	}
	stop := stopSquare(us, sq)
	theirs := min(kingDistance(theirKing, stop), 5)
	ours := min(kingDistance(ourKing, stop), 5)
	return (r - 2) * (5*theirs - 2*ours)
}

// stopSquare is the square in front of our pawn on sq.
func stopSquare(us chess.Color, sq chess.Square) chess.Square {
	if us == chess.Black {
		return sq - 8
	}
	return sq + 8
}

// kingDistance is the number of king moves between two squares.
func kingDistance(a, b chess.Square) int {
	return max(abs(int(a.File())-int(b.File())), abs(int(a.Rank())-int(b.Rank())))
}

func lastSquare(b chess.Bitboard) chess.Square {
	return chess.Square(63 - bits.LeadingZeros64(uint64(b)))
}

func centreDistance(s chess.Square) int {
	f, r := int(s.File()), int(s.Rank())
	return max(3-f, f-4) + max(3-r, r-4)
}

// manhattanDistance is the number of rook steps between two squares.
func manhattanDistance(a, b chess.Square) int {
	df := int(a.File()) - int(b.File())
	dr := int(a.Rank()) - int(b.Rank())
	return abs(df) + abs(dr)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// insufficientMaterial reports positions where neither side can mate by any
// sequence of legal moves: K v K, K+minor v K, and K+B v K+B with bishops on
// the same colour.
func insufficientMaterial(p *chess.Position) bool {
	if p.PiecesOfType(chess.Pawn)|p.PiecesOfType(chess.Rook)|p.PiecesOfType(chess.Queen) != 0 {
		return false
	}
	minors := p.PiecesOfType(chess.Knight) | p.PiecesOfType(chess.Bishop)
	if !minors.More() {
		return true
	}
	bishops := p.PiecesOfType(chess.Bishop)
	if p.PiecesOfType(chess.Knight) == 0 {
		const dark = chess.Bitboard(0xAA55AA55AA55AA55)
		return bishops&dark == 0 || bishops&^dark == 0
	}
	return false
}
