package chess

// GenKind selects which legal moves a generator produces, so that a search can
// try captures before quiet moves (staged generation).
type GenKind uint8

// The generation kinds. Captures and Quiets partition the legal moves.
const (
	// All is every legal move.
	All GenKind = iota
	// Captures are captures (en passant and capturing promotions included) and
	// promotions to a queen.
	Captures
	// Quiets are the other legal moves: non-captures, castling and
	// non-capturing under-promotions.
	Quiets
	// Evasions is every legal move of a side in check; it is the same as All,
	// named for the engine's readability.
	Evasions
)

// GenerateLegal fills ml with every legal move. Pins and check evasions are
// handled during generation: no move is made to test its legality.
func (p *Position) GenerateLegal(ml *MoveList) {
	ml.n = 0
	p.generate(ml, All)
}

// Generate fills ml with the legal moves of the given kind.
func (p *Position) Generate(kind GenKind, ml *MoveList) {
	ml.n = 0
	p.generate(ml, kind)
}

// GeneratePseudo fills ml with the pseudo-legal moves of the given kind:
// the moves of the side to move without the test that its king is left safe.
// A king may step onto an attacked square, a pinned piece may leave its
// line, a check may be ignored, and a capture of the enemy king is an
// ordinary capture. Castling needs only the right and a clear path (every
// square the king and rook cross or land on empty but for the two of them):
// no square is tested for attack, not even the king's own. En passant is
// produced whenever EnPassant is set and a pawn attacks it.
//
// The pseudo-legal moves hold the legal ones (GenerateLegal), kind by kind;
// Evasions gives the same as All. They are the legal moves of variants in
// which a king may be captured and there is no check. The
// position may lack a king of either side: a side without one has no king
// moves and no castling. It allocates nothing.
func (p *Position) GeneratePseudo(kind GenKind, ml *MoveList) {
	ml.n = 0
	p.generatePseudo(ml, kind)
}

// generatePseudo adds the pseudo-legal moves of kind to ml (GeneratePseudo),
// or, when ml is nil, only counts them.
func (p *Position) generatePseudo(ml *MoveList, kind GenKind) int {
	us := p.side
	target := ^p.byColor[us]
	switch kind {
	case Captures:
		target = p.byColor[us.Other()]
	case Quiets:
		target = ^p.Occupied()
	}
	n := 0
	kings := p.Pieces(us, King)
	for b := kings; b != 0; {
		from := b.PopFirst()
		n += ml.addTargets(from, kingAttacks[from]&target)
	}
	n += p.genPieces(ml, target, 0, NoSquare)
	pawns := p.Pieces(us, Pawn)
	n += p.genPawns(ml, pawns, ^p.byColor[us], kind)
	if p.ep != NoSquare && kind != Quiets {
		for b := pawnAttacks[us.Other()][p.ep] & pawns; b != 0; {
			n += ml.add(NewEnPassant(b.PopFirst(), p.ep))
		}
	}
	if p.castling != 0 && kings != 0 && kind != Captures {
		n += p.genCastling(ml, kings.First(), true)
	}
	return n
}

// PseudoCastling returns the castling move of right r (a single right,
// White's or Black's, whichever side is to move) when GeneratePseudo would
// produce it were that side to move: the right is held, the side has a king,
// and every square the king and rook cross or land on is empty but for the
// two of them. No square is tested for attack.
func (p *Position) PseudoCastling(r CastlingRights) (Move, bool) {
	for i := 0; i < 4; i++ {
		if r != 1<<i {
			continue
		}
		c := Color(i / 2) // castlingIndex: White's two rights, then Black's
		if p.Pieces(c, King) == 0 {
			return MoveNone, false
		}
		ksq := p.KingSquare(c)
		if rsq, _, ok := p.castlingPath(i, ksq); ok {
			return NewCastling(ksq, rsq), true
		}
		return MoveNone, false
	}
	return MoveNone, false
}

// CountLegal returns the number of legal moves without building a move list
// (perft's bulk counting at the last ply).
func (p *Position) CountLegal() int { return p.generate(nil, All) }

// HasLegalMove reports whether the side to move has any legal move.
func (p *Position) HasLegalMove() bool { return p.generate(nil, All) > 0 }

