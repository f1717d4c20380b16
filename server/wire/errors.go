// Package wire is where the server's errors meet the wire: the sentinel
// errors of the server's packages, and the one function that maps any
// error to its HTTP status and the short code a WebSocket error event
// carries (Code), with the text shown to the user (Message) and how long a
// refused client waits (RetryAfter), and the bodies that carry them
// (ErrorBody, HTTPErrorBody). It sits below the packages that answer
// clients (round, computer, media, profile, lichess and server), so that
// they all answer an error the same way; so do the few shapes of a game
// that several of them write (a seat, an opening: body.go).
//
//	status, code := wire.Code(err) // 409 "game_over"
//	msg := wire.Message(err)      // "game is over"
package wire

import (
	"errors"
	"fmt"
	"math"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/guards"
	"github.com/gambitchess/gambit/server/node"
	"github.com/gambitchess/gambit/store"
)

// Errors of the server, each mapped by Code. Their texts keep the
// "server: " prefix they had when they lived in package server: Message
// trims it, and logs read the same.
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
	// ErrMethodNotAllowed refuses a request whose path is an endpoint's
	// under other methods (405, with Allow).
	ErrMethodNotAllowed = errors.New("server: method not allowed")

	// ErrComputerBusy refuses a game against the computer beyond what the
	// machine can think for.
	ErrComputerBusy = errors.New("server: the computer is busy, try again in a minute")

	// ErrViewerLater refuses the viewer page of a game of hidden
	// information while it runs.
	ErrViewerLater = errors.New("server: the viewer opens once the game is over")
	// ErrViewerUnreadable refuses the viewer page of a record the viewer
	// cannot read (a variant's own rules).
	ErrViewerUnreadable = errors.New("server: this game's moves cannot be shown in the viewer")

	// ErrNotOver refuses the review of a game still being played.
	ErrNotOver = errors.New("server: a game is reviewed once it is over")
	// ErrNotReviewable refuses the review of a game no engine can judge: a
	// variant of hidden information, or one with rules of its own (its own
	// computer player), whose moves a chess or xiangqi engine cannot weigh.
	ErrNotReviewable = errors.New("server: no engine can review games of this variant")
	// ErrEngineFailed tells the player that the external engine playing
	// the computer's seat crashed or hung, and Gambit's own engine plays on.
	ErrEngineFailed = errors.New("server: the engine stopped working; Gambit's own engine plays on")
	// ErrInPlay refuses the analysis of a game still played online (to
	// its players and spectators alike), or of one of hidden information
	// before it is over.
	ErrInPlay = errors.New("server: the game is still being played: analyse it once it is over")
	// The accounts' errors (package server/account). ErrBadCredentials is
	// the one answer to a wrong password and to an unknown username alike.
	ErrBadCredentials = errors.New("server: wrong username or password")
	ErrBadUsername    = errors.New("server: bad username")
	ErrWeakPassword   = errors.New("server: password too weak")
	ErrSignedOut      = errors.New("server: sign in first")
	ErrSignupClosed   = errors.New("server: sign-up is closed on this server")
	// ErrPasskeyRefused is the one answer to a passkey sign-in or
	// registration that did not check out (unknown passkey, bad
	// signature, wrong site).
	ErrPasskeyRefused = errors.New("server: the passkey was not accepted")

	// The API's errors for programs (package server/account): a token
	// that is no token (401), and one without the scope an endpoint
	// needs (403).
	ErrBadToken     = errors.New("server: no such token")
	ErrMissingScope = errors.New("server: the token lacks a scope")
	// ErrBotAccount refuses a bot account what lichess keeps from bots:
	// the Board API, play in the browser, the lobby and quick pairing (a
	// bot plays by challenge, through the Bot API); ErrNotBot refuses
	// the Bot API to an account that is not a bot.
	ErrBotAccount = errors.New("server: a bot account plays by challenge, through the Bot API")
	// ErrRefused refuses an account what the thing asked for does not
	// allow it (a tournament's password, rating limits or bots): 403.
	ErrRefused = errors.New("server: not allowed")
	ErrNotBot  = errors.New("server: the Bot API is for bot accounts")
)

// ComputerGamesError refuses a new game against the computer to a player
// who already has their share of live ones, or whose address has as many
// as one address may (429, "computer_games"; Reason says which, Limit is
// that share). Held are the games of them the person asking plays, never
// another person's behind the same address, described to be told apart
// and offered to resume or resign.
type ComputerGamesError struct {
	Limit  int
	Reason string // HeldByPlayer or HeldByAddress
	Held   []HeldGame
}

// The reasons of a ComputerGamesError, as Details gives them.
const (
	HeldByPlayer  = "player"  // the person asking has Limit games going
	HeldByAddress = "address" // their address has Limit, among everyone behind it
)

