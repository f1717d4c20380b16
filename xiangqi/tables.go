package xiangqi

// Precomputed tables, filled once by init and read-only afterwards.

var (
	sqFile [NumSquares]uint8
	sqRank [NumSquares]uint8
)

// stepList is a short list of destination squares.
type stepList struct {
	to [4]Square
	n  uint8
}

// blockList is a list of (block, to) pairs: the move to `to` needs the
// point `block` empty (a horse leg or an elephant eye).
type blockList struct {
	block [8]Square
	to    [8]Square
	n     uint8
}

var (
	kingSteps     [NumSquares]stepList
	advisorSteps  [NumSquares]stepList
	soldierSteps  [2][NumSquares]stepList
	elephantSteps [NumSquares]blockList
	horseSteps    [NumSquares]blockList
	// horseChecks[s] lists (leg, horse square) pairs: a horse on `to`
	// attacks s when `block` is empty.
	horseChecks [NumSquares]blockList
	// soldierChecks[c][s] lists squares from which a soldier of colour c
	// attacks s.
	soldierChecks [2][NumSquares]stepList
)

// Sliding tables indexed by the position on the line and the line's
// occupancy (bit i = point i occupied). Slide gives the points a chariot
// reaches, including the first blocker each way; cannonHit gives the first
// piece beyond the screen each way.
var (
	rankSlide  [NumFiles][1 << NumFiles]uint16
	rankCannon [NumFiles][1 << NumFiles]uint16
	fileSlide  [NumRanks][1 << NumRanks]uint16
	fileCannon [NumRanks][1 << NumRanks]uint16
)

// zobrist keys: one per piece and square, plus the side to move.
var (
	zobristPiece [16][NumSquares]uint64
	zobristSide  uint64
)

func init() {
	for s := 0; s < NumSquares; s++ {
		sqFile[s] = uint8(s % NumFiles)
		sqRank[s] = uint8(s / NumFiles)
	}
	initSteps()
	initLines()
	initZobrist()
}

func onBoard(f, r int) bool { return f >= 0 && f < NumFiles && r >= 0 && r < NumRanks }

// inPalace reports whether (f, r) is inside either palace.
func inPalace(f, r int) bool { return onBoard(f, r) && f >= 3 && f <= 5 && (r <= 2 || r >= 7) }

func samePalace(f1, r1, f2, r2 int) bool {
	return inPalace(f1, r1) && inPalace(f2, r2) && (r1 <= 2) == (r2 <= 2)
}

func (l *stepList) push(s Square) { l.to[l.n] = s; l.n++ }

func (l *blockList) push(b, s Square) { l.block[l.n] = b; l.to[l.n] = s; l.n++ }

func initSteps() {
	orth := [4][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}}
	diag := [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	for s := Square(0); s < NumSquares; s++ {
		f, r := s.File(), s.Rank()
		for _, d := range orth {
			if nf, nr := f+d[0], r+d[1]; samePalace(f, r, nf, nr) {
				kingSteps[s].push(NewSquare(nf, nr))
			}
		}
		for _, d := range diag {
			if nf, nr := f+d[0], r+d[1]; samePalace(f, r, nf, nr) {
				advisorSteps[s].push(NewSquare(nf, nr))
			}
			if nf, nr := f+2*d[0], r+2*d[1]; onBoard(nf, nr) && (r <= 4) == (nr <= 4) {
				elephantSteps[s].push(NewSquare(f+d[0], r+d[1]), NewSquare(nf, nr))
			}
			// Horse moves with this diagonal leg (as seen from the horse the
			// leg is orthogonal; these are the two moves through it).
			leg := [2][2]int{{d[0], 0}, {0, d[1]}}
			for _, l := range leg {
				if nf, nr := f+l[0]+d[0], r+l[1]+d[1]; onBoard(nf, nr) {
					horseSteps[s].push(NewSquare(f+l[0], r+l[1]), NewSquare(nf, nr))
				}
			}
			// Horses attacking s through the diagonal neighbour (leg).
			if lf, lr := f+d[0], r+d[1]; onBoard(lf, lr) {
				legSq := NewSquare(lf, lr)
				if hf, hr := f+2*d[0], r+d[1]; onBoard(hf, hr) {
					horseChecks[s].push(legSq, NewSquare(hf, hr))
				}
				if hf, hr := f+d[0], r+2*d[1]; onBoard(hf, hr) {
					horseChecks[s].push(legSq, NewSquare(hf, hr))
				}
			}
		}
		for c := Red; c <= Black; c++ {
			fwd, crossed := 1, r >= 5
			if c == Black {
				fwd, crossed = -1, r <= 4
			}
			if onBoard(f, r+fwd) {
				soldierSteps[c][s].push(NewSquare(f, r+fwd))
			}
			if crossed {
				for _, df := range [2]int{-1, 1} {
					if onBoard(f+df, r) {
						soldierSteps[c][s].push(NewSquare(f+df, r))
					}
				}
			}
		}
	}
	// Invert the soldier moves into attack lists.
	for c := Red; c <= Black; c++ {
		for s := Square(0); s < NumSquares; s++ {
			l := &soldierSteps[c][s]
			for i := uint8(0); i < l.n; i++ {
				soldierChecks[c][l.to[i]].push(s)
			}
		}
	}
}

// lineTables fills slide and cannon tables for a line of n points.
func lineTables(n int, slide, cannon func(pos, occ int) *uint16) {
	for pos := 0; pos < n; pos++ {
		for occ := 0; occ < 1<<n; occ++ {
			var sl, ca uint16
			for _, dir := range [2]int{-1, 1} {
				screen := false
				for i := pos + dir; i >= 0 && i < n; i += dir {
					occupied := occ>>i&1 != 0
					if !screen {
						sl |= 1 << i
						if occupied {
							screen = true
						}
						continue
					}
					if occupied {
						ca |= 1 << i
						break
					}
				}
			}
			*slide(pos, occ) = sl
			*cannon(pos, occ) = ca
		}
	}
}

func initLines() {
	lineTables(NumFiles,
		func(p, o int) *uint16 { return &rankSlide[p][o] },
		func(p, o int) *uint16 { return &rankCannon[p][o] })
	lineTables(NumRanks,
		func(p, o int) *uint16 { return &fileSlide[p][o] },
		func(p, o int) *uint16 { return &fileCannon[p][o] })
}

// splitmix64 is a fixed-seed generator, so keys are the same in every run.
func splitmix64(x *uint64) uint64 {
	*x += 0x9e3779b97f4a7c15
	z := *x
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

func initZobrist() {
	seed := uint64(0x58_69_61_6e_67_51_69) // "XiangQi"
	for p := 1; p < 16; p++ {
		if Piece(p).Type() == NoPieceType {
			continue
		}
		for s := 0; s < NumSquares; s++ {
			zobristPiece[p][s] = splitmix64(&seed)
		}
	}
	zobristSide = splitmix64(&seed)
}
