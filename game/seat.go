package game

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gambitchess/gambit/chess"
)

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
	// Title is the title of the account seated, as lichess gives one
	// ("BOT": a program plays through the Bot API). The server sets it
	// when an account takes the seat as its own player, so a name alone
	// never earns it; "" for everyone else.
	Title string `json:"title,omitempty"`
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

// BotName is the name of Gambit's seat at the level whose English label
// is label, as the seat and the PGN's White and Black tags record it:
// "Gambit Casual (~1200)". A stable English name: the pages word it in
// their reader's language from the seat's level, and an engine not
// Gambit's is named by its own label ("Stockfish, level 3").
func BotName(label string) string { return "Gambit " + label }

// BotLevelNumber reads the level number of a computer seat named as
// before issue 40, "Gambit level 3" (its number among its variant's
// levels, 1 the weakest): such games and PGNs are still read. False for
// any other seat or name.
func BotLevelNumber(s Seat) (int, bool) {
	rest, ok := strings.CutPrefix(s.Name, "Gambit level ")
	if s.Kind != SeatBot || !ok {
		return 0, false
	}
	n, err := strconv.Atoi(rest)
	if err != nil || n < 1 || strconv.Itoa(n) != rest {
		return 0, false
	}
	return n, true
}

// MaxNameLength is the most characters a display name may have.
const MaxNameLength = 20

// ParseName reads the display name a player gives (no account needed):
// trimmed of spaces, 1 to MaxNameLength characters, with no control or
// format character (no line break, no bidirectional override). An empty
// or all-space name is no name (""). An error wraps ErrBadName and says
// what is wrong.
func ParseName(s string) (string, error) {
	if !utf8.ValidString(s) {
		return "", fmt.Errorf("%w: the name is not UTF-8 text", ErrBadName)
	}
	s = strings.TrimSpace(s)
	if n := utf8.RuneCountInString(s); n > MaxNameLength {
		return "", fmt.Errorf("%w: the name has %d characters, at most %d are allowed", ErrBadName, n, MaxNameLength)
	}
	for i, r := range s {
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == utf8.RuneError {
			return "", fmt.Errorf("%w: the name holds the control character %U at byte %d", ErrBadName, r, i)
		}
	}
	return s, nil
}
