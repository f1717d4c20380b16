package jieqi

import "github.com/gambitchess/gambit/xiangqi"

// Position is a jieqi position: the placement, which pieces are face down,
// what is known of them and of the pieces taken, the side to move and the
// clocks.
//
// A face-down piece always stands on one of its side's starting points,
// and board holds the piece of that point (a face-down piece on b2 moves as
// a cannon), so the legal moves never depend on who knows what: a TRUE
// position (from Deal, or SetIdentity) and the PUBLIC position a player
// sees (View, ParseFEN) have the same moves. They differ in identity, the
// true type of each face-down piece, known in the true position only, and
// in what is known of the pieces taken face down.
//
// It is not xiangqi.Position, whose move generator, occupancy tables and
// Validate hold xiangqi's rules (advisors in the palace, elephants on
// their side), which face-up pieces break here; and a face-down piece
// moves by its point, not by what it is. So the placement is a mailbox,
// and the accessors, IsAttacked, InCheck and GivesCheck below read like
// xiangqi's on this type. Its FEN grammar, endings and move text are
// xiangqi's (ReadFENBoard, JudgeGame, ParseMove).
//
// Position must stay pointer-free: it is copied per ply by MakeMove.
type Position struct {
	board    [NumSquares]Piece     // face-up pieces, and the home piece of each face-down point
	identity [NumSquares]PieceType // true type of a face-down piece; NoPieceType when unknown or face up
	down     xiangqi.Bitboard      // the face-down points

	// Pieces of colour c that have been taken: lost[c] face up, by type
	// (public); lostDown[c] face down, by true type (known to c's
	// opponent, who took them); lostUnknown[c] face down and of a type
	// this position does not know.
	lost        [2][8]uint8
	lostDown    [2][8]uint8
	lostUnknown [2]uint8

	kings    [2]Square
	side     Color
	halfmove uint16 // plies since the last capture
	fullmove uint16 // starts at 1, incremented after Black moves
	key      uint64 // Zobrist key of the public placement and side to move
}

// SideToMove returns the side to move.
func (p *Position) SideToMove() Color { return p.side }

// PieceAt returns the piece on s as it moves now: the face-up piece, or for
// a face-down piece the piece of its starting point. See IsFaceDown.
func (p *Position) PieceAt(s Square) Piece { return p.board[s] }

// IsFaceDown reports whether the piece on s is face down.
func (p *Position) IsFaceDown(s Square) bool { return p.down.Has(s) }

// FaceDown returns the set of face-down points.
func (p *Position) FaceDown() xiangqi.Bitboard { return p.down }

// Identity returns the true type of the face-down piece on s, or
// NoPieceType when s holds no face-down piece or its type is not known in p
// (always so in a public position).
func (p *Position) Identity(s Square) PieceType { return p.identity[s] }

// KingSquare returns the square of c's general.
func (p *Position) KingSquare(c Color) Square { return p.kings[c] }

// Key returns the Zobrist hash of the public placement (face-up pieces and
// face-down points) and the side to move. Two positions of one game with
// the same key are the same true position, for the identities of the
// face-down pieces never change.
func (p *Position) Key() uint64 { return p.key }

// HalfmoveClock returns the number of plies since the last capture.
func (p *Position) HalfmoveClock() int { return int(p.halfmove) }

// FullmoveNumber returns the move number, starting at 1.
func (p *Position) FullmoveNumber() int { return int(p.fullmove) }

// Lost returns what p knows of c's pieces that have been taken: known[t]
// is how many of type t were taken (face up, or face down and identified),
// unknown how many were taken face down without their type being known.
func (p *Position) Lost(c Color) (known [8]int, unknown int) {
	for t := range known {
		known[t] = int(p.lost[c][t]) + int(p.lostDown[c][t])
	}
	return known, int(p.lostUnknown[c])
}

// Unaccounted returns, by type, c's pieces that p cannot place: the 15 a
// side starts with less its face-up pieces on the board and the taken ones
// whose type p knows. They are the pieces that may be face down on the
// board, or taken face down unidentified: what a player who sees p should
// expect a face-down piece of c to be.
func (p *Position) Unaccounted(c Color) [8]int {
	var n [8]int
	for t := Advisor; t <= Soldier; t++ {
		n[t] = StartCount[t] - int(p.lost[c][t]) - int(p.lostDown[c][t])
	}
	for s := Square(0); s < NumSquares; s++ {
		if pc := p.board[s]; pc != xiangqi.NoPiece && pc.Color() == c && !p.down.Has(s) && pc.Type() != King {
			n[pc.Type()]--
		}
	}
	for t := range n {
		n[t] = max(n[t], 0)
	}
	return n
}

