package export

import (
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
)

const sample = "[Event \"Gambit online game\"]\n[Site \"Gambit\"]\n[White \"?\"]\n[Black \"bob\"]\n[Result \"0-1\"]\n" +
	"[Termination \"checkmate\"]\n[Opening \"Barnes Opening\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n"

func TestExportEditTags(t *testing.T) {
	tests := []struct {
		name, in string
		set      []tag
		want     string
	}{
		{"replace in place, add after, remove", sample,
			[]tag{{"Site", "https://gambit.example/game/abc"}, {"White", `Ann "the" \ Bold`}, {"GameId", "abc"}, {"Opening", ""}, {"Termination", "Normal"}},
			"[Event \"Gambit online game\"]\n[Site \"https://gambit.example/game/abc\"]\n[White \"Ann \\\"the\\\" \\\\ Bold\"]\n[Black \"bob\"]\n" +
				"[Result \"0-1\"]\n[Termination \"Normal\"]\n[GameId \"abc\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n"},
		{"no tags: a section is made", "1. e4 *\n", []tag{{"Site", "x"}}, "[Site \"x\"]\n\n1. e4 *\n"},
		{"nothing to set", "1. e4 *\n", []tag{{"Opening", ""}}, "1. e4 *\n"},
		{"a name twice keeps one", "[A \"1\"]\n[A \"2\"]\n\n*", []tag{{"A", "3"}}, "[A \"3\"]\n\n*"},
		{"a newline in a value", "[A \"1\"]\n\n*", []tag{{"A", "x\ny"}}, "[A \"x y\"]\n\n*"},
	}
	for _, tt := range tests {
		if got := editTags(tt.in, tt.set); got != tt.want {
			t.Errorf("%s: got\n%q\nwant\n%q", tt.name, got, tt.want)
		}
	}
}

func TestExportShape(t *testing.T) {
	tests := []struct {
		name string
		o    options
		want string
	}{
		{"all", options{Moves: true, Tags: true}, strings.TrimSpace(sample) + "\n\n\n"},
		{"tags=false", options{Moves: true}, "1. f3 e5 2. g4 Qh4# 0-1\n\n\n"},
		{"moves=false", options{Tags: true}, strings.TrimSpace(strings.TrimSuffix(sample, "1. f3 e5 2. g4 Qh4# 0-1\n")) + "\n\n0-1\n\n\n"},
		{"neither", options{}, "0-1\n\n\n"},
	}
	for _, tt := range tests {
		if got := shape(sample, tt.o, "0-1"); got != tt.want {
			t.Errorf("%s: got\n%q\nwant\n%q", tt.name, got, tt.want)
		}
	}
}

func TestExportWithClocks(t *testing.T) {
	// Two moves imported with the setup have no clock; of the two played,
	// the first has none recorded.
	in := "[Event \"?\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n"
	got := strings.Join(strings.Fields(withClocks(in, []time.Duration{-1, 61*time.Second + 501*time.Millisecond})), " ")
	if want := "1. e4 e5 2. Nf3 Nc6 {[%clk 0:01:02]} *"; !strings.Contains(got, want) {
		t.Errorf("withClocks = %q, want %q in it", got, want)
	}
	if got := withClocks("not chess at all {", nil); got != "not chess at all {" {
		t.Errorf("withClocks of no PGN = %q", got)
	}
}

func TestExportPGNTermination(t *testing.T) {
	now := time.Unix(1_700_000_000, 0)
	clock := func() time.Time { return now }
	newGame := func(moves ...string) *game.Game {
		t.Helper()
		g, err := game.New(game.Options{ID: "t", Mode: game.ModeLocal, Seats: [2]game.Seat{{Kind: game.SeatHuman}, {Kind: game.SeatHuman}},
			Clock: game.ClockConfig{Initial: time.Minute}, Now: clock})
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
	must := func(_ []game.Event, err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	created, started, mate := newGame(), newGame("e2e4", "e7e5"), newGame("f2f3", "e7e5", "g2g4", "d8h4")
	aborted := newGame()
	must(aborted.Abort(chess.White))
	resigned := newGame("e2e4", "e7e5")
	must(resigned.Resign(chess.White))
	agreed := newGame("e2e4", "e7e5")
	must(agreed.Offer(chess.White, game.OfferDraw))
	must(agreed.Answer(chess.Black, game.OfferDraw, true))
	flagged := newGame("e2e4", "e7e5")
	now = now.Add(2 * time.Minute)
	flagged.Flag()
	tests := []struct {
		g    *game.Game
		want string
	}{
		{created, "Unterminated"}, {started, "Unterminated"}, {aborted, "Abandoned"}, {mate, "Normal"},
		{resigned, "Normal"}, {agreed, "Normal"}, {flagged, "Time forfeit"},
	}
	for _, tt := range tests {
		if got := pgnTermination(tt.g); got != tt.want {
			t.Errorf("a game %v (%s): %q, want %q", tt.g.Status(), tt.g.Outcome().Termination, got, tt.want)
		}
	}
}
