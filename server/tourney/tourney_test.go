package tourney

import (
	"strings"
	"testing"

	"github.com/gambitchess/gambit/game"
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
		{"fogofwar", "", "full information"}, {"jieqi", "", "full information"}, {"checkers", "", "no such variant"}} {
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
