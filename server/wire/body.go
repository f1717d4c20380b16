package wire

import (
	"errors"

	"github.com/gambitchess/gambit/game"
)

// The shapes the server's packages share on the wire: an error as every
// answer carries it, and the parts of a game's state that the lists and
// the opening API write too (a seat, an opening).

// ErrorJSON is an error as the wire carries it, in an HTTP answer's body
// and in a WebSocket error event: its code, its text and, for a rate
// limit, how many seconds to wait before trying again.
type ErrorJSON struct {
	Code       string `json:"code"`
	Message    string `json:"message"`
	RetryAfter int    `json:"retryAfter,omitempty"`
	// Reason tells cases of one code apart, and Params are the numbers the
	// browser's words take (Details): "claim_early" with {"seconds":
	// 12}; a rate limit's "chat_burst" with {"most": 5, "seconds": 1}.
	Reason string         `json:"reason,omitempty"`
	Params map[string]int `json:"params,omitempty"`
	// Games are the ids of the games a refusal offers to resume or resign
	// (computer_games), and Held the same games described, to tell them
	// apart (HeldGame).
	Games []string   `json:"games,omitempty"`
	Held  []HeldGame `json:"held,omitempty"`
}

// ErrorBody is err on the wire.
func ErrorBody(err error) ErrorJSON {
	_, code := Code(err)
	reason, params := Details(err)
	e := ErrorJSON{Code: code, Message: Message(err), RetryAfter: RetryAfter(err), Reason: reason, Params: params}
	if held := new(ComputerGamesError); errors.As(err, &held) {
		e.Games, e.Held = held.IDs(), held.Held
	}
	return e
}

// HTTPErrorJSON is an error as an HTTP answer's body carries it: the
// wire's error (code, message, and what goes with them, as a WebSocket's
// error event has them) and lichess's "error", the message again.
// lichess answers {"error": "..."} and its clients read that field
// (lichess-bot, berserk: response.json()["error"]); Gambit's clients
// branch on code. Both are in every body, so neither kind of client
// finds a refusal without its words. (GET /api/opening and /api/book
// answer their own "error", the code, by their contract.)
type HTTPErrorJSON struct {
	ErrorJSON
	Error string `json:"error"`
}

// HTTPErrorBody is err as an HTTP answer's body.
func HTTPErrorBody(err error) HTTPErrorJSON {
	body := ErrorBody(err)
	return HTTPErrorJSON{ErrorJSON: body, Error: body.Message}
}

// SeatJSON is a seat without its secret token. Title is its account's
// title ("BOT"), which the page shows beside the name.
type SeatJSON struct {
	Kind  game.SeatKind `json:"kind"`
	Name  string        `json:"name,omitempty"`
	Level string        `json:"level,omitempty"`
	Title string        `json:"title,omitempty"`
}

// OpeningJSON is a game's opening: {"eco":"C40","name":"King's Knight Opening"}.
// The names are lichess's, in English: the table has no other language.
type OpeningJSON struct {
	ECO  string `json:"eco"`
	Name string `json:"name"`
}

// OpeningOf returns g's opening for the wire, nil when it has none.
func OpeningOf(g *game.Game) *OpeningJSON {
	if o, ok := g.Opening(); ok {
		return &OpeningJSON{ECO: o.ECO, Name: o.Name}
	}
	return nil
}
