package chess

// Zobrist keys, taken from the Polyglot Random64 array so that Position.Key
// is the Polyglot book key (start position: 0x463b96181691fc9c).
var (
	pieceKeys     [16][64]uint64 // indexed by Piece and Square
	castlingKeys  [16]uint64     // indexed by the 4-bit CastlingRights set
	enPassantKeys [8]uint64      // indexed by the file of the en-passant square
	sideKey       uint64         // xor-ed in when White is to move
)

func initZobrist() {
	for pt := Pawn; pt <= King; pt++ {
		for c := White; c <= Black; c++ {
			// Polyglot orders kinds black pawn, white pawn, black knight, ...
			kind := 2*int(pt-1) + int(1-c)
			for s := A1; s <= H8; s++ {
				pieceKeys[NewPiece(c, pt)][s] = polyglotRandom[64*kind+int(s)]
			}
		}
	}
	for cr := 0; cr < 16; cr++ {
		for i := 0; i < 4; i++ {
			if cr&(1<<i) != 0 {
				castlingKeys[cr] ^= polyglotRandom[768+i]
			}
		}
	}
	for f := 0; f < 8; f++ {
		enPassantKeys[f] = polyglotRandom[772+f]
	}
	sideKey = polyglotRandom[780]
}
