package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"
)

// ErrConflict is returned by Append when the stored game is not at the
// version the writer expected: another writer got there first. The writer
// reloads the game and tries again; nothing is overwritten.
var ErrConflict = errors.New("store: version conflict")

// ErrExists is returned by Create for an id that is already taken.
var ErrExists = errors.New("store: game exists")

// ErrInvalid is returned by Create and Append, before anything is written,
// for a write that breaks the contract: an empty id, events not numbered
// expect+1, expect+2, ... one by one, an Append without events, or a summary
// whose ID or Version does not match. It is a bug in the caller, never a
// reason to retry.
var ErrInvalid = errors.New("store: invalid write")

// The limits of ListQuery.Limit.
const (
	DefaultListLimit = 50  // a Limit of 0 (or less) means this many
	MaxListLimit     = 500 // a larger Limit means this many
)

// A game is kept as a log: a header written once at creation (what the game
// is: mode, variant, seats, start position, time control — opaque bytes
// that package game encodes) followed by numbered events (each a fact such
// as a move or a resignation, also opaque bytes). Saving a move appends one
// event and updates the summary row, so it costs the same at ply 300 as at
// ply 3. Loading replays the events over the header.

// Event is one stored event. V numbers a game's events in order: each
// Append's events are expect+1, expect+2, ...; the game's version is the V
// of its last event, or the header's own version for a game with none. (A
// game stored before the log existed keeps its old record, moves and all, as
// its header at the version it had; its events start after that version.)
type Event struct {
	V    int64
	Type string // the event's kind, for reading the log without decoding Data
	Data []byte
}

// Summary is what listings and the lobby read about a game: columns, never
// the whole log. Append replaces it with each write, except CreatedAt, which
// Create sets once.
//
// Times are kept to the microsecond at least (SQLite keeps nanoseconds) and
// come back in UTC; the zero time stays zero.
type Summary struct {
	ID       string
	Variant  string
	Mode     string
	Status   string // game.Status name
	Result   string // "1-0", "0-1", "1/2-1/2", "*"
	Finished bool
	Public   bool   // listed for everyone (local and computer games, finished invite games made public)
	White    string // display names of the seats
	Black    string
	// WhiteKind and BlackKind say who sits: "human", "bot" or "open" (an
	// invite waiting for a player).
	WhiteKind string
	BlackKind string
	Plies     int // moves played
	// Active says the game changes with no one there: a clock runs, or the
	// computer is to move. A restart resumes these games only; the others
	// wait in the store until someone opens them.
	Active      bool
	Termination string // how the game ended, in words ("checkmate", "resignation"); "" while it goes on
	TimeControl string // "5+3" (minutes + seconds of increment); "" untimed
	// ECO and Opening name a chess game's opening ("C40", "King's Knight
	// Opening"); "" when it has none (yet). Games stored before these
	// columns have none until their next write.
	ECO, Opening string
	Players      []string // opaque ids of the people seated (a browser's player id), for "my games"; a set: kept without "" or repeats, returned sorted
	Version      int64
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

// SeenBy reports whether the person with player id player may see the
// game in a listing of someone else's: a public game, or one they sit in
// ("" sits nowhere).
func (s Summary) SeenBy(player string) bool {
	return s.Public || player != "" && slices.Contains(s.Players, player)
}

// VisibleTo reports whether viewer (a player id, "" for a stranger) may
// see the game in another person's list of games (a profile's, an
// export's): one they sat in, or one over that is public (on one screen,
// against the computer, a lobby challenge) or rated with its ratings
// changed, whose result the players' records and rating graphs publish
// already (lichess shows every rated game). A private invite stays its
// players' own; a game in play is left to its own page. applied says the
// game is rated and its ratings changed.
func (s Summary) VisibleTo(viewer string, applied bool) bool {
	return viewer != "" && slices.Contains(s.Players, viewer) || s.Finished && (s.Public || applied)
}

// Stored is a whole game as loaded: its header and every event in order.
type Stored struct {
	Summary Summary
	Header  []byte
	Events  []Event
}

// ListQuery selects games for a listing, newest update first (games
// updated at the same instant come in any order).
type ListQuery struct {
	Player   string // games with this player seated, or public ones; "" for public ones only
	Mine     bool   // with Player: only the games with this player seated, public or not
	Finished *bool  // only finished (true) or unfinished (false) games; nil for both
	Limit    int    // at most this many: 0 means DefaultListLimit, and at most MaxListLimit
}

// limit is q.Limit as the contract reads it.
func (q ListQuery) limit() int {
	switch {
	case q.Limit <= 0:
		return DefaultListLimit
	case q.Limit > MaxListLimit:
		return MaxListLimit
	}
	return q.Limit
}

// Log is the versioned, append-only game store. Every method is safe for
// concurrent use and durable when it returns: the server acknowledges a move
// only after Append returned nil.
type Log interface {
	// Create stores a new game with its header and first events, numbered
	// 1, 2, ... (the summary's Version must equal the last event's V, 0 for
	// none). It fails with ErrExists for an id that is taken.
	Create(ctx context.Context, s Summary, header []byte, events []Event) error
	// Append adds events numbered expect+1, expect+2, ... to game id and
	// replaces its summary, in one transaction. It fails with ErrConflict,
	// changing nothing, when the game's version is not expect, and with
	// ErrNotFound for an unknown id. Every change to a game is an event, so
	// an Append without events is ErrInvalid, as is one whose summary's ID
	// is not id or whose Version is not the last event's V.
	Append(ctx context.Context, id string, expect int64, events []Event, s Summary) error
	// Load returns the game with every event, in order; ErrNotFound for an
	// unknown id.
	Load(ctx context.Context, id string) (Stored, error)
	// List returns summaries, newest update first. It reads the summaries
	// only, never a header or an event.
	List(ctx context.Context, q ListQuery) ([]Summary, error)
	// Active returns the ids of the games whose summary says Active, for a
	// restart.
	Active(ctx context.Context) ([]string, error)
	// MarkIdle clears the Active flag of game id at version, changing
	// nothing else: its owner found that nothing runs in it any more (a
	// game stored before the flag existed is Active until then). It fails
	// with ErrConflict when the game has moved on, ErrNotFound for an
	// unknown id.
	MarkIdle(ctx context.Context, id string, version int64) error
	// Stale returns up to limit unfinished games with no move played,
	// last updated before before, oldest first: the candidates to expire.
	Stale(ctx context.Context, before time.Time, limit int) ([]string, error)
	// Close releases the store; writes that returned are already durable.
	Close() error
}

// checkWrite validates a write of events after version expect, with
// summary s, to game id: what every Log checks before it touches storage.
func checkWrite(id string, expect int64, events []Event, s Summary) error {
	if id == "" {
		return fmt.Errorf("%w: empty game id", ErrInvalid)
	}
	if s.ID != id {
		return fmt.Errorf("%w: summary is for game %q", ErrInvalid, s.ID)
	}
	if expect < 0 {
		return fmt.Errorf("%w: negative version %d", ErrInvalid, expect)
	}
	for i, e := range events {
		if want := expect + 1 + int64(i); e.V != want {
			return fmt.Errorf("%w: event %d has version %d, want %d", ErrInvalid, i+1, e.V, want)
		}
	}
	if want := expect + int64(len(events)); s.Version != want {
		return fmt.Errorf("%w: summary version %d, want %d (the last event's)", ErrInvalid, s.Version, want)
	}
	return nil
}
