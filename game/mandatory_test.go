package game

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/chess"
)

// TestMandatoryGame: a tournament's game (Options.Mandatory) cannot be
// aborted nor taken back; resigning before both sides moved loses it; a
// side that lets its first move lapse loses it, where an ordinary game
// is aborted; the flag survives the record.
func TestMandatoryGame(t *testing.T) {
	newGame := func(t *testing.T, mandatory bool, moves ...string) *Game {
		t.Helper()
		g, err := New(Options{ID: "m", Mode: ModeOnline, Mandatory: mandatory,
			Seats: [2]Seat{{Kind: SeatHuman, Player: "a"}, {Kind: SeatHuman, Player: "b"}}})
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range moves {
			if _, err := g.Move(g.Turn(), m); err != nil {
				t.Fatal(err)
			}
		}
		return g
	}
	for _, tt := range []struct {
		name      string
		mandatory bool
		moves     []string
		act       func(g *Game) ([]Event, error)
		err       error
		status    Status
		result    string
		term      string
	}{
		{"an ordinary game aborts", false, nil, func(g *Game) ([]Event, error) { return g.Abort(chess.White) }, nil, Aborted, "*", ""},
		{"a tournament's does not", true, nil, func(g *Game) ([]Event, error) { return g.Abort(chess.White) }, ErrCannotAbort, Created, "*", ""},
		{"an ordinary game resigned at once is aborted", false, []string{"e2e4"}, func(g *Game) ([]Event, error) { return g.Resign(chess.Black) }, nil, Aborted, "*", ""},
		{"a tournament's is lost", true, []string{"e2e4"}, func(g *Game) ([]Event, error) { return g.Resign(chess.Black) }, nil, Resigned, "1-0", "resignation"},
		{"an ordinary game's lapsed start aborts it", false, []string{"e2e4"}, (*Game).StartLapsed, nil, Aborted, "*", ""},
		{"a tournament's loses it for the side to move", true, []string{"e2e4"}, (*Game).StartLapsed, nil, Abandoned, "1-0", "no start"},
		{"White's lapse, no move made", true, nil, (*Game).StartLapsed, nil, Abandoned, "0-1", "no start"},
		{"no lapse once both moved", true, []string{"e2e4", "e7e5"}, (*Game).StartLapsed, ErrCannotAbort, Started, "*", ""},
		{"no takeback in a tournament's", true, []string{"e2e4", "e7e5"}, func(g *Game) ([]Event, error) { return g.Offer(chess.Black, OfferTakeback) }, ErrNoTakeback, Started, "*", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := newGame(t, tt.mandatory, tt.moves...)
			_, err := tt.act(g)
			if !errors.Is(err, tt.err) || (err == nil) != (tt.err == nil) {
				t.Fatalf("err = %v, want %v", err, tt.err)
			}
			if g.Status() != tt.status || g.Result() != tt.result || g.Outcome().Termination != tt.term {
				t.Errorf("status %v, result %s, termination %q; want %v, %s, %q", g.Status(), g.Result(), g.Outcome().Termination, tt.status, tt.result, tt.term)
			}
		})
	}
	g := newGame(t, true)
	var stored []Event
	for _, act := range []func() ([]Event, error){func() ([]Event, error) { return g.Move(chess.White, "e2e4") }, g.StartLapsed} {
		evs, err := act()
		if err != nil {
			t.Fatal(err)
		}
		data, _ := json.Marshal(evs)
		var back []Event
		if err := json.Unmarshal(data, &back); err != nil {
			t.Fatal(err)
		}
		stored = append(stored, back...)
	}
	header, _ := json.Marshal(g.Header())
	back, err := Load(header, stored, time.Now)
	if err != nil {
		t.Fatal(err)
	}
	if !back.Mandatory() || back.Result() != "1-0" || back.Outcome().Termination != "no start" {
		t.Errorf("replayed: mandatory %v, %s %q; want true, 1-0 by no start", back.Mandatory(), back.Result(), back.Outcome().Termination)
	}
}

// TestTournamentGamePGN: a tournament's game's PGN names the tournament
// as its Event, and a Swiss event's round as its Round.
func TestTournamentGamePGN(t *testing.T) {
	for _, tt := range []struct {
		t            *Tournament
		event, round string
	}{
		{nil, `[Event "Gambit online game"]`, `[Round "-"]`},
		{&Tournament{Kind: "arena", ID: "a1", Name: "Club Arena"}, `[Event "Club Arena"]`, `[Round "-"]`},
		{&Tournament{Kind: "swiss", ID: "s1", Name: "Club Swiss", Round: 3}, `[Event "Club Swiss"]`, `[Round "3"]`},
	} {
		g, err := New(Options{ID: "p", Mode: ModeOnline, Tournament: tt.t, Mandatory: tt.t != nil,
			Seats: [2]Seat{{Kind: SeatHuman, Player: "a"}, {Kind: SeatHuman, Player: "b"}}})
		if err != nil {
			t.Fatal(err)
		}
		pgn, err := g.pgn()
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(pgn, tt.event) || !strings.Contains(pgn, tt.round) {
			t.Errorf("tournament %+v: PGN\n%s\nwant %s and %s", tt.t, pgn, tt.event, tt.round)
		}
	}
}
