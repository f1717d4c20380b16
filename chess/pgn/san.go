package pgn

import (
	"errors"
	"fmt"

	"github.com/gambitchess/gambit/chess"
)

// sanMove is what a move token says, read over bytes without allocating. It
// accepts what chess.Position.ParseSAN accepts: strict SAN, castling with
// zeros, missing or extra check marks, promotions without "=" or in lower
// case, over-disambiguation and long algebraic notation, plus coordinates
// (UCI: g1f3, e7e8q, e1g1 or e1h1 for castling) and the null moves -- and Z0.
type sanMove struct {
	piece    chess.PieceType // NoPieceType when the text names squares only (g1f3)
	fromFile int8            // -1 when not given
	fromRank int8            // -1 when not given
	to       chess.Square
	promo    chess.PieceType
	castle   int8 // 1 king side, 2 queen side
	null     bool
}

var errNoMove = errors.New("not move text")

// splitSuffix cuts the check marks and annotation glyphs off a move token.
// It returns the move proper and the NAG of the glyphs (0 for none).
func splitSuffix(b []byte) ([]byte, int) {
	end := len(b)
	glyphStart, glyphEnd := -1, -1
	for end > 0 {
		c := b[end-1]
		if c == '!' || c == '?' {
			if glyphEnd < 0 {
				glyphEnd = end
			}
			glyphStart = end - 1
		} else if c != '+' && c != '#' {
			break
		}
		end--
	}
	nag := 0
	if glyphStart >= 0 {
		nag = suffixNAG(b[glyphStart:glyphEnd])
	}
	return b[:end], nag
}

func pieceOf(c byte) chess.PieceType {
	switch c {
	case 'P':
		return chess.Pawn
	case 'N':
		return chess.Knight
	case 'B':
		return chess.Bishop
	case 'R':
		return chess.Rook
	case 'Q':
		return chess.Queen
	case 'K':
		return chess.King
	}
	return chess.NoPieceType
}

func promoOf(c byte) chess.PieceType {
	switch c | 0x20 {
	case 'n':
		return chess.Knight
	case 'b':
		return chess.Bishop
	case 'r':
		return chess.Rook
	case 'q':
		return chess.Queen
	}
	return chess.NoPieceType
}

func isFile(c byte) bool { return c >= 'a' && c <= 'h' }
func isRank(c byte) bool { return c >= '1' && c <= '8' }

// parseMoveText reads a move token whose suffix splitSuffix has removed.
func parseMoveText(b []byte) (sanMove, error) {
	q := sanMove{fromFile: -1, fromRank: -1}
	switch string(b) {
	case "--", "Z0", "0000", "@@@@":
		q.null = true
		return q, nil
	case "O-O", "0-0", "o-o", "OO":
		q.castle = 1
		return q, nil
	case "O-O-O", "0-0-0", "o-o-o", "OOO":
		q.castle = 2
		return q, nil
	}
	n := len(b)
	// Promotion at the end: "=Q", "/Q", "(Q)", or the letter right after the rank.
	if n >= 4 && b[n-1] == ')' && b[n-3] == '(' && promoOf(b[n-2]) != chess.NoPieceType {
		q.promo = promoOf(b[n-2])
		n -= 3
	} else if n >= 3 && promoOf(b[n-1]) != chess.NoPieceType && (isRank(b[n-2]) || b[n-2] == '=' || b[n-2] == '/') {
		q.promo = promoOf(b[n-1])
		n--
		if b[n-1] == '=' || b[n-1] == '/' {
			n--
		}
	}
	i := 0
	q.piece = chess.Pawn
	if n > 0 && pieceOf(b[0]) != chess.NoPieceType {
		q.piece = pieceOf(b[0])
		i = 1
	}
	if n-i < 2 || !isFile(b[n-2]) || !isRank(b[n-1]) {
		return q, errNoMove
	}
	q.to = chess.NewSquare(chess.File(b[n-2]-'a'), chess.Rank(b[n-1]-'1'))
	for ; i < n-2; i++ {
		c := b[i]
		switch {
		case isFile(c) && q.fromFile < 0:
			q.fromFile = int8(c - 'a')
		case isRank(c) && q.fromRank < 0:
			q.fromRank = int8(c - '1')
		case c == 'x' || c == ':' || c == '-':
		default:
			return q, errNoMove
		}
	}
	if q.piece == chess.Pawn && i == n-2 && pieceOf(b[0]) == chess.NoPieceType && q.fromFile >= 0 && q.fromRank >= 0 {
		q.piece = chess.NoPieceType // coordinates: any piece on that square
	}
	if q.promo != chess.NoPieceType && q.piece != chess.Pawn && q.piece != chess.NoPieceType {
		return q, errNoMove
	}
	return q, nil
}

// castleKingTarget returns where a king on king lands when it castles with the rook on rook.
func castleKingTarget(king, rook chess.Square) chess.Square {
	if rook > king {
		return chess.NewSquare(chess.FileG, king.Rank())
	}
	return chess.NewSquare(chess.FileC, king.Rank())
}

// resolve finds the legal move of pos that q describes. ml is scratch space.
func (q *sanMove) resolve(pos *chess.Position, ml *chess.MoveList) (chess.Move, error) {
	if q.null {
		if pos.InCheck() {
			return chess.MoveNone, fmt.Errorf("%w: null move while in check", chess.ErrIllegalMove)
		}
		return chess.MoveNull, nil
	}
	if m := q.quick(pos); m != chess.MoveNone {
		return m, nil
	}
	return q.slow(pos, ml)
}

