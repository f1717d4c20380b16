package dice

import (
	"fmt"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/variant/fair"
)

// MovableTypes returns the types of the pieces of the side to move that
// have a legal move in p, in ascending chess.PieceType order: the faces the
// dice of a turn starting in p can show. It is empty when the side to move
// is mated or stalemated.
func MovableTypes(p *chess.Position) []chess.PieceType {
	var ml chess.MoveList
	p.GenerateLegal(&ml)
	var has [chess.King + 1]bool
	for _, m := range ml.Moves() {
		has[p.PieceAt(m.From()).Type()] = true
	}
	var types []chess.PieceType
	for pt := chess.Pawn; pt <= chess.King; pt++ {
		if has[pt] {
			types = append(types, pt)
		}
	}
	return types
}

// Label is the fair label of die k (1 to 3) of turn t: "dice t k".
func Label(turn, k int) string { return fmt.Sprintf("dice %d %d", turn, k) }

// Roll returns the three dice of turn t drawn from seed, given the movable
// types of the turn's mover (MovableTypes of the turn's start position):
// die k is types[seed.Intn(Label(t, k), len(types))]. types must not be
// empty.
func Roll(seed fair.Seed, turn int, types []chess.PieceType) [3]chess.PieceType {
	var r [3]chess.PieceType
	for k := range r {
		r[k] = types[seed.Intn(Label(turn, k+1), len(types))]
	}
	return r
}

// Step applies the rules of one move within a turn. p is the position with
// the mover to move and dice the dice still usable; m must be a legal move
// of p by a piece whose type is among dice (behaviour is undefined
// otherwise: Game.Push checks). Step uses the die, plays m and drops the
// dice whose type has no legal move left. It returns the board after the
// move, the dice left and whether the turn is over (check given, no die
// left, or a dead position). When the turn goes on, next has the mover to
// move again (chess.Position.PlayAgain); when it is over, the opponent.
func Step(p chess.Position, dice []chess.PieceType, m chess.Move) (next chess.Position, left []chess.PieceType, turnOver bool) {
	pt := p.PieceAt(m.From()).Type()
	used := false
	for _, d := range dice {
		if d == pt && !used {
			used = true
			continue
		}
		left = append(left, d)
	}
	next = p
	next.Play(m)
	if next.InCheck() || next.IsInsufficientMaterial() {
		return next, nil, true
	}
	again := next
	again.PlayAgain()
	movable := MovableTypes(&again)
	kept := left[:0]
	for _, d := range left {
		for _, t := range movable {
			if d == t {
				kept = append(kept, d)
				break
			}
		}
	}
	if len(kept) == 0 {
		return next, nil, true
	}
	return again, kept, false
}

// pieceLetter is the PGN letter of a die: upper case, P for a pawn.
func pieceLetter(pt chess.PieceType) string {
	if pt < chess.Pawn || pt > chess.King {
		return "?"
	}
	return string("PNBRQK"[pt-1])
}

// pieceFromLetter reads a die's letter, in either case.
func pieceFromLetter(s string) (chess.PieceType, bool) {
	if len(s) != 1 {
		return chess.NoPieceType, false
	}
	switch s[0] | 0x20 {
	case 'p':
		return chess.Pawn, true
	case 'n':
		return chess.Knight, true
	case 'b':
		return chess.Bishop, true
	case 'r':
		return chess.Rook, true
	case 'q':
		return chess.Queen, true
	case 'k':
		return chess.King, true
	}
	return chess.NoPieceType, false
}

// pieceName is a die's type in words, for error messages.
func pieceName(pt chess.PieceType) string {
	names := [...]string{"none", "pawn", "knight", "bishop", "rook", "queen", "king"}
	if int(pt) < len(names) {
		return names[pt]
	}
	return "unknown"
}
