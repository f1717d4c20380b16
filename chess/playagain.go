package chess

// PlayAgain hands the move back to the side that made the last move, for
// variants in which one side makes several moves in a row. It
// undoes what Play did to the turn and nothing else: the side to move flips
// back, the fullmove number that Play advanced after a Black move goes back
// with it, and the en-passant square is cleared (the pawn that just stepped
// two squares can only be taken when the opponent moves next, and the
// opponent does not). The halfmove clock keeps counting the moves made.
//
// The last move must not have given check: the side that gets the move back
// would otherwise leave the opponent's king attacked, which no position of
// chess allows.
func (p *Position) PlayAgain() {
	if p.ep != NoSquare {
		p.key ^= enPassantKeys[p.ep.File()]
		p.ep = NoSquare
	}
	p.side = p.side.Other()
	p.key ^= sideKey
	if p.side == Black {
		p.fullmove--
	}
	p.checkers = p.AttackersTo(p.KingSquare(p.side), p.Occupied()) & p.byColor[p.side.Other()]
}
