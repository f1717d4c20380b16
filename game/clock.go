package game

import (
	"time"

	"github.com/gambitchess/gambit/chess"
)

// Clock is a Fischer chess clock: each side has a time bank, and a side that
// completes a move gets the increment. Time is read through the injected now,
// so tests can run it on a fake clock or under testing/synctest.
//
// The clock starts running once each side has made its first move, as on
// lichess: neither first move is charged, and until both are made the game
// can be aborted (the server aborts an online game whose first moves do not
// come).
type Clock struct {
	Initial   time.Duration
	Increment time.Duration
	// PerMove makes it a correspondence clock: a side has Initial for each
	// move, whatever it used before.
	PerMove bool

	now       func() time.Time
	remaining [2]time.Duration
	running   bool
	turn      chess.Color // whose time runs while running
	since     time.Time   // when turn's time began to run
	// berserk marks the sides that went berserk (an arena's game): their
	// bank was cut (goBerserk) and they get no increment from then on.
	berserk [2]bool
}

// NewClock returns a stopped clock with initial time for both sides.
func NewClock(initial, increment time.Duration, now func() time.Time) *Clock {
	return &Clock{Initial: initial, Increment: increment, now: now, remaining: [2]time.Duration{initial, initial}}
}

// Remaining returns c's time left now (never negative).
func (k *Clock) Remaining(c chess.Color) time.Duration {
	r := k.remaining[c]
	if k.running && k.turn == c {
		r -= k.now().Sub(k.since)
	}
	return max(r, 0)
}

// Running reports whether a clock runs, and whose.
func (k *Clock) Running() (chess.Color, bool) { return k.turn, k.running }

// Flagged reports whether the running side has no time left.
func (k *Clock) Flagged() (chess.Color, bool) {
	if k.running && k.Remaining(k.turn) == 0 {
		return k.turn, true
	}
	return 0, false
}

// Press ends mover's turn: its elapsed time is charged, the increment added,
// and the opponent's time starts to run. Pressing with no time left charges
// the time but adds no increment: the caller checks Flagged first.
func (k *Clock) Press(mover chess.Color) {
	if k.running && k.turn == mover {
		k.remaining[mover] = k.Remaining(mover)
		if k.remaining[mover] > 0 && k.Initial > 0 {
			k.remaining[mover] += k.increment(mover)
		}
	}
	k.turn, k.running, k.since = mover.Other(), true, k.now()
}

// pressCredited is Press for a move that spent up to credit on the network:
// mover is charged its elapsed time less credit (never less than nothing).
// It reports false, changing nothing, when mover's time ran out even so.
func (k *Clock) pressCredited(mover chess.Color, credit time.Duration) bool {
	if k.running && k.turn == mover {
		used := max(k.now().Sub(k.since)-max(credit, 0), 0)
		left := k.remaining[mover] - used
		if left <= 0 {
			return false
		}
		k.remaining[mover] = left + k.increment(mover)
		if k.PerMove {
			k.remaining[mover] = k.Initial
		}
	}
	k.turn, k.running, k.since = mover.Other(), true, k.now()
	return true
}

// Start makes c's time run from now without charging anyone (used after a
// takeback or when a stored game is loaded).
func (k *Clock) Start(c chess.Color) {
	k.Stop()
	k.turn, k.running, k.since = c, true, k.now()
}

// Stop stops the clock, charging the running side.
func (k *Clock) Stop() { k.stopAt(k.now()) }

// stopAt stops the clock, charging the running side up to t (the moment of
// an event, so that a replayed event charges what the live one did).
func (k *Clock) stopAt(t time.Time) {
	if k.running {
		k.remaining[k.turn] = max(k.remaining[k.turn]-t.Sub(k.since), 0)
		k.running = false
	}
}

// set overwrites the banks (used when loading a record).
func (k *Clock) set(white, black time.Duration) { k.remaining = [2]time.Duration{white, black} }

// increment is what mover gets for completing a move: nothing once it
// went berserk.
func (k *Clock) increment(mover chess.Color) time.Duration {
	if k.berserk[mover] {
		return 0
	}
	return k.Increment
}

// Berserk reports whether side c went berserk.
func (k *Clock) Berserk(c chess.Color) bool { return k.berserk[c] }

// BerserkPenalty is the time a side going berserk loses: half the initial
// time, as lichess's; none where the initial time is under 40 increments
// (1+2 goes berserk as 1+0), whose increment is all it gives up.
func (k *Clock) BerserkPenalty() time.Duration {
	if k.Initial < 40*k.Increment {
		return 0
	}
	return k.Initial / 2
}

// goBerserk cuts c's bank by the penalty and ends its increment. It is
// called before c's first move; c's time may be running (Black after
// White's first move), and runs on from the bank cut.
func (k *Clock) goBerserk(c chess.Color) {
	k.remaining[c] = max(k.remaining[c]-k.BerserkPenalty(), 0)
	k.berserk[c] = true
}
