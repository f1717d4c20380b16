package export

import (
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/server/account"
	"github.com/gambitchess/gambit/server/wire/wiretest"
)

// clientError fails unless err is nil or a 4xx with a message
// (wiretest.ClientError).
func clientError(t *testing.T, what string, err error) {
	t.Helper()
	wiretest.ClientError(t, what, err)
}

func TestExportParseGamesQuery(t *testing.T) {
	tests := []struct {
		raw     string
		check   func(q gamesQuery) bool
		wantErr string // a word of the message; "" for none
	}{
		{"", func(q gamesQuery) bool {
			return q.Finished && !q.Ongoing && q.Moves && q.Tags && !q.Clocks && !q.Evals && !q.Opening
		}, ""},
		{"ongoing=True&finished=FALSE&clocks=1&evals=0", func(q gamesQuery) bool { return q.Ongoing && !q.Finished && q.Clocks && !q.Evals }, ""},
		{"vs=Bob&color=black&analysed=false", func(q gamesQuery) bool {
			return q.Vs == "Bob" && q.Color == "black" && q.Analysed != nil && !*q.Analysed
		}, ""},
		{"perfType=ultraBullet,xiangqi", func(q gamesQuery) bool { return slices.Equal(q.PerfType, []string{"ultraBullet", "xiangqi"}) }, ""},
		{"nosuch=1&nosuch=2&literate=false&division=false&withBookmarked=true&players=", func(q gamesQuery) bool { return true }, ""},
		{"moves=false&tags=false&opening=true&pgnInJson=true&accuracy=true&lastFen=true", func(q gamesQuery) bool {
			return !q.Moves && !q.Tags && q.Opening && q.PGNInJSON && q.Accuracy && q.LastFEN
		}, ""},
		{"color=Red", nil, "color"},
		{"finished=maybe", nil, "finished"},
		{"sort=dateAsc", nil, "dateDesc"},
		{"literate=true", nil, "literate"},
		{"perfType=" + strings.Repeat("a,", 40) + "a", nil, "perfType"},
		{"vs=a", nil, "vs"}, // no account's name is one letter long
		{"clocks=true&clocks=false", nil, "clocks"},
	}
	for _, tt := range tests {
		v, _ := url.ParseQuery(tt.raw)
		q, err := parseGamesQueryAPI(v, nameKey)
		switch {
		case tt.wantErr != "":
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("%q: err %v, want one naming %s", tt.raw, err, tt.wantErr)
			}
			clientError(t, tt.raw, err)
		case err != nil:
			t.Errorf("%q: %v", tt.raw, err)
		case !tt.check(q):
			t.Errorf("%q read as %+v", tt.raw, q)
		}
	}
}

func TestExportParseIDs(t *testing.T) {
	many := strings.Repeat("abcdefgh,", MaxIDs) // one id many times: once
	var distinct []string
	for i := range MaxIDs + 1 {
		distinct = append(distinct, "g"+strings.Repeat("a", i%30)+string(rune('a'+i/30)))
	}
	tests := []struct {
		body    string
		want    []string
		wantErr string
	}{
		{"TJxUmbWK", nil, "not a game id"},
		{"abc,def,ghi", []string{"abc", "def", "ghi"}, ""},
		{" abc ,\ndef\n,, abc,", []string{"abc", "def"}, ""},
		{"abc def", []string{"abc", "def"}, ""},
		{many, []string{"abcdefgh"}, ""},
		{strings.Join(distinct[:MaxIDs], ","), distinct[:MaxIDs], ""},
		{strings.Join(distinct, ","), nil, "more than 300"},
		{"", nil, "no game id"},
		{" , ,", nil, "no game id"},
		{"abc;def", nil, "not a game id"},
		{strings.Repeat("a", 33), nil, "not a game id"},
	}
	for _, tt := range tests {
		got, err := parseIDs(tt.body)
		name := tt.body
		if len(name) > 40 {
			name = name[:40] + "…"
		}
		switch {
		case tt.wantErr != "":
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("%q: %v, %v; want an error saying %q", name, got, err, tt.wantErr)
			}
			clientError(t, name, err)
		case err != nil || !slices.Equal(got, tt.want):
			t.Errorf("%q = %v, %v; want %v", name, got, err, tt.want)
		}
	}
}