// HeldGame is one of the games a ComputerGamesError offers, as the
// refusal describes it: its variant, the computer's level (its name in
// requests, and the seat's name as the PGN writes it), the side the person
// plays, the plies played so far and when it began.
type HeldGame struct {
	ID       string    `json:"id"`
	Variant  string    `json:"variant"`
	Level    string    `json:"level"`
	Opponent string    `json:"opponent"`
	Color    string    `json:"color"`
	Plies    int       `json:"plies"`
	Started  time.Time `json:"started"`
}

func (e *ComputerGamesError) Error() string {
	if e.Reason == HeldByAddress {
		return fmt.Sprintf("server: your address already has %d games against the computer going, among everyone behind it: finish or resign one first", e.Limit)
	}
	return fmt.Sprintf("server: you already have %d games against the computer going: finish or resign one first", e.Limit)
}

// Unwrap makes it a rate limit (ErrRateLimited).
func (e *ComputerGamesError) Unwrap() error { return ErrRateLimited }

// IDs are the ids of the games e offers, in its order.
func (e *ComputerGamesError) IDs() []string {
	ids := make([]string, len(e.Held))
	for i, g := range e.Held {
		ids[i] = g.ID
	}
	return ids
}

// RemoteOwner says a game's owner is another node: the lease moved.
type RemoteOwner struct{ Node string }

func (e *RemoteOwner) Error() string { return "server: the game is served by node " + e.Node }

// errorCodes are the domain errors' statuses and codes, the first that
// matches an error winning: the order matters where one error wraps
// another (a lease that moved first; an unknown account before "not found").
var errorCodes = []struct {
	match  func(error) bool
	status int
	code   string
}{
	{as[*RemoteOwner], http.StatusServiceUnavailable, "moved"},
	{is(ErrBadCredentials), http.StatusUnauthorized, "bad_credentials"},
	{is(ErrPasskeyRefused, store.ErrNoPasskey), http.StatusUnauthorized, "passkey_refused"},
	{is(store.ErrNoCeremony), http.StatusBadRequest, "passkey_expired"},
	{is(store.ErrPasskeyTaken), http.StatusConflict, "passkey_taken"},
	{is(ErrBadToken, store.ErrNoToken), http.StatusUnauthorized, "bad_token"},
	{is(ErrMissingScope), http.StatusForbidden, "missing_scope"},
	{is(ErrBotAccount), http.StatusForbidden, "bot_account"},
	{is(ErrRefused), http.StatusForbidden, "refused"},
	{is(ErrNotBot), http.StatusForbidden, "not_a_bot"},
	{is(ErrSignedOut, store.ErrNoSession), http.StatusUnauthorized, "signed_out"},
	{is(ErrBadUsername), http.StatusBadRequest, "bad_username"},
	{is(ErrWeakPassword), http.StatusBadRequest, "weak_password"},
	{is(store.ErrNameTaken), http.StatusConflict, "username_taken"},
	{is(ErrSignupClosed), http.StatusForbidden, "signup_closed"},
	{is(store.ErrNoUser), http.StatusNotFound, "no_user"},
	{is(store.ErrNotFound, store.ErrNoPuzzle), http.StatusNotFound, "not_found"},
	{is(game.ErrIllegalMove), http.StatusUnprocessableEntity, "illegal_move"},
	{is(game.ErrInvalidMove), http.StatusBadRequest, "invalid_move"},
	{is(game.ErrNotYourTurn), http.StatusConflict, "not_your_turn"},
	{is(game.ErrNotYourSeat, ErrSpectator), http.StatusForbidden, "not_your_seat"},
	{is(game.ErrGameOver), http.StatusConflict, "game_over"},
	{is(game.ErrNoTakeback), http.StatusConflict, "no_takeback"},
	{is(game.ErrNoOffer, game.ErrAlreadyOffered, game.ErrBadOffer), http.StatusConflict, "offer"},
	{is(game.ErrCannotClaim), http.StatusConflict, "cannot_claim"},
	{is(game.ErrCannotBerserk), http.StatusConflict, "cannot_berserk"},
	{is(game.ErrBadName), http.StatusBadRequest, "bad_name"},
	{is(game.ErrSeatTaken), http.StatusConflict, "seat_taken"},
	{is(store.ErrConflict), http.StatusConflict, "conflict"},
	{is(game.ErrCannotAbort), http.StatusConflict, "cannot_abort"},
	{is(game.ErrBadSetup), http.StatusUnprocessableEntity, "bad_setup"},
	{is(ErrUnknownType), http.StatusBadRequest, "unknown_type"},
	{is(guards.ErrCrossSite), http.StatusForbidden, "cross_site"},
	{is(ErrTooLarge), http.StatusRequestEntityTooLarge, "too_large"},
	{is(ErrBadRequest), http.StatusBadRequest, "bad_request"},
	{is(ErrMethodNotAllowed), http.StatusMethodNotAllowed, "method_not_allowed"},
	{as[*ComputerGamesError], http.StatusTooManyRequests, "computer_games"},
	{is(ErrRateLimited), http.StatusTooManyRequests, "rate_limited"},
	{is(ErrTimeout), http.StatusRequestTimeout, "timeout"},
	{is(ErrBusy, ErrComputerBusy), http.StatusServiceUnavailable, "busy"},
	{is(ErrStorage), http.StatusServiceUnavailable, "storage"},
	{is(ErrShuttingDown), http.StatusServiceUnavailable, "shutting_down"},
	{is(ErrNoChat), http.StatusConflict, "no_chat"},
	{is(ErrViewerLater), http.StatusConflict, "viewer_later"},
	{is(ErrInPlay, game.ErrHiddenInPlay), http.StatusConflict, "in_play"},
	{is(ErrViewerUnreadable), http.StatusUnprocessableEntity, "viewer_unreadable"},
	{is(ErrNotOver), http.StatusConflict, "not_over"},
	{is(ErrNotReviewable), http.StatusUnprocessableEntity, "not_reviewable"},
	{is(ErrEngineFailed), http.StatusBadGateway, "engine_failed"},
}

