package server

import (
	"net/http"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/variant/banqi/banqigame"
)

// TestBanqiAgainstTheComputer: the first player flips, and the computer,
// seated second, replies from its sight with a flip or a move of its own
// colour; the state says whose colour is whose in the FEN.
func TestBanqiAgainstTheComputer(t *testing.T) {
	s, srv, _ := serve(t, openStore(t, t.TempDir()), nil)
	g := create(t, s.Handler(), `{"mode":"computer","variant":"banqi","color":"white","level":"easy"}`)
	c := dial(t, srv, g.ID, g.Token)
	st := c.state("state")
	if len(st.Dests) != 32 || len(st.Dests["c2"]) != 1 || st.Dests["c2"][0] != "c2" {
		t.Fatalf("the start's dests: %v", st.Dests)
	}
	c.send(`{"t":"move","d":{"u":"c2c2"}}`)
	st = c.position(2)
	if st.Turn != "white" || len(st.Dests) == 0 || st.Last == nil || st.Last.UCI == "" {
		t.Fatalf("after the computer's reply: %+v", st)
	}
	if f := strings.Fields(st.FEN); len(f) != 5 || f[1] != "w" || (f[2] != "r" && f[2] != "b") {
		t.Errorf("the FEN after two plies: %s", st.FEN)
	}
}

// TestBanqiImagesAndViewer: a banqi game draws as a board of squares with
// xiangqi's pieces, face-down ones as plain discs, in SVG, PNG and GIF
// and in its link preview; once over its viewer page shows it position by
// position with the moves' SAN.
func TestBanqiImagesAndViewer(t *testing.T) {
	s := imageServer(t)
	h := s.Handler()
	g := storedGame(t, s, game.Options{Variant: banqigame.Banqi}, "a1a1", "h4h4", "b1b1")
	rec := fetch(h, "/game/"+g.ID()+".svg", "")
	if rec.Code != http.StatusOK || strings.Count(rec.Body.String(), `class="piece face-down"`) != 29 {
		t.Errorf("GET .svg: %d, %d face-down pieces drawn, want 29", rec.Code, strings.Count(rec.Body.String(), `class="piece face-down"`))
	}
	for _, ext := range []string{"png", "gif"} {
		rec := fetch(h, "/game/"+g.ID()+"."+ext+"?size=240", "")
		if rec.Code != http.StatusOK {
			t.Fatalf("GET .%s: %d %s", ext, rec.Code, rec.Body)
		}
		frames := 1
		if ext == "gif" {
			frames = 4
		}
		checkDecodes(t, ext, rec.Body.Bytes(), 240, frames)
	}
	page := fetch(h, "/game/"+g.ID(), "", "Accept-Language", "zh-TW").Body.String()
	if !strings.Contains(page, `og:image:height" content="`) || !strings.Contains(page, "&amp;lang=zh-TW") {
		t.Errorf("the link preview lacks its image's size or language")
	}
	finish(t, s, g)
	rec = fetch(h, "/game/"+g.ID()+".html", "")
	viewerPage := rec.Body.String()
	if rec.Code != http.StatusOK || !strings.Contains(viewerPage, `"variant":"discs"`) || !strings.Contains(viewerPage, `id="piece-discs-x"`) || !strings.Contains(viewerPage, `"san":"a1=`) {
		t.Errorf("the viewer once over: %d %.400s", rec.Code, viewerPage)
	}
	checkViewerPolicy(t, rec.Header().Get("Content-Security-Policy"))
}
