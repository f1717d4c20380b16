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

// judgeRepetition applies the repetition rules of package xiangqi to a
// history (the same judgement, restated here because xiangqi keeps it
// unexported): keys[i] is the key after i plies, checks[i] whether the
// side to move then is in check, first the side that made the first move.
// lo is the first index a repetition may reach back to (the last capture).
// A side whose every move in the cycle gave check and which has checked
// more than three times in a row loses; when both sides kept checking, or
// neither did, the position repeated `draws` times is a draw.
func judgeRepetition(keys []uint64, checks []bool, first Color, lo, draws int) Outcome {
	n := len(keys) - 1
	lo = max(lo, 0)
	occurrences, last := 1, -1
	for i := n - 2; i >= lo; i -= 2 {
		if keys[i] == keys[n] {
			occurrences++
			if last < 0 {
				last = i
			}
		}
	}
	if last < 0 {
		return Outcome{}
	}
	mover := func(i int) Color { // the side that made the move keys[i-1] -> keys[i]
		if (i-1)%2 == 0 {
			return first
		}
		return first.Other()
	}
	all := [2]bool{true, true}
	for i := last + 1; i <= n; i++ {
		if !checks[i] {
			all[mover(i)] = false
		}
	}
	var streak [2]int
	var broken [2]bool
	for i := n; i >= 1; i-- {
		c := mover(i)
		if broken[c] {
			if broken[c.Other()] {
				break
			}
			continue
		}
		if checks[i] {
			streak[c]++
		} else {
			broken[c] = true
		}
	}
	for c := Red; c <= Black; c++ {
		if all[c] && !all[c.Other()] && streak[c] > 3 {
			return win(PerpetualCheck, c.Other())
		}
	}
	if draws > 0 && occurrences >= draws {
		return draw(Repetition)
	}
	return Outcome{}
}