// is matches an error that is one of targets.
func is(targets ...error) func(error) bool {
	return func(err error) bool {
		for _, t := range targets {
			if errors.Is(err, t) {
				return true
			}
		}
		return false
	}
}

// as matches an error that is of type T.
func as[T error](err error) bool {
	var t T
	return errors.As(err, &t)
}

// Code maps an error to its HTTP status and the short code sent in
// WebSocket error events. It is the one place where domain errors meet the
// wire (wtf ErrorCode).
func Code(err error) (int, string) {
	if status, code, ok := node.Answered(err); ok { // answered by another node
		return status, code
	}
	for _, c := range errorCodes {
		if c.match(err) {
			return c.status, c.code
		}
	}
	return http.StatusInternalServerError, "internal"
}

// Message is the text shown to the user: the error without the package
// prefixes that help in logs, cut to MaxMessage bytes.
func Message(err error) string {
	if code, _ := Code(err); code == http.StatusInternalServerError {
		return "internal error"
	}
	return Shorten(trimPrefixes(err.Error()), MaxMessage)
}

// MaxMessage bounds the text of an error answer: a message quoting
// what was sent (a bad FEN, a pasted PGN) must not send it all back.
const MaxMessage = 300

// Shorten cuts s to at most n bytes at a character boundary, marking the cut.
func Shorten(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// trimPrefixes removes "pkg: " prefixes from an error text, keeping the rest.
func trimPrefixes(s string) string {
	for _, p := range []string{"server: ", "game: ", "chess: ", "xiangqi: ", "store: "} {
		s = strings.ReplaceAll(s, p, "")
	}
	return s
}

// Detailed is an error with what a person's words for it need beyond its
// code: which case it is (Reason, a stable word) and its numbers by name
// (Params), as the browser's texts take them ("wait {seconds} s").
type Detailed struct {
	Err    error
	Reason string
	Params map[string]int
}

func (e *Detailed) Error() string { return e.Err.Error() }

// Unwrap returns the error the details are of.
func (e *Detailed) Unwrap() error { return e.Err }

// Details are err's reason and parameters for the wire: a Detailed
// error's, or a rate limit's (its limit, "most" its number, "seconds" the
// wait); none for another error.
func Details(err error) (reason string, params map[string]int) {
	var d *Detailed
	if errors.As(err, &d) {
		return d.Reason, d.Params
	}
	if held := new(ComputerGamesError); errors.As(err, &held) {
		return held.Reason, map[string]int{"most": held.Limit}
	}
	if limit, most, ok := guards.Limit(err); ok {
		return limit, map[string]int{"most": most, "seconds": RetryAfter(err)}
	}
	return "", nil
}

// RetryAfter is the Retry-After of err, in whole seconds: at least
// one for any rate limit (a client told 0 would retry at once), 0 when err
// is no rate limit at all.
func RetryAfter(err error) int {
	if errors.Is(err, ErrComputerBusy) {
		return 60 // "try again in a minute"
	}
	if !errors.Is(err, ErrRateLimited) {
		return 0
	}
	after, ok := guards.RetryAfter(err)
	if !ok {
		return 1
	}
	return max(1, int(math.Ceil(after.Seconds())))
}
