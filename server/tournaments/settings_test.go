package tournaments

import (
	"errors"
	"net/url"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/wire"
)

var now = time.Date(2026, 12, 6, 18, 0, 0, 0, time.UTC)

// fields reads a query string as lichess's form fields.
func fields(t testing.TB, q string) map[string]string {
	t.Helper()
	vals, err := url.ParseQuery(q)
	if err != nil {
		t.Skip() // not a form: wire.ParseParams refuses it before
	}
	out := map[string]string{}
	for k, v := range vals {
		out[k] = v[0]
	}
	return out
}

func TestParseSettings(t *testing.T) {
	tests := []struct {
		form  string
		want  Settings
		start time.Time
		err   string // in the error, "" for none
	}{
		{"clockTime=3&clockIncrement=2&minutes=45", Settings{Variant: game.DefaultVariant, Clock: 180, Increment: 2, Minutes: 45, Rated: true, Berserkable: true}, now.Add(5 * time.Minute), ""},
		{"name=Club&clockTime=0.5&clockIncrement=0&minutes=20&variant=xiangqi&rated=false&waitMinutes=0&conditions.bots=true&conditions.minRating.rating=1500",
			Settings{Name: "Club", Variant: "xiangqi", Clock: 30, Minutes: 20, Berserkable: true, BotsAllowed: true, MinRating: 1500}, now, ""},
		{"clockTime=0&clockIncrement=2&minutes=20&startDate=1796580000000", Settings{Variant: game.DefaultVariant, Increment: 2, Minutes: 20, Rated: true}, time.UnixMilli(1796580000000), ""},
		{"clockTime=0&clockIncrement=0&minutes=20", Settings{}, time.Time{}, "a clock of 0+0"},
		{"clockTime=3&clockIncrement=2", Settings{}, time.Time{}, "minutes: missing"},
		{"clockTime=3&clockIncrement=2&minutes=2", Settings{}, time.Time{}, "minutes: \"2\" is not a number from 5 to 720"},
		{"clockTime=3&clockIncrement=2&minutes=20&variant=checkers", Settings{}, time.Time{}, "no such variant"},
		{"clockTime=3&clockIncrement=2&minutes=20&variant=go", Settings{}, time.Time{}, "no such variant"},
		{"clockTime=3&clockIncrement=2&minutes=20&rated=maybe", Settings{}, time.Time{}, "rated: \"maybe\" is not true or false"},
		{"clockTime=3&clockIncrement=2&minutes=20&name=" + strings.Repeat("象", 31), Settings{}, time.Time{}, "name: longer than 30 characters"},
		{"clockTime=3&clockIncrement=2&minutes=20&startDate=1", Settings{}, time.Time{}, "startDate"},
	}
	for _, tt := range tests {
		t.Run(tt.form, func(t *testing.T) {
			got, start, err := ParseSettings(fields(t, tt.form), now)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) || !errors.Is(err, wire.ErrBadRequest) {
					t.Fatalf("err = %v, want a bad request saying %q", err, tt.err)
				}
				return
			}
			if err != nil || got != tt.want || !start.Equal(tt.start) {
				t.Errorf("= %+v, %v, %v\nwant %+v, %v", got, start, err, tt.want, tt.start)
			}
		})
	}
	set, _, _ := ParseSettings(fields(t, "clockTime=3&clockIncrement=0&minutes=20&password=secret"), now)
	if !set.Private() || !set.PasswordOK("secret") || set.PasswordOK("Secret") || strings.Contains(set.Password, "secret") {
		t.Errorf("password kept as %q: want its hash, checked exactly", set.Password)
	}
}

// FuzzParseSettings: any form is read without a panic, and what is read
// holds the limits.
func FuzzParseSettings(f *testing.F) {
	f.Add("clockTime=3&clockIncrement=2&minutes=45&name=Club&variant=xiangqi")
	f.Add("clockTime=NaN&clockIncrement=1e400&minutes=-0&startDate=99999999999999999999")
	f.Add("clockTime=0.25&clockIncrement=0&minutes=720&waitMinutes=10080&conditions.maxRating.rating=800")
	f.Fuzz(func(t *testing.T, q string) {
		set, start, err := ParseSettings(fields(t, q), now)
		if err != nil {
			if !errors.Is(err, wire.ErrBadRequest) {
				t.Fatalf("error %v is not a bad request", err)
			}
			return
		}
		if set.Clock+set.Increment <= 0 || set.Minutes < minMinutes || set.Minutes > maxMinutes ||
			utf8.RuneCountInString(set.Name) > maxNameRunes || start.Before(now.Add(-time.Minute)) || start.After(now.Add(maxWait)) {
			t.Fatalf("%q read as %+v starting %v: out of its limits", q, set, start)
		}
	})
}
