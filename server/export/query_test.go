package export

import (
	"net/url"
	"testing"

	"github.com/gambitchess/gambit/server/wire/wiretest"
)

// clientError fails unless err is nil or a 4xx with a message
// (wiretest.ClientError).
func clientError(t *testing.T, what string, err error) {
	t.Helper()
	wiretest.ClientError(t, what, err)
}

// FuzzGamesQuery feeds arbitrary query strings to the game export's
// parser: no panic, a refusal is a 4xx, since never after until.
func FuzzGamesQuery(f *testing.F) {
	for _, seed := range []string{"max=10&since=0&until=1700000000000&rated=true&perfType=blitz,rapid",
		"max=0", "since=5&until=4", "perfType=,", "rated=yes", "moves=false&tags=true", "x=1", "max=1&max=2", "%%"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		v, err := url.ParseQuery(raw)
		if err != nil {
			return // the server's mux reads what it can; the parser sees values
		}
		q, err := parseGamesQueryAPI(v)
		clientError(t, "parseGamesQueryAPI", err)
		if err == nil && q.Until != 0 && q.Since > q.Until {
			t.Fatalf("since %d after until %d accepted", q.Since, q.Until)
		}
	})
}
