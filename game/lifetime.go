package game

import "time"

// Active reports whether the game changes with no one there: a clock runs
// (a correspondence clock does not count: its flag falls when the game is
// next opened), or the computer is to move or to answer a draw offer. A
// server keeps such a game live, and resumes it after a restart; any other
// can wait in the store until someone opens it.
func (g *Game) Active() bool {
	if g.status.Finished() {
		return false
	}
	if k := g.clock; k != nil && !k.PerMove && g.status == Started && g.BothMoved() {
		return true // the clock runs, or runs again when the game is loaded (after PauseClock)
	}
	if g.seats[g.Turn()].Kind == SeatBot {
		return true
	}
	offer, ok := g.DrawOffer()
	return ok && g.seats[offer.Other()].Kind == SeatBot
}

// Untouched reports whether no one has made a move in the game (the moves
// of its setup do not count).
func (g *Game) Untouched() bool { return len(g.movers) == 0 }

// UntouchedFor is how long an unfinished game that no one has moved in
// stays open, unless its correspondence clock gives more.
const UntouchedFor = 24 * time.Hour

// Expired reports whether at now the game is one nobody will come back to:
// unfinished, untouched, and unchanged for UntouchedFor, or, with a
// correspondence clock, for the time the first move had. A server ends
// such a game (Abort) rather than keep it open for ever.
func (g *Game) Expired(now time.Time) bool {
	if g.status.Finished() || !g.Untouched() {
		return false
	}
	wait := UntouchedFor
	if k := g.clock; k != nil && k.PerMove {
		wait = max(wait, k.Initial)
	}
	return now.Sub(g.updated) >= wait
}
