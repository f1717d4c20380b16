package banqi

import (
	"strconv"
	"strings"
)

// StartFEN is the start: all 32 pieces face down, the first player to
// flip, no colour yet.
const StartFEN = "xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx w - 0 1"

// StartPosition returns the public start: 32 pieces face down, of which
// nobody knows any.
func StartPosition() Position {
	p, err := ParseFEN(StartFEN)
	if err != nil {
		panic("banqi: the start: " + err.Error())
	}
	return p
}

// ParseFEN reads a public position. Its fields, space-separated:
//
//  1. the board's four ranks from rank 4 down to rank 1, separated by
//     '/', each of 8 squares a to h: face-up pieces as xiangqi FEN letters
//     (K A B R N C P red, lower case black; E and H read as B and N), x
//     a face-down piece, digits for runs of empty squares;
//  2. the player to move: w the first player, b the second;
//  3. the first player's colour: r, b, or - before the first flip;
//  4. the halfmove clock: plies since the last flip or capture;
//  5. the fullmove number, from 1.
//
// Fields after the board may be left out: "w - 0 1". The face-down
// pieces' identities are unknown in the result; its pool holds every
// piece not face up (nothing is known of the pieces taken). Before the
// first flip ("-") no piece may be face up and the first player moves.
// Errors are *FENError, naming the field, the problem and the text.
func ParseFEN(fen string) (Position, error) {
	fields := strings.Fields(fen)
	if len(fields) == 0 {
		return Position{}, &FENError{1, ErrFENEmpty, fen}
	}
	if len(fields) > 5 {
		return Position{}, &FENError{6, ErrFENFields, strings.Join(fields[5:], " ")}
	}
	defaults := []string{"w", "-", "0", "1"}
	fields = append(fields, defaults[len(fields)-1:]...)
	var p Position
	if err := p.parseBoard(fields[0]); err != nil {
		return Position{}, err
	}
	if err := p.parseState(fields[1:]); err != nil {
		return Position{}, err
	}
	p.key = p.computeKey()
	return p, nil
}

// parseBoard reads field 1 and fills the pool with the pieces not face up.
func (p *Position) parseBoard(text string) error {
	ranks := strings.Split(text, "/")
	if len(ranks) != NumRanks {
		return &FENError{1, ErrRankCount, text}
	}
	for i, row := range ranks {
		if err := p.parseRank(NumRanks-1-i, row); err != nil {
			return err
		}
	}
	for c := Red; c <= Black; c++ {
		for t := King; t <= Soldier; t++ {
			p.pool[NewPiece(c, t)] = StartCount[t]
		}
	}
	for _, pc := range p.board {
		switch {
		case pc.IsReal() && p.pool[pc] == 0:
			return &FENError{1, ErrTooManyPieces, "more than " + strconv.Itoa(int(StartCount[pc.Type()])) + " " + pc.String()}
		case pc.IsReal():
			p.pool[pc]--
		}
	}
	return nil // 32 squares: never more face down than the pieces not face up
}

// parseRank reads one rank of field 1.
func (p *Position) parseRank(r int, row string) error {
	f := 0
	for j := 0; j < len(row); j++ {
		ch := row[j]
		if ch >= '1' && ch <= '9' {
			f += int(ch - '0')
			if f > NumFiles {
				return &FENError{1, ErrRankLength, row}
			}
			continue
		}
		if f >= NumFiles {
			return &FENError{1, ErrRankLength, row}
		}
		pc := PieceFromChar(ch)
		if pc == NoPiece {
			return &FENError{1, ErrPieceChar, string(ch)}
		}
		p.board[NewSquare(f, r)] = pc
		f++
	}
	if f != NumFiles {
		return &FENError{1, ErrRankLength, row}
	}
	return nil
}

// parseState reads fields 2 to 5.
func (p *Position) parseState(f []string) error {
	switch f[0] {
	case "w":
		p.turn = First
	case "b":
		p.turn = Second
	default:
		return &FENError{2, ErrSideToMove, f[0]}
	}
	switch f[1] {
	case "r":
		p.first = Red
	case "b":
		p.first = Black
	case "-":
		p.first = NoColor
	default:
		return &FENError{3, ErrFirstColor, f[1]}
	}
	if p.first == NoColor {
		for _, pc := range p.board {
			if pc.IsReal() {
				return &FENError{3, ErrBeforeFirstFlip, "a piece face up"}
			}
		}
		if p.turn != First {
			return &FENError{3, ErrBeforeFirstFlip, "the second player to move"}
		}
	}
	half, err := strconv.ParseUint(f[2], 10, 16)
	if err != nil {
		return &FENError{4, ErrClock, f[2]}
	}
	full, err := strconv.ParseUint(f[3], 10, 16)
	if err != nil {
		return &FENError{5, ErrClock, f[3]}
	}
	if full == 0 {
		return &FENError{5, ErrFullmoveZero, f[3]}
	}
	p.halfmove, p.fullmove = uint16(half), uint16(full)
	return nil
}

// FEN returns the public position in the format ParseFEN reads: face-down
// pieces as x, whatever p knows of them.
func (p *Position) FEN() string {
	var sb strings.Builder
	sb.Grow(48)
	p.writeBoard(&sb, false)
	sb.WriteByte(' ')
	sb.WriteByte("wb"[p.turn&1])
	sb.WriteByte(' ')
	sb.WriteByte("rb-"[p.first])
	sb.WriteByte(' ')
	sb.WriteString(strconv.Itoa(int(p.halfmove)))
	sb.WriteByte(' ')
	sb.WriteString(strconv.Itoa(int(p.fullmove)))
	return sb.String()
}

// writeBoard writes field 1; with identities, a face-down piece as its
// identity where p knows it (the layout's form, LayoutText).
func (p *Position) writeBoard(sb *strings.Builder, identities bool) {
	for r := NumRanks - 1; r >= 0; r-- {
		empty := 0
		for f := 0; f < NumFiles; f++ {
			s := NewSquare(f, r)
			pc := p.board[s]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			if identities && pc == FaceDown && p.identity[s] != NoPiece {
				pc = p.identity[s]
			}
			sb.WriteByte(pc.Char())
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
}
