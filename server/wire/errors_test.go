package wire

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/store"

	"github.com/gambitchess/gambit/server/guards"
)

// TestRetryAfterRoundsUp: a wait of a fraction of a second is one second,
// never zero (a client told 0 retries at once).
func TestRetryAfterRoundsUp(t *testing.T) {
	for _, tt := range []struct {
		err  error
		want int
	}{
		{guards.RateLimited(0, "x"), 1},
		{guards.RateLimited(1, "x"), 1},
		{guards.RateLimited(1500e6, "x"), 2},
		{ErrRateLimited, 1},
		{ErrBusy, 0},
	} {
		if got := RetryAfter(tt.err); got != tt.want {
			t.Errorf("%v: %d, want %d", tt.err, got, tt.want)
		}
	}
}

func TestErrorCode(t *testing.T) {
	tests := []struct {
		err    error
		status int
		code   string
	}{
		{fmt.Errorf("load: %w", store.ErrNotFound), http.StatusNotFound, "not_found"},
		{fmt.Errorf("next: %w", store.ErrNoPuzzle), http.StatusNotFound, "not_found"},
		{fmt.Errorf("%w: e2e5", game.ErrIllegalMove), http.StatusUnprocessableEntity, "illegal_move"},
		{game.ErrNotYourTurn, http.StatusConflict, "not_your_turn"},
		{ErrSpectator, http.StatusForbidden, "not_your_seat"},
		{game.ErrGameOver, http.StatusConflict, "game_over"},
		{ErrTooLarge, http.StatusRequestEntityTooLarge, "too_large"},
		{ErrStorage, http.StatusServiceUnavailable, "storage"},
		{fmt.Errorf("%w: online only", ErrNoChat), http.StatusConflict, "no_chat"},
		{fmt.Errorf("%w: wait", ErrRateLimited), http.StatusTooManyRequests, "rate_limited"},
		{errors.New("disk on fire"), http.StatusInternalServerError, "internal"},
	}
	for _, tt := range tests {
		status, code := Code(tt.err)
		if status != tt.status || code != tt.code {
			t.Errorf("Code(%v) = %d %s, want %d %s", tt.err, status, code, tt.status, tt.code)
		}
	}
	if msg := Message(errors.New("disk on fire")); msg != "internal error" {
		t.Errorf("internal errors leak: %q", msg)
	}
	if msg := Message(fmt.Errorf("%w: e2e5", game.ErrIllegalMove)); msg != "illegal move: e2e5" {
		t.Errorf("Message = %q", msg)
	}
}

// TestErrorMessageShortened: an error quoting a long input does not send
// it all back.
func TestErrorMessageShortened(t *testing.T) {
	long := fmt.Errorf("%w: bad FEN %q", ErrBadRequest, strings.Repeat("é", 2000))
	msg := Message(long)
	if len(msg) > MaxMessage+len("…") || !strings.HasSuffix(msg, "…") || !utf8.ValidString(msg) {
		t.Errorf("message of %d bytes, valid UTF-8 %v: %.80s", len(msg), utf8.ValidString(msg), msg)
	}
	if short := Message(fmt.Errorf("%w: no", ErrBadRequest)); short != "bad request: no" {
		t.Errorf("short message %q", short)
	}
}

// TestComputerGamesError: a refusal of a game against the computer is a
// rate limit with its own code, says which share is full (Details: the
// reason and its number) and lists the games it describes by id.
func TestComputerGamesError(t *testing.T) {
	for _, tt := range []struct {
		err    *ComputerGamesError
		reason string
		text   string
	}{
		{&ComputerGamesError{Limit: 4, Reason: HeldByPlayer, Held: []HeldGame{{ID: "b"}, {ID: "a"}}}, "player", "you already have 4 games"},
		{&ComputerGamesError{Limit: 16, Reason: HeldByAddress}, "address", "your address already has 16 games"},
	} {
		err := fmt.Errorf("create: %w", tt.err)
		if status, code := Code(err); status != http.StatusTooManyRequests || code != "computer_games" {
			t.Errorf("%v: %d %s", err, status, code)
		}
		if !errors.Is(err, ErrRateLimited) || RetryAfter(err) != 1 {
			t.Errorf("%v is no rate limit", err)
		}
		if reason, params := Details(err); reason != tt.reason || params["most"] != tt.err.Limit {
			t.Errorf("%v: details %q %v", err, reason, params)
		}
		if !strings.Contains(Message(err), tt.text) {
			t.Errorf("message %q, want %q", Message(err), tt.text)
		}
		ids := tt.err.IDs()
		if len(ids) != len(tt.err.Held) || (len(ids) == 2 && (ids[0] != "b" || ids[1] != "a")) {
			t.Errorf("IDs() = %v", ids)
		}
	}
}
