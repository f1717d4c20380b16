package tourney

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/guards"
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
