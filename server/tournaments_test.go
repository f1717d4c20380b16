package server

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// TestArenaThroughTheAPI plays an arena as lichess's clients would: Ann
// makes a rated arena without bots, a bot is refused and joins another
// that allows them, Ann and Bob join theirs and hear their game start on
// their event streams; the bot does too in its own. Ann's game is played
// to its end on the Board API: it rates both players as any rated game,
// and the arena's results say so.
func TestArenaThroughTheAPI(t *testing.T) {
	_, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir())})
	ann, bob, robo, kim := newProgram(t, srv, "Ann"), newProgram(t, srv, "Bob"), newProgram(t, srv, "Robo"), newProgram(t, srv, "Kim")
	robo.want(200, "POST", "/api/bot/account/upgrade", "", "")
	form := "name=Club&clockTime=3&clockIncrement=2&minutes=20&waitMinutes=0&variant=standard"
	var plain, bots struct {
		ID    string `json:"id"`
		Rated bool   `json:"rated"`
	}
	mustDecode(t, []byte(ann.want(200, "POST", "/api/tournament", formType, form)), &plain)
	mustDecode(t, []byte(kim.want(200, "POST", "/api/tournament", formType, form+"&conditions.bots=true&rated=false")), &bots)
	if !plain.Rated || bots.Rated {
		t.Errorf("rated = %v and %v; want the first rated, the second not", plain.Rated, bots.Rated)
	}
	if body := robo.want(403, "POST", "/api/tournament/"+plain.ID+"/join", formType, ""); !strings.Contains(body, "bots may not join") {
		t.Errorf("a bot joining an arena without bots = %s", body)
	}
	annEvents, roboEvents := ann.stream("/api/stream/event"), robo.stream("/api/stream/event")
	for _, p := range []*program{ann, bob} {
		p.want(200, "POST", "/api/tournament/"+plain.ID+"/join", formType, "")
	}
	for _, p := range []*program{robo, kim} {
		p.want(200, "POST", "/api/tournament/"+bots.ID+"/join", formType, "")
	}
	start := next(t, annEvents, "gameStart")
	id := start["game"].(map[string]any)["gameId"].(string)
	if g := start["game"].(map[string]any); g["tournamentId"] != plain.ID || g["source"] != "arena" {
		t.Errorf("gameStart's tournamentId %v, source %v; want %s, arena", g["tournamentId"], g["source"], plain.ID)
	}
	next(t, roboEvents, "gameStart") // the bot is paired too, in its arena

	var full struct {
		Duels []struct {
			ID string `json:"id"`
			P  []struct {
				N string `json:"n"`
			} `json:"p"`
		} `json:"duels"`
		Me *struct {
			GameID string `json:"gameId"`
		} `json:"me"`
	}
	mustDecode(t, []byte(ann.want(200, "GET", "/api/tournament/"+plain.ID, "", "")), &full)
	if len(full.Duels) != 1 || full.Duels[0].ID != id || full.Me == nil || full.Me.GameID != id {
		t.Fatalf("the arena's games = %+v, me %+v; want Ann's %s", full.Duels, full.Me, id)
	}
	white, black := ann, bob
	if full.Duels[0].P[0].N != "Ann" {
		white, black = bob, ann
	}
	if body := black.want(409, "POST", "/api/board/game/"+id+"/abort", "", ""); !strings.Contains(body, "tournament") {
		t.Errorf("aborting an arena's game = %s; want refused: it is played or lost", body)
	}
	white.want(200, "POST", "/api/board/game/"+id+"/move/e2e4", "", "")
	black.want(200, "POST", "/api/board/game/"+id+"/move/e7e5", "", "")
	black.want(200, "POST", "/api/board/game/"+id+"/resign", "", "")
	if r := ratingAfter(t, newBrowser(t, srv), id); r.State != "applied" || r.White.Diff <= 0 || r.Black.Diff >= 0 {
		t.Errorf("the arena game's rating = %+v; want applied, White up, Black down", r)
	}
	var lines []struct {
		Rank     int    `json:"rank"`
		Score    int    `json:"score"`
		Username string `json:"username"`
	}
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		lines = lines[:0]
		for _, l := range strings.Split(strings.TrimSpace(ann.want(200, "GET", "/api/tournament/"+plain.ID+"/results", "", "")), "\n") {
			var line struct {
				Rank     int    `json:"rank"`
				Score    int    `json:"score"`
				Username string `json:"username"`
			}
			mustDecode(t, []byte(l), &line)
			lines = append(lines, line)
		}
		if lines[0].Score == 2 {
			break
		}
	}
	winner := map[*program]string{ann: "Ann", bob: "Bob"}[white]
	if len(lines) != 2 || lines[0].Username != winner || lines[0].Score != 2 || lines[1].Score != 0 {
		t.Errorf("results = %+v; want %s first with 2", lines, winner)
	}
	if pgn := ann.want(200, "GET", "/api/tournament/"+plain.ID+"/games", "", ""); !strings.Contains(pgn, `[Result "1-0"]`) || !strings.Contains(pgn, `[Event "Club Arena"]`) {
		t.Errorf("the arena's games as PGN:\n%s", pgn)
	}
	// Joining another arena pauses Ann in this one: one game at a time.
	ann.want(200, "POST", "/api/tournament/"+bots.ID+"/join", formType, "")
	var me struct {
		Me *struct {
			Paused bool `json:"paused"`
		} `json:"me"`
	}
	mustDecode(t, []byte(ann.want(200, "GET", "/api/tournament/"+plain.ID, "", "")), &me)
	if me.Me == nil || !me.Me.Paused {
		t.Errorf("Ann in the first arena after joining another: %+v; want paused", me.Me)
	}
	var list map[string][]json.RawMessage
	mustDecode(t, []byte(ann.want(200, "GET", "/api/tournament", "", "")), &list)
	if len(list["started"]) != 2 {
		t.Errorf("arenas being played = %d, want 2", len(list["started"]))
	}
}

