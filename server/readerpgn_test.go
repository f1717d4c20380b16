package server

import (
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/review"
	"github.com/gambitchess/gambit/server/reviews"
	"github.com/gambitchess/gambit/xiangqi"
	xqpgn "github.com/gambitchess/gambit/xiangqi/pgn"
)

// TestPGNInReadersLanguage: a game's PGN is canonical without ?lang=
// (traditional characters, lichess's English comments), whatever the
// Accept-Language; with ?lang= it is in the reader's language and script
// (issue 40: a zh-CN page copied traditional moves and English comments),
// a xiangqi game's moves simplified for zh-CN, the review's comments
// worded in the reader's language, and it reads back, by the project's own
// xiangqi PGN reader, to the same moves and tags.
func TestPGNInReadersLanguage(t *testing.T) {
	s, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir()), Review: reviews.Config{Budget: review.Budget{Nodes: 5000}}})
	h := s.Handler()
	reviewed := func(body string, moves int) string {
		t.Helper()
		g := create(t, h, body)
		c := dial(t, srv, g.ID, g.Token)
		c.state("state")
		c.send(`{"t":"resign"}`)
		finalState(t, c)
		if code, _, body := askReview(t, h, "POST", g.ID); code != http.StatusAccepted {
			t.Fatalf("POST review: %d %s", code, body)
		}
		for range 1000 {
			if _, st, _ := askReview(t, h, "GET", g.ID); st.State == "done" {
				if len(st.Review.Moves) != moves {
					t.Fatalf("review of %d moves, want %d: %+v", len(st.Review.Moves), moves, st.Review)
				}
				return g.ID
			}
			time.Sleep(20 * time.Millisecond)
		}
		t.Fatal("the review did not finish")
		return ""
	}
	get := func(id, query, accept string) string {
		t.Helper()
		req := apiRequest("GET", "/api/games/"+id+"/pgn"+query, "")
		if accept != "" {
			req.Header.Set("Accept-Language", accept)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK || rec.Header().Get("Vary") != "" {
			t.Fatalf("PGN%s: %d, Vary %q: %s", query, rec.Code, rec.Header().Get("Vary"), rec.Body)
		}
		return rec.Body.String()
	}
	read := func(text string) *xqpgn.Game {
		t.Helper()
		games, err := xqpgn.ReadAll(strings.NewReader(text))
		if err != nil || len(games) != 1 {
			t.Fatalf("the PGN does not read back: %v (%d games)\n%s", err, len(games), text)
		}
		return games[0]
	}
	flat := func(s string) string { return strings.Join(strings.Fields(s), " ") } // the writer wraps lines

	// Red, two chariots against one, gives one away (俥九平一, 車９進４): a blunder.
	id := reviewed(`{"mode":"local","variant":"xiangqi","setup":"[FEN \"4k3r/9/9/9/R8/9/9/9/9/1R1K5 w - - 0 1\"]\n\n1. 俥九平一 車９進４ *"}`, 2)
	canonical := get(id, "", "")
	if want := regexp.MustCompile(`1\. 俥九平一 \{\[%eval [-0-9.]+\] Blunder \(\?\?\)\. Best move was [^ ]{4}\.\} 1\.\.\. 車９進４`); !want.MatchString(flat(canonical)) {
		t.Errorf("the canonical PGN:\n%s", canonical)
	}
	for _, accept := range []string{"zh-CN", "zh-TW", "en"} {
		if got := get(id, "", accept); got != canonical {
			t.Errorf("Accept-Language %s changed the PGN of a program:\n%s", accept, got)
		}
	}
	if got := get(id, "?lang=en", ""); got != canonical {
		t.Errorf("?lang=en is not the canonical PGN:\n%s", got)
	}
	best := regexp.MustCompile(`Best move was ([^ ]{4})\.`).FindStringSubmatch(canonical)
	if best == nil {
		t.Fatalf("no best move in the canonical PGN:\n%s", canonical)
	}

	base := read(canonical)
	for _, tt := range []struct {
		lang, moves, comment, notScript string
	}{
		{"zh-CN", "1. 车九平一 {", "败着（??）。最佳着法是 " + xiangqi.ConvertScript(best[1], xiangqi.Simplified) + "。} 1... 车９进４", "俥傌帥砲車馬將進後"},
		{"zh-TW", "1. 俥九平一 {", "大錯（??）。最佳著法是 " + best[1] + "。} 1... 車９進４", "车马帅将进后"},
	} {
		text := get(id, "?lang="+tt.lang, "")
		f := flat(text)
		if !strings.Contains(f, tt.moves) || !strings.Contains(f, tt.comment) {
			t.Errorf("%s: want %q and %q in\n%s", tt.lang, tt.moves, tt.comment, text)
		}
		_, movetext, _ := strings.Cut(text, "\n\n")
		if strings.ContainsAny(movetext, tt.notScript) {
			t.Errorf("%s: the other script's characters in\n%s", tt.lang, movetext)
		}
		g := read(text)
		if start, want := g.Start(), base.Start(); !slices.Equal(g.MainlineMoves(), base.MainlineMoves()) || start.FEN() != want.FEN() {
			t.Errorf("%s: reads back to %v from %s, want %v from %s", tt.lang, g.MainlineMoves(), start.FEN(), base.MainlineMoves(), want.FEN())
		}
		if !slices.Equal(g.Tags, base.Tags) || g.Result != base.Result {
			t.Errorf("%s: tags %v %s, want %v %s", tt.lang, g.Tags, g.Result, base.Tags, base.Result)
		}
	}

	// A chess game's moves are the same in every language; the review's
	// comments are the reader's.
	id = reviewed(`{"mode":"local","setup":"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 *"}`, 6)
	canonical = flat(get(id, "", ""))
	cn := flat(get(id, "?lang=zh-CN", ""))
	if !strings.Contains(canonical, "Nf6 $4 {[%eval") || !strings.Contains(canonical, "Blunder. Best move was") {
		t.Errorf("the canonical chess PGN:\n%s", canonical)
	}
	if !regexp.MustCompile(`Nf6 \$4 \{\[%eval [-#0-9.]+\] 败着。最佳着法是 [A-Za-z0-9+#=-]+。\}`).MatchString(cn) || strings.Contains(cn, "Best move") {
		t.Errorf("the zh-CN chess PGN:\n%s", cn)
	}
}