// slow resolves q by matching it against every legal move.
func (q *sanMove) slow(pos *chess.Position, ml *chess.MoveList) (chess.Move, error) {
	pos.GenerateLegal(ml)
	found, count := chess.MoveNone, 0
	castle := chess.MoveNone
	for _, m := range ml.Moves() {
		if m.Kind() == chess.Castling {
			kingSide := m.To() > m.From()
			switch {
			case q.castle == 1 && kingSide, q.castle == 2 && !kingSide:
				return m, nil
			case q.castle == 0 && (q.piece == chess.King || q.piece == chess.NoPieceType) &&
				(q.to == m.To() || q.to == castleKingTarget(m.From(), m.To())) &&
				(q.fromFile < 0 || int(q.fromFile) == int(m.From().File())) &&
				(q.fromRank < 0 || int(q.fromRank) == int(m.From().Rank())):
				castle = m
			}
			continue
		}
		if q.castle != 0 || m.To() != q.to || m.Promotion() != q.promo {
			continue
		}
		from := m.From()
		if q.fromFile >= 0 && int(q.fromFile) != int(from.File()) || q.fromRank >= 0 && int(q.fromRank) != int(from.Rank()) {
			continue
		}
		if q.piece != chess.NoPieceType && pos.PieceAt(from).Type() != q.piece {
			continue
		}
		found = m
		count++
	}
	switch {
	case count == 1:
		return found, nil
	case count > 1:
		return chess.MoveNone, fmt.Errorf("%w in %s", chess.ErrAmbiguousMove, pos.FEN())
	case castle != chess.MoveNone:
		return castle, nil
	case q.promo == chess.NoPieceType && (q.piece == chess.Pawn || q.piece == chess.NoPieceType) && q.to.RelativeRank(pos.SideToMove()) == chess.Rank8:
		q.promo = chess.Queen
		if _, err := q.slow(pos, ml); err == nil {
			return chess.MoveNone, fmt.Errorf("%w: promotion piece missing in %s", chess.ErrAmbiguousMove, pos.FEN())
		}
	}
	return chess.MoveNone, fmt.Errorf("%w in %s", chess.ErrIllegalMove, pos.FEN())
}

// parseMove resolves a move token in pos. It returns the move and the NAG of
// any suffix glyph.
func parseMove(pos *chess.Position, tok []byte, ml *chess.MoveList) (chess.Move, int, error) {
	body, nag := splitSuffix(tok)
	q, err := parseMoveText(body)
	if err != nil {
		return chess.MoveNone, nag, fmt.Errorf("%w: %v", chess.ErrInvalidMove, err)
	}
	m, err := q.resolve(pos, ml)
	return m, nag, err
}

// quick resolves the common case without generating every legal move: a
// piece or pawn move that exactly one piece can make, by a side not in check,
// with no pin, en passant or castling involved. It returns MoveNone whenever
// it is not sure; resolve then generates the legal moves, finds the move or
// reports the error. TestQuickAgrees checks both ways agree.
func (q *sanMove) quick(pos *chess.Position) chess.Move {
	if q.castle != 0 || q.piece == chess.NoPieceType || pos.InCheck() {
		return chess.MoveNone
	}
	us := pos.SideToMove()
	them := us.Other()
	to := q.to
	if pos.ByColor(us).Has(to) {
		return chess.MoveNone
	}
	occ := pos.Occupied()
	var cands chess.Bitboard
	switch q.piece {
	case chess.Pawn:
		if q.promo == chess.NoPieceType && to.RelativeRank(us) == chess.Rank8 {
			return chess.MoveNone
		}
		if q.promo != chess.NoPieceType && to.RelativeRank(us) != chess.Rank8 {
			return chess.MoveNone
		}
		if q.fromFile >= 0 && int(q.fromFile) != int(to.File()) {
			// A capture: the pawn stands one rank back on the given file.
			if !pos.ByColor(them).Has(to) || q.fromFile-int8(to.File()) > 1 || int8(to.File())-q.fromFile > 1 {
				return chess.MoveNone // en passant, or no capture at all
			}
			if to.RelativeRank(us) == chess.Rank1 {
				return chess.MoveNone
			}
			cands = behind(us, chess.NewSquare(chess.File(q.fromFile), to.Rank())).Bitboard()
		} else {
			if occ.Has(to) || to.RelativeRank(us) < chess.Rank3 {
				return chess.MoveNone
			}
			switch one := behind(us, to); {
			case occ.Has(one):
				cands = one.Bitboard()
			case to.RelativeRank(us) == chess.Rank4:
				cands = behind(us, one).Bitboard()
			}
		}
	case chess.King:
		cands = chess.KingAttacks(to)
	default:
		cands = chess.Attacks(q.piece, us, to, occ)
	}
	cands &= pos.Pieces(us, q.piece)
	if q.fromFile >= 0 {
		cands &= chess.FileBB(chess.File(q.fromFile))
	}
	if q.fromRank >= 0 {
		cands &= chess.RankBB(chess.Rank(q.fromRank))
	}
	if cands == 0 || cands.More() {
		return chess.MoveNone
	}
	from := cands.First()
	if q.piece == chess.King {
		if pos.IsAttacked(to, them, occ^from.Bitboard()) {
			return chess.MoveNone
		}
	} else if pos.Pinned(us).Has(from) {
		return chess.MoveNone
	}
	if q.promo != chess.NoPieceType {
		return chess.NewPromotion(from, to, q.promo)
	}
	return chess.NewMove(from, to)
}

// behind returns the square one rank behind sq from us's side (sq is not on
// us's first rank).
func behind(us chess.Color, sq chess.Square) chess.Square {
	if us == chess.White {
		return sq - 8
	}
	return sq + 8
}
