package server

import (
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/variant/xiangqigame"
)

// langPage is an app page with every element the server words: <html
// lang>, <title> and <noscript>.
const langPage = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Gambit</title>
</head>
<body><noscript>Gambit needs JavaScript.</noscript></body>
</html>`

// englishSentence finds an English word of three letters or more outside
// the names the pages keep (Gambit, FEN, WXF, ICCS, JavaScript, Home,
// End, players' names given in the test).
var englishSentence = regexp.MustCompile(`\b(?:[A-Za-z]{3,})\b`)

// visibleText is what a person reads of a page's head: the title, the
// preview's title and description, the noscript text.
func visibleText(t *testing.T, page string) string {
	t.Helper()
	var out []string
	for _, re := range []*regexp.Regexp{
		regexp.MustCompile(`<title>([^<]*)</title>`),
		regexp.MustCompile(`<noscript>([^<]*)</noscript>`),
		regexp.MustCompile(`<meta (?:property|name)="(?:og:title|og:description|description)" content="([^"]*)">`),
	} {
		for _, m := range re.FindAllStringSubmatch(page, -1) {
			out = append(out, m[1])
		}
	}
	return strings.Join(out, "\n")
}

// englishWords returns the English words of text, the allowed names aside.
func englishWords(text string) []string {
	allowed := map[string]bool{"Gambit": true, "JavaScript": true, "FEN": true, "WXF": true, "ICCS": true, "Home": true, "End": true, "Ann": true}
	var out []string
	for _, w := range englishSentence.FindAllString(text, -1) {
		if !allowed[w] {
			out = append(out, w)
		}
	}
	return out
}

