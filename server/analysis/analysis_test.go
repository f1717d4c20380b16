package analysis

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/variant/fog/foggame"
)

// noGames is a server without games, answering errors as the server does
// (its status, and wire.ErrorBody's code and message). The game-reading
// routes are tested through the whole server (server/analysis_test.go).
type noGames struct{}

func (noGames) Read(context.Context, string, func(*game.Game)) error {
	return wire.ErrBadRequest
}
func (noGames) Player(*http.Request) string      { return "" }
func (noGames) TakeAnalysis(*http.Request) error { return nil }
func (noGames) Error(w http.ResponseWriter, err error) {
	status, _ := wire.Code(err)
	wire.WriteJSON(w, status, wire.ErrorBody(err))
}

// testPage is the app's page in testMux's assets.
const testPage = "<!doctype html><title>app</title>"

// testMux routes the analysis board's handlers as the server does.
func testMux(tb testing.TB) http.Handler {
	tb.Helper()
	a := New(noGames{}, fstest.MapFS{"index.html": {Data: []byte(testPage)}})
	mux := http.NewServeMux()
	mux.HandleFunc("GET /analysis", a.Page)
	mux.HandleFunc("POST /api/analysis/position", a.Position)
	return mux
}

// TestPage: /analysis is the app's page.
func TestPage(t *testing.T) {
	rec := httptest.NewRecorder()
	testMux(t).ServeHTTP(rec, httptest.NewRequest("GET", "/analysis?fen=x", nil))
	if rec.Code != http.StatusOK || rec.Body.String() != testPage || rec.Header().Get("Cache-Control") != "no-cache" {
		t.Fatalf("%d %s %v", rec.Code, rec.Body, rec.Header())
	}
}

// post sends body as JSON to path.
func post(h http.Handler, path, body string) *httptest.ResponseRecorder {
	r := httptest.NewRequest("POST", path, strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	return rec
}

// TestAnalysisPosition: the analysis board's moves are played by the
// variant's rules: notation, positions, legal moves; a pasted PGN is read
// as a setup; illegal moves and hidden variants are refused clearly.
func TestAnalysisPosition(t *testing.T) {
	h := testMux(t)
	for _, tt := range []struct {
		name, body string
		code       int
		want       []string // in the answer
	}{
		{"chess start", `{"variant":"chess"}`, 200, []string{`"turn":"white"`, `"e2":["e3","e4"]`, `"moves":[]`}},
		{"chess moves", `{"variant":"chess","moves":["e2e4","e7e5","g1f3"]}`, 200,
			[]string{`"san":"e4"`, `"san":"Nf3"`, `"fen":"rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"`, `"turn":"black"`}},
		{"mate", `{"variant":"chess","moves":["f2f3","e7e5","g2g4","d8h4"]}`, 200, []string{`"san":"Qh4#"`, `"result":"0-1"`, `"termination":"checkmate"`, `"dests":{}`}},
		{"from a FEN", `{"variant":"chess","fen":"4k3/8/8/8/8/8/8/4K2R w K - 0 1","moves":["e1g1"]}`, 200, []string{`"san":"O-O"`}},
		{"xiangqi", `{"variant":"xiangqi","moves":["h2e2"]}`, 200, []string{`"wxf":"C2.5"`, `"turn":"black"`, `"board":"xiangqi"`}},
		{"pasted PGN", `{"variant":"chess","setup":"[Event \"x\"]\n\n1. d4 d5 2. c4 *"}`, 200, []string{`"san":"c4"`, `"initial_fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"`}},
		{"illegal", `{"variant":"chess","moves":["e2e5"]}`, 422, []string{`"code":"illegal_move"`, "move 1 (e2e5)"}},
		{"after mate", `{"variant":"chess","moves":["f2f3","e7e5","g2g4","d8h4","a2a3"]}`, 422, []string{"the game is over"}},
		{"bad FEN", `{"variant":"chess","fen":"nonsense"}`, 422, []string{`"code":"bad_setup"`}},
		{"hidden variant", `{"variant":"` + string(foggame.FogOfWar) + `"}`, 400, []string{"full information"}},
		{"unknown variant", `{"variant":"shogi"}`, 400, []string{"unknown variant"}},
		{"both", `{"variant":"chess","setup":"1. e4","moves":["e2e4"]}`, 400, []string{"either setup"}},
		{"unknown field", `{"variant":"chess","x":1}`, 400, []string{"malformed"}},
		{"lines", `{"variant":"chess","lines":[["e2e4","e7e5"],["d2d4"],[]]}`, 200,
			[]string{`"lines":[[{"uci":"e2e4","san":"e4"`, `{"uci":"e7e5","san":"e5","fen":"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"}],[{"uci":"d2d4","san":"d4"`, `],[]]`, `"e2":["e3","e4"]`}},
		{"lines from a FEN", `{"variant":"xiangqi","fen":"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1","lines":[["h2e2","h9g7"]]}`, 200,
			[]string{`"wxf":"C2.5"`, `"wxf":"H8+7"`}},
		{"a line illegal", `{"variant":"chess","lines":[["e2e4"],["d2d4","e7e4"]]}`, 422, []string{`"code":"illegal_move"`, "line 2: move 2 (e7e4)"}},
		{"lines and moves", `{"variant":"chess","moves":["e2e4"],"lines":[["e7e5"]]}`, 400, []string{"lines from fen"}},
		{"lines and setup", `{"variant":"chess","setup":"1. e4","lines":[]}`, 400, []string{"lines from fen"}},
		{"too many lines", `{"variant":"chess","lines":[` + strings.TrimSuffix(strings.Repeat(`["e2e4"],`, 65), ",") + `]}`, 400, []string{"at most 64 lines"}},
		{"too many moves in all", `{"variant":"chess","lines":[[` + strings.TrimSuffix(strings.Repeat(`"e2e4",`, 301), ",") + `],[` +
			strings.TrimSuffix(strings.Repeat(`"e2e4",`, 300), ",") + `]]}`, 400, []string{"601 moves in all"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rec := post(h, "/api/analysis/position", tt.body)
			if rec.Code != tt.code {
				t.Fatalf("%d %s, want %d", rec.Code, rec.Body, tt.code)
			}
			for _, w := range tt.want {
				if !strings.Contains(rec.Body.String(), w) {
					t.Errorf("the answer %s lacks %s", rec.Body, w)
				}
			}
		})
	}
}

// FuzzAnalysisPosition: no request body makes the position endpoint panic,
// and whatever it answers is a status it means.
func FuzzAnalysisPosition(f *testing.F) {
	h := testMux(f)
	for _, seed := range []string{`{"variant":"chess","moves":["e2e4"]}`, `{"variant":"xiangqi","fen":"9/9/9/9/9/9/9/9/9/9 w"}`,
		`{"variant":"chess","setup":"1. e4 e5"}`, `{"moves":["e7e8q"]}`, `{"variant":"chess960","setup":"518"}`, `[]`, ``,
		`{"variant":"chess","lines":[["e2e4"],["d2d4","d7d5"]]}`, `{"variant":"xiangqi","lines":[[]]}`} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, body string) {
		rec := post(h, "/api/analysis/position", body)
		if rec.Code != 200 && (rec.Code < 400 || rec.Code >= 500) {
			t.Fatalf("%q: %d %s", body, rec.Code, rec.Body)
		}
	})
}
