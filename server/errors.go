package server

import (
	"net/http"

	"github.com/gambitchess/gambit/server/round"
	"github.com/gambitchess/gambit/server/wire"
)

// Errors of the server, as package wire defines and maps them.
var (
	ErrBadRequest       = wire.ErrBadRequest
	ErrUnknownType      = wire.ErrUnknownType
	ErrTooLarge         = wire.ErrTooLarge
	ErrSpectator        = wire.ErrSpectator
	ErrBusy             = wire.ErrBusy
	ErrStorage          = wire.ErrStorage
	ErrShuttingDown     = wire.ErrShuttingDown
	ErrNoChat           = wire.ErrNoChat
	ErrRateLimited      = wire.ErrRateLimited // over a limit: 429, Retry-After
	ErrTimeout          = wire.ErrTimeout
	ErrComputerBusy     = wire.ErrComputerBusy
	ErrViewerLater      = wire.ErrViewerLater
	ErrViewerUnreadable = wire.ErrViewerUnreadable
	ErrInPlay           = wire.ErrInPlay
	ErrSignedOut        = wire.ErrSignedOut
	ErrMethodNotAllowed = wire.ErrMethodNotAllowed
)

// refuse answers a request refused before it reached a handler (by
// guards.Secure) as httpError answers one refused by a handler.
func refuse(w http.ResponseWriter, err error) {
	status, _ := wire.Code(err)
	writeJSON(w, status, httpErrorBody(err))
}

// httpErrorJSON is an error as an HTTP answer's body carries it: the
// wire's error (code, message, and what goes with them, as a WebSocket's
// error event has them) and lichess's "error", the message again.
// lichess answers {"error": "..."} and its clients read that field
// (lichess-bot, berserk: response.json()["error"]); Gambit's clients
// branch on code. Both are in every body, so neither kind of client
// finds a refusal without its words. (GET /api/opening and /api/book
// answer their own "error", the code, by their contract.)
type httpErrorJSON struct {
	round.ErrorJSON
	Error string `json:"error"`
}

// httpErrorBody is err as an HTTP answer's body.
func httpErrorBody(err error) httpErrorJSON {
	body := round.ErrorBody(err)
	return httpErrorJSON{ErrorJSON: body, Error: body.Message}
}
