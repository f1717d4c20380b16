package game

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/chess"
)

// TestScrubHeader: a stored game forgets the name of the seat player
// held (and its account's title), and only that; it loads as before
// otherwise, its PGN saying "?".
func TestScrubHeader(t *testing.T) {
	tests := []struct {
		name         string
		seats        [2]Seat
		theirs       [2]bool
		white, black string
	}{
		{"white", [2]Seat{{Kind: SeatHuman, Name: "ann", Player: "p-ann"}, {Kind: SeatHuman, Name: "bob", Player: "p-bob"}},
			[2]bool{true, false}, "?", "bob"},
		{"black", [2]Seat{{Kind: SeatHuman, Name: "bob", Player: "p-bob"}, {Kind: SeatHuman, Name: "ann", Player: "p-ann"}},
			[2]bool{false, true}, "bob", "?"},
		{"not theirs, same name", [2]Seat{{Kind: SeatHuman, Name: "ann", Player: "p-other"}, {Kind: SeatOpen}},
			[2]bool{}, "ann", "?"},
		{"bots", [2]Seat{{Kind: SeatHuman, Name: "bob", Player: "p-bob", Title: "BOT"}, {Kind: SeatHuman, Name: "ann", Player: "p-ann", Title: "BOT"}},
			[2]bool{false, true}, "bob", "?"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := New(Options{ID: "g1", Mode: ModeOnline, Seats: tt.seats, Now: time.Now})
			if err != nil {
				t.Fatal(err)
			}
			header, _ := json.Marshal(g.Header())
			out, theirs, err := ScrubHeader(header, "p-ann")
			if err != nil || theirs != tt.theirs {
				t.Fatalf("ScrubHeader = %v, %v; want %v", theirs, err, tt.theirs)
			}
			seat, _ := json.Marshal(Event{V: 1, Type: EventSeat, Color: chess.Black, Seat: &tt.seats[chess.Black]})
			seatOut, err := ScrubSeatEvent(seat, "p-ann")
			if err != nil {
				t.Fatal(err)
			}
			back, err := Load(out, []Event{decodeEvent(t, seatOut)}, time.Now)
			if err != nil {
				t.Fatalf("load the scrubbed game: %v", err)
			}
			pgn, _ := back.pgn()
			for _, tag := range []string{`[White "` + tt.white + `"]`, `[Black "` + tt.black + `"]`} {
				if !strings.Contains(pgn, tag) {
					t.Errorf("PGN lacks %s:\n%s", tag, pgn)
				}
			}
			if back.Seat(chess.White).Player != tt.seats[chess.White].Player || back.Seat(chess.Black).Player != tt.seats[chess.Black].Player {
				t.Errorf("the seats' players changed: %+v %+v", back.Seat(chess.White), back.Seat(chess.Black))
			}
			for c, s := range tt.seats {
				want := s.Title
				if tt.theirs[c] {
					want = ""
				}
				if got := back.Seat(chess.Color(c)).Title; got != want {
					t.Errorf("seat %d's title after the scrub = %q; want %q", c, got, want)
				}
			}
		})
	}
}

func decodeEvent(t *testing.T, data []byte) Event {
	t.Helper()
	var e Event
	if err := json.Unmarshal(data, &e); err != nil {
		t.Fatal(err)
	}
	return e
}

// TestScrubBad: what is not a stored header or event is an error saying
// where.
func TestScrubBad(t *testing.T) {
	tests := []struct{ in, want string }{
		{`nope`, "header: invalid character"},
		{`{"seats":{}}`, "header: seats: json: cannot unmarshal"},
		{`{"seats":[{}]}`, "header: seats: 1 of them, want 2"},
		{`{"seats":[{"player":3},{}]}`, "header: seat 0: player: json"},
	}
	for _, tt := range tests {
		if _, _, err := ScrubHeader([]byte(tt.in), "p"); err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("ScrubHeader(%s) = %v, want %q…", tt.in, err, tt.want)
		}
	}
	if _, err := ScrubSeatEvent([]byte(`{"s":[]}`), "p"); err == nil || !strings.HasPrefix(err.Error(), "seat event: seat: json") {
		t.Errorf("ScrubSeatEvent of a bad seat = %v", err)
	}
}

// FuzzScrubHeader: any bytes give an error or a header that scrubs to
// itself again (the rewrite is idempotent), never a panic.
func FuzzScrubHeader(f *testing.F) {
	f.Add([]byte(`{"seats":[{"kind":"human","name":"ann","player":"p"},{"kind":"open"}],"id":"x"}`), "p")
	f.Add([]byte(`{"seats":null}`), "")
	f.Add([]byte(`[]`), "p")
	f.Fuzz(func(t *testing.T, header []byte, player string) {
		out, _, err := ScrubHeader(header, player)
		if err != nil {
			return
		}
		if again, _, err := ScrubHeader(out, player); err != nil || string(again) != string(out) {
			t.Fatalf("scrubbing %q again = %q, %v; want it unchanged", out, again, err)
		}
	})
}

// FuzzScrubSeatEvent: any bytes give an error or an event that scrubs to
// itself again, never a panic.
func FuzzScrubSeatEvent(f *testing.F) {
	f.Add([]byte(`{"v":1,"t":"seat","c":1,"s":{"kind":"human","name":"ann","player":"p"}}`), "p")
	f.Add([]byte(`{"s":null}`), "p")
	f.Fuzz(func(t *testing.T, data []byte, player string) {
		out, err := ScrubSeatEvent(data, player)
		if err != nil {
			return
		}
		if again, err := ScrubSeatEvent(out, player); err != nil || string(again) != string(out) {
			t.Fatalf("scrubbing %q again = %q, %v; want it unchanged", out, again, err)
		}
	})
}