// TestHiddenArena: an arena of fog of war is made and played as any
// other: its game is of its variant, a bot may not join it though bots
// are allowed (the Bot API streams no hidden game), and a resignation
// scores.
func TestHiddenArena(t *testing.T) {
	_, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir())})
	ann, bob, robo := newProgram(t, srv, "Ann"), newProgram(t, srv, "Bob"), newProgram(t, srv, "Robo")
	robo.want(200, "POST", "/api/bot/account/upgrade", "", "")
	var arena struct {
		ID      string `json:"id"`
		Variant string `json:"variant"`
	}
	mustDecode(t, []byte(ann.want(200, "POST", "/api/tournament", formType,
		"name=Fog&clockTime=3&clockIncrement=2&minutes=20&waitMinutes=0&variant=fogofwar&conditions.bots=true")), &arena)
	if arena.Variant != "fogofwar" {
		t.Fatalf("the arena's variant = %q, want fogofwar", arena.Variant)
	}
	if body := robo.want(403, "POST", "/api/tournament/"+arena.ID+"/join", formType, ""); !strings.Contains(body, "hidden information") {
		t.Errorf("a bot joining a fog arena = %s", body)
	}
	annEvents := ann.stream("/api/stream/event")
	for _, p := range []*program{ann, bob} {
		p.want(200, "POST", "/api/tournament/"+arena.ID+"/join", formType, "")
	}
	start := next(t, annEvents, "gameStart")
	g := start["game"].(map[string]any)
	if v := g["variant"].(map[string]any)["key"]; v != "fogofwar" {
		t.Errorf("the arena's game is of %v, want fogofwar", v)
	}
	id := g["gameId"].(string)
	white, black := ann, bob
	if g["color"] != "white" {
		white, black = bob, ann
	}
	white.want(200, "POST", "/api/board/game/"+id+"/move/e2e4", "", "")
	black.want(200, "POST", "/api/board/game/"+id+"/move/e7e5", "", "")
	ann.want(200, "POST", "/api/board/game/"+id+"/resign", "", "")
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		res := ann.want(200, "GET", "/api/tournament/"+arena.ID+"/results", "", "")
		if strings.Contains(strings.SplitN(res, "\n", 2)[0], `"username":"Bob"`) && strings.Contains(res, `"score":2`) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("results after Ann resigned: %s", res)
		}
	}
}

// TestArenaOfEachVariant: an arena of Chess960, of xiangqi and of Banqi
// pairs its players in a game of its variant, as lichess's clients read
// it.
func TestArenaOfEachVariant(t *testing.T) {
	for _, variant := range []string{"chess960", "xiangqi", "banqi"} {
		t.Run(variant, func(t *testing.T) {
			_, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir())})
			ann, bob := newProgram(t, srv, "Ann"), newProgram(t, srv, "Bob")
			var arena struct {
				ID      string `json:"id"`
				Variant string `json:"variant"`
			}
			mustDecode(t, []byte(ann.want(200, "POST", "/api/tournament", formType,
				"name=V&clockTime=3&clockIncrement=2&minutes=20&waitMinutes=0&variant="+variant)), &arena)
			if arena.Variant != variant {
				t.Fatalf("the arena's variant = %q, want %s", arena.Variant, variant)
			}
			events := ann.stream("/api/stream/event")
			for _, p := range []*program{ann, bob} {
				p.want(200, "POST", "/api/tournament/"+arena.ID+"/join", formType, "")
			}
			g := next(t, events, "gameStart")["game"].(map[string]any)
			if v := g["variant"].(map[string]any)["key"]; v != variant {
				t.Errorf("the arena's game is of %v, want %s", v, variant)
			}
		})
	}
}
