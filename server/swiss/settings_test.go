package swiss

import (
	"errors"
	"net/url"
	"testing"
	"time"

	"github.com/gambitchess/gambit/server/wire"
)

// FuzzParseSettings: any form is read without a panic, as a bad request
// or as settings within their limits.
func FuzzParseSettings(f *testing.F) {
	now := time.Date(2026, 12, 6, 18, 0, 0, 0, time.UTC)
	f.Add("name=Club&clock.limit=180&clock.increment=2&nbRounds=5&roundInterval=60&variant=xiangqi")
	f.Add("clock.limit=0&clock.increment=0&nbRounds=3&startsAt=99999999999999999999")
	f.Add("clock.limit=15&clock.increment=120&nbRounds=100&roundInterval=99999999&conditions.bots=true")
	f.Fuzz(func(t *testing.T, q string) {
		form, err := url.ParseQuery(q)
		if err != nil {
			return
		}
		set, start, err := ParseSettings(form, now)
		if err != nil {
			if !errors.Is(err, wire.ErrBadRequest) {
				t.Fatalf("error %v is not a bad request", err)
			}
			return
		}
		if set.Clock+set.Increment <= 0 || set.Rounds < minRounds || set.Rounds > maxRounds || set.Interval <= 0 ||
			start.After(now.Add(maxWait)) {
			t.Fatalf("%q read as %+v starting %v: out of its limits", q, set, start)
		}
	})
}
