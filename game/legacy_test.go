package game

import (
	"time"

	"github.com/gambitchess/gambit/chess"
)

// legacyRecord writes g as the release before the event log stored a game
// (a whole Record), to test that such records still load.
func legacyRecord(g *Game) Record {
	r := Record{Header: g.header, Status: g.status.String(), Result: g.Result(), Version: g.version, UpdatedAt: g.updated}
	r.Format, r.Seats, r.StartFEN, r.Moves = 0, g.seats, g.startFEN(), nil
	for _, s := range g.history() {
		r.Moves = append(r.Moves, s.UCI)
	}
	if g.status == Timeout {
		r.Flagged = ColorName(g.ending.color)
	}
	if c, ok := g.DrawOffer(); ok {
		r.DrawOffer = ColorName(c)
	}
	if k := g.clock; k != nil {
		r.Clock = &ClockSave{InitialMs: k.Initial.Milliseconds(), IncrementMs: k.Increment.Milliseconds(),
			WhiteMs: k.Remaining(chess.White).Milliseconds(), BlackMs: k.Remaining(chess.Black).Milliseconds()}
	}
	return r
}

// reloadLegacy loads g's legacy record back, as Load does for a header.
func reloadLegacy(g *Game, now func() time.Time) (*Game, error) {
	return loadRecord(legacyRecord(g), nil, now)
}
