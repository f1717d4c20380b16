package profile

import (
	"errors"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/computer"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
	"github.com/gambitchess/gambit/variant/chessgame"
)

// TestParseGamesQuery: the filters and the page of a player's games, and
// each refusal a bad request saying which parameter.
func TestParseGamesQuery(t *testing.T) {
	for _, tt := range []struct {
		raw       string
		limit     int
		rated     string // "", "true", "false"
		afterID   string
		afterNano int64
		wantErr   string
		result    string // the store's filter, then the owner's outcome
		outcome   string
		decisive  bool
	}{
		{raw: "", limit: 20},
		{raw: "result=win", limit: 20, outcome: "win", decisive: true},
		{raw: "result=loss", limit: 20, outcome: "loss", decisive: true},
		{raw: "result=draw", limit: 20, result: "1/2-1/2", outcome: "draw"},
		{raw: "result=0-1", limit: 20, result: "0-1"},
		{raw: "limit=100&rated=true&variant=xiangqi&result=1/2-1/2", limit: 100, rated: "true", result: "1/2-1/2"},
		{raw: "rated=false", limit: 20, rated: "false"},
		{raw: "after=1700000000000000000.abc", limit: 20, afterID: "abc", afterNano: 1700000000000000000},
		{raw: "limit=0", wantErr: "limit"},
		{raw: "limit=101", wantErr: "limit"},
		{raw: "rated=maybe", wantErr: "rated"},
		{raw: "result=2-0", wantErr: "result"},
		{raw: "result=won", wantErr: "result"},
		{raw: "variant=Chess!", wantErr: "variant"},
		{raw: "after=x", wantErr: "after"},
		{raw: "after=0.abc", wantErr: "after"},
	} {
		v, _ := url.ParseQuery(tt.raw)
		q, err := ParseGamesQuery(v)
		if tt.wantErr != "" {
			if !errors.Is(err, wire.ErrBadRequest) || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("%q: %v, want a bad request naming %s", tt.raw, err, tt.wantErr)
			}
			continue
		}
		rated := ""
		if q.Rated != nil {
			rated = map[bool]string{true: "true", false: "false"}[*q.Rated]
		}
		if err != nil || q.Limit != tt.limit || rated != tt.rated || q.After.ID != tt.afterID ||
			q.Result != tt.result || q.Outcome != tt.outcome || q.Decisive != tt.decisive ||
			(tt.afterNano != 0 && !q.After.CreatedAt.Equal(time.Unix(0, tt.afterNano))) {
			t.Errorf("%q: %+v %v", tt.raw, q, err)
		}
	}
}

// TestSummaryOf: a listed game names the computer's level and, where the
// listing can tell, the asker's own seat; an opening only once named.
func TestSummaryOf(t *testing.T) {
	sum := store.Summary{ID: "abc", Mode: string(game.ModeComputer), Variant: string(chessgame.Chess), WhiteKind: string(game.SeatHuman), White: "ann",
		BlackKind: string(game.SeatBot), Black: game.BotName("Greedy (grabs material, 1 ply)"), ECO: "C40", Opening: "King's Knight Opening"}
	level := func(v game.Variant, name string) string { l, _ := computer.LevelNamed(v, name); return l.Name }
	got := SummaryOf(sum, true, level)
	if !got.Yours || !got.Seats["white"].You || got.Seats["black"].You || got.Seats["black"].Level != "greedy" || got.Opening == nil || got.Opening.ECO != "C40" {
		t.Errorf("computer game, yours: %+v", got)
	}
	sum.Mode, sum.BlackKind, sum.Black, sum.ECO = string(game.ModeOnline), string(game.SeatHuman), "bob", ""
	got = SummaryOf(sum, true, level)
	if got.Seats["white"].You || got.Seats["black"].You || got.Opening != nil {
		t.Errorf("online game: %+v", got)
	}
}

