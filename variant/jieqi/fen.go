package jieqi

import (
	"fmt"

	"github.com/gambitchess/gambit/xiangqi"
)

// ParseFEN reads a public position: xiangqi FEN (K A B N R C P for Red,
// E and H accepted for B and N, lower case for Black) with X for a red
// face-down piece and x for a black one. A face-down piece must stand on
// one of its side's starting points (HomePoints). Missing fields after the
// board default to "w - - 0 1"; the halfmove field counts plies since the
// last capture. The identities of the face-down pieces are unknown in the
// result (see Deal and SetIdentity), and nothing is known of the pieces
// taken.
//
// Errors name the field, the problem (wrapping one of the Err sentinels)
// and the text or square at fault.
func ParseFEN(fen string) (Position, error) {
	var p Position
	board, f, err := xiangqi.SplitFEN(fen, "jieqi")
	if err != nil {
		return Position{}, err
	}
	if err := p.parseBoard(board); err != nil {
		return Position{}, err
	}
	p.side, p.halfmove, p.fullmove = f.Side, f.Halfmove, f.Fullmove
	p.key = p.computeKey()
	if err := p.problem(); err != nil {
		return Position{}, err
	}
	return p, nil
}

func fenError(field int, err error, input string) error {
	return xiangqi.FENError("jieqi", field, err, input)
}

// parseBoard reads field 1 and checks the counts, the face-down points
// and the generals' points: xiangqi's grammar (xiangqi.ReadFENBoard), but
// with letters of its own (X, x) and counts and placements of its own (a
// face-down piece only on its side's starting points, face-up advisors and
// elephants anywhere, at most 15 pieces besides the general), which
// xiangqi's parser would refuse.
func (p *Position) parseBoard(s string) error {
	b, err := xiangqi.ReadFENBoard(s, "jieqi")
	if err != nil {
		return err
	}
	var count [16]int
	var total [2]int
	for r := NumRanks - 1; r >= 0; r-- { // in FEN order, so that an error names the first letter at fault
		for f := 0; f < NumFiles; f++ {
			at := sq(f, r)
			c := b[at]
			if c == 0 {
				continue
			}
			if c == 'X' || c == 'x' {
				color := Red
				if c == 'x' {
					color = Black
				}
				if h := home[at]; h == xiangqi.NoPiece || h.Color() != color {
					return fmt.Errorf("jieqi: fen: field 1: %w: %c on %v", ErrHiddenSquare, c, at)
				}
				total[color]++
				p.putDown(color, at)
				continue
			}
			pc := xiangqi.PieceFromChar(c)
			if pc == xiangqi.NoPiece {
				return fenError(1, ErrPieceChar, string(c))
			}
			count[pc]++
			if count[pc] > StartCount[pc.Type()] {
				return fmt.Errorf("jieqi: fen: field 1: %w: more than %d %c", ErrTooManyPieces, StartCount[pc.Type()], c)
			}
			if pc.Type() == King {
				if ff, rr := at.File(), at.Rank(); !inPalace(ff, rr) || (rr <= 2) != (pc.Color() == Red) {
					return fmt.Errorf("jieqi: fen: field 1: %w: %c on %v", ErrKingSquare, c, at)
				}
			} else {
				total[pc.Color()]++
			}
			p.put(pc, at)
		}
	}
	if count[xiangqi.RedKing] != 1 || count[xiangqi.BlackKing] != 1 {
		return fenError(1, ErrKings, "")
	}
	for c := Red; c <= Black; c++ {
		if total[c] > NumHidden {
			return fmt.Errorf("jieqi: fen: field 1: %w: %s has %d pieces besides the general, at most %d", ErrTooManyPieces, c, total[c], NumHidden)
		}
	}
	return nil
}

// problem checks what needs the whole position: the generals do not face
// each other and the side not to move is not in check.
func (p *Position) problem() error {
	rk, bk := p.kings[Red], p.kings[Black]
	if rk.File() == bk.File() {
		open := true
		for r := rk.Rank() + 1; r < bk.Rank(); r++ {
			if p.board[sq(rk.File(), r)] != xiangqi.NoPiece {
				open = false
				break
			}
		}
		if open {
			return fmt.Errorf("jieqi: fen: field 1: %w: %v and %v", ErrFacingGenerals, rk, bk)
		}
	}
	them := p.side.Other()
	if p.IsAttacked(p.kings[them], p.side) {
		return fmt.Errorf("jieqi: fen: field 2: %w: the %s general on %v", ErrOppositeCheck, them, p.kings[them])
	}
	return nil
}

// FEN returns the public position in FEN form (X and x for face-down
// pieces), always with six fields and 'w' for Red to move. It never shows
// an identity.
func (p *Position) FEN() string {
	var b xiangqi.FENBoard
	for s, pc := range p.board {
		switch {
		case pc == xiangqi.NoPiece:
		case !p.down.Has(Square(s)):
			b[s] = pc.Char()
		case pc.Color() == Red:
			b[s] = 'X'
		default:
			b[s] = 'x'
		}
	}
	return xiangqi.JoinFEN(&b, xiangqi.FENFields{Side: p.side, Halfmove: p.halfmove, Fullmove: p.fullmove})
}

// StartPosition returns the public start position (StartFEN): every
// identity unknown. Deal gives the face-down pieces their identities.
func StartPosition() Position {
	p, err := ParseFEN(StartFEN)
	if err != nil {
		panic("jieqi: bad StartFEN: " + err.Error())
	}
	return p
}
