package chess

import (
	"errors"
	"fmt"
	"strings"
)

// Errors for move text, mirroring python-chess: a move that cannot be read,
// one that reads but is not legal, and one that fits several legal moves.
var (
	ErrInvalidMove   = errors.New("chess: invalid move")
	ErrIllegalMove   = errors.New("chess: illegal move")
	ErrAmbiguousMove = errors.New("chess: ambiguous move")
)

// UCI returns m in UCI notation for this position: castling is the king's
// two-square step (e1g1) in standard chess and king-takes-rook (e1h1) in
// Chess960; the null move is "0000".
func (p *Position) UCI(m Move) string {
	if m.Kind() == Castling && p.chess960 {
		return m.From().String() + m.To().String()
	}
	return m.String()
}

// ParseUCI parses a move in UCI notation and checks that it is legal. In
// standard chess castling may be written either as the king's step (e1g1) or
// as king-takes-rook (e1h1). "0000" returns MoveNull.
func (p *Position) ParseUCI(s string) (Move, error) {
	if s == "0000" {
		return MoveNull, nil
	}
	if len(s) != 4 && len(s) != 5 {
		return MoveNone, fmt.Errorf("%w: %q is not UCI move text", ErrInvalidMove, s)
	}
	from, err1 := ParseSquare(s[0:2])
	to, err2 := ParseSquare(s[2:4])
	promo := NoPieceType
	if len(s) == 5 {
		promo = promotionType(s[4])
		if promo == NoPieceType {
			return MoveNone, fmt.Errorf("%w: %q has a bad promotion letter", ErrInvalidMove, s)
		}
	}
	if err1 != nil || err2 != nil || from == to {
		return MoveNone, fmt.Errorf("%w: %q is not UCI move text", ErrInvalidMove, s)
	}
	var ml MoveList
	p.GenerateLegal(&ml)
	for _, m := range ml.Moves() {
		if m.From() != from || m.Promotion() != promo {
			continue
		}
		if m.To() == to || (m.Kind() == Castling && !p.chess960 && castlingKingTarget(m.From(), m.To()) == to) {
			return m, nil
		}
	}
	return MoveNone, fmt.Errorf("%w: %s in %s", ErrIllegalMove, s, p.FEN())
}

// promotionType maps a promotion letter (either case) to its piece type.
func promotionType(b byte) PieceType {
	switch b | 0x20 {
	case 'n':
		return Knight
	case 'b':
		return Bishop
	case 'r':
		return Rook
	case 'q':
		return Queen
	}
	return NoPieceType
}

var sanPieceLetters = [7]byte{0, 0, 'N', 'B', 'R', 'Q', 'K'}

// SAN returns m, which must be legal, in Standard Algebraic Notation with the
// minimal disambiguation (file, else rank, else both), "x" for captures, "=Q"
// for promotions, O-O / O-O-O, and a "+" or "#" suffix.
func (p *Position) SAN(m Move) string { return string(p.appendSAN(nil, m, false)) }

// AppendSAN appends m, which must be legal, in SAN (as SAN writes it) to dst
// and returns the extended slice. It allocates nothing when dst has room:
// no move list is generated but for the rare check, where one legal reply
// tells "+" from "#".
func (p *Position) AppendSAN(dst []byte, m Move) []byte { return p.appendSAN(dst, m, false) }

// LAN returns m, which must be legal, in long algebraic notation: piece
// letter, origin, "-" or "x", destination ("Ng1-f3", "e7xd8=Q+", "O-O").
func (p *Position) LAN(m Move) string { return string(p.appendSAN(nil, m, true)) }

// AppendLAN appends m, which must be legal, in long algebraic notation (as
// LAN writes it) to dst and returns the extended slice.
func (p *Position) AppendLAN(dst []byte, m Move) []byte { return p.appendSAN(dst, m, true) }

func appendSquare(dst []byte, s Square) []byte {
	return append(dst, 'a'+byte(s.File()), '1'+byte(s.Rank()))
}

