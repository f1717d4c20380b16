package xq

import "github.com/gambitchess/gambit/xiangqi"

// Line tables for the evaluation's mobility terms, indexed by a point's
// position on its rank or file and that line's occupancy (bit i = point i
// occupied). They are the engine's own; the rules library keeps its
// tables private.
//
//	slide:  points a chariot reaches, the first piece each way included
//	beyond: points behind the first piece (the cannon's screen) up to and
//	        including the second piece: where a cannon bears
//	hit:    the second piece each way, which a cannon can capture
type lineTable struct {
	slide, beyond, hit uint16
}

var (
	rankLines [xiangqi.NumFiles][1 << xiangqi.NumFiles]lineTable
	fileLines [xiangqi.NumRanks][1 << xiangqi.NumRanks]lineTable
)

func init() {
	for pos := 0; pos < xiangqi.NumFiles; pos++ {
		for occ := 0; occ < 1<<xiangqi.NumFiles; occ++ {
			rankLines[pos][occ] = lineFor(pos, occ, xiangqi.NumFiles)
		}
	}
	for pos := 0; pos < xiangqi.NumRanks; pos++ {
		for occ := 0; occ < 1<<xiangqi.NumRanks; occ++ {
			fileLines[pos][occ] = lineFor(pos, occ, xiangqi.NumRanks)
		}
	}
}

// lineFor computes the table entry of a point at pos on a line of n
// points with occupancy occ, walking each way.
func lineFor(pos, occ, n int) lineTable {
	var t lineTable
	for _, dir := range [2]int{-1, 1} {
		pieces := 0
		for i := pos + dir; i >= 0 && i < n && pieces < 2; i += dir {
			occupied := occ>>i&1 != 0
			if pieces == 0 {
				t.slide |= 1 << i
			} else {
				t.beyond |= 1 << i
				if occupied {
					t.hit |= 1 << i
				}
			}
			if occupied {
				pieces++
			}
		}
	}
	return t
}

// occupancy is the placement of one position as rank and file masks, all
// pieces and by colour, built once per evaluation.
type occupancy struct {
	rank  [xiangqi.NumRanks]uint16
	file  [xiangqi.NumFiles]uint16
	rankC [2][xiangqi.NumRanks]uint16
	fileC [2][xiangqi.NumFiles]uint16
}

func (o *occupancy) add(c xiangqi.Color, s xiangqi.Square) {
	f, r := sqFile[s], sqRank[s]
	o.rankC[c][r] |= 1 << f
	o.fileC[c][f] |= 1 << r
}

// finish fills the all-piece masks from the colour masks.
func (o *occupancy) finish() {
	for r := range o.rank {
		o.rank[r] = o.rankC[0][r] | o.rankC[1][r]
	}
	for f := range o.file {
		o.file[f] = o.fileC[0][f] | o.fileC[1][f]
	}
}
