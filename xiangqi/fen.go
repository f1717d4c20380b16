package xiangqi

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseFEN reads a position in the common xiangqi FEN form, for example
// StartFEN. Red pieces are K A B N R C P (E and H are accepted for B and N),
// black pieces lower case. The side to move may be w or r for Red and b
// for Black. Any or all of the fields after the board may be missing; they
// default to "w - - 0 1". The halfmove field counts plies since the last
// capture.
//
// The position must also be valid (see Validate): the error then names the
// field and the problem and wraps one of the Err sentinels.
func ParseFEN(fen string) (Position, error) {
	var p Position
	board, f, err := SplitFEN(fen, "xiangqi")
	if err != nil {
		return Position{}, err
	}
	if err := p.parseBoard(board); err != nil {
		return Position{}, err
	}
	p.side, p.halfmove, p.fullmove = f.Side, f.Halfmove, f.Fullmove
	p.key = p.computeKey()
	if err := p.problem(); err != nil {
		field := 1
		if err == ErrOppositeCheck {
			field = 2
		}
		return Position{}, fmt.Errorf("xiangqi: fen: field %d: %w", field, err)
	}
	return p, nil
}

// FENFields is what a xiangqi FEN says besides its board.
type FENFields struct {
	Side               Color
	Halfmove, Fullmove uint16 // plies since the last capture; the move number, from 1
}

// SplitFEN splits a xiangqi FEN into its board, unread, and the other
// fields, read: for ParseFEN, and for a variant of xiangqi that reads its
// own board (face-down pieces). Missing fields after the board default to
// "w - - 0 1". Errors name the field, wrap one of the Err sentinels and
// begin with "pkg: fen:", so each package reports them as its own.
func SplitFEN(fen, pkg string) (board string, f FENFields, err error) {
	fields := strings.Fields(fen)
	fail := func(field int, err error, input string) (string, FENFields, error) {
		return "", FENFields{}, FENError(pkg, field, err, input)
	}
	switch {
	case len(fields) == 0:
		return fail(1, ErrFENEmpty, "")
	case len(fields) > 6:
		return fail(7, ErrFENFields, fields[6])
	}
	f = FENFields{Side: Red, Fullmove: 1}
	if len(fields) > 1 {
		switch fields[1] {
		case "w", "r", "W", "R":
		case "b", "B":
			f.Side = Black
		default:
			return fail(2, ErrSideToMove, fields[1])
		}
	}
	for i := 2; i < 4 && i < len(fields); i++ {
		if fields[i] != "-" {
			return fail(i+1, ErrUnusedField, fields[i])
		}
	}
	if len(fields) > 4 {
		if f.Halfmove, err = parseClock(fields[4]); err != nil {
			return fail(5, err, fields[4])
		}
	}
	if len(fields) > 5 {
		if f.Fullmove, err = parseClock(fields[5]); err != nil {
			return fail(6, err, fields[5])
		}
		if f.Fullmove == 0 {
			return fail(6, ErrFullmoveZero, fields[5])
		}
	}
	return fields[0], f, nil
}

// FENError is the error of field of a FEN as package pkg reports it:
// "pkg: fen: field N: problem: \"input\"", wrapping err.
func FENError(pkg string, field int, err error, input string) error {
	if input == "" {
		return fmt.Errorf("%s: fen: field %d: %w", pkg, field, err)
	}
	return fmt.Errorf("%s: fen: field %d: %w: %q", pkg, field, err, input)
}

func fenError(field int, err error, input string) error {
	return FENError("xiangqi", field, err, input)
}

func parseClock(s string) (uint16, error) {
	if s == "" || len(s) > 5 || strings.TrimLeft(s, "0123456789") != "" {
		return 0, ErrClock
	}
	n, err := strconv.Atoi(s)
	if err != nil || n > 0xffff {
		return 0, ErrClock
	}
	return uint16(n), nil
}