func (p *Position) appendSAN(dst []byte, m Move, long bool) []byte {
	if !m.IsValid() {
		return append(dst, "--"...)
	}
	from, to := m.From(), m.To()
	pt := p.board[from].Type()
	capture := p.board[to] != NoPiece || m.Kind() == EnPassant
	switch {
	case m.Kind() == Castling:
		if to > from {
			dst = append(dst, "O-O"...)
		} else {
			dst = append(dst, "O-O-O"...)
		}
	case long:
		if pt > Pawn {
			dst = append(dst, sanPieceLetters[pt])
		}
		dst = appendSquare(dst, from)
		if capture {
			dst = append(dst, 'x')
		} else {
			dst = append(dst, '-')
		}
		dst = appendSquare(dst, to)
	case pt == Pawn:
		if capture {
			dst = append(dst, 'a'+byte(from.File()), 'x')
		}
		dst = appendSquare(dst, to)
	default:
		if pt != NoPieceType {
			dst = append(dst, sanPieceLetters[pt])
		}
		dst = appendDisambiguation(dst, from, p.sameTypeRivals(from, to, pt))
		if capture {
			dst = append(dst, 'x')
		}
		dst = appendSquare(dst, to)
	}
	if promo := m.Promotion(); promo != NoPieceType {
		dst = append(dst, '=', sanPieceLetters[promo])
	}
	if p.givesCheck(m) {
		var after Position
		p.MakeMove(m, &after)
		if after.hasLegalMoveInCheck() {
			dst = append(dst, '+')
		} else {
			dst = append(dst, '#')
		}
	}
	return dst
}

// sameTypeRivals returns the squares of the side to move's other pieces of
// type pt (a knight, bishop, rook or queen) that may legally move to to, as
// GenerateLegal would produce them: attack bitboards from to find the
// candidates, and only those are tested against check and pins.
func (p *Position) sameTypeRivals(from, to Square, pt PieceType) Bitboard {
	if pt < Knight || pt > Queen {
		return 0 // a king is alone of its type; pawns are written without
	}
	us := p.side
	rivals := Attacks(pt, us, to, p.Occupied()) & p.Pieces(us, pt) &^ from.Bitboard()
	if rivals == 0 || p.Pieces(us, King) == 0 {
		return rivals
	}
	ksq := p.KingSquare(us)
	switch {
	case p.checkers.More():
		return 0 // double check: only the king moves
	case p.checkers != 0 && !betweenBB[ksq][p.checkers.First()].Has(to):
		return 0 // the move neither blocks nor captures the checker
	}
	pinned := p.blockers(us) & p.byColor[us]
	for b := rivals & pinned; b != 0; {
		s := b.PopFirst()
		if pt == Knight || !lineBB[ksq][s].Has(to) {
			rivals &^= s.Bitboard()
		}
	}
	return rivals
}

// appendDisambiguation appends what SAN adds after the piece letter of a
// move from from when rivals, the origins of the other such moves to the
// same square, are not empty: the file, else the rank, else both.
func appendDisambiguation(dst []byte, from Square, rivals Bitboard) []byte {
	switch {
	case rivals == 0:
		return dst
	case rivals&FileBB(from.File()) == 0:
		return append(dst, 'a'+byte(from.File()))
	case rivals&RankBB(from.Rank()) == 0:
		return append(dst, '1'+byte(from.Rank()))
	}
	return appendSquare(dst, from)
}

