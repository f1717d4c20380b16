package chess

import (
	"fmt"
	"strconv"
	"strings"
)

// Placement is the piece on each square of a board, indexed by Square,
// NoPiece where empty. Unlike a Position it need not be a legal position:
// a side may have no king, or any number of pieces, as in what one player
// of a variant with hidden squares sees, or after a king was captured or
// removed by a variant's rules.
type Placement [NumSquares]Piece

// PlacementError reports a malformed piece placement: what is wrong and on
// which rank. It wraps ErrFENPlacement, for errors.Is.
type PlacementError struct {
	Rank   int    // the rank at fault, 1 to 8; 0 when the fault is the whole placement
	Reason string // what is wrong, e.g. `unexpected "x"`
}

func (e *PlacementError) Error() string {
	if e.Rank == 0 {
		return "placement: " + e.Reason
	}
	return "placement: rank " + strconv.Itoa(e.Rank) + ": " + e.Reason
}

func (e *PlacementError) Unwrap() error { return ErrFENPlacement }

// ParsePlacement reads a FEN piece placement, the first field of a FEN (the
// caller splits the fields off): eight ranks separated by '/', rank 8 first,
// each made of the piece letters PNBRQK (White) and pnbrqk (Black) and the
// digits 1 to 8 (that many empty squares), adding up to eight squares. It
// checks nothing about the position (kings, pawns on the back rank): that is
// ParseFEN's work. It reads untrusted input: any text gives a Placement or a
// *PlacementError saying what is wrong and where.
//
// It is the one reader of chess board text: ParseFEN uses it, and so do the
// packages that draw or read boards that are not legal positions. Xiangqi's
// ten-rank boards have their own reader in package xiangqi.
func ParsePlacement(s string) (Placement, error) {
	var pl Placement
	if s == "" {
		return pl, &PlacementError{Reason: "empty"}
	}
	r, f := 7, 0 // the rank being read (0 is rank 1; FEN starts at rank 8) and the squares read on it
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '/':
			if err := rankDone(r, f); err != nil {
				return Placement{}, err
			}
			if r == 0 {
				return Placement{}, &PlacementError{Reason: "more than 8 ranks"}
			}
			r, f = r-1, 0
		case c >= '1' && c <= '8':
			f += int(c - '0')
		default:
			pc, ok := pieceFromLetter(c)
			if !ok {
				return Placement{}, &PlacementError{Rank: r + 1, Reason: fmt.Sprintf("unexpected %q", s[i:i+1])}
			}
			if f < 8 {
				pl[NewSquare(File(f), Rank(r))] = pc
			}
			f++
		}
		if f > 8 {
			return Placement{}, &PlacementError{Rank: r + 1, Reason: "more than 8 squares"}
		}
	}
	if err := rankDone(r, f); err != nil {
		return Placement{}, err
	}
	if r != 0 {
		return Placement{}, &PlacementError{Reason: fmt.Sprintf("%d ranks, want 8", 8-r)}
	}
	return pl, nil
}

// rankDone checks that rank r (0-based), ending after f squares, is whole.
func rankDone(r, f int) error {
	if f != 8 {
		return &PlacementError{Rank: r + 1, Reason: fmt.Sprintf("%d squares, want 8", f)}
	}
	return nil
}

// String returns the placement as FEN writes it: rank 8 first, runs of
// empty squares as digits.
func (pl *Placement) String() string {
	var sb strings.Builder
	sb.Grow(71)
	pl.write(&sb)
	return sb.String()
}

// write appends the FEN placement to sb.
func (pl *Placement) write(sb *strings.Builder) {
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			pc := pl[NewSquare(File(f), Rank(r))]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteString(pc.String())
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
}
