package xq

import "github.com/gambitchess/gambit/xiangqi"

// Precomputed geometry for the evaluation, filled once by init and
// read-only afterwards. The xiangqi package keeps its own tables private;
// these are the engine's. Everything here is filled by this file's init
// alone: Go runs the init functions of a package's files in file-name
// order, so no other file's init may depend on these tables.

// horseStep is one horse move: the leg point must be empty.
type horseStep struct {
	leg, to xiangqi.Square
}

// horseList is the horse moves from one point.
type horseList struct {
	steps [8]horseStep
	n     uint8
}

var (
	// horseMoves[s] lists the horse moves from s.
	horseMoves [xiangqi.NumSquares]horseList
	// palaceZone[c][s]: s is in or directly in front of c's palace, where
	// attacks on c's general are counted.
	palaceZone [2][xiangqi.NumSquares]bool
	// relRank[c][s] is the rank of s counted from c's back rank (0-9).
	relRank [2][xiangqi.NumSquares]int8
	// zoneRank[c][r] holds the files of rank r inside c's palace zone;
	// zoneFile[c][f] the ranks of file f.
	zoneRank [2][xiangqi.NumRanks]uint16
	zoneFile [2][xiangqi.NumFiles]uint16
	sqFile   [xiangqi.NumSquares]uint8
	sqRank   [xiangqi.NumSquares]uint8
)

func init() {
	dirs := [4][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}}
	for s := xiangqi.Square(0); s < xiangqi.NumSquares; s++ {
		f, r := s.File(), s.Rank()
		for _, v := range dirs {
			lf, lr := f+v[0], r+v[1]
			if !onBoard(lf, lr) {
				continue
			}
			// From the leg, the horse goes one more step forward and one
			// to either side of that direction.
			for _, side := range [2]int{-1, 1} {
				tf, tr := lf+v[0]+side*v[1], lr+v[1]+side*v[0]
				if onBoard(tf, tr) {
					hl := &horseMoves[s]
					hl.steps[hl.n] = horseStep{xiangqi.NewSquare(lf, lr), xiangqi.NewSquare(tf, tr)}
					hl.n++
				}
			}
		}
		sqFile[s], sqRank[s] = uint8(f), uint8(r)
		relRank[xiangqi.Red][s] = int8(r)
		relRank[xiangqi.Black][s] = int8(9 - r)
		for c := xiangqi.Red; c <= xiangqi.Black; c++ {
			if rr := relRank[c][s]; f >= 3 && f <= 5 && rr <= 3 {
				palaceZone[c][s] = true
				zoneRank[c][r] |= 1 << f
				zoneFile[c][f] |= 1 << r
			}
		}
	}
}

func onBoard(f, r int) bool {
	return f >= 0 && f < xiangqi.NumFiles && r >= 0 && r < xiangqi.NumRanks
}

// mirror returns the point that s is for the other side: same file, rank
// counted from the other end. Tables are written from Red's view.
func mirror(s xiangqi.Square) xiangqi.Square {
	return xiangqi.NewSquare(s.File(), 9-s.Rank())
}
