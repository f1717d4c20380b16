package jieqi

func win(t Termination, c Color) Outcome { return Outcome{Termination: t, Winner: c} }
func draw(t Termination) Outcome         { return Outcome{Termination: t, Winner: NoColor, Draw: true} }

// Outcome returns the ending that the position alone decides: no legal
// move loses for the side to move (Checkmate when in check, Stalemate
// otherwise), and only the two generals left is a draw
// (InsufficientMaterial). Repetitions and the move limit need the game's
// history: see Game.Outcome.
func (p *Position) Outcome() Outcome {
	if !p.HasLegalMove() {
		if p.InCheck() {
			return win(Checkmate, p.side.Other())
		}
		return win(Stalemate, p.side.Other())
	}
	if p.IsInsufficientMaterial() {
		return draw(InsufficientMaterial)
	}
	return Outcome{}
}
