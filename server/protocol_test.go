package server

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/store"
)

func TestParseClientMsg(t *testing.T) {
	tests := []struct {
		in      string
		want    clientMsg
		wantErr error
	}{
		{`{"t":"move","d":{"u":"e2e4"}}`, clientMsg{T: "move", U: "e2e4"}, nil},
		{`{"t":"sync","d":{"v":7}}`, clientMsg{T: "sync", V: 7}, nil},
		{`{"t":"resign"}`, clientMsg{T: "resign"}, nil},
		{`{"t":"draw-offer","d":{}}`, clientMsg{T: "draw-offer"}, nil},
		{`{"t":"move","d":{"u":""}}`, clientMsg{}, ErrBadRequest},
		{`{"t":"move","d":"e2e4"}`, clientMsg{}, ErrBadRequest},
		{`{"t":"sync"}`, clientMsg{}, ErrBadRequest},
		{`{"d":{}}`, clientMsg{}, ErrBadRequest},
		{`{"t":"castle"}`, clientMsg{}, ErrUnknownType},
		{`[1,2]`, clientMsg{}, ErrBadRequest},
		{``, clientMsg{}, ErrBadRequest},
		{`{"t":"move","d":{"u":"` + strings.Repeat("a", maxMessage) + `"}}`, clientMsg{}, ErrTooLarge},
		{`{"t":"chat","d":{"text":" gg "}}`, clientMsg{T: "chat", Text: "gg"}, nil},
		{`{"t":"chat","d":{"text":"` + strings.Repeat("♞", chatMaxRunes) + `"}}`, clientMsg{T: "chat", Text: strings.Repeat("♞", chatMaxRunes)}, nil},
		{`{"t":"chat","d":{"text":"` + strings.Repeat("♞", chatMaxRunes+1) + `"}}`, clientMsg{}, ErrBadRequest},
		{`{"t":"chat","d":{"text":"  "}}`, clientMsg{}, ErrBadRequest},
		{`{"t":"chat","d":{"text":"a\u0000b"}}`, clientMsg{}, ErrBadRequest},
		{`{"t":"chat","d":{"text":"a\u202eb"}}`, clientMsg{}, ErrBadRequest},
		{`{"t":"chat","d":{"text":1}}`, clientMsg{}, ErrBadRequest},
		{`{"t":"chat"}`, clientMsg{}, ErrBadRequest},
	}
	for _, tt := range tests {
		got, err := parseClientMsg([]byte(tt.in))
		in := tt.in[:min(len(tt.in), 40)]
		if !errors.Is(err, tt.wantErr) || (tt.wantErr == nil && got != tt.want) {
			t.Errorf("parseClientMsg(%s) = %+v, %v; want %+v, %v", in, got, err, tt.want, tt.wantErr)
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
		status, code := errorCode(tt.err)
		if status != tt.status || code != tt.code {
			t.Errorf("errorCode(%v) = %d %s, want %d %s", tt.err, status, code, tt.status, tt.code)
		}
	}
	if msg := errorMessage(errors.New("disk on fire")); msg != "internal error" {
		t.Errorf("internal errors leak: %q", msg)
	}
	if msg := errorMessage(fmt.Errorf("%w: e2e5", game.ErrIllegalMove)); msg != "illegal move: e2e5" {
		t.Errorf("errorMessage = %q", msg)
	}
}

// TestErrorMessageShortened: an error quoting a long input does not send
// it all back.
func TestErrorMessageShortened(t *testing.T) {
	long := fmt.Errorf("%w: bad FEN %q", ErrBadRequest, strings.Repeat("é", 2000))
	msg := errorMessage(long)
	if len(msg) > maxErrorMessage+len("…") || !strings.HasSuffix(msg, "…") || !utf8.ValidString(msg) {
		t.Errorf("message of %d bytes, valid UTF-8 %v: %.80s", len(msg), utf8.ValidString(msg), msg)
	}
	if short := errorMessage(fmt.Errorf("%w: no", ErrBadRequest)); short != "bad request: no" {
		t.Errorf("short message %q", short)
	}
}
