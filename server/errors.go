package server

import (
	"net/http"

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
	writeJSON(w, status, wire.HTTPErrorBody(err))
}