func TestPagesInLanguages(t *testing.T) {
	s := New(Config{Store: openStore(t, t.TempDir()), Assets: fstest.MapFS{"index.html": {Data: []byte(langPage)}}})
	t.Cleanup(s.Close)
	h := s.Handler()
	seats := [2]game.Seat{{Kind: game.SeatHuman, Name: "Ann", Player: playerID(randomToken())}, {Kind: game.SeatBot, Name: game.BotName("Alpha-beta (4 plies)"), Level: "alphabeta"}}
	chessGame := storedGame(t, s, game.Options{Mode: game.ModeComputer, Seats: seats}, foolsMate...)
	xq := storedGame(t, s, game.Options{Variant: xiangqigame.Xiangqi}, "h2e2", "h9g7")
	tests := []struct {
		query, accept, lang    string
		title, desc, noscript  string
		xqTitle, xqDesc, river string
		moves                  string
	}{
		{"", "", "en", "Ann vs Gambit · Alpha-beta (4 plies) · Chess", "0-1 · checkmate · 2 moves", "Gambit needs JavaScript: turn it on to play.",
			"Red vs Black · Xiangqi", "In play · 1 move", "漢 界", "馬８進７"},
		{"", "fr-FR,fr;q=0.9", "en", "Ann vs Gambit · Alpha-beta (4 plies) · Chess", "0-1 · checkmate · 2 moves", "Gambit needs JavaScript: turn it on to play.",
			"Red vs Black · Xiangqi", "In play · 1 move", "漢 界", "馬８進７"},
		{"", "zh-TW,zh;q=0.9,en;q=0.8", "zh-TW", "Ann 對 Gambit · α-β 剪枝（4 層） · 西洋棋", "0-1 · 將死 · 2 步", "Gambit 需要 JavaScript：請開啟後再來下棋。",
			"紅方 對 黑方 · 象棋", "對局中 · 已走 1 步", "漢 界", "馬８進７"},
		{"", "zh-HK", "zh-TW", "Ann 對 Gambit · α-β 剪枝（4 層） · 西洋棋", "0-1 · 將死 · 2 步", "Gambit 需要 JavaScript：請開啟後再來下棋。",
			"紅方 對 黑方 · 象棋", "對局中 · 已走 1 步", "漢 界", "馬８進７"},
		{"", "en;q=0.5,zh-CN", "zh-CN", "Ann 对 Gambit · α-β 剪枝（4 层） · 国际象棋", "0-1 · 将杀 · 2 步", "Gambit 需要 JavaScript：请启用后再来下棋。",
			"红方 对 黑方 · 中国象棋", "进行中 · 已走 1 步", "汉 界", "马８进７"},
		{"lang=zh-CN", "zh-TW", "zh-CN", "Ann 对 Gambit · α-β 剪枝（4 层） · 国际象棋", "0-1 · 将杀 · 2 步", "Gambit 需要 JavaScript：请启用后再来下棋。",
			"红方 对 黑方 · 中国象棋", "进行中 · 已走 1 步", "汉 界", "马８进７"},
	}
	for _, tt := range tests {
		name := tt.query + "|" + tt.accept
		q := ""
		if tt.query != "" {
			q = "?" + tt.query
		}
		get := func(path string) *http.Response {
			rec := fetch(h, path+q, "", "Accept-Language", tt.accept)
			if rec.Code != http.StatusOK {
				t.Fatalf("%s: GET %s: %d %s", name, path, rec.Code, rec.Body)
			}
			if !strings.Contains(strings.Join(rec.Result().Header.Values("Vary"), ","), "Accept-Language") {
				t.Errorf("%s: GET %s lacks Vary: Accept-Language", name, path)
			}
			return rec.Result()
		}
		body := func(r *http.Response) string {
			var b strings.Builder
			buf := make([]byte, 4096)
			for {
				n, err := r.Body.Read(buf)
				b.Write(buf[:n])
				if err != nil {
					return b.String()
				}
			}
		}
		// The link preview of a finished game, and of a xiangqi game in play.
		page := body(get("/game/" + chessGame.ID()))
		for _, want := range []string{
			`<html lang="` + tt.lang + `">`,
			`<meta property="og:title" content="` + tt.title + `">`,
			`<meta property="og:description" content="` + tt.desc + `">`,
			`<title>` + tt.title + ` · Gambit</title>`,
			`<noscript>` + tt.noscript + `</noscript>`,
		} {
			if !strings.Contains(page, want) {
				t.Errorf("%s: the game's page lacks %s:\n%s", name, want, page)
			}
		}
		xqPage := body(get("/game/" + xq.ID()))
		for _, want := range []string{`content="` + tt.xqTitle + `"`, `content="` + tt.xqDesc + `"`} {
			if !strings.Contains(xqPage, want) {
				t.Errorf("%s: the xiangqi game's page lacks %s:\n%s", name, want, xqPage)
			}
		}
		home := body(get("/"))
		if !strings.Contains(home, `<html lang="`+tt.lang+`">`) || !strings.Contains(home, `<noscript>`+tt.noscript+`</noscript>`) {
			t.Errorf("%s: the home page:\n%s", name, home)
		}
		if tt.lang != "en" {
			for what, text := range map[string]string{"game page": visibleText(t, page), "xiangqi page": visibleText(t, xqPage), "home page": visibleText(t, home)} {
				if words := englishWords(text); len(words) > 0 {
					t.Errorf("%s: the %s has English words %v in:\n%s", name, what, words, text)
				}
			}
		}
		// The viewer page: its language, texts and the xiangqi moves' script.
		viewer := body(get("/game/" + xq.ID() + ".html"))
		if !strings.Contains(viewer, `<html lang="`+tt.lang+`">`) {
			t.Errorf("%s: the viewer is not in %s", name, tt.lang)
		}
		var data struct {
			Text  map[string]string `json:"text"`
			Games []struct {
				Nodes []struct {
					Text map[string]string `json:"text"`
				} `json:"nodes"`
			} `json:"games"`
		}
		blob := regexp.MustCompile(`(?s)<script type="application/json" id="gambit-games">(.*?)</script>`).FindStringSubmatch(viewer)
		if blob == nil || json.Unmarshal([]byte(blob[1]), &data) != nil || len(data.Games) != 1 || len(data.Games[0].Nodes) != 3 {
			t.Fatalf("%s: the viewer's data:\n%s", name, viewer)
		}
		if got := data.Games[0].Nodes[2].Text["chinese"]; got != tt.moves {
			t.Errorf("%s: the viewer writes h9g7 %s, want %s", name, got, tt.moves)
		}
		if data.Text["riverRight"] != tt.river {
			t.Errorf("%s: the viewer's river %q, want %q", name, data.Text["riverRight"], tt.river)
		}
		chessViewer := body(get("/game/" + chessGame.ID() + ".html"))
		bot := map[string]string{"en": "Gambit · Alpha-beta (4 plies)", "zh-TW": "Gambit · α-β 剪枝（4 層）", "zh-CN": "Gambit · α-β 剪枝（4 层）"}[tt.lang]
		if !strings.Contains(chessViewer, `{"name":"Black","value":"`+bot+`"}`) || !strings.Contains(chessViewer, "<title>Ann"+data.Text["versus"]+bot+"</title>") {
			t.Errorf("%s: the viewer does not name the computer %s", name, bot)
		}
		if tt.lang != "en" {
			var texts []string
			for _, v := range data.Text {
				texts = append(texts, v)
			}
			if words := englishWords(strings.Join(texts, "\n")); len(words) > 0 {
				t.Errorf("%s: the viewer has English words %v", name, words)
			}
		}
	}
}
