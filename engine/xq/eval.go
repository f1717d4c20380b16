package xq

import (
	"math/bits"

	"github.com/gambitchess/gambit/xiangqi"
)

// Phase weights: the game phase is the sum over both sides of chariots ×
// 4, horses × 2 and cannons × 2, 32 with all of them on the board.
const maxPhase = 32

var phaseWeight = [8]int{xiangqi.Horse: 2, xiangqi.Chariot: 4, xiangqi.Cannon: 2}

// Mobility bases: the typical number of moves, counted as zero.
const (
	chariotMobBase = 8
	horseMobBase   = 4
	cannonMobBase  = 6
	maxDanger      = 20 // cap of the king-danger count
)

// evalWeights are the weights of the evaluation terms. The engine uses
// defaultWeights; the self-play tests compare variants of it.
type evalWeights struct {
	chariotMob, horseMob, cannonMob int // per reachable point
	trappedHorse                    int // extra penalty for a horse with no move
	// attack[pt] is how much a piece of type pt bearing on the enemy
	// palace adds to the king-danger count.
	attack      [8]int
	emptyCannon int // danger added by a cannon facing the general with nothing between
	safety      int // king-danger scale in percent
	tempo       int // bonus for the side to move
}

// defaultWeights are the engine's evaluation weights; read-only. Mobility
// and king safety were doubled from the first guesses after self-play at
// depths 4-6 (96 games: +39 =34 -23 for the doubled weights).
var defaultWeights = evalWeights{
	chariotMob: 8, horseMob: 18, cannonMob: 4, trappedHorse: 25,
	attack:      [8]int{xiangqi.Chariot: 3, xiangqi.Horse: 2, xiangqi.Cannon: 2, xiangqi.Soldier: 1},
	emptyCannon: 4,
	safety:      200,
}

// evalState accumulates per-side terms during one evaluation.
type evalState struct {
	mg, eg    [2]int
	mob       [2]int
	danger    [2]int // attack on the other side's general
	attackers [2]int
	phase     int
	occ       occupancy
	w         *evalWeights
}

// Evaluate returns the static evaluation of p in centipawns from the side
// to move's point of view: tapered material and piece-square values (the
// cannon-horse phase shift included), mobility of chariots, horses and
// cannons, and king safety (attackers near the palace weighed against
// missing advisors and elephants). Positions where neither side can cross
// the river score 0.
func Evaluate(p *xiangqi.Position) int { return evaluate(p, &defaultWeights) }

// evaluate is Evaluate with the weights w.
func evaluate(p *xiangqi.Position, w *evalWeights) int {
	if p.IsInsufficientMaterial() {
		return 0
	}
	st := evalState{w: w}
	st.fillOccupancy(p)
	for c := xiangqi.Red; c <= xiangqi.Black; c++ {
		for pt := xiangqi.King; pt <= xiangqi.Soldier; pt++ {
			pc := xiangqi.NewPiece(c, pt)
			bb := p.Pieces(c, pt)
			for w := 0; w < 2; w++ {
				for x := bb[w]; x != 0; x &= x - 1 {
					s := xiangqi.Square(w*64 + bits.TrailingZeros64(x))
					st.piece(p, pc, c, pt, s)
				}
			}
		}
	}
	var total [2]int
	ph := min(st.phase, maxPhase)
	for c := xiangqi.Red; c <= xiangqi.Black; c++ {
		total[c] = (st.mg[c]*ph+st.eg[c]*(maxPhase-ph))/maxPhase + st.mob[c]
		total[c] -= kingDanger(p, c, &st) * w.safety / 100
	}
	us := p.SideToMove()
	return total[us] - total[us.Other()] + w.tempo
}

// fillOccupancy builds the rank and file masks of p.
func (st *evalState) fillOccupancy(p *xiangqi.Position) {
	for pc := xiangqi.RedKing; pc <= xiangqi.BlackSoldier; pc++ {
		bb := p.Pieces(pc.Color(), pc.Type())
		for w := 0; w < 2; w++ {
			for x := bb[w]; x != 0; x &= x - 1 {
				st.occ.add(pc.Color(), xiangqi.Square(w*64+bits.TrailingZeros64(x)))
			}
		}
	}
	st.occ.finish()
}