// givesCheck reports whether playing m leaves the opponent's king attacked
// by the side to move, as the position after MakeMove would record in its
// checkers, without making the move: the moved (or promoted) piece's own
// attacks, a slider uncovered through the origin (or, en passant, through
// the captured pawn's square), the castling rook, and any other piece already
// aiming at the king.
func (p *Position) givesCheck(m Move) bool {
	us, them := p.side, p.side.Other()
	if p.Pieces(them, King) == 0 {
		return false // variants that capture the king leave none
	}
	ksq := p.KingSquare(them)
	from, to := m.From(), m.To()
	occ := p.Occupied() &^ from.Bitboard()
	left := from.Bitboard() // our pieces that leave their squares
	landed, landedType := to, p.board[from].Type()
	direct := false
	switch m.Kind() {
	case Castling:
		kto, rto := m.CastlingTargets()
		left |= to.Bitboard()
		occ = occ&^to.Bitboard() | kto.Bitboard() | rto.Bitboard()
		landed, landedType = rto, Rook
		direct = kingAttacks[kto].Has(ksq)
	case EnPassant:
		occ = occ&^NewSquare(to.File(), from.Rank()).Bitboard() | to.Bitboard()
	case Promotion:
		landedType = m.Promotion()
		occ |= to.Bitboard()
	default:
		occ |= to.Bitboard()
	}
	if direct || Attacks(landedType, us, landed, occ).Has(ksq) {
		return true
	}
	ours := p.byColor[us] &^ left
	return (RookAttacks(ksq, occ)&(p.byType[Rook]|p.byType[Queen])|
		BishopAttacks(ksq, occ)&(p.byType[Bishop]|p.byType[Queen])|
		knightAttacks[ksq]&p.byType[Knight]|
		pawnAttacks[them][ksq]&p.byType[Pawn]|
		kingAttacks[ksq]&p.byType[King])&ours != 0
}

// hasLegalMoveInCheck is HasLegalMove for a side in check, answered at the
// first king step out of check when there is one, as most checks allow.
func (p *Position) hasLegalMoveInCheck() bool {
	us, them := p.side, p.side.Other()
	if p.Pieces(us, King) != 0 {
		ksq := p.KingSquare(us)
		occNoKing := p.Occupied() ^ ksq.Bitboard()
		for t := kingAttacks[ksq] &^ p.byColor[us]; t != 0; {
			if !p.IsAttacked(t.PopFirst(), them, occNoKing) {
				return true
			}
		}
	}
	return p.HasLegalMove()
}

// Disambiguation returns what SAN adds after the piece letter of m, a move
// of a piece of type pt in p, so that it is told apart from the other moves
// of that type to the same square among moves: nothing, the file, the
// rank, or both. Variants whose moves are not chess's (a variant without
// check, where a pinned piece may move) pass their own list.
func Disambiguation(p *Position, m Move, pt PieceType, moves []Move) string {
	from := m.From()
	var others, sameFile, sameRank bool
	for _, o := range moves {
		if o.To() != m.To() || o.Kind() == Castling || p.board[o.From()].Type() != pt || o.From() == from {
			continue
		}
		others = true
		sameFile = sameFile || o.From().File() == from.File()
		sameRank = sameRank || o.From().Rank() == from.Rank()
	}
	switch {
	case !others:
		return ""
	case !sameFile:
		return from.File().String()
	case !sameRank:
		return from.Rank().String()
	}
	return from.String()
}

// ParseSAN parses a move in Standard Algebraic Notation as real files write
// it, and checks it against the legal moves. Besides strict SAN it accepts
// castling with zeros (0-0), missing or extra check marks, annotation
// suffixes (!, ?, !?, ...), promotions without "=" (e8Q) or in lower case,
// "e.p." after an en-passant capture, over-disambiguation (Ng1f3, N1f3),
// long algebraic notation (Ng1-f3, e2-e4) and a piece letter for pawns (Pe4).
// "--" and "Z0" return MoveNull (a null move, as in PGN).
// Errors wrap ErrInvalidMove, ErrIllegalMove or ErrAmbiguousMove.
func (p *Position) ParseSAN(s string) (Move, error) {
	text := cleanSAN(s)
	switch text {
	case "":
		return MoveNone, fmt.Errorf("%w: empty move text %q", ErrInvalidMove, s)
	case "--", "Z0":
		return MoveNull, nil
	case "O-O", "0-0", "o-o":
		return p.findCastling(true, s)
	case "O-O-O", "0-0-0", "o-o-o":
		return p.findCastling(false, s)
	}
	q, err := parseSANFields(text)
	if err != nil {
		return MoveNone, fmt.Errorf("%w: %q: %v", ErrInvalidMove, s, err)
	}
	var ml MoveList
	p.GenerateLegal(&ml)
	found := MoveNone
	var matches []string
	for _, m := range ml.Moves() {
		if !q.matches(p, m) {
			continue
		}
		if found != MoveNone {
			if len(matches) == 0 {
				matches = append(matches, p.SAN(found))
			}
			matches = append(matches, p.SAN(m))
			continue
		}
		found = m
	}
	switch {
	case len(matches) > 0:
		return MoveNone, fmt.Errorf("%w: %q could be %s", ErrAmbiguousMove, s, strings.Join(matches, " or "))
	case found == MoveNone && q.piece == Pawn && q.promo == NoPieceType && q.to.RelativeRank(p.side) == Rank8:
		if m, err := p.ParseSAN(text + "=Q"); err == nil {
			return MoveNone, fmt.Errorf("%w: %q needs a promotion piece, such as %s", ErrAmbiguousMove, s, p.SAN(m))
		}
		return MoveNone, fmt.Errorf("%w: %q in %s", ErrIllegalMove, s, p.FEN())
	case found == MoveNone:
		return MoveNone, fmt.Errorf("%w: %q in %s", ErrIllegalMove, s, p.FEN())
	}
	return found, nil
}

