package bomb

import (
	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/variant/fair"
)

// The layout of the mines.
const (
	// NumMines is how many mines a game starts with.
	NumMines = 8
	// mineLabel labels the fair shuffle that places the mines.
	mineLabel = "mines"
	// firstMineSquare is the square numbered 0 in that shuffle (a3); the
	// numbers run in chess.Square order up to h6, numbered 31.
	firstMineSquare = chess.A3
	numMineSquares  = 32
)

// MineZone is the set of squares where mines may lie: ranks 3 to 6.
const MineZone chess.Bitboard = 0x0000_FFFF_FFFF_0000

// BackRanks is the set of squares no mine can lie on: ranks 1, 2, 7 and 8.
const BackRanks chess.Bitboard = ^MineZone

// Mines returns the squares of the 8 mines that seed lays: the squares
// numbered seed.Shuffle("mines", 32, 8), where a3 is 0, b3 is 1, ..., h3 is
// 7, a4 is 8, ..., h6 is 31.
func Mines(seed fair.Seed) chess.Bitboard {
	var b chess.Bitboard
	for _, n := range seed.Shuffle(mineLabel, numMineSquares, NumMines) {
		b |= (firstMineSquare + chess.Square(n)).Bitboard()
	}
	return b
}

// Blast is what a mine did: the square it lay on and the squares whose
// pieces it removed. The zero Blast (Exploded false) means no mine went off.
type Blast struct {
	Square   chess.Square   // the mine's square; meaningful only when Exploded
	Cleared  chess.Bitboard // the squares whose pieces were removed (never a king's)
	Exploded bool           // whether a mine went off
}

// BlastArea returns the squares a mine on s clears: the 3×3 block around
// s (less where it runs off the board).
func BlastArea(s chess.Square) chess.Bitboard {
	return chess.KingAttacks(s) | s.Bitboard()
}

// explode sets off the mine on s in p: it removes every piece but the kings
// on the block around s and returns the blast.
func explode(p *chess.Position, s chess.Square) Blast {
	cleared := BlastArea(s) & p.Occupied() &^ p.PiecesOfType(chess.King)
	p.RemovePieces(cleared)
	return Blast{Square: s, Cleared: cleared, Exploded: true}
}

// destinations returns the squares where move m ends for the rules of the
// mines: its destination, or for castling the king's and the rook's (g and
// f files on the king side, c and d on the queen side, of the back rank).
func destinations(m chess.Move) chess.Bitboard {
	if m.Kind() != chess.Castling {
		return m.To().Bitboard()
	}
	r := m.From().Rank()
	if m.To() > m.From() {
		return chess.NewSquare(chess.FileG, r).Bitboard() | chess.NewSquare(chess.FileF, r).Bitboard()
	}
	return chess.NewSquare(chess.FileC, r).Bitboard() | chess.NewSquare(chess.FileD, r).Bitboard()
}
