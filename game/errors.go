package game

import "errors"

// Errors a command can fail with. Each wraps into a message with context;
// test them with errors.Is. The server maps them to HTTP codes and
// WebSocket error messages in one place.
var (
	ErrGameOver       = errors.New("game: the game is over")
	ErrNotYourTurn    = errors.New("game: not your turn")
	ErrNotYourSeat    = errors.New("game: you do not play this side")
	ErrIllegalMove    = errors.New("game: illegal move")
	ErrInvalidMove    = errors.New("game: invalid move text")
	ErrNoTakeback     = errors.New("game: nothing to take back")
	ErrCannotClaim    = errors.New("game: no draw can be claimed")
	ErrCannotAbort    = errors.New("game: too late to abort (resign instead)")
	ErrBadSetup       = errors.New("game: bad game setup")
	ErrBadRecord      = errors.New("game: bad stored record")
	ErrAlreadyOffered = errors.New("game: that offer is already pending")
	ErrNoOffer        = errors.New("game: no offer to answer")
	ErrBadOffer       = errors.New("game: no such offer")
	ErrSeatTaken      = errors.New("game: the seat is taken")
	ErrBadName        = errors.New("game: bad display name")
	ErrCannotRename   = errors.New("game: too late to change the name")
	ErrCannotBerserk  = errors.New("game: cannot go berserk")
)
