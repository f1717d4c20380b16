package tourney

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/guards"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
	_ "github.com/gambitchess/gambit/variant/all"
)

func TestFormFields(t *testing.T) {
	for _, tt := range []struct {
		in, want, err string
	}{{"  Club  ", "Club", ""}, {"象棋之夜", "象棋之夜", ""}, {"a\x01b", "", "control character"}, {strings.Repeat("x", 31), "", "longer than 30"}, {"\xff", "", "not UTF-8"}} {
		got, err := Text(tt.in, 30)
		if got != tt.want || (err == nil) != (tt.err == "") || err != nil && !strings.Contains(err.Error(), tt.err) {
			t.Errorf("Text(%q) = %q, %v; want %q, %q", tt.in, got, err, tt.want, tt.err)
		}
	}
	for _, tt := range []struct {
		in   string
		def  bool
		want bool
		ok   bool
	}{{"", true, true, true}, {"false", true, false, true}, {"on", false, true, true}, {"yes", false, false, false}} {
		got, err := Bool(tt.in, tt.def)
		if got != tt.want || (err == nil) != tt.ok {
			t.Errorf("Bool(%q, %v) = %v, %v", tt.in, tt.def, got, err)
		}
	}
	for _, tt := range []struct {
		in   string
		want game.Variant
		err  string
	}{{"standard", game.DefaultVariant, ""}, {"", game.DefaultVariant, ""}, {"chess960", "chess960", ""}, {"xiangqi", "xiangqi", ""},
		{"fogofwar", "fogofwar", ""}, {"jieqi", "jieqi", ""}, {"checkers", "", "no such variant"}} {
		got, err := Variant(tt.in)
		if got != tt.want || (err == nil) != (tt.err == "") || err != nil && !strings.Contains(err.Error(), tt.err) {
			t.Errorf("Variant(%q) = %q, %v; want %q, %q", tt.in, got, err, tt.want, tt.err)
		}
	}
	h := HashPassword("secret")
	if !PasswordOK(h, "secret") || PasswordOK(h, "Secret") || !PasswordOK("", "anything") || strings.Contains(h, "secret") {
		t.Errorf("passwords: hash %q", h)
	}
}

func TestLimits(t *testing.T) {
	at := time.Date(2026, 12, 6, 18, 0, 0, 0, time.UTC)
	l := NewLimits(func() time.Time { return at })
	for i := range 5 {
		if err := l.Create("u1"); err != nil {
			t.Fatalf("creation %d: %v", i+1, err)
		}
	}
	if err := l.Create("u1"); !errors.Is(err, guards.ErrRateLimited) {
		t.Errorf("a sixth creation at once = %v, want rate limited", err)
	}
	if err := l.Create("u2"); err != nil {
		t.Errorf("another account's: %v", err)
	}
	at = at.Add(30 * time.Second) // one more a half minute
	if err := l.Create("u1"); err != nil {
		t.Errorf("after 30 s: %v", err)
	}
	for i := range 10 {
		if err := l.Join("u1"); err != nil {
			t.Fatalf("join %d: %v", i+1, err)
		}
	}
	if err := l.Join("u1"); !errors.Is(err, guards.ErrRateLimited) {
		t.Errorf("an eleventh join at once = %v, want rate limited", err)
	}
}

// TestRefusalReasons: each refused join names its case on the wire (code
// "refused" or "bad_request", reason, params), for the browser to word in
// the reader's language, while lichess's "error" keeps its English.
func TestRefusalReasons(t *testing.T) {
	bot := store.User{Name: "Robo", Title: store.TitleBot}
	for _, tt := range []struct {
		name   string
		err    error
		status int
		code   string
		reason string
		params map[string]int
		error  string
	}{
		{"password", Refused(ReasonPassword, nil, "wrong tournament password"), 403, "refused", "password", nil, "not allowed: wrong tournament password"},
		{"floor", RatingRefused(1300, 1500, 0), 403, "refused", "rating_floor", map[string]int{"rating": 1300, "floor": 1500},
			"not allowed: your rating 1300 is below this tournament's floor of 1500"},
		{"ceiling", RatingRefused(2100, 0, 2000), 403, "refused", "rating_ceiling", map[string]int{"rating": 2100, "ceiling": 2000},
			"not allowed: your rating 2100 is above this tournament's ceiling of 2000"},
		{"bots", BotMayPlay(bot, false, "chess"), 403, "refused", "bots", nil, "not allowed: bots may not join this tournament"},
		{"hidden", BotMayPlay(bot, true, "fogofwar"), 403, "refused", "hidden", nil, ""},
		{"over", ErrOver, 400, "bad_request", "tournament_over", nil, "bad request: this tournament is over"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if tt.err == nil {
				t.Fatal("not refused")
			}
			status, _ := wire.Code(tt.err)
			b := wire.HTTPErrorBody(tt.err)
			if status != tt.status || b.Code != tt.code || b.Reason != tt.reason || !reflect.DeepEqual(b.Params, tt.params) {
				t.Errorf("%d %q %q %v; want %d %q %q %v", status, b.Code, b.Reason, b.Params, tt.status, tt.code, tt.reason, tt.params)
			}
			if tt.error != "" && b.Error != tt.error {
				t.Errorf("error %q, want %q", b.Error, tt.error)
			}
		})
	}
	if RatingRefused(1500, 1500, 1500) != nil || BotMayPlay(store.User{Name: "Ann"}, false, "fogofwar") != nil {
		t.Error("refused within the rules")
	}
}
