package server

import (
	"encoding/json"
	"testing"

	"github.com/gambitchess/gambit/server/lichess"
)

// The shapes the lichess contract test (web/e2e/lichess-contract.test.mjs)
// found Gambit's answers lacking, each checked here where the server is.

// TestUserURL: GET /api/user/{name} and GET /api/account carry url, the
// profile page's path (lichess's UserExtended requires it).
func TestUserURL(t *testing.T) {
	_, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir())})
	ann := newProgram(t, srv, "Ann")
	for _, path := range []string{"/api/user/ann", "/api/user/ANN", "/api/account"} {
		var u struct{ URL *string }
		if err := json.Unmarshal([]byte(ann.want(200, "GET", path, "", "")), &u); err != nil || u.URL == nil || *u.URL != "/@/Ann" {
			t.Errorf("GET %s: url %v (%v); want /@/Ann", path, u.URL, err)
		}
	}
}

// TestChallengePerfIcon: a challenge's perf has icon (empty: lichess's is
// a glyph of its own icon font) beside its name, as lichess's
// ChallengeJson requires, in the answer and the event stream's lines.
func TestChallengePerfIcon(t *testing.T) {
	_, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir())})
	ann, bob := newProgram(t, srv, "ann"), newProgram(t, srv, "bob")
	events := bob.stream("/api/stream/event")
	var ch struct {
		Perf map[string]string
	}
	if err := json.Unmarshal([]byte(ann.want(200, "POST", "/api/challenge/bob", formType, "clock.limit=300&clock.increment=0")), &ch); err != nil {
		t.Fatal(err)
	}
	line := next(t, events, "challenge")["challenge"].(map[string]any)["perf"].(map[string]any)
	if icon, ok := ch.Perf["icon"]; !ok || icon != "" || ch.Perf["name"] != "blitz" || line["icon"] != "" || line["name"] != "blitz" {
		t.Errorf("the challenge's perf %v, its line's %v; want icon \"\" and name blitz", ch.Perf, line)
	}
}

// TestAccountPlayingNbMyTurn: GET /api/account/playing counts the games
// on the account's move in nbMyTurn (lichess's, which its type
// requires), all of them, not only the nb listed.
func TestAccountPlayingNbMyTurn(t *testing.T) {
	_, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir())})
	ann, bob := newProgram(t, srv, "ann"), newProgram(t, srv, "bob")
	playTo(t, ann, bob, "e2e4") // bob's move
	playTo(t, bob, ann, "d2d4") // ann's move
	playTo(t, bob, ann, "c2c4") // ann's move
	for _, tt := range []struct {
		who      *program
		query    string
		listed   int
		nbMyTurn int
	}{{ann, "", 3, 2}, {ann, "?nb=1", 1, 2}, {bob, "", 3, 1}} {
		var now struct {
			NowPlaying []lichess.GameInfo `json:"nowPlaying"`
			NbMyTurn   *int               `json:"nbMyTurn"`
		}
		if err := json.Unmarshal([]byte(tt.who.want(200, "GET", "/api/account/playing"+tt.query, "", "")), &now); err != nil {
			t.Fatal(err)
		}
		if len(now.NowPlaying) != tt.listed || now.NbMyTurn == nil || *now.NbMyTurn != tt.nbMyTurn {
			t.Errorf("%s%s: %d games, nbMyTurn %v; want %d, %d", blackName(t, tt.who), tt.query, len(now.NowPlaying), now.NbMyTurn, tt.listed, tt.nbMyTurn)
		}
	}
}

// TestCasualOpponentRating: in a casual game too, the opponent of
// gameStart, gameFinish and nowPlaying has a rating (lichess's
// GameEventOpponent requires one of an account): its rating in the
// game's perf now, the first rating (1500) for an account without one.
func TestCasualOpponentRating(t *testing.T) {
	_, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir())})
	ann, bob := newProgram(t, srv, "ann"), newProgram(t, srv, "bob")
	events := ann.stream("/api/stream/event")
	id := playTo(t, ann, bob, "e2e4")
	opponent := func(line map[string]any) map[string]any {
		return line["game"].(map[string]any)["opponent"].(map[string]any)
	}
	if opp := opponent(next(t, events, "gameStart")); opp["id"] != "bob" || opp["rating"] != 1500.0 {
		t.Errorf("gameStart's opponent = %v; want bob, rated 1500", opp)
	}
	var now struct{ NowPlaying []lichess.GameInfo }
	if err := json.Unmarshal([]byte(ann.want(200, "GET", "/api/account/playing", "", "")), &now); err != nil || len(now.NowPlaying) != 1 || now.NowPlaying[0].Opponent.Rating != 1500 {
		t.Errorf("nowPlaying = %+v (%v); want bob rated 1500", now.NowPlaying, err)
	}
	bob.want(200, "POST", "/api/board/game/"+id+"/resign", "", "")
	if opp := opponent(next(t, events, "gameFinish")); opp["id"] != "bob" || opp["rating"] != 1500.0 {
		t.Errorf("gameFinish's opponent = %v; want bob, rated 1500", opp)
	}
}
