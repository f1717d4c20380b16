package xiangqi

import "fmt"

// Validate reports the first reason why p cannot arise in a game, or nil:
// wrong piece counts, pieces on points they can never reach (a general or
// advisor outside its palace, an elephant off its seven points, a soldier
// behind its starting rank or beside it before crossing the river),
// generals facing each other, or the side not to move in check. The error
// wraps one of the Err sentinels (ErrAdvisorSquare, ...).
func (p *Position) Validate() error {
	if err := p.problem(); err != nil {
		return fmt.Errorf("xiangqi: invalid position: %w", err)
	}
	return nil
}

// problem returns a bare sentinel (optionally wrapped with the square).
func (p *Position) problem() error {
	var count [16]int
	for s := Square(0); s < NumSquares; s++ {
		pc := p.board[s]
		if pc == NoPiece {
			continue
		}
		count[pc]++
		if !reachable(pc, s) {
			return placementError(pc, s)
		}
	}
	if count[RedKing] != 1 || count[BlackKing] != 1 {
		return ErrKings
	}
	for pc := Piece(1); pc < 16; pc++ {
		if pc.Type() != NoPieceType && count[pc] > maxCount[pc.Type()] {
			return fmt.Errorf("%w: %d %s", ErrTooManyPieces, count[pc], pc)
		}
	}
	if p.generalsFace() {
		return ErrFacingGenerals
	}
	if p.IsAttacked(p.kings[p.side.Other()], p.side) {
		return ErrOppositeCheck
	}
	return nil
}

func placementError(pc Piece, s Square) error {
	var err error
	switch pc.Type() {
	case King:
		err = ErrKingSquare
	case Advisor:
		err = ErrAdvisorSquare
	case Elephant:
		err = ErrElephantSquare
	default:
		err = ErrSoldierSquare
	}
	return fmt.Errorf("%w: %s on %s", err, pc, s)
}

// generalsFace reports whether the two generals share a file with nothing
// between them.
func (p *Position) generalsFace() bool {
	r, b := p.kings[Red], p.kings[Black]
	if sqFile[r] != sqFile[b] {
		return false
	}
	for s := r + NumFiles; s < b; s += NumFiles {
		if p.board[s] != NoPiece {
			return false
		}
	}
	return true
}

// reachable reports whether piece pc can ever stand on s.
func reachable(pc Piece, s Square) bool {
	f, r := s.File(), s.Rank()
	if pc.Color() == Black {
		r = NumRanks - 1 - r // mirror so that own side is ranks 0-4
	}
	switch pc.Type() {
	case King:
		return f >= 3 && f <= 5 && r <= 2
	case Advisor:
		return (f == 4 && r == 1) || ((f == 3 || f == 5) && (r == 0 || r == 2))
	case Elephant:
		return (r == 0 || r == 4) && (f == 2 || f == 6) || r == 2 && (f == 0 || f == 4 || f == 8)
	case Soldier:
		return r >= 5 || (r == 3 || r == 4) && f%2 == 0
	}
	return true
}