// FuzzParseGamesQuery: no query makes the parser panic, and what it
// accepts is within bounds.
func FuzzParseGamesQuery(f *testing.F) {
	for _, s := range []string{"rated=true&result=1-0&variant=chess&limit=5", "after=1700000000000000000.abc", "limit=1000", "after=."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		v, err := url.ParseQuery(raw)
		if err != nil {
			return
		}
		q, err := ParseGamesQuery(v)
		if err == nil && (q.Limit < 1 || q.Limit > 100) {
			t.Errorf("ParseGamesQuery(%q) limit %d", raw, q.Limit)
		}
		if err != nil && !errors.Is(err, wire.ErrBadRequest) {
			t.Errorf("ParseGamesQuery(%q): %v is not a bad request", raw, err)
		}
	})
}

// TestSpeedOf: a listed game's time control read as lichess's speeds;
// days per move correspondence; no clock, or text that is no clock,
// unlimited.
func TestSpeedOf(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"0.5+0", "bullet"}, {"1+0", "bullet"}, {"2+1", "bullet"}, {"3+0", "blitz"}, {"5+3", "blitz"},
		{"10+0", "rapid"}, {"15+10", "rapid"}, {"30+0", "classical"}, {"3d", "correspondence"}, {"14d", "correspondence"},
		{"", "unlimited"}, {"0d", "unlimited"}, {"d", "unlimited"}, {"5", "unlimited"}, {"x+3", "unlimited"},
		{"5+x", "unlimited"}, {"-5+3", "unlimited"}, {"0+0", "unlimited"}, {"NaN+0", "unlimited"}, {"1e300+0", "unlimited"},
	} {
		if got := speedOf(tt.in); got != tt.want {
			t.Errorf("speedOf(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// FuzzSpeedOf: any text is one of the speeds, and never a panic.
func FuzzSpeedOf(f *testing.F) {
	for _, s := range []string{"5+3", "0.25+0", "3d", "", "1e9+1e9", "+", "99999999999999999999d"} {
		f.Add(s)
	}
	speeds := []string{"bullet", "blitz", "rapid", "classical", "correspondence", "unlimited"}
	f.Fuzz(func(t *testing.T, tc string) {
		if got := speedOf(tc); !slices.Contains(speeds, got) {
			t.Errorf("speedOf(%q) = %q", tc, got)
		}
	})
}

// TestOutcomeOf: the result from one side, aborted whoever asks, nothing
// in play or without a side.
func TestOutcomeOf(t *testing.T) {
	for _, tt := range []struct {
		status, result string
		finished       bool
		side, want     string
	}{
		{"resigned", "1-0", true, "white", "win"},
		{"resigned", "1-0", true, "black", "loss"},
		{"mate", "0-1", true, "black", "win"},
		{"timeout", "0-1", true, "white", "loss"},
		{"drawAgreed", "1/2-1/2", true, "black", "draw"},
		{"aborted", "*", true, "white", "aborted"},
		{"aborted", "*", true, "", "aborted"},
		{"resigned", "1-0", true, "", ""},
		{"started", "*", false, "white", ""},
	} {
		sum := store.Summary{Status: tt.status, Result: tt.result, Finished: tt.finished}
		if got := outcomeOf(sum, tt.side); got != tt.want {
			t.Errorf("%s %s for %q: %q, want %q", tt.status, tt.result, tt.side, got, tt.want)
		}
	}
}

// TestRatingHistoryDaily: one point a day, the day's last rating (the UTC
// day), the month from 0, as lichess's rating history (issue 41).
func TestRatingHistoryDaily(t *testing.T) {
	at := func(s string) time.Time {
		v, err := time.Parse(time.RFC3339, s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	hist := []store.RatingPoint{
		{At: at("2024-01-31T10:00:00Z"), Rating: 1510.9},
		{At: at("2024-01-31T23:59:00Z"), Rating: 1490},
		{At: at("2024-02-01T00:30:00+02:00"), Rating: 1480}, // still 31 January in UTC
		{At: at("2024-12-25T12:00:00Z"), Rating: 1600.4},
	}
	got := dailyPoints(hist)
	want := [][4]int{{2024, 0, 31, 1480}, {2024, 11, 25, 1600}}
	if !slices.Equal(got, want) {
		t.Errorf("dailyPoints = %v, want %v", got, want)
	}
	if got := dailyPoints(nil); got == nil || len(got) != 0 {
		t.Errorf("no history = %#v, want an empty list (JSON [])", got)
	}
}