// put places a face-up piece on the empty point s.
func (p *Position) put(pc Piece, s Square) {
	p.board[s] = pc
	p.key ^= zobristPiece[pc][s]
	if pc.Type() == King {
		p.kings[pc.Color()] = s
	}
}

// putDown places a face-down piece of colour c on its starting point s.
func (p *Position) putDown(c Color, s Square) {
	p.board[s] = home[s]
	p.down.Set(s)
	p.key ^= zobristDown[c][s]
}

// computeKey recomputes the key from scratch.
func (p *Position) computeKey() uint64 {
	var k uint64
	for s := Square(0); s < NumSquares; s++ {
		pc := p.board[s]
		switch {
		case pc == xiangqi.NoPiece:
		case p.down.Has(s):
			k ^= zobristDown[pc.Color()][s]
		default:
			k ^= zobristPiece[pc][s]
		}
	}
	if p.side == Black {
		k ^= zobristSide
	}
	return k
}

// IsAttacked reports whether a piece of colour by attacks s: could take a
// piece of the other colour standing there. Face-down pieces attack as the
// piece of their point; face-up advisors and elephants attack anywhere on
// the board. A general attacks along an open file (the flying-general
// rule), not its steps in the palace: only the file matters for checks, the
// two palaces being apart.
func (p *Position) IsAttacked(s Square, by Color) bool {
	f, r := s.File(), s.Rank()
	// Lines: the first piece each way may be a chariot (or the general,
	// on the file), the second a cannon.
	for _, d := range [4][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}} {
		seen := 0
		for nf, nr := f+d[0], r+d[1]; onBoard(nf, nr); nf, nr = nf+d[0], nr+d[1] {
			pc := p.board[sq(nf, nr)]
			if pc == xiangqi.NoPiece {
				continue
			}
			seen++
			if pc.Color() == by {
				t := pc.Type()
				if seen == 1 && (t == Chariot || t == King && d[0] == 0) || seen == 2 && t == Cannon {
					return true
				}
			}
			if seen == 2 {
				break
			}
		}
	}
	horse := xiangqi.NewPiece(by, Horse)
	for i, l := uint8(0), &horseAttacks[s]; i < l.n; i++ {
		if p.board[l.to[i]] == horse && p.board[l.block[i]] == xiangqi.NoPiece {
			return true
		}
	}
	elephant := xiangqi.NewPiece(by, Elephant)
	for i, l := uint8(0), &elephantAttacks[s]; i < l.n; i++ {
		if from := l.to[i]; p.board[from] == elephant && p.board[l.block[i]] == xiangqi.NoPiece &&
			(!p.down.Has(from) || (from.Rank() <= 4) == (r <= 4)) {
			return true
		}
	}
	advisor := xiangqi.NewPiece(by, Advisor)
	for i, l := uint8(0), &advisorSteps[s]; i < l.n; i++ {
		if from := l.to[i]; p.board[from] == advisor && (!p.down.Has(from) || inPalace(f, r)) {
			return true
		}
	}
	soldier := xiangqi.NewPiece(by, Soldier)
	for i, l := uint8(0), &soldierAttacks[by][s]; i < l.n; i++ {
		if p.board[l.to[i]] == soldier {
			return true
		}
	}
	return false
}

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.IsAttacked(p.kings[p.side], p.side.Other()) }

// GivesCheck reports whether the legal move m gives check, the moving piece
// turned face up as its identity (see MakeMove).
func (p *Position) GivesCheck(m Move) bool {
	var child Position
	p.MakeMove(m, &child)
	return child.InCheck()
}

// IsInsufficientMaterial reports whether only the two generals are left.
// Jieqi's advisors and elephants roam the whole board once face up, and a
// face-down piece may be anything, so no other material is declared too
// little to mate.
func (p *Position) IsInsufficientMaterial() bool {
	for s := Square(0); s < NumSquares; s++ {
		if pc := p.board[s]; pc != xiangqi.NoPiece && pc.Type() != King {
			return false
		}
	}
	return true
}
