package jieqi

import "github.com/gambitchess/gambit/xiangqi"

// Outcome returns the ending that the position alone decides, by
// xiangqi's rules (xiangqi.JudgePosition): no legal move loses for the
// side to move (Checkmate when in check, Stalemate otherwise), and only
// the two generals left is a draw (InsufficientMaterial: see
// IsInsufficientMaterial for why nothing else is). Repetitions and the
// move limit need the game's history: see Game.Outcome.
func (p *Position) Outcome() Outcome { return xiangqi.JudgePosition(p) }
