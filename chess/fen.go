package chess

import (
	"errors"
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// Sentinel errors for FEN text that cannot describe a position. A *FENError
// wraps one of them, or one of the position problems of Validate.
var (
	ErrFENSyntax    = errors.New("malformed field")
	ErrFENFields    = errors.New("wrong number of fields")
	ErrFENPlacement = errors.New("bad piece placement")
)

// fenFieldNames names the six FEN fields, for error messages.
var fenFieldNames = [7]string{"", "piece placement", "side to move", "castling", "en passant", "halfmove clock", "fullmove number"}

// FENError reports a FEN that could not be parsed: which field (1-6, or 0 for
// the position as a whole) and why. It wraps a sentinel such as ErrFENSyntax
// or a position problem such as ErrMissingKing, for errors.Is.
type FENError struct {
	FEN   string // the whole input
	Field int    // 1-based field number, 0 when the position as a whole is invalid
	Err   error
}

func (e *FENError) Error() string {
	switch {
	case e.Field == 0 && errors.Is(e.Err, ErrFENFields):
		return fmt.Sprintf("fen: %v", e.Err)
	case e.Field == 0:
		return fmt.Sprintf("fen: invalid position: %v", e.Err)
	}
	return fmt.Sprintf("fen: field %d (%s): %v", e.Field, fenFieldNames[e.Field], e.Err)
}

func (e *FENError) Unwrap() error { return e.Err }

// ParseFEN parses a FEN string of standard chess. The fields after castling
// may be omitted (defaults "- 0 1"), as EPD does. Positions that movegen could
// not play correctly are rejected with a *FENError naming the problem: see
// Validate; an en-passant square that no pawn can use is dropped.
func ParseFEN(fen string) (Position, error) { return parseFEN(fen, false) }

// ParseFEN960 parses a FEN string of Chess960. Castling rights may be given as
// KQkq (X-FEN: the outermost rook on that side of the king) or as rook files
// (Shredder-FEN "HAha", or X-FEN letters for an inner rook).
func ParseFEN960(fen string) (Position, error) { return parseFEN(fen, true) }

// ParseFENKingEnPrise is ParseFEN for variants in which a king may be left
// attacked and taken: it also accepts the side not to move in
// check, which ParseFEN refuses, and the side to move without its king,
// taken on the last move (the final position of a game won so; only the
// other side's king is required then). Move generation in such a position
// is the variant's.
func ParseFENKingEnPrise(fen string) (Position, error) { return parseFENChecked(fen, false, true) }

// onlyKingEnPrise reports whether every problem err joins is one that
// ParseFENKingEnPrise accepts: ErrOppositeCheck, or the side to move's king
// taken (errKingTaken).
func onlyKingEnPrise(err error) bool {
	errs := []error{err}
	if joined, ok := err.(interface{ Unwrap() []error }); ok {
		errs = joined.Unwrap()
	}
	for _, e := range errs {
		if !errors.Is(e, ErrOppositeCheck) && !errors.Is(e, errKingTaken) {
			return false
		}
	}
	return true
}

func parseFEN(fen string, chess960 bool) (Position, error) {
	return parseFENChecked(fen, chess960, false)
}

// parseFENChecked parses a FEN and validates the position; kingEnPrise
// lets the side not to move be in check.

func parseFENChecked(fen string, chess960, kingEnPrise bool) (Position, error) {
	var p Position
	p.chess960 = chess960
	fields := strings.Fields(fen)
	if len(fields) < 2 || len(fields) > 6 {
		return p, &FENError{FEN: fen, Err: fmt.Errorf("%w: got %d, want 4 to 6", ErrFENFields, len(fields))}
	}
	for len(fields) < 6 {
		fields = append(fields, []string{"", "", "-", "-", "0", "1"}[len(fields)])
	}
	// With kingEnPrise the side to move (field 2, read ahead here) may have
	// lost its king.
	kingTaken := noColor
	if kingEnPrise {
		switch fields[1] {
		case "w":
			kingTaken = White
		case "b":
			kingTaken = Black
		}
	}
	placement := func(s string) error { return p.parsePlacement(s, kingTaken) }
	steps := []func(string) error{placement, p.parseSide, p.parseCastling, p.parseEnPassant, p.parseHalfmove, p.parseFullmove}
	for i, step := range steps {
		if err := step(fields[i]); err != nil {
			return Position{}, &FENError{FEN: fen, Field: i + 1, Err: err}
		}
	}
	if p.Pieces(p.side, King) != 0 {
		p.checkers = p.AttackersTo(p.KingSquare(p.side), p.Occupied()) & p.byColor[p.side.Other()]
	}
	if err := p.validate(true); err != nil && !(kingEnPrise && onlyKingEnPrise(err)) {
		return Position{}, &FENError{FEN: fen, Err: err}
	}
	p.key = p.computeKey()
	return p, nil
}

// noColor is a Color that is neither White nor Black.
const noColor Color = 2

// parsePlacement places the pieces of a FEN's first field (ParsePlacement).
// Each side needs one king, except that kingTaken (noColor for none) may
// have none.
func (p *Position) parsePlacement(s string, kingTaken Color) error {
	pl, err := ParsePlacement(s)
	if err != nil {
		return err
	}
	for sq, pc := range pl {
		if pc != NoPiece {
			p.putPiece(pc, Square(sq))
		}
	}
	for c := White; c <= Black; c++ {
		if n := p.Pieces(c, King).Count(); n != 1 && (n != 0 || c != kingTaken) {
			return fmt.Errorf("%w: %s has %d kings", ErrKings, c, n)
		}
	}
	return nil
}

func (p *Position) parseSide(s string) error {
	switch s {
	case "w":
		p.side = White
	case "b":
		p.side = Black
	default:
		return fmt.Errorf("%w: %q, want w or b", ErrFENSyntax, s)
	}
	return nil
}

// parseCastling reads KQkq, X-FEN or Shredder-FEN castling rights. It runs
// after the pieces are placed, since the letters refer to rooks.
func (p *Position) parseCastling(s string) error {
	p.castleRook = [4]Square{NoSquare, NoSquare, NoSquare, NoSquare}
	if s == "-" {
		return nil
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		color := White
		if c >= 'a' && c <= 'z' {
			color, c = Black, c-'a'+'A'
		}
		back := Rank1
		if color == Black {
			back = Rank8
		}
		ksq := p.KingSquare(color)
		if ksq.Rank() != back {
			return fmt.Errorf("%w: %q but the %s king is not on its back rank", ErrCastlingRights, s[i], color)
		}
		rooks := p.Pieces(color, Rook) & RankBB(back)
		var rsq Square
		switch {
		case c == 'K':
			r := rooks & aboveFile(ksq.File())
			if r == 0 {
				return fmt.Errorf("%w: %q but no %s rook on the king side", ErrCastlingRights, s[i], color)
			}
			rsq = r.last() // the outermost: highest file
		case c == 'Q':
			r := rooks & belowFile(ksq.File())
			if r == 0 {
				return fmt.Errorf("%w: %q but no %s rook on the queen side", ErrCastlingRights, s[i], color)
			}
			rsq = r.First() // the outermost: lowest file
		case c >= 'A' && c <= 'H':
			rsq = NewSquare(File(c-'A'), back)
			if !rooks.Has(rsq) {
				return fmt.Errorf("%w: %q but no %s rook on %v", ErrCastlingRights, s[i], color, rsq)
			}
			if rsq.File() == ksq.File() {
				return fmt.Errorf("%w: %q names the king's file", ErrCastlingRights, s[i])
			}
		default:
			return fmt.Errorf("%w: unexpected %q in %q", ErrFENSyntax, s[i], s)
		}
		kingSide := rsq > ksq
		idx := castlingIndex(color, kingSide)
		if p.castling&(1<<idx) != 0 {
			return fmt.Errorf("%w: two %s rights on the %s side in %q", ErrCastlingRights, color, sideName(kingSide), s)
		}
		if !p.chess960 && (ksq.File() != FileE || (kingSide && rsq.File() != FileH) || (!kingSide && rsq.File() != FileA)) {
			return fmt.Errorf("%w: %q needs the king on e%d and the rook on its corner in standard chess", ErrCastlingRights, s[i], back+1)
		}
		p.castling |= 1 << idx
		p.castleRook[idx] = rsq
	}
	return nil
}

func sideName(kingSide bool) string {
	if kingSide {
		return "king"
	}
	return "queen"
}

// aboveFile returns the squares on the files after f.
func aboveFile(f File) Bitboard {
	var b Bitboard
	for x := f + 1; x <= FileH; x++ {
		b |= FileBB(x)
	}
	return b
}

// belowFile returns the squares on the files before f.
func belowFile(f File) Bitboard {
	var b Bitboard
	for x := FileA; x < f; x++ {
		b |= FileBB(x)
	}
	return b
}

// last returns the highest square of a non-empty set.
func (b Bitboard) last() Square { return Square(63 - bits.LeadingZeros64(uint64(b))) }

func (p *Position) parseEnPassant(s string) error {
	p.ep = NoSquare
	if s == "-" {
		return nil
	}
	ep, err := ParseSquare(s)
	if err != nil {
		return fmt.Errorf("%w: %q is not a square", ErrFENSyntax, s)
	}
	if ep.RelativeRank(p.side) != Rank6 {
		return fmt.Errorf("%w: %v is not on the rank behind a pawn that just moved two squares", ErrEnPassant, ep)
	}
	them := p.side.Other()
	pawnSq := ep ^ 8
	origin := 2*ep - pawnSq // where the pawn came from, beyond ep
	if p.board[pawnSq] != NewPiece(them, Pawn) || p.board[ep] != NoPiece || p.board[origin] != NoPiece {
		return fmt.Errorf("%w: no %s pawn can just have moved two squares past %v", ErrEnPassant, them, ep)
	}
	if pawnAttacks[them][ep]&p.Pieces(p.side, Pawn) != 0 {
		p.ep = ep
	}
	return nil
}

func (p *Position) parseHalfmove(s string) error {
	n, err := strconv.ParseUint(s, 10, 16)
	if err != nil {
		return fmt.Errorf("%w: %q is not a count of plies", ErrFENSyntax, s)
	}
	p.halfmove = uint16(n)
	return nil
}

func (p *Position) parseFullmove(s string) error {
	n, err := strconv.ParseUint(s, 10, 16)
	if err != nil {
		return fmt.Errorf("%w: %q is not a move number", ErrFENSyntax, s)
	}
	p.fullmove = uint16(max(n, 1)) // some tools write 0; the count starts at 1
	return nil
}

// FEN returns the position in Forsyth-Edwards Notation. Chess960 castling
// rights are written as X-FEN (KQkq for the outermost rook, else the rook's file).
func (p *Position) FEN() string { return p.fen(false) }

// ShredderFEN returns the FEN with castling rights written as rook files ("HAha").
func (p *Position) ShredderFEN() string { return p.fen(true) }

func (p *Position) fen(shredder bool) string {
	var sb strings.Builder
	sb.Grow(90)
	(*Placement)(&p.board).write(&sb)
	if p.side == White {
		sb.WriteString(" w ")
	} else {
		sb.WriteString(" b ")
	}
	sb.WriteString(p.castlingString(shredder))
	sb.WriteByte(' ')
	sb.WriteString(p.ep.String())
	fmt.Fprintf(&sb, " %d %d", p.halfmove, p.fullmove)
	return sb.String()
}

func (p *Position) castlingString(shredder bool) string {
	if p.castling == 0 {
		return "-"
	}
	var out []byte
	for i := 0; i < 4; i++ {
		if p.castling&(1<<i) == 0 {
			continue
		}
		color := Color(i / 2)
		rsq := p.castleRook[i]
		ksq := p.KingSquare(color)
		rooks := p.Pieces(color, Rook) & RankBB(rsq.Rank())
		var letter byte
		switch {
		case shredder:
			letter = 'A' + byte(rsq.File())
		case i%2 == 0 && rooks&aboveFile(rsq.File()) == 0 && rsq > ksq:
			letter = 'K'
		case i%2 == 1 && rooks&belowFile(rsq.File()) == 0 && rsq < ksq:
			letter = 'Q'
		default:
			letter = 'A' + byte(rsq.File())
		}
		if color == Black {
			letter += 'a' - 'A'
		}
		out = append(out, letter)
	}
	return string(out)
}
