package banqi

// Position is a banqi position: the squares, what is known of the
// face-down pieces, the players' colours, the side to move and the clocks.
//
// A face-down piece's identity is known in a TRUE position (Deal,
// SetIdentity) and unknown in a PUBLIC one (ParseFEN, SightOf); either way
// the pool says which pieces may lie face down, and how many of each. The
// moves never depend on an identity: any face-down piece may be flipped,
// and none may be taken. A flip's outcome does: MakeMove turns a piece up
// as its identity, MakeFlip as the piece the caller names (a public
// position's search tries each piece of the pool).
//
// Position must stay pointer-free: it is copied per ply by MakeMove.
type Position struct {
	board    [NumSquares]Piece // face-up pieces, FaceDown where a piece lies face down, NoPiece on empty squares
	identity [NumSquares]Piece // the true piece of each face-down square; NoPiece where unknown
	pool     [16]uint8         // by Piece: how many of it may lie face down
	first    Color             // the first player's colour; NoColor before the first flip
	turn     Player            // the player to move
	reach    uint8             // the farthest a cannon takes, in squares; 0: any distance
	halfmove uint16            // plies since the last flip or capture
	fullmove uint16            // starts at 1, incremented after the second player moves
	key      uint64            // Zobrist key of the public position (see Key)
}

// PieceAt returns the face-up piece on s, FaceDown for a face-down piece,
// NoPiece for an empty square.
func (p *Position) PieceAt(s Square) Piece { return p.board[s] }

// IsFaceDown reports whether a face-down piece lies on s.
func (p *Position) IsFaceDown(s Square) bool { return p.board[s] == FaceDown }

// Identity returns the true piece lying face down on s, or NoPiece when s
// holds no face-down piece or p does not know it (always so in a public
// position).
func (p *Position) Identity(s Square) Piece {
	if p.board[s] != FaceDown {
		return NoPiece
	}
	return p.identity[s]
}

// Pool returns how many pieces like pc may lie face down: in a true
// position dealt at the start, exactly how many do; in a public one, the
// pieces not face up and not known to be taken.
func (p *Position) Pool(pc Piece) int {
	if !pc.IsReal() {
		return 0
	}
	return int(p.pool[pc])
}

// Turn returns the player to move.
func (p *Position) Turn() Player { return p.turn }

// FirstColor returns the first player's colour, NoColor before the first
// flip.
func (p *Position) FirstColor() Color { return p.first }

// ColorOf returns player pl's colour, NoColor before the first flip.
func (p *Position) ColorOf(pl Player) Color {
	if p.first == NoColor || pl == First {
		return p.first
	}
	return p.first.Other()
}

// ColorToMove returns the colour of the player to move, NoColor before the
// first flip.
func (p *Position) ColorToMove() Color { return p.ColorOf(p.turn) }

// HalfmoveClock returns the plies since the last flip or capture.
func (p *Position) HalfmoveClock() int { return int(p.halfmove) }

// FullmoveNumber returns the move number, starting at 1.
func (p *Position) FullmoveNumber() int { return int(p.fullmove) }

// CannonReach returns the farthest a cannon takes, in squares; 0 for any
// distance (Options.CannonReach).
func (p *Position) CannonReach() int { return int(p.reach) }

// SetCannonReach sets the farthest a cannon takes (0: any distance); the
// game sets it from its Options.
func (p *Position) SetCannonReach(squares int) { p.reach = uint8(min(max(squares, 0), NumFiles)) }

// Key returns the Zobrist hash of the public position: the face-up pieces,
// the face-down squares, the colours and the player to move. Two
// positions of one game with the same key are the same true position, for
// a face-down piece keeps its identity until it is flipped, and a flip or
// a capture is never undone.
func (p *Position) Key() uint64 { return p.key }

// FaceDownCount returns how many pieces lie face down.
func (p *Position) FaceDownCount() int {
	n := 0
	for _, pc := range p.board {
		if pc == FaceDown {
			n++
		}
	}
	return n
}

// HasPieces reports whether colour c may still have a piece on the board:
// one face up, or one face down that is c's or, its identity unknown, may
// be (the pool holds one of c's). A side that has none has lost.
func (p *Position) HasPieces(c Color) bool {
	pooled := p.poolHas(c)
	for s, pc := range p.board {
		switch {
		case pc == FaceDown && p.identity[s] == NoPiece && pooled:
			return true
		case pc == FaceDown && p.identity[s].Color() == c:
			return true
		case pc.IsReal() && pc.Color() == c:
			return true
		}
	}
	return false
}

// poolHas reports whether the pool holds a piece of colour c.
func (p *Position) poolHas(c Color) bool {
	for t := King; t <= Soldier; t++ {
		if p.pool[NewPiece(c, t)] > 0 {
			return true
		}
	}
	return false
}

// computeKey recomputes the key from scratch.
func (p *Position) computeKey() uint64 {
	var k uint64
	for s, pc := range p.board {
		switch {
		case pc == FaceDown:
			k ^= zobristDown[s]
		case pc.IsReal():
			k ^= zobristPiece[pc][s]
		}
	}
	if p.turn == Second {
		k ^= zobristSecond
	}
	return k ^ zobristFirst[p.first]
}

// Zobrist keys, drawn once from a fixed seed by splitmix64 (a precomputed
// table: the same keys in every run).
var (
	zobristPiece  [16][NumSquares]uint64
	zobristDown   [NumSquares]uint64
	zobristFirst  [3]uint64
	zobristSecond uint64
)

func init() {
	x := uint64(0x62616e7169) // "banqi"
	next := func() uint64 {
		x += 0x9e3779b97f4a7c15
		z := x
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
	for pc := range zobristPiece {
		for s := range zobristPiece[pc] {
			zobristPiece[pc][s] = next()
		}
	}
	for s := range zobristDown {
		zobristDown[s] = next()
	}
	for c := range zobristFirst {
		zobristFirst[c] = next()
	}
	zobristSecond = next()
}