// generate adds the legal moves of kind to ml, or, when ml is nil, only counts them.
func (p *Position) generate(ml *MoveList, kind GenKind) int {
	us, them := p.side, p.side.Other()
	ours, theirs := p.byColor[us], p.byColor[them]
	occ := ours | theirs
	ksq := p.KingSquare(us)

	// legal are the destinations a move of any kind may reach; target
	// narrows them to the kind. Pawns take legal and sort their moves by kind
	// themselves, because a queen promotion by a push lands on an empty
	// square but is a Captures move.
	legal := ^ours
	target := legal
	switch kind {
	case Captures:
		target = theirs
	case Quiets:
		target = ^occ
	}

	n := 0
	// King moves: the destination must not be attacked once the king has left
	// its square (so it cannot step back along a checking line).
	occNoKing := occ ^ ksq.Bitboard()
	for t := kingAttacks[ksq] & target; t != 0; {
		to := t.PopFirst()
		if !p.IsAttacked(to, them, occNoKing) {
			n += ml.add(NewMove(ksq, to))
		}
	}
	if p.checkers.More() {
		return n // double check: only the king can move
	}
	if p.checkers != 0 {
		block := betweenBB[ksq][p.checkers.First()] // block or capture the checker
		target &= block
		legal &= block
	}
	pinned := p.blockers(us) & ours
	n += p.genPieces(ml, target, pinned, ksq)

	pawns := p.Pieces(us, Pawn)
	n += p.genPawns(ml, pawns&^pinned, legal, kind)
	if p.checkers == 0 {
		// A pinned piece cannot answer a check, so pinned pawns move only when
		// not in check, and only along the pin.
		for b := pawns & pinned; b != 0; {
			from := b.PopFirst()
			n += p.genPawns(ml, from.Bitboard(), legal&lineBB[ksq][from], kind)
		}
	}
	if p.ep != NoSquare && kind != Quiets {
		n += p.genEnPassant(ml, pawns, ksq)
	}
	if p.castling != 0 && p.checkers == 0 && kind != Captures {
		n += p.genCastling(ml, ksq, false)
	}
	return n
}

// genPieces adds the moves of the side to move's knights, bishops, rooks and
// queens to squares in target. A piece in pinned moves only along the line
// through it and ksq, and a pinned knight not at all; with pinned empty,
// ksq is unused.
func (p *Position) genPieces(ml *MoveList, target, pinned Bitboard, ksq Square) int {
	ours := p.byColor[p.side]
	occ := p.Occupied()
	n := 0
	for b := p.Pieces(p.side, Knight) &^ pinned; b != 0; {
		from := b.PopFirst()
		n += ml.addTargets(from, knightAttacks[from]&target)
	}
	for b := (p.byType[Bishop] | p.byType[Queen]) & ours; b != 0; {
		from := b.PopFirst()
		att := BishopAttacks(from, occ) & target
		if pinned.Has(from) {
			att &= lineBB[ksq][from]
		}
		n += ml.addTargets(from, att)
	}
	for b := (p.byType[Rook] | p.byType[Queen]) & ours; b != 0; {
		from := b.PopFirst()
		att := RookAttacks(from, occ) & target
		if pinned.Has(from) {
			att &= lineBB[ksq][from]
		}
		n += ml.addTargets(from, att)
	}
	return n
}

// genPawns adds the pawn moves of kind of the given pawns whose destination
// is in target (en passant excepted). target must not be narrowed to the
// kind (it is not our own pieces, less the squares a check or pin forbids):
// Captures holds the queen promotions by a push, whose destination is empty.
func (p *Position) genPawns(ml *MoveList, pawns, target Bitboard, kind GenKind) int {
	us := p.side
	theirs := p.byColor[us.Other()]
	empty := ^(p.byColor[us] | theirs)
	rank7, rank3 := Rank7BB, RankBB(Rank3)
	up := 8
	if us == Black {
		rank7, rank3, up = RankBB(Rank2), RankBB(Rank6), -8
	}
	// Left and right captures shift by up-1 and up+1 (from White's view).
	var west, east Bitboard
	n := 0

	normal := pawns &^ rank7
	if kind != Captures {
		single := forward(us, normal) & empty
		double := forward(us, single&rank3) & empty & target
		n += ml.addPawnMoves(single&target, up)
		n += ml.addPawnMoves(double, 2*up)
	}
	if kind != Quiets {
		west, east = pawnCaptures(us, normal)
		n += ml.addPawnMoves(west&theirs&target, up-1)
		n += ml.addPawnMoves(east&theirs&target, up+1)
	}

	if promo := pawns & rank7; promo != 0 {
		push := forward(us, promo) & empty & target
		west, east = pawnCaptures(us, promo)
		if kind != Quiets {
			n += ml.addPromotions(west&theirs&target, up-1, Knight, Queen)
			n += ml.addPromotions(east&theirs&target, up+1, Knight, Queen)
			n += ml.addPromotions(push, up, Queen, Queen)
		}
		if kind != Captures {
			n += ml.addPromotions(push, up, Knight, Rook)
		}
	}
	return n
}

// pawnCaptures returns the squares c's pawns attack towards the a-file (west)
// and towards the h-file (east).
func pawnCaptures(c Color, pawns Bitboard) (west, east Bitboard) {
	if c == White {
		return (pawns &^ FileABB) << 7, (pawns &^ FileHBB) << 9
	}
	return (pawns &^ FileABB) >> 9, (pawns &^ FileHBB) >> 7
}

