package chess

import (
	"errors"
	"fmt"
)

// Problems a position can have. Validate reports them wrapped with details;
// test with errors.Is.
var (
	ErrKings           = errors.New("missing or extra king")
	ErrPawnOnBackRank  = errors.New("pawn on the first or last rank")
	ErrOppositeCheck   = errors.New("side not to move is in check")
	ErrCastlingRights  = errors.New("castling right without king and rook in place")
	ErrEnPassant       = errors.New("impossible en-passant square")
	ErrTooManyPieces   = errors.New("too many pieces")
	ErrImpossibleCheck = errors.New("impossible check")
)

// errKingTaken is ErrKings for the side to move alone having no king: the
// final position of a king-capture variant, which
// ParseFENKingEnPrise accepts.
var errKingTaken = fmt.Errorf("%w (taken)", ErrKings)

// Validate reports every problem that keeps p from arising in a real game:
// missing or extra kings, pawns on the first or last rank, the side not to
// move in check, castling rights without king and rook in place, an impossible
// en-passant square, too many pieces, and checks no last move could give
// (three or more checkers, or two that no single move discovers). The
// returned error joins one wrapped sentinel per problem; nil means valid.
//
// ParseFEN rejects every problem but the last (impossible checks), which
// move generation handles correctly and which composed problems and perft
// suites use.
func (p *Position) Validate() error { return p.validate(false) }

func (p *Position) validate(hardOnly bool) error {
	var errs []error
	add := func(sentinel error, format string, args ...any) {
		errs = append(errs, fmt.Errorf("%w: "+format, append([]any{sentinel}, args...)...))
	}
	kingTaken := false
	for c := White; c <= Black; c++ {
		switch n := p.Pieces(c, King).Count(); {
		case n == 0 && c == p.side && p.Pieces(c.Other(), King) != 0:
			kingTaken = true // the checks below need only the other king
		case n != 1:
			add(ErrKings, "%s has %d kings", c, n)
		}
		if n := p.byColor[c].Count(); n > 16 {
			add(ErrTooManyPieces, "%s has %d pieces", c, n)
		}
		if n := p.Pieces(c, Pawn).Count(); n > 8 {
			add(ErrTooManyPieces, "%s has %d pawns", c, n)
		}
	}
	if len(errs) > 0 {
		return errors.Join(errs...) // the checks below need one king a side
	}
	if kingTaken {
		add(errKingTaken, "%s (to move) has 0 kings", p.side)
	}
	if b := p.byType[Pawn] & (Rank1BB | Rank8BB); b != 0 {
		add(ErrPawnOnBackRank, "pawn on %v", b.First())
	}
	them := p.side.Other()
	if p.AttackersOf(p.KingSquare(them), p.side) != 0 {
		add(ErrOppositeCheck, "%s king on %v is attacked", them, p.KingSquare(them))
	}
	for i := 0; i < 4; i++ {
		if p.castling&(1<<i) == 0 {
			continue
		}
		c := Color(i / 2)
		back := RankBB(Rank1)
		if c == Black {
			back = Rank8BB
		}
		rsq := p.castleRook[i]
		ksq := p.KingSquare(c)
		if !back.Has(ksq) || !back.Has(rsq) || p.board[rsq] != NewPiece(c, Rook) || (i%2 == 0) != (rsq > ksq) {
			add(ErrCastlingRights, "%s castling right", sideName(i%2 == 0))
		}
	}
	if p.ep != NoSquare {
		pawnSq := p.ep ^ 8
		if p.ep.RelativeRank(p.side) != Rank6 || p.board[pawnSq] != NewPiece(them, Pawn) || p.board[p.ep] != NoPiece {
			add(ErrEnPassant, "%v", p.ep)
		}
	}
	if !hardOnly {
		if err := p.checkCheckers(); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// checkCheckers reports checks that no legal last move could have given.
func (p *Position) checkCheckers() error {
	n := p.checkers.Count()
	if n > 2 {
		return fmt.Errorf("%w: %d checkers", ErrImpossibleCheck, n)
	}
	if n == 2 {
		a, b := p.checkers.First(), (p.checkers & (p.checkers - 1)).First()
		ksq := p.KingSquare(p.side)
		// A double check is a check discovered from a slider by a move of the
		// other checker: two pieces that are not sliders, or two on one line
		// through the king, cannot give it.
		sliders := p.byType[Bishop] | p.byType[Rook] | p.byType[Queen]
		if p.checkers&sliders == 0 {
			return fmt.Errorf("%w: %v and %v cannot both give check", ErrImpossibleCheck, a, b)
		}
		if lineBB[ksq][a] != 0 && lineBB[ksq][a] == lineBB[ksq][b] {
			return fmt.Errorf("%w: %v and %v check along one line", ErrImpossibleCheck, a, b)
		}
	}
	if p.ep != NoSquare && p.checkers != 0 {
		// The last move was the double pawn push: it can only have given check
		// itself or discovered a check through its origin square.
		pawnSq := p.ep ^ 8
		origin := 2*p.ep - pawnSq
		ksq := p.KingSquare(p.side)
		for b := p.checkers; b != 0; {
			c := b.PopFirst()
			if c != pawnSq && !betweenBB[ksq][c].Has(origin) {
				return fmt.Errorf("%w: %v checks, but the last move was a double pawn push", ErrImpossibleCheck, c)
			}
		}
	}
	return nil
}
