package server

import (
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/render"
	"github.com/gambitchess/gambit/variant/xiangqigame"
	"github.com/gambitchess/gambit/xiangqi"
)

// TestImagesInTheReadersScript: a xiangqi game's images are drawn in the
// reader's script (?lang=, then Accept-Language): simplified characters in
// zh-CN, traditional otherwise; and with the reader's coordinates, as the
// app's board draws them (issue 40, walk 3, item 6): each side's file
// numbers in Chinese (九…一 along Red's side, 1…9 along Black's), ICCS's
// a–i and 0–9 in English; each language its own ETag and the answer
// marked Vary: Accept-Language; a chess image is one for all. The preview
// image named by a xiangqi game's page carries the page's language.
func TestImagesInTheReadersScript(t *testing.T) {
	s := imageServer(t)
	h := s.Handler()
	xq := storedGame(t, s, game.Options{Variant: xiangqigame.Xiangqi}, "h2e2", "h9g7")
	chessGame := storedGame(t, s, game.Options{}, foolsMate...)
	for _, ext := range []string{"svg", "png", "gif"} {
		path := "/game/" + xq.ID() + "." + ext
		get := func(query, accept string) (string, string) {
			t.Helper()
			rec := fetch(h, path+query, "", "Accept-Language", accept)
			if rec.Code != http.StatusOK {
				t.Fatalf("GET %s%s (%s): %d %s", path, query, accept, rec.Code, rec.Body)
			}
			if !strings.Contains(strings.Join(rec.Result().Header.Values("Vary"), ","), "Accept-Language") {
				t.Errorf("GET %s%s (%s): Vary %q", path, query, accept, rec.Result().Header.Values("Vary"))
			}
			return rec.Body.String(), rec.Header().Get("ETag")
		}
		hant, hantTag := get("", "zh-TW")
		en, enTag := get("", "en-US")
		hans, hansTag := get("", "zh-CN,zh;q=0.9")
		asked, askedTag := get("?lang=zh-CN", "zh-TW")
		switch {
		case hant == en || hantTag == enTag:
			t.Errorf("%s: zh-TW is drawn as English (traditional characters both, but not the same coordinates)", ext)
		case hans == hant || hansTag == hantTag:
			t.Errorf("%s: zh-CN is drawn as zh-TW", ext)
		case asked != hans || askedTag != hansTag:
			t.Errorf("%s: ?lang=zh-CN is not zh-CN's", ext)
		}
		if rec := fetch(h, path, "", "Accept-Language", "zh-CN", "If-None-Match", hantTag); rec.Code != http.StatusOK {
			t.Errorf("%s: zh-TW's ETag answered %d for a zh-CN reader", ext, rec.Code)
		}
		if rec := fetch(h, path, "", "Accept-Language", "zh-CN", "If-None-Match", hansTag); rec.Code != http.StatusNotModified {
			t.Errorf("%s: zh-CN's ETag answered %d for a zh-CN reader", ext, rec.Code)
		}
	}
	// The SVG is render's drawing in the script, 车 马 汉 and not 俥 車 馬 漢
	// in zh-CN, with the reader's coordinates.
	for _, tt := range []struct {
		accept string
		script xiangqi.Script
		coords render.CoordStyle
		labels []string // some of the coordinates drawn
	}{
		{"zh-CN", xiangqi.Simplified, render.CoordTraditional, []string{"coord file red", "coord file black"}},
		{"zh-TW", xiangqi.Traditional, render.CoordTraditional, []string{"coord file red", "coord file black"}},
		{"en-US", xiangqi.Traditional, render.CoordICCS, []string{"coord file", "coord rank"}},
	} {
		svg := fetch(h, "/game/"+xq.ID()+".svg?ply=0", "", "Accept-Language", tt.accept).Body.String()
		start := xiangqi.StartPosition()
		want, err := render.Xiangqi(&start, render.Options{Size: 400, Coordinates: true, CoordStyle: tt.coords, Check: true, Script: tt.script})
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		if err := want.WriteSVG(&b); err != nil {
			t.Fatal(err)
		}
		if svg != b.String() {
			t.Errorf("%s: the start position is not render's drawing in %s with coordinates %d", tt.accept, tt.script, tt.coords)
		}
		for _, label := range tt.labels {
			if !strings.Contains(svg, `"`+label+`"`) {
				t.Errorf("%s: no %q in the SVG", tt.accept, label)
			}
		}
	}
	// A chess image has no characters: one drawing, one ETag.
	a := fetch(h, "/game/"+chessGame.ID()+".svg", "", "Accept-Language", "zh-CN")
	c := fetch(h, "/game/"+chessGame.ID()+".svg", "", "Accept-Language", "zh-TW")
	if a.Header().Get("ETag") != c.Header().Get("ETag") || strings.Contains(strings.Join(a.Result().Header.Values("Vary"), ","), "Accept-Language") {
		t.Errorf("chess: ETags %s, %s; Vary %q", a.Header().Get("ETag"), c.Header().Get("ETag"), a.Result().Header.Values("Vary"))
	}
	for accept, l := range map[string]string{"zh-CN": "zh-CN", "zh-TW": "zh-TW", "": "en"} {
		page := fetch(h, "/game/"+xq.ID(), "", "Accept-Language", accept).Body.String()
		if !strings.Contains(page, ".png?size=600&amp;lang="+l+`">`) {
			t.Errorf("%s: the xiangqi page's preview image is not in %s:\n%s", accept, l, page)
		}
	}
}

