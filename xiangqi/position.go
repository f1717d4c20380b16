package xiangqi

import "math/bits"

// Position is a xiangqi position: placement, side to move and clocks.
//
// Position must stay pointer-free: it is copied per ply by MakeMove. It
// keeps the placement three ways, all updated together: a mailbox (board),
// a square set per piece (pieces, for iterating a side's pieces), and per
// colour occupancy masks of every rank and file (for the sliding tables).
type Position struct {
	board    [NumSquares]Piece
	pieces   [16]Bitboard        // indexed by Piece
	rankOcc  [2][NumRanks]uint16 // by colour; bit f = file f occupied
	fileOcc  [2][NumFiles]uint16 // by colour; bit r = rank r occupied
	key      uint64
	kings    [2]Square
	side     Color
	halfmove uint16 // plies since the last capture
	fullmove uint16 // starts at 1, incremented after Black moves
}

// StartFEN is the standard initial position.
const StartFEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

// StartPosition returns the standard initial position.
func StartPosition() Position {
	p, err := ParseFEN(StartFEN)
	if err != nil {
		panic("xiangqi: bad StartFEN: " + err.Error())
	}
	return p
}

// SideToMove returns the side to move.
func (p *Position) SideToMove() Color { return p.side }

// PieceAt returns the piece on s, or NoPiece.
func (p *Position) PieceAt(s Square) Piece { return p.board[s] }

// Pieces returns the set of squares holding pieces of colour c and type pt.
func (p *Position) Pieces(c Color, pt PieceType) Bitboard { return p.pieces[NewPiece(c, pt)&15] }

// KingSquare returns the square of c's general.
func (p *Position) KingSquare(c Color) Square { return p.kings[c] }

// Key returns the Zobrist hash of the placement and side to move.
func (p *Position) Key() uint64 { return p.key }

// HalfmoveClock returns the number of plies since the last capture.
func (p *Position) HalfmoveClock() int { return int(p.halfmove) }

// FullmoveNumber returns the move number, starting at 1.
func (p *Position) FullmoveNumber() int { return int(p.fullmove) }

// put places pc on the empty square s.
func (p *Position) put(pc Piece, s Square) {
	c := pc.Color()
	f, r := sqFile[s], sqRank[s]
	p.board[s] = pc
	p.pieces[pc].Set(s)
	p.rankOcc[c][r] |= 1 << f
	p.fileOcc[c][f] |= 1 << r
	p.key ^= zobristPiece[pc][s]
	if pc.Type() == King {
		p.kings[c] = s
	}
}

// computeKey recomputes the Zobrist key from scratch.
func (p *Position) computeKey() uint64 {
	var k uint64
	for s := Square(0); s < NumSquares; s++ {
		if pc := p.board[s]; pc != NoPiece {
			k ^= zobristPiece[pc][s]
		}
	}
	if p.side == Black {
		k ^= zobristSide
	}
	return k
}

func (p *Position) rankOccupancy(r uint8) uint16 { return p.rankOcc[0][r] | p.rankOcc[1][r] }

func (p *Position) fileOccupancy(f uint8) uint16 { return p.fileOcc[0][f] | p.fileOcc[1][f] }

// IsAttacked reports whether any piece of colour by attacks s. Generals
// count as attacking along an open file (the flying-general rule).
func (p *Position) IsAttacked(s Square, by Color) bool {
	f, r := sqFile[s], sqRank[s]
	chariot, cannon := NewPiece(by, Chariot), NewPiece(by, Cannon)
	king := NewPiece(by, King)

	rocc := p.rankOccupancy(r)
	base := Square(r) * NumFiles
	for b := rankSlide[f][rocc] & rocc; b != 0; b &= b - 1 {
		if p.board[base+Square(bits.TrailingZeros16(b))] == chariot {
			return true
		}
	}
	for b := rankCannon[f][rocc]; b != 0; b &= b - 1 {
		if p.board[base+Square(bits.TrailingZeros16(b))] == cannon {
			return true
		}
	}
	focc := p.fileOccupancy(f)
	for b := fileSlide[r][focc] & focc; b != 0; b &= b - 1 {
		if pc := p.board[Square(bits.TrailingZeros16(b))*NumFiles+Square(f)]; pc == chariot || pc == king {
			return true
		}
	}
	for b := fileCannon[r][focc]; b != 0; b &= b - 1 {
		if p.board[Square(bits.TrailingZeros16(b))*NumFiles+Square(f)] == cannon {
			return true
		}
	}
	horse := NewPiece(by, Horse)
	hc := &horseChecks[s]
	for i := uint8(0); i < hc.n; i++ {
		if p.board[hc.to[i]] == horse && p.board[hc.block[i]] == NoPiece {
			return true
		}
	}
	soldier := NewPiece(by, Soldier)
	sc := &soldierChecks[by][s]
	for i := uint8(0); i < sc.n; i++ {
		if p.board[sc.to[i]] == soldier {
			return true
		}
	}
	return false
}

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.IsAttacked(p.kings[p.side], p.side.Other()) }

// GivesCheck reports whether the legal move m gives check. It does not
// make the move: a search asks it of moves it may prune unmade.
func (p *Position) GivesCheck(m Move) bool {
	return p.generalAttackedAfter(m.From(), m.To(), p.side.Other())
}

// legalAfter reports whether moving the side-to-move piece on from to to
// leaves its own general safe.
func (p *Position) legalAfter(from, to Square) bool {
	return !p.generalAttackedAfter(from, to, p.side)
}

// generalAttackedAfter reports whether c's general is attacked once the
// side-to-move piece on from has moved to to. It edits the mailbox and the
// mover's occupancy in place and restores them before returning; the
// captured piece's bits can stay set because only the union of both
// colours is read, and its square now holds the mover on the board.
func (p *Position) generalAttackedAfter(from, to Square, c Color) bool {
	us := p.side
	pc, captured := p.board[from], p.board[to]
	ff, fr, tf, tr := sqFile[from], sqRank[from], sqFile[to], sqRank[to]
	r1, r2 := p.rankOcc[us][fr], p.rankOcc[us][tr]
	f1, f2 := p.fileOcc[us][ff], p.fileOcc[us][tf]

	p.board[from], p.board[to] = NoPiece, pc
	p.rankOcc[us][fr] &^= 1 << ff
	p.fileOcc[us][ff] &^= 1 << fr
	p.rankOcc[us][tr] |= 1 << tf
	p.fileOcc[us][tf] |= 1 << tr
	ksq := p.kings[c]
	if c == us && pc.Type() == King {
		ksq = to
	}
	attacked := p.IsAttacked(ksq, c.Other())

	p.board[from], p.board[to] = pc, captured
	p.rankOcc[us][fr], p.rankOcc[us][tr] = r1, r2
	p.fileOcc[us][ff], p.fileOcc[us][tf] = f1, f2
	return attacked
}

// IsLegal reports whether m is a legal move in p.
func (p *Position) IsLegal(m Move) bool {
	from, to := m.From(), m.To()
	if !from.Valid() || !to.Valid() || m>>14 != 0 {
		return false
	}
	pc := p.board[from]
	if pc == NoPiece || pc.Color() != p.side {
		return false
	}
	var ml MoveList
	p.generatePiece(from, pc, All, &ml)
	return ml.Contains(m) && p.legalAfter(from, to)
}
