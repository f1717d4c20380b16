package game

import "github.com/gambitchess/gambit/chess"

// Mode is how a game is played.
type Mode string

// The modes. Online is modelled (seats with their own tokens, spectators)
// but the lobby that pairs strangers comes later.
const (
	ModeLocal    Mode = "local"    // both sides on one screen
	ModeComputer Mode = "computer" // a human against the engine
	ModeOnline   Mode = "online"   // two humans, each with a seat token
)

// SeatKind says who sits in a seat.
type SeatKind string

// The seat kinds.
const (
	SeatHuman SeatKind = "human"
	SeatBot   SeatKind = "bot"
	SeatOpen  SeatKind = "open" // waiting for an online player
)

// Seat is one side of the board. Token is the secret a client presents to
// act for the seat; in a local game both seats share one token.
type Seat struct {
	Kind  SeatKind `json:"kind"`
	Name  string   `json:"name,omitempty"`
	Level string   `json:"level,omitempty"` // bot strength, see the server's levels
	Token string   `json:"token,omitempty"`
	// Player is the opaque id of the person seated (a browser's player id),
	// for listing one's own games; like Token it is shown to that seat only.
	Player string `json:"player,omitempty"`
}

// ColorName returns "white" or "black".
func ColorName(c chess.Color) string {
	if c == chess.White {
		return "white"
	}
	return "black"
}

// ParseColor parses "white" or "black".
func ParseColor(s string) (chess.Color, bool) {
	switch s {
	case "white":
		return chess.White, true
	case "black":
		return chess.Black, true
	}
	return 0, false
}
