package banqi

// CanTake reports whether a piece of type a may take one of type v by the
// rank rule: a piece takes one of equal or lower rank (general, advisor,
// elephant, chariot, horse, cannon, soldier, highest first), except that
// the soldier takes the general and the general cannot take a soldier.
// The cannon takes any piece, but only by a jump (see GenerateLegal).
func CanTake(a, v PieceType) bool {
	switch {
	case a == NoPieceType || v == NoPieceType:
		return false
	case a == Cannon:
		return true
	case a == King:
		return v != Soldier
	case a == Soldier:
		return v == Soldier || v == King
	}
	return v >= a // the types run from the highest rank down
}

// ray lists the squares from a square outwards in one direction.
type ray struct {
	to [NumFiles - 1]Square
	n  uint8
}

// rays[s][d]: the squares from s up, down, left and right, nearest first;
// their first squares are s's neighbours. A precomputed table.
var rays [NumSquares][4]ray

func init() {
	dirs := [4][2]int{{0, 1}, {0, -1}, {-1, 0}, {1, 0}}
	for s := Square(0); s < NumSquares; s++ {
		for d, dir := range dirs {
			r := &rays[s][d]
			for f, k := s.File()+dir[0], s.Rank()+dir[1]; f >= 0 && f < NumFiles && k >= 0 && k < NumRanks; f, k = f+dir[0], k+dir[1] {
				r.to[r.n] = NewSquare(f, k)
				r.n++
			}
		}
	}
}

// GenerateLegal fills ml with the legal moves of the player to move:
//
//   - the flip of every face-down piece, whoever's it is;
//   - each face-up piece of its colour one step up, down, left or right,
//     to an empty square, or onto a face-up piece of the other colour it
//     may take (CanTake), but the cannon, which takes by a jump only;
//   - the cannon's jump: along a rank or file over exactly one piece
//     (face up or down, either colour), any number of empty squares before
//     and after it, onto a face-up piece of the other colour; no farther
//     than the position's cannon reach when it has one.
//
// A face-down piece is never taken. A player who has no piece left (none
// face up, none face down that is or may be its colour) has no move: it
// has lost. Flips come first in square order, then each piece's moves.
func (p *Position) GenerateLegal(ml *MoveList) {
	ml.n = 0
	us := p.ColorToMove()
	own := us == NoColor // before the first flip all 32 are anyone's
	pooled := us != NoColor && p.poolHas(us)
	for s := Square(0); s < NumSquares; s++ {
		switch pc := p.board[s]; {
		case pc == FaceDown:
			ml.add(NewMove(s, s))
			if id := p.identity[s]; id == NoPiece && pooled || id != NoPiece && id.Color() == us {
				own = true
			}
		case pc.IsReal() && pc.Color() == us:
			own = true
			p.genPiece(s, pc, ml)
		}
	}
	if !own {
		ml.n = 0
	}
}

// genPiece adds the moves of the face-up piece pc on s.
func (p *Position) genPiece(s Square, pc Piece, ml *MoveList) {
	t := pc.Type()
	for d := range rays[s] {
		r := &rays[s][d]
		if r.n == 0 {
			continue
		}
		to := r.to[0]
		switch v := p.board[to]; {
		case v == NoPiece:
			ml.add(NewMove(s, to))
		case t != Cannon && v.IsReal() && v.Color() != pc.Color() && CanTake(t, v.Type()):
			ml.add(NewMove(s, to))
		}
		if t == Cannon {
			if to, ok := p.jump(r, pc.Color()); ok {
				ml.add(NewMove(s, to))
			}
		}
	}
}

// jump returns the square a cannon of colour c takes on along ray r: past
// exactly one piece, the next piece, when it is a face-up piece of the
// other colour within the cannon's reach.
func (p *Position) jump(r *ray, c Color) (Square, bool) {
	screen := false
	for i := uint8(0); i < r.n; i++ {
		to := r.to[i]
		v := p.board[to]
		switch {
		case v == NoPiece:
			continue
		case !screen:
			screen = true
			continue
		case v.IsReal() && v.Color() != c && (p.reach == 0 || int(i)+1 <= int(p.reach)):
			return to, true
		}
		return NoSquare, false
	}
	return NoSquare, false
}

// IsLegal reports whether m is a legal move of p.
func (p *Position) IsLegal(m Move) bool {
	var ml MoveList
	p.GenerateLegal(&ml)
	return ml.Contains(m)
}

// HasLegalMove reports whether the player to move has a legal move.
func (p *Position) HasLegalMove() bool {
	var ml MoveList
	p.GenerateLegal(&ml)
	return ml.n > 0
}

// Attacks reports whether the face-up piece on s could take a piece of
// the other colour on its next move (a chase, Options.ChaseLoses).
func (p *Position) Attacks(s Square) bool {
	pc := p.board[s]
	if !pc.IsReal() {
		return false
	}
	for d := range rays[s] {
		r := &rays[s][d]
		if r.n == 0 {
			continue
		}
		if pc.Type() == Cannon {
			if _, ok := p.jump(r, pc.Color()); ok {
				return true
			}
			continue
		}
		if v := p.board[r.to[0]]; v.IsReal() && v.Color() != pc.Color() && CanTake(pc.Type(), v.Type()) {
			return true
		}
	}
	return false
}