// genEnPassant adds the legal en-passant captures. Each is tested by removing
// both pawns: the rare capture that exposes the king along the rank, or that
// leaves another checker in place, is rejected.
func (p *Position) genEnPassant(ml *MoveList, pawns Bitboard, ksq Square) int {
	them := p.side.Other()
	capSq := p.ep ^ 8
	if p.checkers&^capSq.Bitboard()&(p.byType[Knight]|p.byType[Pawn]) != 0 {
		return 0
	}
	rq := p.Pieces(them, Rook) | p.Pieces(them, Queen)
	bq := p.Pieces(them, Bishop) | p.Pieces(them, Queen)
	n := 0
	for b := pawnAttacks[them][p.ep] & pawns; b != 0; {
		from := b.PopFirst()
		occ := p.Occupied() ^ from.Bitboard() ^ capSq.Bitboard() | p.ep.Bitboard()
		if RookAttacks(ksq, occ)&rq == 0 && BishopAttacks(ksq, occ)&bq == 0 {
			n += ml.add(NewEnPassant(from, p.ep))
		}
	}
	return n
}

// genCastling adds the castling moves of the side to move whose king is on
// ksq. Standard and Chess960 rules: the king and rook land on their usual
// squares, and every square either crosses or lands on is empty but for the
// two of them (castlingPath). Unless pseudo is set, the king also crosses no
// attacked square; the caller has checked that it is not in check.
func (p *Position) genCastling(ml *MoveList, ksq Square, pseudo bool) int {
	us, them := p.side, p.side.Other()
	n := 0
	for _, kingSide := range [2]bool{true, false} {
		rsq, kto, ok := p.castlingPath(castlingIndex(us, kingSide), ksq)
		if !ok {
			continue
		}
		if !pseudo {
			// Attacks are tested without the king and the castling rook: in
			// Chess960 the rook may have been shielding the king's target square.
			occ := p.Occupied() &^ (ksq.Bitboard() | rsq.Bitboard())
			safe := true
			// betweenBB[ksq][kto] holds kto, and ksq only when the king stays put.
			for path := betweenBB[ksq][kto]; path != 0; {
				if p.IsAttacked(path.PopFirst(), them, occ) {
					safe = false
					break
				}
			}
			if !safe {
				continue
			}
		}
		n += ml.add(NewCastling(ksq, rsq))
	}
	return n
}

// castlingPath reports whether castling right i (castlingIndex) is held and
// its path is clear for the king on ksq: every square the king or the rook
// crosses or lands on is empty but for the two of them. It returns the
// rook's square and the king's target.
func (p *Position) castlingPath(i int, ksq Square) (rsq, kto Square, ok bool) {
	if p.castling&(1<<i) == 0 {
		return NoSquare, NoSquare, false
	}
	rsq = p.castleRook[i]
	kto, rto := castlingKingTarget(ksq, rsq), castlingRookTarget(ksq, rsq)
	both := ksq.Bitboard() | rsq.Bitboard()
	if (betweenBB[ksq][kto]|betweenBB[rsq][rto])&^both&p.Occupied() != 0 {
		return NoSquare, NoSquare, false
	}
	return rsq, kto, true
}

// add appends m, or only counts it when ml is nil. It returns 1.
func (ml *MoveList) add(m Move) int {
	if ml != nil {
		ml.moves[ml.n] = m
		ml.n++
	}
	return 1
}

// addTargets adds a normal move from from to each square of targets.
func (ml *MoveList) addTargets(from Square, targets Bitboard) int {
	if ml == nil {
		return targets.Count()
	}
	base := Move(from) << 6
	for targets != 0 {
		ml.moves[ml.n] = base | Move(targets.PopFirst())
		ml.n++
	}
	return 0
}

// addPawnMoves adds, for each destination in targets, the pawn move that
// travelled delta squares to get there.
func (ml *MoveList) addPawnMoves(targets Bitboard, delta int) int {
	if ml == nil {
		return targets.Count()
	}
	for targets != 0 {
		to := targets.PopFirst()
		ml.moves[ml.n] = NewMove(Square(int(to)-delta), to)
		ml.n++
	}
	return 0
}

// addPromotions adds, for each destination, the promotions to the piece types
// from highest down to lowest (Queen..Knight gives all four).
func (ml *MoveList) addPromotions(targets Bitboard, delta int, lowest, highest PieceType) int {
	if ml == nil {
		return targets.Count() * int(highest-lowest+1)
	}
	for targets != 0 {
		to := targets.PopFirst()
		from := Square(int(to) - delta)
		for pt := highest; pt >= lowest; pt-- {
			ml.moves[ml.n] = NewPromotion(from, to, pt)
			ml.n++
		}
	}
	return 0
}