// piece adds the terms of the piece pc of colour c and type pt on s.
func (st *evalState) piece(p *xiangqi.Position, pc xiangqi.Piece, c xiangqi.Color, pt xiangqi.PieceType, s xiangqi.Square) {
	st.mg[c] += pstMG[pc][s]
	st.eg[c] += pstEG[pc][s]
	st.phase += phaseWeight[pt]
	switch pt {
	case xiangqi.Chariot:
		n, hits := chariotReach(&st.occ, c, s)
		st.mob[c] += st.w.chariotMob * (n - chariotMobBase)
		if hits || palaceZone[c.Other()][s] {
			st.attack(c, xiangqi.Chariot)
		}
	case xiangqi.Horse:
		n, hits := horseReach(p, c, s)
		st.mob[c] += st.w.horseMob * (n - horseMobBase)
		if n == 0 {
			st.mob[c] -= st.w.trappedHorse
		}
		if hits {
			st.attack(c, xiangqi.Horse)
		}
	case xiangqi.Cannon:
		n, hits := cannonReach(&st.occ, c, s)
		st.mob[c] += st.w.cannonMob * (n - cannonMobBase)
		if hits {
			st.attack(c, xiangqi.Cannon)
		}
		if s.File() == p.KingSquare(c.Other()).File() && emptyBetween(p, s, p.KingSquare(c.Other())) {
			st.danger[c] += st.w.emptyCannon
		}
	case xiangqi.Soldier:
		if relRank[c][s] >= 6 && abs(s.File()-4) <= 2 {
			st.attack(c, xiangqi.Soldier)
		}
	}
}

func (st *evalState) attack(c xiangqi.Color, pt xiangqi.PieceType) {
	st.danger[c] += st.w.attack[pt]
	st.attackers[c]++
}

// kingDanger returns the king-safety penalty of side c: the square of the
// opponent's attack count, made larger for each missing advisor and
// elephant. A lone attacker rarely mates and is not counted.
func kingDanger(p *xiangqi.Position, c xiangqi.Color, st *evalState) int {
	them := c.Other()
	if st.attackers[them] < 2 {
		return 0
	}
	d := min(st.danger[them], maxDanger)
	adv := p.Pieces(c, xiangqi.Advisor)
	ele := p.Pieces(c, xiangqi.Elephant)
	missing := 2*(2-adv.Count()) + (2 - ele.Count())
	return d * d * (4 + missing) / 6
}

// chariotReach counts the points a chariot of colour c on s reaches (empty
// points and enemy pieces) and reports whether one of them is in or
// before the enemy palace.
func chariotReach(o *occupancy, c xiangqi.Color, s xiangqi.Square) (n int, hits bool) {
	f, r := sqFile[s], sqRank[s]
	rs := rankLines[f][o.rank[r]].slide &^ o.rankC[c][r]
	fs := fileLines[r][o.file[f]].slide &^ o.fileC[c][f]
	them := c.Other()
	return bits.OnesCount16(rs) + bits.OnesCount16(fs), rs&zoneRank[them][r]|fs&zoneFile[them][f] != 0
}

// cannonReach counts a cannon's quiet moves and captures and reports
// whether it bears on the enemy palace zone through a screen.
func cannonReach(o *occupancy, c xiangqi.Color, s xiangqi.Square) (n int, hits bool) {
	f, r := sqFile[s], sqRank[s]
	them := c.Other()
	rl := &rankLines[f][o.rank[r]]
	fl := &fileLines[r][o.file[f]]
	n = bits.OnesCount16(rl.slide&^o.rank[r]) + bits.OnesCount16(fl.slide&^o.file[f]) +
		bits.OnesCount16(rl.hit&o.rankC[them][r]) + bits.OnesCount16(fl.hit&o.fileC[them][f])
	return n, rl.beyond&zoneRank[them][r]|fl.beyond&zoneFile[them][f] != 0
}

// horseReach counts a horse's moves (leg free, target not its own piece)
// and reports whether one lands in the enemy palace zone.
func horseReach(p *xiangqi.Position, c xiangqi.Color, s xiangqi.Square) (n int, hits bool) {
	zone := &palaceZone[c.Other()]
	hl := &horseMoves[s]
	for i := uint8(0); i < hl.n; i++ {
		st := hl.steps[i]
		if p.PieceAt(st.leg) != xiangqi.NoPiece {
			continue
		}
		if pc := p.PieceAt(st.to); pc == xiangqi.NoPiece || pc.Color() != c {
			n++
			hits = hits || zone[st.to]
		}
	}
	return n, hits
}

// emptyBetween reports whether no piece stands between a and b, which are
// on one file.
func emptyBetween(p *xiangqi.Position, a, b xiangqi.Square) bool {
	if a > b {
		a, b = b, a
	}
	for s := a + xiangqi.NumFiles; s < b; s += xiangqi.NumFiles {
		if p.PieceAt(s) != xiangqi.NoPiece {
			return false
		}
	}
	return true
}