// TestViewerAndPreviewInTheReadersLanguage: the viewer page draws the
// pieces in the reader's script and words the tags Gambit writes; a link
// preview and the page's title name an engine's seat in the reader's
// language.
func TestViewerAndPreviewInTheReadersLanguage(t *testing.T) {
	s := imageServer(t)
	h := s.Handler()
	seats := [2]game.Seat{{Kind: game.SeatHuman, Player: playerID(randomToken())}, {Kind: game.SeatBot, Name: "Fairy-Stockfish, level 1", Level: "fairy-stockfish-1"}}
	xq := storedGame(t, s, game.Options{Variant: xiangqigame.Xiangqi, Mode: game.ModeComputer, Seats: seats}, "h2e2", "h9g7")
	type tag struct{ Name, Value string }
	for _, tt := range []struct {
		accept, title, engine, event string
		simplified                   bool
	}{
		{"zh-TW", "紅方 對 Fairy-Stockfish 第 1 級 · 象棋", "Fairy-Stockfish 第 1 級", "Gambit · 和電腦下 · 象棋", false},
		{"zh-CN", "红方 对 Fairy-Stockfish 第 1 级 · 中国象棋", "Fairy-Stockfish 第 1 级", "Gambit · 人机对弈 · 中国象棋", true},
		{"en", "Red vs Fairy-Stockfish, level 1 · Xiangqi", "Fairy-Stockfish, level 1", "Gambit computer xiangqi game", false},
	} {
		page := fetch(h, "/game/"+xq.ID(), "", "Accept-Language", tt.accept).Body.String()
		if !strings.Contains(page, `<title>`+tt.title+` · Gambit</title>`) || !strings.Contains(page, `og:title" content="`+tt.title+`"`) {
			t.Errorf("%s: the page's title and preview are not %q:\n%s", tt.accept, tt.title, page)
		}
		viewer := fetch(h, "/game/"+xq.ID()+".html", "", "Accept-Language", tt.accept).Body.String()
		blob := regexp.MustCompile(`(?s)<script type="application/json" id="gambit-games">(.*?)</script>`).FindStringSubmatch(viewer)
		var data struct {
			Games []struct{ Tags []tag } `json:"games"`
		}
		if blob == nil || json.Unmarshal([]byte(blob[1]), &data) != nil || len(data.Games) != 1 {
			t.Fatalf("%s: the viewer's data:\n%s", tt.accept, viewer)
		}
		got := map[string]string{}
		for _, t := range data.Games[0].Tags {
			got[t.Name] = t.Value
		}
		if got["Black"] != tt.engine || got["Event"] != tt.event {
			t.Errorf("%s: the viewer's tags %v, want Black %q and Event %q", tt.accept, got, tt.engine, tt.event)
		}
		// An anonymous player's seat is named as the game's page names it:
		// the side's name in the reader's language, never the PGN's "?".
		red, _, _ := strings.Cut(tt.title, " ")
		if got["Red"] != red || !strings.Contains(viewer, "<title>"+red+" ") {
			t.Errorf("%s: the viewer names the anonymous Red %q (title %q), want %q", tt.accept, got["Red"], regexp.MustCompile(`<title>.*</title>`).FindString(viewer), red)
		}
		pieces, err := render.PieceSVGsIn(render.Cburnett, map[bool]xiangqi.Script{true: xiangqi.Simplified}[tt.simplified])
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(viewer, pieces["xiangqi:R"]) || !strings.Contains(viewer, pieces["xiangqi:n"]) {
			t.Errorf("%s: the viewer's pieces are not in the reader's script", tt.accept)
		}
	}
}

// TestViewerOpeningInTheReadersLanguage: a chess game's opening, lichess's
// English name in its PGN, shows in the viewer by its family's Chinese
// name in the reader's script with the English beside it.
func TestViewerOpeningInTheReadersLanguage(t *testing.T) {
	s := imageServer(t)
	h := s.Handler()
	g := storedGame(t, s, game.Options{}, "e2e4", "c7c5", "g1f3", "d7d6")
	pgn := fetch(h, "/api/games/"+g.ID()+"/pgn", "").Body.String()
	if !strings.Contains(pgn, `[Opening "Sicilian Defense`) {
		t.Fatalf("the PGN names no Sicilian:\n%s", pgn)
	}
	for accept, want := range map[string]string{"zh-TW": `"西西里防禦（Sicilian Defense`, "zh-CN": `"西西里防御（Sicilian Defense`, "en": `"Sicilian Defense`} {
		viewer := fetch(h, "/game/"+g.ID()+".html", "", "Accept-Language", accept).Body.String()
		if !strings.Contains(viewer, `{"name":"Opening","value":`+want) {
			t.Errorf("%s: the viewer's Opening is not %s…", accept, want)
		}
	}
	if again := fetch(h, "/api/games/"+g.ID()+"/pgn", "", "Accept-Language", "zh-CN").Body.String(); again != pgn {
		t.Error("the PGN changed with the reader's language: it stays canonical")
	}
}
