package server

import (
	"errors"
	"github.com/gambitchess/gambit/server/node"
	"net/http"
	"unicode/utf8"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/guards"
	"github.com/gambitchess/gambit/store"
)

// Errors of the server itself.
var (
	ErrBadRequest   = errors.New("server: bad request")
	ErrUnknownType  = errors.New("server: unknown message type")
	ErrTooLarge     = errors.New("server: message too large")
	ErrSpectator    = errors.New("server: spectators cannot play")
	ErrBusy         = errors.New("server: too busy, try again")
	ErrStorage      = errors.New("server: could not save the game")
	ErrShuttingDown = errors.New("server: shutting down")
	ErrNoChat       = errors.New("server: no chat in this game")
	ErrRateLimited  = guards.ErrRateLimited // over a limit: 429, Retry-After
	ErrTimeout      = errors.New("server: request timed out")
)

// errorCode maps an error to its HTTP status and the short code sent in
// WebSocket error events. It is the one place where domain errors meet the
// wire (wtf ErrorCode).
func errorCode(err error) (int, string) {
	if status, code, ok := node.Answered(err); ok { // answered by another node
		return status, code
	}
	switch {
	case errors.As(err, new(*remoteOwner)): // the lease moved meanwhile: ask again
		return http.StatusServiceUnavailable, "moved"
	case errors.Is(err, store.ErrNotFound):
		return http.StatusNotFound, "not_found"
	case errors.Is(err, game.ErrIllegalMove):
		return http.StatusUnprocessableEntity, "illegal_move"
	case errors.Is(err, game.ErrInvalidMove):
		return http.StatusBadRequest, "invalid_move"
	case errors.Is(err, game.ErrNotYourTurn):
		return http.StatusConflict, "not_your_turn"
	case errors.Is(err, game.ErrNotYourSeat), errors.Is(err, ErrSpectator):
		return http.StatusForbidden, "not_your_seat"
	case errors.Is(err, game.ErrGameOver):
		return http.StatusConflict, "game_over"
	case errors.Is(err, game.ErrNoTakeback):
		return http.StatusConflict, "no_takeback"
	case errors.Is(err, game.ErrNoOffer), errors.Is(err, game.ErrAlreadyOffered), errors.Is(err, game.ErrBadOffer):
		return http.StatusConflict, "offer"
	case errors.Is(err, game.ErrCannotClaim):
		return http.StatusConflict, "cannot_claim"
	case errors.Is(err, game.ErrSeatTaken):
		return http.StatusConflict, "seat_taken"
	case errors.Is(err, store.ErrConflict):
		return http.StatusConflict, "conflict"
	case errors.Is(err, game.ErrCannotAbort):
		return http.StatusConflict, "cannot_abort"
	case errors.Is(err, game.ErrBadSetup):
		return http.StatusUnprocessableEntity, "bad_setup"
	case errors.Is(err, ErrUnknownType):
		return http.StatusBadRequest, "unknown_type"
	case errors.Is(err, guards.ErrCrossSite):
		return http.StatusForbidden, "cross_site"
	case errors.Is(err, ErrTooLarge):
		return http.StatusRequestEntityTooLarge, "too_large"
	case errors.Is(err, ErrBadRequest):
		return http.StatusBadRequest, "bad_request"
	case errors.Is(err, ErrRateLimited):
		return http.StatusTooManyRequests, "rate_limited"
	case errors.Is(err, ErrTimeout):
		return http.StatusRequestTimeout, "timeout"
	case errors.Is(err, ErrBusy), errors.Is(err, ErrComputerBusy):
		return http.StatusServiceUnavailable, "busy"
	case errors.Is(err, ErrStorage):
		return http.StatusServiceUnavailable, "storage"
	case errors.Is(err, ErrShuttingDown):
		return http.StatusServiceUnavailable, "shutting_down"
	case errors.Is(err, ErrNoChat):
		return http.StatusConflict, "no_chat"
	case errors.Is(err, ErrViewerLater):
		return http.StatusConflict, "viewer_later"
	case errors.Is(err, ErrViewerUnreadable):
		return http.StatusUnprocessableEntity, "viewer_unreadable"
	}
	return http.StatusInternalServerError, "internal"
}

// errorMessage is the text shown to the user: the error without the package
// prefixes that help in logs.
func errorMessage(err error) string {
	if code, _ := errorCode(err); code == http.StatusInternalServerError {
		return "internal error"
	}
	return shorten(trimPrefixes(err.Error()), maxErrorMessage)
}

// maxErrorMessage bounds the text of an error answer: a message quoting
// what was sent (a bad FEN, a pasted PGN) must not send it all back.
const maxErrorMessage = 300

// shorten cuts s to at most n bytes at a character boundary, marking the cut.
func shorten(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// refuse answers a request refused before it reached a handler (by
// guards.Secure) as httpError answers one refused by a handler.
func refuse(w http.ResponseWriter, err error) {
	status, code := errorCode(err)
	writeJSON(w, status, map[string]string{"code": code, "message": errorMessage(err)})
}