// cleanSAN strips what SAN may carry besides the move itself: check and
// mate marks, annotation glyphs and an "e.p." note.
func cleanSAN(s string) string {
	s = strings.TrimRight(strings.TrimSpace(s), "+#!?")
	s = strings.TrimSpace(strings.TrimSuffix(s, "e.p."))
	return strings.TrimRight(s, "+#!?")
}

// sanQuery is what a SAN text says about a move.
type sanQuery struct {
	piece    PieceType
	fromFile int // -1 when not given
	fromRank int // -1 when not given
	to       Square
	promo    PieceType
}

func parseSANFields(s string) (sanQuery, error) {
	q := sanQuery{piece: Pawn, fromFile: -1, fromRank: -1}
	// Promotion at the end: "=Q", "Q", "(Q)", "/Q", any case.
	if n := len(s); n >= 3 && s[n-1] == ')' && s[n-3] == '(' {
		s = s[:n-3] + s[n-2:n-1]
	}
	if n := len(s); n >= 3 && promotionType(s[n-1]) != NoPieceType && s[n-2] >= '1' && s[n-2] <= '8' ||
		n >= 4 && promotionType(s[n-1]) != NoPieceType && (s[n-2] == '=' || s[n-2] == '/') {
		q.promo = promotionType(s[n-1])
		s = strings.TrimRight(s[:n-1], "=/")
	}
	if len(s) > 0 && strings.IndexByte("PNBRQK", s[0]) >= 0 {
		q.piece = [...]PieceType{Pawn, Knight, Bishop, Rook, Queen, King}[strings.IndexByte("PNBRQK", s[0])]
		s = s[1:]
	}
	if len(s) < 2 {
		return q, errors.New("no destination square")
	}
	to, err := ParseSquare(s[len(s)-2:])
	if err != nil {
		return q, fmt.Errorf("bad destination %q", s[len(s)-2:])
	}
	q.to = to
	rest := strings.TrimRight(s[:len(s)-2], "x:-")
	switch len(rest) {
	case 0:
	case 1, 2:
		for i := 0; i < len(rest); i++ {
			c := rest[i]
			switch {
			case c >= 'a' && c <= 'h' && q.fromFile < 0:
				q.fromFile = int(c - 'a')
			case c >= '1' && c <= '8' && q.fromRank < 0:
				q.fromRank = int(c - '1')
			default:
				return q, fmt.Errorf("unexpected %q", rest)
			}
		}
	default:
		return q, fmt.Errorf("unexpected %q", rest)
	}
	if q.promo != NoPieceType && q.piece != Pawn {
		return q, errors.New("only pawns promote")
	}
	return q, nil
}

