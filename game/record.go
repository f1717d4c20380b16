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
	Public bool `json:"public,omitempty"`
	// Berserkable lets the players go berserk (Options.Berserkable); false
	// in records from before berserk.
	Berserkable bool `json:"berserkable,omitempty"`
	// Mandatory is a tournament's game (Options.Mandatory); false in
	// records from before tournaments.
	Mandatory bool `json:"mandatory,omitempty"`
	// Tournament is the tournament the game is played in (Options).
	Tournament *Tournament `json:"tournament,omitempty"`
	// RuleSet is the set of rules the game is played by, one of its
	// variant's Spec.RuleSets; "" for the default (and in records from
	// before rule sets).
	RuleSet   string    `json:"ruleSet,omitempty"`
	CreatedAt time.Time `json:"createdAt"`
	// Seed is the secret every random draw of a seeded variant comes from
	// (package variant/fair), in
	// hex. It is kept in the store only: no state, API answer or PGN shows
	// it before the game is over.
	Seed string `json:"seed,omitempty"`
	// Notes are what a pasted PGN said beside its moves (tags, comments,
	// variations), shown with them; nil for any other start.
	Notes *SetupNotes `json:"notes,omitempty"`
}

// ClockSave is a clock's state at save time. The time of the side to move
// is counted up to the save; after a restart that side's time runs again
// from when the game is loaded, so downtime is never charged to a player.
type ClockSave struct {
	InitialMs   int64 `json:"initialMs"`
	IncrementMs int64 `json:"incrementMs"`
	WhiteMs     int64 `json:"whiteMs"`
	BlackMs     int64 `json:"blackMs"`
	PerMove     bool  `json:"perMove,omitempty"` // correspondence: InitialMs for every move
}

// Record is a game stored as a whole, header fields with every move, the
// status and the ending: how the release before the event log stored games.
// Load reads such a record as a header; nothing writes one any more.
type Record struct {
	Header
	Status    string    `json:"status"`
	Flagged   string    `json:"flagged,omitempty"`   // who ran out of time
	DrawOffer string    `json:"drawOffer,omitempty"` // who offers a draw
	Result    string    `json:"result"`              // PGN result, for listings
	Version   int64     `json:"version"`
	UpdatedAt time.Time `json:"updatedAt"`
	// The record's "termination" code is not read: the status, result and
	// flagged side say how a declared ending came about.
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
		g.movers = append(g.movers, step.Color.Color())
		g.left = append(g.left, -1) // the record kept no clock after each move
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
	if g.status != Started || !g.BothMoved() {
		k.Stop() // no clock runs before both sides' first moves
		return
	}
	k.turn, k.running, k.since = g.rules.Turn(), true, g.now()
}
