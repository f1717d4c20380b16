package chess

// Precomputed attack tables. They are filled once by init and only read
// afterwards, so they are safe for concurrent use.
var (
	knightAttacks [64]Bitboard
	kingAttacks   [64]Bitboard
	pawnAttacks   [2][64]Bitboard
	// betweenBB[a][b] holds the squares strictly between a and b when they share
	// a rank, file or diagonal, plus b itself (so that "block or capture the
	// checker" is one mask); otherwise only b.
	betweenBB [64][64]Bitboard
	// lineBB[a][b] is the whole line (edge to edge) through a and b when they
	// are aligned, otherwise empty.
	lineBB [64][64]Bitboard
)

// magic describes the fancy-magic lookup for one slider on one square:
// attacks = table[offset + ((occ & mask) * magic) >> shift].
type magic struct {
	mask   Bitboard
	magic  uint64
	offset uint32
	shift  uint8
}

var (
	rookMagics   [64]magic
	bishopMagics [64]magic
	rookTable    [0x19000]Bitboard // 102,400 entries: the sum of 2^bits(mask) over all squares
	bishopTable  [0x1480]Bitboard  // 5,248 entries
)

var (
	rookDirs   = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bishopDirs = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

func init() {
	initStepAttacks()
	initMagics(&rookMagics, rookTable[:], &rookDirs, &rookMagicNumbers)
	initMagics(&bishopMagics, bishopTable[:], &bishopDirs, &bishopMagicNumbers)
	initLines()
	initZobrist()
}

// onBoard reports whether file f and rank r (possibly out of range) are on the board.
func onBoard(f, r int) bool { return f >= 0 && f < 8 && r >= 0 && r < 8 }

func stepAttacks(s Square, steps [][2]int) Bitboard {
	var b Bitboard
	f, r := int(s.File()), int(s.Rank())
	for _, d := range steps {
		if onBoard(f+d[0], r+d[1]) {
			b |= NewSquare(File(f+d[0]), Rank(r+d[1])).Bitboard()
		}
	}
	return b
}

func initStepAttacks() {
	knight := [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	king := [][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}
	for s := A1; s <= H8; s++ {
		knightAttacks[s] = stepAttacks(s, knight)
		kingAttacks[s] = stepAttacks(s, king)
		pawnAttacks[White][s] = stepAttacks(s, [][2]int{{-1, 1}, {1, 1}})
		pawnAttacks[Black][s] = stepAttacks(s, [][2]int{{-1, -1}, {1, -1}})
	}
}

// slidingAttacks walks each direction from s until the edge or the first occupied square.
func slidingAttacks(s Square, occ Bitboard, dirs *[4][2]int) Bitboard {
	var b Bitboard
	for _, d := range dirs {
		f, r := int(s.File())+d[0], int(s.Rank())+d[1]
		for onBoard(f, r) {
			sq := NewSquare(File(f), Rank(r))
			b |= sq.Bitboard()
			if occ.Has(sq) {
				break
			}
			f, r = f+d[0], r+d[1]
		}
	}
	return b
}

// initMagics fills the attack table of one slider kind from the committed
// magic numbers: for every square, every subset of the relevant occupancy
// mask is mapped to its slot.
func initMagics(magics *[64]magic, table []Bitboard, dirs *[4][2]int, numbers *[64]uint64) {
	offset := uint32(0)
	for s := A1; s <= H8; s++ {
		m := &magics[s]
		m.mask = relevantOccupancy(s, dirs)
		m.shift = uint8(64 - m.mask.Count())
		m.magic = numbers[s]
		m.offset = offset
		size := uint32(0)
		for b := Bitboard(0); ; { // every subset of the mask (Carry-Rippler)
			table[offset+uint32((uint64(b)*m.magic)>>m.shift)] = slidingAttacks(s, b, dirs)
			size++
			b = (b - m.mask) & m.mask
			if b == 0 {
				break
			}
		}
		offset += size
	}
}

// relevantOccupancy returns the squares whose occupancy changes a slider's
// attacks from s: its rays without the board edges they run into.
func relevantOccupancy(s Square, dirs *[4][2]int) Bitboard {
	edges := ((Rank1BB | Rank8BB) &^ RankBB(s.Rank())) | ((FileABB | FileHBB) &^ FileBB(s.File()))
	return slidingAttacks(s, 0, dirs) &^ edges
}

func initLines() {
	for a := A1; a <= H8; a++ {
		for _, dirs := range []*[4][2]int{&rookDirs, &bishopDirs} {
			for b := A1; b <= H8; b++ {
				if a == b || !slidingAttacks(a, 0, dirs).Has(b) {
					continue
				}
				lineBB[a][b] = (slidingAttacks(a, 0, dirs) & slidingAttacks(b, 0, dirs)) | a.Bitboard() | b.Bitboard()
				betweenBB[a][b] = slidingAttacks(a, b.Bitboard(), dirs) & slidingAttacks(b, a.Bitboard(), dirs)
			}
		}
		for b := A1; b <= H8; b++ {
			betweenBB[a][b] |= b.Bitboard()
		}
	}
}

// RookAttacks returns the squares a rook on s attacks when occ is occupied.
func RookAttacks(s Square, occ Bitboard) Bitboard {
	m := &rookMagics[s]
	return rookTable[m.offset+uint32((uint64(occ&m.mask)*m.magic)>>m.shift)]
}

// BishopAttacks returns the squares a bishop on s attacks when occ is occupied.
func BishopAttacks(s Square, occ Bitboard) Bitboard {
	m := &bishopMagics[s]
	return bishopTable[m.offset+uint32((uint64(occ&m.mask)*m.magic)>>m.shift)]
}

// QueenAttacks returns the squares a queen on s attacks when occ is occupied.
func QueenAttacks(s Square, occ Bitboard) Bitboard {
	return RookAttacks(s, occ) | BishopAttacks(s, occ)
}

// KnightAttacks returns the squares a knight on s attacks.
func KnightAttacks(s Square) Bitboard { return knightAttacks[s] }

// KingAttacks returns the squares a king on s attacks.
func KingAttacks(s Square) Bitboard { return kingAttacks[s] }

// PawnAttacks returns the squares a pawn of colour c on s attacks.
func PawnAttacks(c Color, s Square) Bitboard { return pawnAttacks[c][s] }

// Attacks returns the squares a piece of type pt and colour c on s attacks when occ is occupied.
func Attacks(pt PieceType, c Color, s Square, occ Bitboard) Bitboard {
	switch pt {
	case Pawn:
		return pawnAttacks[c][s]
	case Knight:
		return knightAttacks[s]
	case Bishop:
		return BishopAttacks(s, occ)
	case Rook:
		return RookAttacks(s, occ)
	case Queen:
		return QueenAttacks(s, occ)
	case King:
		return kingAttacks[s]
	}
	return 0
}