// FuzzGamesQuery feeds arbitrary query strings to the game export's
// parsers: no panic, a refusal is a 4xx, since never after until, a
// colour is white or black.
func FuzzGamesQuery(f *testing.F) {
	for _, seed := range []string{"max=10&since=0&until=1700000000000&rated=true&perfType=blitz,rapid",
		"max=0", "since=5&until=4", "perfType=,", "rated=yes", "moves=false&tags=true", "x=1", "max=1&max=2", "%%",
		"vs=Bob&color=white&analysed=True&ongoing=1&finished=0", "clocks=true&evals=true&opening=true&pgnInJson=true",
		"literate=true", "sort=dateAsc", "players=x", "division=1", "withBookmarked=true", "perfType=ultraBullet"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		v, err := url.ParseQuery(raw)
		if err != nil {
			return // the server's mux reads what it can; the parser sees values
		}
		q, err := parseGamesQueryAPI(v, nameKey)
		clientError(t, "parseGamesQueryAPI", err)
		if err == nil && q.Until != 0 && q.Since > q.Until {
			t.Fatalf("since %d after until %d accepted", q.Since, q.Until)
		}
		if err == nil && q.Color != "" && q.Color != "white" && q.Color != "black" {
			t.Fatalf("color %q accepted", q.Color)
		}
		_, err = parseIDsQuery(v)
		clientError(t, "parseIDsQuery", err)
	})
}

// FuzzIDs feeds arbitrary bodies to POST /api/games/export/_ids's parser:
// no panic, a refusal is a 4xx, and what it accepts are at most MaxIDs
// distinct game ids.
func FuzzIDs(f *testing.F) {
	for _, seed := range []string{"abc,def", " abc ,\n def,,", "", ",", "TJxUmbWK", strings.Repeat("a,", 301), "a\x00b", "é,ü"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, body string) {
		ids, err := parseIDs(body)
		clientError(t, "parseIDs", err)
		if err != nil {
			return
		}
		if len(ids) == 0 || len(ids) > MaxIDs {
			t.Fatalf("%d ids accepted", len(ids))
		}
		seen := map[string]bool{}
		for _, id := range ids {
			if seen[id] || id == "" || strings.ContainsAny(id, ", \n") {
				t.Fatalf("id %q accepted (twice or malformed)", id)
			}
			seen[id] = true
		}
	})
}

// FuzzEditTags feeds arbitrary PGN text and tag values to the export's
// tag editor: no panic, and a tag set is there once, escaped.
func FuzzEditTags(f *testing.F) {
	f.Add(sample, "Site", `a "b" \c`)
	f.Add("1. e4 *", "White", "")
	f.Add("[A \"1\"]\n[A \"2\"]\n\n*", "A", "x\ny")
	f.Fuzz(func(t *testing.T, text, name, value string) {
		if !validTagName(name) {
			return
		}
		out := editTags(text, []tag{{name, value}})
		if value != "" && strings.Count(out, "\n["+name+" ")+boolInt(strings.HasPrefix(out, "["+name+" ")) < 1 {
			t.Fatalf("tag %s not set in %q", name, out)
		}
		_ = shape(out, options{Moves: true}, "*")
	})
}

// validTagName is pgntag.ValidName for the fuzz target's names.
func validTagName(name string) bool { return tagName("["+name+" \"\"]") == name }

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// nameKey is the account service's reading of a name (Server.NameKey).
func nameKey(name string) (string, error) {
	_, key, err := account.NormalizeName(name)
	return key, err
}
