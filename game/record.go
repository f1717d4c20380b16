package game

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/gambitchess/gambit/chess"
)

// headerFormat is the Format of headers written by this version. Records
// from before the event log have none (0).
const headerFormat = 2

// Header is what a game is created as: stored once, before its events. A
// game's later changes (moves, seats taken, endings) are its events.
type Header struct {
	Format   int     `json:"format"`
	ID       string  `json:"id"`
	Mode     Mode    `json:"mode"`
	Variant  Variant `json:"variant,omitempty"` // "" in records from before xiangqi: chess
	Seats    [2]Seat `json:"seats"`
	StartFEN string  `json:"startFen"`
	// Moves were imported with the setup (a pasted PGN): part of the start,
	// never taken back. In a record from before the event log, every move.
	Moves []string `json:"moves"`
	// Clock is the time control, with both banks at creation; nil: untimed.
	Clock *ClockSave `json:"clock,omitempty"`
	// Public games are listed for everyone: games on one screen and against
	// the computer; an invite game only when made public.
	Public    bool      `json:"public,omitempty"`
	CreatedAt time.Time `json:"createdAt"`
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

// Record is the stored form of a game as a whole: its header fields with
// every move, the status and the ending. It is how games were stored before
// the event log, and how such a game loads (Load reads it as a header).
type Record struct {
	Header
	Status      string    `json:"status"`
	Termination uint8     `json:"termination,omitempty"` // Outcome.Code of the ending
	Flagged     string    `json:"flagged,omitempty"`     // who ran out of time
	DrawOffer   string    `json:"drawOffer,omitempty"`   // who offers a draw
	Result      string    `json:"result"`                // PGN result, for listings
	Version     int64     `json:"version"`
	UpdatedAt   time.Time `json:"updatedAt"`
}

// Finished reports whether the recorded game is over.
func (r Record) Finished() bool {
	s, _ := ParseStatus(r.Status)
	return s.Finished()
}

// Record returns the game as a whole record (see Record).
func (g *Game) Record() Record {
	r := Record{Header: g.header, Status: g.status.String(), Result: g.Result(), Version: g.version, UpdatedAt: g.updated}
	r.Format = 0
	r.Seats = g.seats
	r.StartFEN = g.StartFEN()
	r.Moves = nil
	for _, s := range g.History() {
		r.Moves = append(r.Moves, s.UCI)
	}
	if o := g.rules.Outcome(); o.Over() {
		r.Termination = o.Code
	}
	switch g.ending.by {
	case ByResignation, ByAgreement, ByTimeout:
		r.Termination = g.legacyCode(g.ending.by)
	case ByClaim:
		r.Termination = g.claimCode()
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

// legacyCode numbers a declared ending as records did: chess's own
// terminations, xiangqi's 100+Declared.
func (g *Game) legacyCode(d Declared) uint8 {
	if g.spec.Name == Xiangqi {
		return legacyDeclaredCode + uint8(d)
	}
	switch d {
	case ByResignation:
		return uint8(chess.Resignation)
	case ByAgreement:
		return uint8(chess.DrawAgreement)
	}
	return uint8(chess.Timeout)
}

func (g *Game) claimCode() uint8 {
	if g.ending.claim == chess.FiftyMoves.String() {
		return uint8(chess.FiftyMoves)
	}
	return uint8(chess.ThreefoldRepetition)
}

// TerminationName returns the name of the ending a record's Termination
// code stands for, or "" when there is none.
func (r Record) TerminationName() string {
	if r.Termination == 0 {
		return ""
	}
	spec, err := Lookup(r.Variant)
	if err != nil {
		return ""
	}
	return spec.TerminationName(r.Termination)
}

// FromRecord rebuilds a game from its whole record; an unfinished timed
// game has the side to move's clock running from now.
func FromRecord(r Record, now func() time.Time) (*Game, error) {
	return loadRecord(r, nil, now)
}

// Load rebuilds a game from its stored header (JSON) and events, in order:
// each event is applied as it was when it happened. A header from before
// the event log (a whole Record) loads too, with its events after it. An
// unfinished timed game has the side to move's clock running from now.
func Load(header []byte, events []Event, now func() time.Time) (*Game, error) {
	var r Record
	if err := json.Unmarshal(header, &r); err != nil {
		return nil, fmt.Errorf("%w: header: %v", ErrBadRecord, err)
	}
	return loadRecord(r, events, now)
}

func loadRecord(r Record, events []Event, now func() time.Time) (*Game, error) {
	if now == nil {
		now = time.Now
	}
	legacy := r.Format == 0
	h := r.Header
	if legacy {
		h.Moves = nil // a record's moves were played, not imported
	}
	g, err := fromHeader(h, now)
	if err != nil {
		return nil, fmt.Errorf("%w: game %s: %v", ErrBadRecord, r.ID, err)
	}
	if legacy {
		if err := g.restoreRecord(r); err != nil {
			return nil, err
		}
	}
	for i := range events {
		if err := g.apply(&events[i]); err != nil {
			return nil, fmt.Errorf("%w: game %s event %d: %v", ErrBadRecord, r.ID, events[i].V, err)
		}
	}
	g.resumeClock()
	return g, nil
}

// restoreRecord plays a whole record's moves and restores its ending, offer
// and version.
func (g *Game) restoreRecord(r Record) error {
	for i, u := range r.Moves {
		step, err := g.rules.Play(u)
		if err != nil {
			return fmt.Errorf("%w: game %s move %d: %v", ErrBadRecord, r.ID, i+1, err)
		}
		g.movers = append(g.movers, step.Color)
	}
	status, ok := ParseStatus(r.Status)
	if !ok {
		return fmt.Errorf("%w: game %s: status %q", ErrBadRecord, r.ID, r.Status)
	}
	switch {
	case status == Aborted:
		g.ending = ending{by: ByAbort}
	case status.Finished() && !g.rules.Outcome().Over():
		e, err := g.recordEnding(r, status)
		if err != nil {
			return fmt.Errorf("%w: game %s ending: %v", ErrBadRecord, r.ID, err)
		}
		g.ending = e
	}
	if c, ok := ParseColor(r.DrawOffer); ok && !status.Finished() {
		g.offers[c].add(OfferDraw)
	}
	g.version, g.updated = r.Version, r.UpdatedAt
	g.settle(r.UpdatedAt)
	return nil
}

// recordEnding reads the declared ending of a whole record.
func (g *Game) recordEnding(r Record, status Status) (ending, error) {
	switch status {
	case Resigned:
		loser := chess.White
		if r.Result == "1-0" {
			loser = chess.Black
		}
		return ending{by: ByResignation, color: loser}, nil
	case DrawAgreed:
		return ending{by: ByAgreement}, nil
	case Timeout:
		c, ok := ParseColor(r.Flagged)
		if !ok {
			return ending{}, fmt.Errorf("timeout without the flagged side")
		}
		return ending{by: ByTimeout, color: c}, nil
	case Draw:
		name, ok := g.rules.Claimable()
		if !ok {
			return ending{}, fmt.Errorf("a claimed draw with nothing to claim")
		}
		return ending{by: ByClaim, claim: name}, nil
	}
	return ending{}, fmt.Errorf("status %s with no ending on the board", status)
}

// resumeClock runs the side to move's time from now, charging nothing for
// the time the game spent in the store.
func (g *Game) resumeClock() {
	k := g.clock
	if k == nil {
		return
	}
	if g.status != Started {
		k.Stop()
		return
	}
	k.turn, k.running, k.since = g.rules.Turn(), true, g.now()
}
