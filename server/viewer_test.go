package server

import (
	"context"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/render/viewer"
	"github.com/gambitchess/gambit/variant/bomb/bombgame"
	"github.com/gambitchess/gambit/variant/chessgame"
	"github.com/gambitchess/gambit/variant/dice/dicegame"
	"github.com/gambitchess/gambit/variant/fog/foggame"
	"github.com/gambitchess/gambit/variant/jieqi/jieqigame"
	"github.com/gambitchess/gambit/variant/xiangqigame"
)

// finish resigns g for Black and stores the event.
func finish(t *testing.T, s *Server, g *game.Game) {
	t.Helper()
	evs, err := g.Resign(chess.Black)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.appendEvents(context.Background(), g, evs); err != nil {
		t.Fatal(err)
	}
}

// cburnettPiece is a fragment of render's cburnett pieces in a viewer
// page: drawn on 45 units, scaled to 100.
const cburnettPiece = "scale(2.22222)"

// TestGameViewer: GET /game/{id}.html is the viewer page of the game,
// live or finished, in every variant whose record the viewer reads, under
// a policy that runs only the page's own script and style.
func TestGameViewer(t *testing.T) {
	s := imageServer(t)
	h := s.Handler()
	over := storedGame(t, s, game.Options{}, foolsMate...)
	live := storedGame(t, s, game.Options{}, "e2e4", "e7e5")
	xq := storedGame(t, s, game.Options{Variant: xiangqigame.Xiangqi}, "h2e2", "h9g7")
	c960 := storedGame(t, s, game.Options{Variant: chessgame.Chess960})
	xqOver := storedGame(t, s, game.Options{Variant: xiangqigame.Xiangqi}, "b2e2", "h9g7") // both sides moved: finish resigns, not aborts
	finish(t, s, xqOver)
	for _, tt := range []struct {
		name  string
		id    string
		cache string
		want  []string // in the page, besides pieces
	}{
		{"chess, finished", over.ID(), cacheFinished, []string{cburnettPiece, `"san":"Qh4#"`, `"value":"0-1"`, `"value":"checkmate"`}},
		{"chess, live", live.ID(), cacheLive, []string{cburnettPiece, `"san":"e4"`, `"san":"e5"`, `"value":"*"`}},
		{"xiangqi, live", xq.ID(), cacheLive, []string{`"variant":"xiangqi"`, `"wxf":"C2.5"`, `"wxf":"H8+7"`, `<circle cx="50" cy="50" r="45" fill="#f6e7c8"`}},
		{"xiangqi, finished", xqOver.ID(), cacheFinished, []string{`"variant":"xiangqi"`, `"value":"1-0"`}},
		{"chess960, not started", c960.ID(), cacheLive, []string{cburnettPiece, `"value":"Chess960"`, c960.Sight(game.Spectator, false).StartFEN}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rec := fetch(h, "/game/"+tt.id+".html", "")
			if rec.Code != http.StatusOK {
				t.Fatalf("%d %s", rec.Code, rec.Body)
			}
			hd := rec.Header()
			if hd.Get("Content-Type") != "text/html; charset=utf-8" || hd.Get("Cache-Control") != tt.cache || hd.Get("ETag") == "" {
				t.Errorf("Content-Type %q, Cache-Control %q, ETag %q; want text/html, %s and an ETag",
					hd.Get("Content-Type"), hd.Get("Cache-Control"), hd.Get("ETag"), tt.cache)
			}
			checkViewerPolicy(t, hd.Get("Content-Security-Policy"))
			if hd.Get("X-Content-Type-Options") != "nosniff" || hd.Get("X-Frame-Options") != "DENY" || hd.Get("Content-Disposition") != "" {
				t.Errorf("headers %v", hd)
			}
			page := rec.Body.String()
			for _, w := range tt.want {
				if !strings.Contains(page, w) {
					t.Errorf("the page lacks %s", w)
				}
			}
			if strings.Contains(page, `<text x="50"`) {
				t.Error("the page has the viewer's built-in pieces")
			}
			if again := fetch(h, "/game/"+tt.id+".html", "", "If-None-Match", hd.Get("ETag")); again.Code != http.StatusNotModified {
				t.Errorf("with its ETag: %d, want 304", again.Code)
			}
		})
	}
	rec := fetch(h, "/game/"+over.ID()+".html?download=1", "")
	want := `attachment; filename="gambit-` + over.ID() + `.html"`
	if got := rec.Header().Get("Content-Disposition"); rec.Code != http.StatusOK || got != want {
		t.Errorf("download: %d, Content-Disposition %q, want %q", rec.Code, got, want)
	}
	if n := len(s.live.All()); n != 0 {
		t.Errorf("the viewers of stored games brought %d of them into memory", n)
	}
}

// checkViewerPolicy fails unless csp allows the viewer's script and style
// by their hashes and nothing else.
func checkViewerPolicy(t *testing.T, csp string) {
	t.Helper()
	want := map[string]string{
		"default-src":     "'none'",
		"script-src":      strings.Join(viewer.ScriptHashes(), " "),
		"style-src":       strings.Join(viewer.StyleHashes(), " "),
		"frame-ancestors": "'none'",
		"base-uri":        "'none'",
		"form-action":     "'none'",
	}
	got := map[string]string{}
	for _, d := range strings.Split(csp, ";") {
		name, value, _ := strings.Cut(strings.TrimSpace(d), " ")
		got[name] = value
	}
	for name, v := range want {
		if got[name] != v {
			t.Errorf("CSP %s is %q, want %q (policy %q)", name, got[name], v, csp)
		}
	}
	if len(got) != len(want) || strings.Contains(csp, "unsafe") {
		t.Errorf("CSP %q allows more than the viewer needs", csp)
	}
}

