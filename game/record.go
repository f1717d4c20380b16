package game

import (
	"fmt"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/xiangqi"
)

// Record is the stored form of a game: everything needed to continue it
// after a restart. Moves are coordinate text (UCI, ICCS) replayed through
// the rules, so a stored game can never hold an illegal position.
type Record struct {
	ID          string     `json:"id"`
	Mode        Mode       `json:"mode"`
	Variant     Variant    `json:"variant,omitempty"` // "" in records from before xiangqi: chess
	Seats       [2]Seat    `json:"seats"`
	StartFEN    string     `json:"startFen"`
	Moves       []string   `json:"moves"`
	Status      string     `json:"status"`
	Termination uint8      `json:"termination,omitempty"` // Outcome.Code of the ending
	Flagged     string     `json:"flagged,omitempty"`     // who ran out of time
	DrawOffer   string     `json:"drawOffer,omitempty"`   // who offers a draw
	Clock       *ClockSave `json:"clock,omitempty"`
	Result      string     `json:"result"` // PGN result, for listings
	Version     int64      `json:"version"`
	CreatedAt   time.Time  `json:"createdAt"`
	UpdatedAt   time.Time  `json:"updatedAt"`
}

// ClockSave is a clock's state at save time. The time of the side to move
// is counted up to the save; after a restart that side's time runs again
// from when the game is loaded, so downtime is never charged to a player.
type ClockSave struct {
	InitialMs   int64 `json:"initialMs"`
	IncrementMs int64 `json:"incrementMs"`
	WhiteMs     int64 `json:"whiteMs"`
	BlackMs     int64 `json:"blackMs"`
}

// Finished reports whether the recorded game is over.
func (r Record) Finished() bool {
	s, _ := ParseStatus(r.Status)
	return s.Finished()
}

// Record returns the game's stored form.
func (g *Game) Record() Record {
	r := Record{ID: g.id, Mode: g.mode, Variant: g.rules.Variant(), Seats: g.seats, StartFEN: g.StartFEN(), Status: g.status.String(),
		Result: g.Result(), Version: g.version, CreatedAt: g.createdAt, UpdatedAt: g.updatedAt}
	for _, s := range g.History() {
		r.Moves = append(r.Moves, s.UCI)
	}
	if o := g.rules.Outcome(); o.Over() {
		r.Termination = o.Code
	}
	if g.status == Timeout {
		r.Flagged = ColorName(g.flagged)
	}
	if g.offering {
		r.DrawOffer = ColorName(g.offer)
	}
	if k := g.clock; k != nil {
		r.Clock = &ClockSave{InitialMs: k.Initial.Milliseconds(), IncrementMs: k.Increment.Milliseconds(),
			WhiteMs: k.Remaining(chess.White).Milliseconds(), BlackMs: k.Remaining(chess.Black).Milliseconds()}
	}
	return r
}

// Result returns the PGN result ("1-0", "0-1", "1/2-1/2", or "*").
func (g *Game) Result() string {
	if g.status == Aborted {
		return "*"
	}
	return g.rules.Outcome().Result()
}

// TerminationName returns the name of the ending a record's Termination
// code stands for, or "" when there is none.
func (r Record) TerminationName() string {
	if r.Termination == 0 {
		return ""
	}
	if r.Variant != Xiangqi {
		return chess.Termination(r.Termination).String()
	}
	switch (&xiangqiRules{}).DeclaredBy(r.Termination) {
	case ByResignation:
		return "resignation"
	case ByAgreement:
		return "agreement"
	case ByTimeout:
		return "timeout"
	}
	return xiangqi.Termination(r.Termination).String()
}

// FromRecord rebuilds a game from its stored form; an unfinished timed game
// has the side to move's clock running from now.
func FromRecord(r Record, now func() time.Time) (*Game, error) {
	if now == nil {
		now = time.Now
	}
	rules, err := newRules(r.Variant, r.StartFEN)
	if err != nil {
		return nil, fmt.Errorf("%w: game %s: %v", ErrBadRecord, r.ID, err)
	}
	g := &Game{id: r.ID, mode: r.Mode, seats: r.Seats, rules: rules, now: now,
		version: r.Version, createdAt: r.CreatedAt, updatedAt: r.UpdatedAt}
	for i, u := range r.Moves {
		if _, err := g.rules.Play(u); err != nil {
			return nil, fmt.Errorf("%w: game %s move %d: %v", ErrBadRecord, r.ID, i+1, err)
		}
	}
	if c := r.Clock; c != nil {
		g.clock = NewClock(time.Duration(c.InitialMs)*time.Millisecond, time.Duration(c.IncrementMs)*time.Millisecond, now)
		g.clock.set(time.Duration(c.WhiteMs)*time.Millisecond, time.Duration(c.BlackMs)*time.Millisecond)
	}
	if err := g.restoreEnding(r); err != nil {
		return nil, err
	}
	if c, ok := ParseColor(r.DrawOffer); ok && !g.status.Finished() {
		g.offer, g.offering = c, true
	}
	if g.clock != nil && g.status == Started {
		g.clock.Start(g.rules.Turn())
	}
	return g, nil
}

// restoreEnding re-declares an ending that the moves alone do not show.
func (g *Game) restoreEnding(r Record) error {
	status, ok := ParseStatus(r.Status)
	if !ok {
		return fmt.Errorf("%w: game %s: status %q", ErrBadRecord, r.ID, r.Status)
	}
	if status == Aborted {
		g.status = Aborted
		return nil
	}
	if status.Finished() && !g.rules.Outcome().Over() {
		var err error
		switch d := g.rules.DeclaredBy(r.Termination); d {
		case ByResignation:
			err = g.rules.Declare(d, g.resignerFrom(r.Result))
		case ByTimeout:
			c, _ := ParseColor(r.Flagged)
			g.flagged = c
			err = g.rules.Declare(d, c)
		case ByAgreement, ByClaim:
			err = g.rules.Declare(d, g.rules.Turn())
		default:
			err = fmt.Errorf("termination %d", r.Termination)
		}
		if err != nil {
			return fmt.Errorf("%w: game %s ending: %v", ErrBadRecord, r.ID, err)
		}
	}
	g.settle()
	return nil
}

// resignerFrom returns who resigned, given the result.
func (g *Game) resignerFrom(result string) chess.Color {
	if result == "1-0" {
		return chess.Black
	}
	return chess.White
}