// matches reports whether legal move m fits the query.
func (q *sanQuery) matches(p *Position, m Move) bool {
	from := m.From()
	if p.board[from].Type() != q.piece {
		return false
	}
	to := m.To()
	if m.Kind() == Castling {
		// "Kg1" (or "Kh1" in Chess960) for castling, when no plain king move fits.
		to = castlingKingTarget(from, m.To())
		if q.to != to && q.to != m.To() {
			return false
		}
		var ml MoveList
		p.GenerateLegal(&ml)
		for _, o := range ml.Moves() {
			if o.Kind() != Castling && o.From() == from && o.To() == q.to {
				return false
			}
		}
		return q.fromFile < 0 || q.fromFile == int(from.File())
	}
	return to == q.to && m.Promotion() == q.promo &&
		(q.fromFile < 0 || q.fromFile == int(from.File())) &&
		(q.fromRank < 0 || q.fromRank == int(from.Rank()))
}

func (p *Position) findCastling(kingSide bool, text string) (Move, error) {
	var ml MoveList
	p.Generate(Quiets, &ml)
	for _, m := range ml.Moves() {
		if m.Kind() == Castling && (m.To() > m.From()) == kingSide {
			return m, nil
		}
	}
	return MoveNone, fmt.Errorf("%w: %q in %s", ErrIllegalMove, text, p.FEN())
}

// IsLegal reports whether m is a legal move in p: any 16-bit value may be
// asked (a search asks it of the move its transposition table remembers,
// which a key collision may have stored for another position). Normal
// moves and promotions are judged by the rules of the piece, the pins and
// the check, generating nothing (Stockfish's pseudo_legal and legal); the
// rare en passant and castling by the move generator. A side without its
// king (a variant's position where kings are taken) has no legal move, as
// for GenerateLegal: its moves are GeneratePseudo's.
func (p *Position) IsLegal(m Move) bool {
	from, to := m.From(), m.To()
	pc := p.board[from]
	if !m.IsValid() || pc == NoPiece || pc.Color() != p.side || m.Kind() == Normal && m>>12 != 0 ||
		p.Pieces(p.side, King) == 0 {
		return false // also a normal move with promotion bits: not a move the generator makes
	}
	if k := m.Kind(); k == EnPassant || k == Castling {
		var ml MoveList
		p.GenerateLegal(&ml)
		return ml.Contains(m)
	}
	if p.byColor[p.side].Has(to) || !p.reaches(pc.Type(), m) {
		return false
	}
	ksq := p.KingSquare(p.side)
	if from == ksq {
		return !p.IsAttacked(to, p.side.Other(), p.Occupied()^from.Bitboard())
	}
	if p.checkers.More() || p.checkers != 0 && !betweenBB[ksq][p.checkers.First()].Has(to) {
		return false // double check, or a single one neither blocked nor captured
	}
	return !p.blockers(p.side).Has(from) || lineBB[ksq][from].Has(to)
}

// reaches reports whether a piece of type pt on m's origin may go to m's
// destination, not one of the mover's own pieces, as m's kind says (a
// Normal move or a Promotion), were its king not to matter.
func (p *Position) reaches(pt PieceType, m Move) bool {
	from, to := m.From(), m.To()
	if pt != Pawn {
		if m.Kind() == Promotion {
			return false
		}
		return p.AttacksFrom(from).Has(to)
	}
	us := p.side
	if (to.RelativeRank(us) == Rank8) != (m.Kind() == Promotion) {
		return false // a pawn promotes exactly when it reaches the last rank
	}
	if pawnAttacks[us][from].Has(to) {
		return p.byColor[us.Other()].Has(to)
	}
	occ := p.Occupied()
	single := forward(us, from.Bitboard()) &^ occ
	if single.Has(to) {
		return true
	}
	return from.RelativeRank(us) == Rank2 && (forward(us, single) &^ occ).Has(to)
}

// LegalMovesFrom returns the legal moves of the piece on s.
func (p *Position) LegalMovesFrom(s Square) []Move {
	var ml MoveList
	p.GenerateLegal(&ml)
	var out []Move
	for _, m := range ml.Moves() {
		if m.From() == s {
			out = append(out, m)
		}
	}
	return out
}

// GivesCheck reports whether the legal move m puts the opponent in check.
// It does not make the move: a search asks it of moves it may prune
// unmade, checks being exempt.
func (p *Position) GivesCheck(m Move) bool { return p.givesCheck(m) }