// TestHiddenGameViewer: a game of hidden information has no viewer while
// it runs, whoever asks; once over, the viewer shows it position by
// position as a spectator sees it (its rules are not the board's,
// game.Spec.BoardPGN: the PGN readers would replay it wrong, a jieqi game
// as xiangqi, a blast left out), every move in the list.
func TestHiddenGameViewer(t *testing.T) {
	s := imageServer(t)
	h := s.Handler()
	for _, v := range []game.Variant{foggame.FogOfWar, bombgame.Bomb, dicegame.Dice, jieqigame.Jieqi} {
		t.Run(string(v), func(t *testing.T) {
			white, _, seats := onlineSeats()
			g := storedGame(t, s, game.Options{Mode: game.ModeOnline, Variant: v, Seats: seats})
			playSome(t, s, g, 4)
			path := "/game/" + g.ID() + ".html"
			for _, secret := range []string{"", white} {
				rec := fetch(h, path, secret)
				if rec.Code != http.StatusConflict || !strings.Contains(rec.Body.String(), "the viewer opens once the game is over") {
					t.Errorf("in play: %d %s, want 409 and why", rec.Code, rec.Body)
				}
				if strings.Contains(rec.Body.String(), `"san"`) {
					t.Error("in play: the answer shows moves")
				}
			}
			// A browser gets a page in its reader's language, which links to the game's.
			rec := fetch(h, path, "", "Accept", "text/html,application/xhtml+xml,*/*;q=0.8", "Accept-Language", "zh-TW")
			if body := rec.Body.String(); rec.Code != http.StatusConflict || rec.Header().Get("Content-Type") != "text/html; charset=utf-8" ||
				!strings.Contains(body, `<html lang="zh-TW">`) || !strings.Contains(body, "棋局結束後才能用檢視器觀看") || !strings.Contains(body, `<a href="/game/`+g.ID()+`">前往對局頁面</a>`) {
				t.Errorf("in play, a browser: %d %s %s, want 409 and a page in Chinese", rec.Code, rec.Header().Get("Content-Type"), body)
			}
			finish(t, s, g)
			rec = fetch(h, path, "", "Accept-Language", "zh-TW")
			if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "text/html; charset=utf-8" {
				t.Fatalf("over: %d %.300s, want 200 and the viewer", rec.Code, rec.Body)
			}
			page := rec.Body.String()
			checkViewerPolicy(t, rec.Header().Get("Content-Security-Policy"))
			sight := g.Sight(game.Spectator, true)
			for _, m := range sight.Moves {
				if !strings.Contains(page, `"fen":"`+m.FEN+`"`) {
					t.Errorf("the page lacks the position after %s: %s", m.UCI, m.FEN)
				}
			}
			label := map[game.Variant]string{foggame.FogOfWar: "迷霧西洋棋", bombgame.Bomb: "地雷西洋棋", dicegame.Dice: "骰子西洋棋", jieqigame.Jieqi: "揭棋"}[v]
			for _, want := range []string{`"fen":"` + sight.StartFEN + `"`, `{"name":"White","value":"白方"}`, `"value":"認輸"`, `{"name":"Variant","value":"` + label + `"}`} {
				if v == jieqigame.Jieqi {
					want = strings.Replace(want, `"White","value":"白方"`, `"Red","value":"紅方"`, 1)
				}
				if !strings.Contains(page, want) {
					t.Errorf("the page lacks %s", want)
				}
			}
			if v == jieqigame.Jieqi && (!strings.Contains(page, `id="piece-xiangqi-X"`) || !strings.Contains(page, `"chinese":"`)) {
				t.Error("the jieqi page lacks its face-down pieces or its Chinese notation")
			}
			blob := regexp.MustCompile(`(?s)<script type="application/json" id="gambit-games">(.*?)</script>`).FindStringSubmatch(page)
			t.Logf("%s over: %d moves; %s", v, len(sight.Moves), blob[1][strings.Index(blob[1], `"nodes"`):])
		})
	}
}

// playSome plays up to n moves in g, each the first legal one in sorted
// order, storing the events, and stops if the game ends.
func playSome(t *testing.T, s *Server, g *game.Game, n int) {
	t.Helper()
	for i := 0; i < n && !g.Status().Finished(); i++ {
		u := firstDest(g)
		if u == "" {
			return
		}
		evs, err := g.Move(g.Turn(), u)
		if err != nil {
			t.Fatalf("move %s: %v", u, err)
		}
		if err := s.appendEvents(context.Background(), g, evs); err != nil {
			t.Fatal(err)
		}
	}
}

// firstDest is the first move of g's dests in sorted order, "" for none.
func firstDest(g *game.Game) string {
	best := ""
	for from, tos := range g.DestsFor(game.Viewer{Seats: [2]bool{true, true}}) {
		for _, to := range tos {
			if u := from + to; best == "" || u < best {
				best = u
			}
		}
	}
	return best
}
