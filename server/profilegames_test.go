package server

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/server/computer"
	"github.com/gambitchess/gambit/variant/chessgame"
)

// profileGame is one game of GET /api/user/{name}/games as the profile
// page reads it: what the owner of the list played, and against whom.
type profileGame struct {
	ID       string `json:"id"`
	Status   string `json:"status"`
	Side     string `json:"side"`
	Outcome  string `json:"outcome"`
	Speed    string `json:"speed"`
	Rated    bool   `json:"rated"`
	Opponent *struct {
		Kind  string `json:"kind"`
		ID    string `json:"id"`
		Name  string `json:"name"`
		Level string `json:"level"`
	} `json:"opponent"`
}

// profileGames reads the games of name's profile as who sees them, by id,
// filtered by query ("?result=win") if any.
func profileGames(t *testing.T, who *browser, name string, query ...string) map[string]profileGame {
	t.Helper()
	var page struct {
		Games []profileGame `json:"games"`
	}
	mustDecode(t, []byte(who.want(200, "GET", "/api/user/"+name+"/games"+strings.Join(query, ""), "")), &page)
	out := map[string]profileGame{}
	for _, g := range page.Games {
		out[g.ID] = g
	}
	return out
}

// TestProfileGames: a profile lists, to anyone, its finished public games
// and its rated ones (their results are in its record already); a
// private game only to those who sat in it, a game in play only to its
// owner. Each entry says the owner's side, the result from that side
// (won, lost, drawn, aborted), the opponent (an account's name and id, the
// computer's level, a person without an account anonymous whatever name
// they typed), the speed and whether it was rated.
func TestProfileGames(t *testing.T) {
	_, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir())})
	ann, bob, zed, anon := newBrowser(t, srv), newBrowser(t, srv), newBrowser(t, srv), newBrowser(t, srv)
	ann.want(201, "POST", "/api/signup", `{"username":"ann","password":"long enough pass"}`)
	bob.want(201, "POST", "/api/signup", `{"username":"bob","password":"long enough pass"}`)
	create := func(who *browser, body string) string {
		t.Helper()
		var g createResponse
		mustDecode(t, []byte(who.want(201, "POST", "/api/games", body)), &g)
		return g.ID
	}

	// Rated, ann White: bob resigns.
	rated := create(ann, `{"mode":"online","color":"white","clock":{"minutes":5,"increment":3},"rated":true}`)
	bob.want(200, "POST", "/api/games/"+rated+"/join", `{}`)
	playAndResign(t, srv, rated, ann, bob)
	// Casual by invite, ann Black, 15+10: ann resigns.
	casual := create(ann, `{"mode":"online","color":"black","clock":{"minutes":15,"increment":10}}`)
	bob.want(200, "POST", "/api/games/"+casual+"/join", `{}`)
	playAndResign(t, srv, casual, bob, ann)
	// By invite against someone without an account who calls himself
	// "bob": aborted by ann at once.
	aborted := create(ann, `{"mode":"online","color":"white"}`)
	zed.want(200, "POST", "/api/games/"+aborted+"/join", `{"name":"bob"}`)
	ann.dial(aborted).send(`{"t":"resign"}`)
	// Against the computer, ann Black: a move each, then ann resigns.
	bot := create(ann, `{"mode":"computer","color":"black","level":"greedy"}`)
	c := ann.dial(bot)
	c.position(1)
	c.send(`{"t":"move","d":{"u":"g8f6"}}`)
	c.position(3)
	c.send(`{"t":"resign"}`)
	// On one screen, finished by a draw agreed; another still played.
	local := create(ann, `{"mode":"local"}`)
	lc := ann.dial(local)
	lc.send(`{"t":"move","d":{"u":"e2e4"}}`)
	lc.position(1)
	lc.send(`{"t":"move","d":{"u":"e7e5"}}`)
	lc.position(2)
	lc.send(`{"t":"resign"}`)
	playing := create(ann, `{"mode":"local"}`)

	// The games end on their hubs: wait until ann's list has them all.
	var own map[string]profileGame
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		own = profileGames(t, ann, "ann")
		if own[rated].Outcome != "" && own[casual].Outcome != "" && own[aborted].Outcome != "" && own[bot].Outcome != "" && own[local].Status != "started" {
			break
		}
	}
	type want struct {
		side, outcome, speed string
		rated                bool
		kind, id, name       string // the opponent; "" kind for none
		level                string
	}
	for _, tt := range []struct {
		name, id string
		want     want
	}{
		{"rated", rated, want{side: "white", outcome: "win", speed: "blitz", rated: true, kind: "human", id: "bob", name: "bob"}},
		{"casual", casual, want{side: "black", outcome: "loss", speed: "rapid", kind: "human", id: "bob", name: "bob"}},
		{"aborted", aborted, want{side: "white", outcome: "aborted", speed: "unlimited", kind: "human"}},
		{"computer", bot, want{side: "black", outcome: "loss", speed: "unlimited", kind: "bot", name: greedyName(t), level: "greedy"}},
		{"one screen", local, want{speed: "unlimited"}},
		{"in play", playing, want{speed: "unlimited"}},
	} {
		g, ok := own[tt.id]
		if !ok {
			t.Errorf("%s: not in ann's own list %v", tt.name, own)
			continue
		}
		got := want{side: g.Side, outcome: g.Outcome, speed: g.Speed, rated: g.Rated}
		if o := g.Opponent; o != nil {
			got.kind, got.id, got.name, got.level = o.Kind, o.ID, o.Name, o.Level
		}
		if got != tt.want {
			t.Errorf("%s: ann's entry %+v, want %+v", tt.name, got, tt.want)
		}
	}

	// Who sees what of ann's list: a stranger the finished public and rated
	// games; bob those too and the invite he played; zed the one he sat in.
	for _, tt := range []struct {
		who  string
		b    *browser
		want []string
	}{
		{"a stranger", anon, []string{rated, bot, local}},
		{"bob", bob, []string{rated, casual, bot, local}},
		{"zed", zed, []string{rated, aborted, bot, local}},
	} {
		var got []string
		for id := range profileGames(t, tt.b, "ann") {
			got = append(got, id)
		}
		slices.Sort(got)
		slices.Sort(tt.want)
		if !slices.Equal(got, tt.want) {
			t.Errorf("ann's games as %s sees them: %q, want %q", tt.who, got, tt.want)
		}
	}
	// The Result filter reads from the owner's side, as the list's words
	// do (issue 40, walk 3, item 4: a filter of 1-0, 0-1, ½-½ beside rows
	// saying won and lost): ann won the rated game and lost the casual one
	// and the computer's; bob the other way; the game on one screen, whose
	// side is no one's, is neither; a stranger filters what they see.
	for _, tt := range []struct {
		who, list, result string
		b                 *browser
		want              []string
	}{
		{"ann", "ann", "win", ann, []string{rated}},
		{"ann", "ann", "loss", ann, []string{casual, bot}},
		{"ann", "ann", "draw", ann, nil},
		{"a stranger", "ann", "win", anon, []string{rated}},
		{"a stranger", "ann", "loss", anon, []string{bot}},
		{"bob", "bob", "win", bob, []string{casual}},
		{"bob", "bob", "loss", bob, []string{rated}},
		{"ann", "ann", "1-0", ann, []string{rated, casual, bot}}, // the record's result, as before
	} {
		var got []string
		for id, g := range profileGames(t, tt.b, tt.list, "?result="+tt.result) {
			got = append(got, id)
			if strings.Contains("win loss draw", tt.result) && g.Outcome != tt.result {
				t.Errorf("%s's %s games as %s sees them: %s is %s", tt.list, tt.result, tt.who, id, g.Outcome)
			}
		}
		slices.Sort(got)
		slices.Sort(tt.want)
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s's %s games as %s sees them: %q, want %q", tt.list, tt.result, tt.who, got, tt.want)
		}
	}

	// The PGN of every game follows the same rule.
	var stranger []string
	for id := range profileGames(t, anon, "ann") {
		stranger = append(stranger, id)
	}
	if pgn := anon.want(200, "GET", "/api/user/ann/games.pgn", ""); strings.Count(pgn, "[Event ") != len(stranger) {
		t.Errorf("a stranger's PGN of ann's games holds %d games, want %d:\n%s", strings.Count(pgn, "[Event "), len(stranger), pgn)
	}
}

// greedyName is the name of the computer's seat at chess's greedy level.
func greedyName(t *testing.T) string {
	t.Helper()
	levels, err := computer.LevelsFor(chessgame.Chess)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range levels {
		if l.Name == "greedy" {
			return computer.BotName(l)
		}
	}
	t.Fatal("chess has no greedy level")
	return ""
}
