package profile

import (
	"time"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
)

// Summary is a stored game as the listings show it: GET /api/games and
// GET /api/user/{name}/games.
type Summary struct {
	ID          string            `json:"id"`
	Mode        game.Mode         `json:"mode"`
	Variant     game.Variant      `json:"variant"`
	Status      string            `json:"status"`
	Result      string            `json:"result"`
	Plies       int               `json:"plies"`
	Seats       map[string]Seat   `json:"seats"`
	UpdatedAt   time.Time         `json:"updatedAt"`
	CreatedAt   time.Time         `json:"createdAt"`
	Termination string            `json:"termination,omitempty"`
	TimeControl string            `json:"timeControl,omitempty"` // "5+3": minutes and seconds of increment
	Yours       bool              `json:"yours,omitempty"`       // the asker plays in it
	Opening     *wire.OpeningJSON `json:"opening,omitempty"`     // a chess game's, once named
}

// Seat is a seat of a listed game: who sits there (its display
// name, the computer's level), and whether it is the asker's own, when the
// listing can tell (a game against the computer or on one screen that the
// asker plays; in an online game it cannot, so no seat is).
type Seat struct {
	wire.SeatJSON
	You bool `json:"you,omitempty"`
}

// seatsOf are the seats of a listed game; yours says the asker plays
// in it.
func seatsOf(sum store.Summary, yours bool, level LevelOf) map[string]Seat {
	seat := func(kind, name string) Seat {
		out := Seat{SeatJSON: wire.SeatJSON{Kind: game.SeatKind(kind), Name: name}}
		switch {
		case out.Kind == game.SeatBot:
			out.Level = level(game.Variant(sum.Variant), name)
		case out.Kind == game.SeatHuman && yours:
			out.You = game.Mode(sum.Mode) == game.ModeComputer || game.Mode(sum.Mode) == game.ModeLocal
		}
		return out
	}
	return map[string]Seat{"white": seat(sum.WhiteKind, sum.White), "black": seat(sum.BlackKind, sum.Black)}
}

// LevelOf is the level name of a computer seat of variant v named name,
// "" when it names none of v's levels: the server's (computer.LevelNamed
// reads every name a seat has had).
type LevelOf func(v game.Variant, name string) string

// SummaryOf is a stored game as listings show it, its computer seats'
// levels named by level; yours says the asker plays in it.
func SummaryOf(sum store.Summary, yours bool, level LevelOf) Summary {
	var named *wire.OpeningJSON
	if sum.ECO != "" {
		named = &wire.OpeningJSON{ECO: sum.ECO, Name: sum.Opening}
	}
	return Summary{Opening: named, ID: sum.ID, Mode: game.Mode(sum.Mode), Variant: game.Variant(sum.Variant), Status: sum.Status,
		Result: sum.Result, Plies: sum.Plies, UpdatedAt: sum.UpdatedAt, CreatedAt: sum.CreatedAt, Termination: sum.Termination,
		TimeControl: sum.TimeControl, Yours: yours, Seats: seatsOf(sum, yours, level)}
}
