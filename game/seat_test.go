package game

import (
	"errors"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gambitchess/gambit/chess"
)

func TestParseName(t *testing.T) {
	tests := []struct {
		in, want string
		bad      bool
	}{
		{"", "", false},
		{"   ", "", false},
		{" Ann ", "Ann", false},
		{"王小明", "王小明", false},
		{strings.Repeat("名", 20), strings.Repeat("名", 20), false},
		{strings.Repeat("名", 21), "", true},
		{" " + strings.Repeat("x", 20) + "\t", strings.Repeat("x", 20), false},
		{"a\nb", "", true},
		{"a\x00", "", true},
		{"tab\there", "", true},
		{"evil\u202egnp.exe", "", true}, // a bidirectional override
		{"zero\u200bwidth", "", true},
		{"\xff", "", true},
		{"Anne-Marie O'Neil", "Anne-Marie O'Neil", false},
	}
	for _, tt := range tests {
		got, err := ParseName(tt.in)
		if tt.bad != (err != nil) || got != tt.want || (err != nil && !errors.Is(err, ErrBadName)) {
			t.Errorf("ParseName(%q) = %q, %v; want %q, bad %v", tt.in, got, err, tt.want, tt.bad)
		}
	}
}

// TestBotName: the computer is named by its level's label; the names of
// before issue 40, by the level's number, are still read.
func TestBotName(t *testing.T) {
	if got := BotName("Casual (~1200)"); got != "Gambit Casual (~1200)" {
		t.Errorf("BotName = %q", got)
	}
	for n := 1; n <= 12; n++ {
		if got, ok := BotLevelNumber(Seat{Kind: SeatBot, Name: "Gambit level " + strconv.Itoa(n)}); !ok || got != n {
			t.Errorf("BotLevelNumber(Gambit level %d) = %d, %v", n, got, ok)
		}
	}
	for _, s := range []Seat{{Kind: SeatHuman, Name: "Gambit level 3"}, {Kind: SeatBot, Name: "Gambit level 03"}, {Kind: SeatBot, Name: "Gambit level 0"},
		{Kind: SeatBot, Name: "Gambit · Casual"}, {Kind: SeatBot, Name: BotName("Casual (~1200)")}} {
		if n, ok := BotLevelNumber(s); ok {
			t.Errorf("BotLevelNumber(%+v) = %d", s, n)
		}
	}
}

// FuzzParseName: any input gives a trimmed name of at most MaxNameLength
// characters without a control character, or ErrBadName; never a panic.
func FuzzParseName(f *testing.F) {
	for _, s := range []string{"Ann", " 王小明 ", "a\nb", "\u202e", strings.Repeat("x", 25)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := ParseName(s)
		if err != nil {
			if !errors.Is(err, ErrBadName) || got != "" {
				t.Fatalf("ParseName(%q) = %q, %v", s, got, err)
			}
			return
		}
		if utf8.RuneCountInString(got) > MaxNameLength || got != strings.TrimSpace(got) || !utf8.ValidString(got) {
			t.Fatalf("ParseName(%q) = %q", s, got)
		}
		if again, err := ParseName(got); err != nil || again != got {
			t.Fatalf("ParseName(%q) again = %q, %v", got, again, err)
		}
	})
}

// TestRename: a person's seat takes a new name before the first move (a
// same name emits nothing); after a move,
// on a seat with no person, or once the game is over, the name stays.
func TestRename(t *testing.T) {
	newGame := func(t *testing.T) *Game {
		t.Helper()
		g, err := New(Options{ID: "rename", Mode: ModeOnline,
			Seats: [2]Seat{{Kind: SeatHuman, Player: "p1", Name: "Ann"}, {Kind: SeatOpen}}})
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	g := newGame(t)
	if _, err := g.Sit(chess.Black, Seat{Kind: SeatHuman, Player: "p2"}); err != nil {
		t.Fatal(err)
	}
	evs, err := g.Rename(chess.Black, "Bea")
	if err != nil || len(evs) != 1 || g.Seat(chess.Black).Name != "Bea" || g.Seat(chess.Black).Player != "p2" {
		t.Fatalf("rename before the first move: %v, %+v, seat %+v", err, evs, g.Seat(chess.Black))
	}
	if evs, err := g.Rename(chess.Black, "Bea"); err != nil || len(evs) != 0 {
		t.Errorf("the same name again: %v, %+v", err, evs)
	}
	play(t, g, "e2e4")
	if _, err := g.Rename(chess.White, "Al"); !errors.Is(err, ErrCannotRename) || g.Seat(chess.White).Name != "Ann" {
		t.Errorf("rename after a move: %v, name %q", err, g.Seat(chess.White).Name)
	}
	if _, err := newGame(t).Rename(chess.Black, "Bea"); !errors.Is(err, ErrNotYourSeat) {
		t.Errorf("rename an open seat: %v", err)
	}
}
