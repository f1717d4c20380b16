package xq

import "github.com/gambitchess/gambit/xiangqi"

// Piece values (middlegame, endgame) in centipawns. Cannons are worth more
// than horses while the board is full (they need screens) and less in the
// endgame, where the horse's reach matters more: this is the cannon-horse
// phase adjustment, done by tapering between the two columns.
var pieceValue = [8][2]int{
	xiangqi.King:     {0, 0},
	xiangqi.Advisor:  {200, 200},
	xiangqi.Elephant: {200, 190},
	xiangqi.Horse:    {400, 460},
	xiangqi.Chariot:  {950, 1000},
	xiangqi.Cannon:   {460, 400},
	xiangqi.Soldier:  {100, 120},
}

// pstMG and pstEG hold material plus placement for each coloured piece on
// each point, from the owner's view (Black's entries are mirrored Red's).
var pstMG, pstEG [16][xiangqi.NumSquares]int

func init() {
	for pt := xiangqi.King; pt <= xiangqi.Soldier; pt++ {
		for s := xiangqi.Square(0); s < xiangqi.NumSquares; s++ {
			mg, eg := placement(pt, s.File(), s.Rank())
			mg += pieceValue[pt][0]
			eg += pieceValue[pt][1]
			red, black := xiangqi.NewPiece(xiangqi.Red, pt), xiangqi.NewPiece(xiangqi.Black, pt)
			pstMG[red][s], pstEG[red][s] = mg, eg
			pstMG[black][mirror(s)], pstEG[black][mirror(s)] = mg, eg
		}
	}
}

// placement returns the (middlegame, endgame) bonus of a red piece of type
// pt on file f, rank r. The tables are the engine's own, written from
// common xiangqi advice rather than copied: develop chariots to the ribs
// and across the river, centralise horses and bring them near the enemy
// palace, keep a cannon on the central file, cross the river with soldiers
// and bring them to the palace, but not to the last rank, where a soldier
// can no longer move forward; keep the general and its guards at home.
func placement(pt xiangqi.PieceType, f, r int) (mg, eg int) {
	cf := abs(f - 4) // distance from the central file
	switch pt {
	case xiangqi.King:
		mg = [10]int{0, -20, -45}[min(r, 2)] - 4*cf
		eg = [10]int{0, -5, -15}[min(r, 2)]
	case xiangqi.Advisor:
		if f == 4 && r == 1 {
			mg, eg = 8, 10
		}
	case xiangqi.Elephant:
		switch {
		case f == 4 && r == 2:
			mg, eg = 10, 10
		case f == 0 || f == 8:
			mg, eg = -6, -4
		case r == 4:
			mg, eg = -4, -2
		}
	case xiangqi.Horse:
		mg = [10]int{-25, -8, 0, 6, 12, 18, 26, 28, 16, -4}[r] + [5]int{4, 2, 0, -6, -22}[cf]
		if r >= 6 && r <= 8 && cf <= 2 {
			mg += 12
		}
		eg = mg / 2
	case xiangqi.Chariot:
		mg = [10]int{-12, 0, 0, 4, 6, 12, 14, 22, 10, 4}[r] + [5]int{4, 10, 2, 0, -4}[cf]
		eg = mg / 2
	case xiangqi.Cannon:
		mg = [10]int{2, 0, 2, 0, 0, 4, 4, -8, -4, 8}[r] + [5]int{18, 0, 2, 0, -6}[cf]
		eg = [10]int{0, 0, 0, 0, 0, 2, 2, 0, 0, 0}[r]
	case xiangqi.Soldier:
		mg, eg = soldierPlacement(cf, r)
	}
	return mg, eg
}

// soldierPlacement values a red soldier. Crossing the river roughly
// doubles its worth (it gains sideways moves); near the enemy palace it
// helps the attack; on the last rank it only moves sideways.
func soldierPlacement(cf, r int) (mg, eg int) {
	if r <= 4 {
		if r == 4 {
			mg = 6
			if cf == 0 {
				mg = 14
			}
		}
		return mg, mg
	}
	mg = 90 + [10]int{0, 0, 0, 0, 0, 0, 20, 30, 30, -45}[r] + [5]int{20, 18, 8, -2, -12}[cf]
	eg = mg + 30
	return mg, eg
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
