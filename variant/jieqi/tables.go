package jieqi

// Precomputed tables, filled once by init and read-only afterwards. They
// are not xiangqi's: face-up advisors and elephants roam the whole board,
// face-down ones keep to the palace and their side, and the generator
// walks a mailbox (xiangqi's keeps occupancy-indexed sliding tables that
// jieqi's Position has no use for).

// steps is a short list of destinations, each with the point that must be
// empty for the step (a horse's leg, an elephant's eye; the destination
// itself for plain steps, where it is not read).
type steps struct {
	to    [8]Square
	block [8]Square
	n     uint8
}

func (l *steps) push(to, block Square) {
	l.to[l.n], l.block[l.n] = to, block
	l.n++
}

var (
	kingSteps          [NumSquares]steps    // one step orthogonally, inside the palace
	palaceAdvisorSteps [NumSquares]steps    // a face-down advisor: one diagonal step inside the palace
	advisorSteps       [NumSquares]steps    // a face-up advisor: one diagonal step anywhere
	homeElephantSteps  [NumSquares]steps    // a face-down elephant: two diagonal steps on its side
	elephantSteps      [NumSquares]steps    // a face-up elephant: two diagonal steps anywhere
	horseSteps         [NumSquares]steps    // the horse: block is the leg
	soldierSteps       [2][NumSquares]steps // by colour: forward, and sideways once across the river

	// Attack lists, the step tables turned round: a piece on to[i] attacks
	// s (when block[i] is empty).
	horseAttacks    [NumSquares]steps
	elephantAttacks [NumSquares]steps
	soldierAttacks  [2][NumSquares]steps
)

// zobrist keys: a face-up piece on a point, a face-down piece of a colour
// on a point (what moves there is fixed by the point), and the side to move.
var (
	zobristPiece [16][NumSquares]uint64
	zobristDown  [2][NumSquares]uint64
	zobristSide  uint64
)

func onBoard(f, r int) bool { return f >= 0 && f < NumFiles && r >= 0 && r < NumRanks }

func sq(f, r int) Square { return Square(r*NumFiles + f) }

func inPalace(f, r int) bool { return f >= 3 && f <= 5 && (r <= 2 || r >= 7) }

func init() {
	orth := [4][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}}
	diag := [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	for s := Square(0); s < NumSquares; s++ {
		f, r := s.File(), s.Rank()
		for _, d := range orth {
			nf, nr := f+d[0], r+d[1]
			if onBoard(nf, nr) && inPalace(f, r) && inPalace(nf, nr) && (r <= 2) == (nr <= 2) {
				kingSteps[s].push(sq(nf, nr), sq(nf, nr))
			}
		}
		for _, d := range diag {
			if nf, nr := f+d[0], r+d[1]; onBoard(nf, nr) {
				advisorSteps[s].push(sq(nf, nr), sq(nf, nr))
				if inPalace(f, r) && inPalace(nf, nr) && (r <= 2) == (nr <= 2) {
					palaceAdvisorSteps[s].push(sq(nf, nr), sq(nf, nr))
				}
			}
			if nf, nr := f+2*d[0], r+2*d[1]; onBoard(nf, nr) {
				eye := sq(f+d[0], r+d[1])
				elephantSteps[s].push(sq(nf, nr), eye)
				if (r <= 4) == (nr <= 4) {
					homeElephantSteps[s].push(sq(nf, nr), eye)
				}
			}
			// The two horse moves whose leg is the orthogonal neighbour
			// towards this diagonal.
			for _, leg := range [2][2]int{{d[0], 0}, {0, d[1]}} {
				if nf, nr := f+leg[0]+d[0], r+leg[1]+d[1]; onBoard(nf, nr) {
					horseSteps[s].push(sq(nf, nr), sq(f+leg[0], r+leg[1]))
				}
			}
		}
		for c := Red; c <= Black; c++ {
			fwd, crossed := 1, r >= 5
			if c == Black {
				fwd, crossed = -1, r <= 4
			}
			if onBoard(f, r+fwd) {
				soldierSteps[c][s].push(sq(f, r+fwd), sq(f, r+fwd))
			}
			if crossed {
				for _, df := range [2]int{-1, 1} {
					if onBoard(f+df, r) {
						soldierSteps[c][s].push(sq(f+df, r), sq(f+df, r))
					}
				}
			}
		}
	}
	for s := Square(0); s < NumSquares; s++ {
		for i := uint8(0); i < horseSteps[s].n; i++ {
			horseAttacks[horseSteps[s].to[i]].push(s, horseSteps[s].block[i])
		}
		for i := uint8(0); i < elephantSteps[s].n; i++ {
			elephantAttacks[elephantSteps[s].to[i]].push(s, elephantSteps[s].block[i])
		}
		for c := Red; c <= Black; c++ {
			for i := uint8(0); i < soldierSteps[c][s].n; i++ {
				soldierAttacks[c][soldierSteps[c][s].to[i]].push(s, s)
			}
		}
	}

	seed := uint64(0x4a_69_65_51_69) // "JieQi"
	for p := 1; p < 16; p++ {
		if Piece(p).Type() == NoPieceType {
			continue
		}
		for s := 0; s < NumSquares; s++ {
			zobristPiece[p][s] = splitmix64(&seed)
		}
	}
	for c := 0; c < 2; c++ {
		for s := 0; s < NumSquares; s++ {
			zobristDown[c][s] = splitmix64(&seed)
		}
	}
	zobristSide = splitmix64(&seed)
}

// splitmix64 is a fixed-seed generator, so keys are the same in every run:
// xiangqi's, too small a helper for a rules library to export.
func splitmix64(x *uint64) uint64 {
	*x += 0x9e3779b97f4a7c15
	z := *x
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}
