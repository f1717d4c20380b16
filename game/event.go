package game

import (
	"time"

	"github.com/gambitchess/gambit/chess"
)

// EventType names what an Event records.
type EventType string

// The event types. Each is a fact about the game; applying a game's events
// in order to its Header rebuilds it exactly (see Load).
const (
	EventMove     EventType = "move"     // Color played Move, leaving Clock on the clock
	EventTakeback EventType = "takeback" // the last N moves were taken back
	EventOffer    EventType = "offer"    // Color offers Offer (a draw, a takeback)
	EventAnswer   EventType = "answer"   // Color answers the pending Offer: Accept or not (declining one's own withdraws it)
	EventEnd      EventType = "end"      // a declared ending concerning Color (End says which)
	EventClock    EventType = "clock"    // the running clock was read and stopped at Clock (a server going down)
	EventSeat     EventType = "seat"     // Seat now sits at Color
	EventBerserk  EventType = "berserk"  // Color went berserk: half its time gone, no increment from then on
)

// OfferKind is what a player may offer the other.
type OfferKind string

// The offers.
const (
	OfferDraw     OfferKind = "draw"
	OfferTakeback OfferKind = "takeback"
)

// Event is one numbered fact in a game's log. The game's goroutine gets
// events from a command, saves them, and only then shows each viewer the
// game as that viewer may see it (Game.Sight): events themselves never
// leave the server, so hidden information is cut per viewer before
// anything is encoded for the network.
//
// Only the fields a type names are set; the JSON form is what the store
// keeps, so a field once stored keeps its name.
type Event struct {
	V      int64       `json:"v"` // the game's version after this event: 1, 2, 3, ...
	At     time.Time   `json:"at"`
	Type   EventType   `json:"t"`
	Color  chess.Color `json:"c"`           // who moved, offered, answered, resigned, flagged; the seat taken
	Move   string      `json:"m,omitempty"` // EventMove: coordinate text (UCI; ICCS in xiangqi)
	N      int         `json:"n,omitempty"` // EventTakeback: how many moves
	Offer  OfferKind   `json:"o,omitempty"` // EventOffer, EventAnswer
	Accept bool        `json:"a,omitempty"` // EventAnswer
	End    Declared    `json:"e,omitempty"` // EventEnd
	Clock  *Times      `json:"k,omitempty"` // EventMove, EventClock: both banks after the event
	Seat   *Seat       `json:"s,omitempty"` // EventSeat

	// Step is the move as the rules wrote it (notation, FEN after), filled
	// in when an EventMove is applied; it is derived, so it is not stored.
	Step *Step `json:"-"`
}

// Times is what is left on both sides' clocks, in milliseconds.
type Times struct {
	White int64 `json:"w"`
	Black int64 `json:"b"`
}

// left is c's time in t, -1 for no times (nil t).
func (t *Times) left(c chess.Color) time.Duration {
	switch {
	case t == nil:
		return -1
	case c == chess.White:
		return time.Duration(t.White) * time.Millisecond
	}
	return time.Duration(t.Black) * time.Millisecond
}

func timesOf(k *Clock) *Times {
	return &Times{White: k.Remaining(chess.White).Milliseconds(), Black: k.Remaining(chess.Black).Milliseconds()}
}

// Viewer is whom a view is cut for: the seats a connection acts for (both
// in a local game, one online, none for a spectator). A spectator sees what
// everyone may see, and nothing more: in a game of hidden information no
// one but a seat receives anything that depends on that seat's secrets
// while the game is played (once over, everyone sees everything).
type Viewer struct {
	Seats [2]bool // by colour
}

// Spectator is the viewer who holds no seat.
var Spectator = Viewer{}

// SeatViewer is the viewer who holds the seat of colour c.
func SeatViewer(c chess.Color) Viewer {
	var v Viewer
	v.Seats[c] = true
	return v
}

// Holds reports whether v acts for colour c.
func (v Viewer) Holds(c chess.Color) bool { return v.Seats[c] }

// IsSpectator reports whether v holds no seat.
func (v Viewer) IsSpectator() bool { return !v.Seats[chess.White] && !v.Seats[chess.Black] }

// EndedBy reports whether evs could have ended a game: a declared ending,
// or a move (a game is never over before a move it has). A game whose
// Status is finished after evs were applied was ended by them when this
// holds.
func EndedBy(evs []Event) bool {
	for _, e := range evs {
		if e.Type == EventEnd || e.Type == EventMove {
			return true
		}
	}
	return false
}