// parseBoard reads field 1; it also enforces the piece counts so that the
// move generators can never overflow a MoveList.
func (p *Position) parseBoard(s string) error {
	b, err := ReadFENBoard(s, "xiangqi")
	if err != nil {
		return err
	}
	var count [16]int
	for r := NumRanks - 1; r >= 0; r-- { // in FEN order, so that an error names the first letter at fault
		for f := 0; f < NumFiles; f++ {
			c := b[NewSquare(f, r)]
			if c == 0 {
				continue
			}
			pc := PieceFromChar(c)
			if pc == NoPiece {
				return fenError(1, ErrPieceChar, string(c))
			}
			count[pc]++
			if count[pc] > maxCount[pc.Type()] {
				return fenError(1, ErrTooManyPieces, string(c))
			}
			p.put(pc, NewSquare(f, r))
		}
	}
	if count[RedKing] != 1 || count[BlackKing] != 1 {
		return fenError(1, ErrKings, "")
	}
	return nil
}

// maxCount is the number of pieces of each type a side starts with.
var maxCount = [8]int{0, 1, 2, 2, 2, 2, 2, 5}

// FEN returns the position in FEN form, always with six fields and 'w'
// for Red to move.
func (p *Position) FEN() string {
	var b FENBoard
	for s, pc := range p.board {
		if pc != NoPiece {
			b[s] = pc.Char()
		}
	}
	return JoinFEN(&b, FENFields{Side: p.side, Halfmove: p.halfmove, Fullmove: p.fullmove})
}

// FENBoard is the board field of a FEN as one letter a point, by Square,
// 0 for an empty point: the grammar of the field, apart from what its
// letters mean. ParseFEN and FEN read and write a Position's board through
// it, and so can a variant on xiangqi's board with letters of its own (for
// a face-down piece, say), with SplitFEN and JoinFEN for the other fields.
type FENBoard [NumSquares]byte

// ReadFENBoard reads s, field 1 of a FEN: ten ranks from Black's side
// (rank 9) down, separated by '/', each giving its nine points from file a
// as ASCII letters, one a point, and digits 1-9 for that many empty points.
// Which letters name pieces is the caller's to check. Errors are
// FENError(pkg, 1, ...), wrapping ErrRankCount, ErrRankLength, or
// ErrPieceChar for a byte that is neither a letter nor a digit 1-9.
func ReadFENBoard(s, pkg string) (FENBoard, error) {
	var b FENBoard
	ranks := strings.Split(s, "/")
	if len(ranks) != NumRanks {
		return FENBoard{}, FENError(pkg, 1, ErrRankCount, s)
	}
	for i, row := range ranks {
		r := NumRanks - 1 - i
		f := 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			switch {
			case c >= '1' && c <= '9':
				f += int(c - '0')
				if f > NumFiles {
					return FENBoard{}, FENError(pkg, 1, ErrRankLength, row)
				}
				continue
			case c|0x20 < 'a' || c|0x20 > 'z':
				return FENBoard{}, FENError(pkg, 1, ErrPieceChar, string(c))
			case f >= NumFiles:
				return FENBoard{}, FENError(pkg, 1, ErrRankLength, row)
			}
			b[NewSquare(f, r)] = c
			f++
		}
		if f != NumFiles {
			return FENBoard{}, FENError(pkg, 1, ErrRankLength, row)
		}
	}
	return b, nil
}

// JoinFEN writes the FEN of board b and fields f, as Position.FEN does:
// always six fields, 'w' for Red to move and "-" for chess's castling and
// en passant fields.
func JoinFEN(b *FENBoard, f FENFields) string {
	var sb strings.Builder
	for r := NumRanks - 1; r >= 0; r-- {
		empty := 0
		for file := 0; file < NumFiles; file++ {
			c := b[NewSquare(file, r)]
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteByte(c)
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	if f.Side == Red {
		sb.WriteString(" w - - ")
	} else {
		sb.WriteString(" b - - ")
	}
	sb.WriteString(strconv.Itoa(int(f.Halfmove)))
	sb.WriteByte(' ')
	sb.WriteString(strconv.Itoa(int(f.Fullmove)))
	return sb.String()
}
