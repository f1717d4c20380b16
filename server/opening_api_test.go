package server

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/server/round"
)

func TestOpeningAPI(t *testing.T) {
	h := New(Config{}).Handler()
	const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	tests := []struct {
		name, query string
		status      int
		want        string // the body, as JSON
	}{
		{"king's knight", "fen=" + url.QueryEscape(start) + "&moves=e2e4,e7e5,g1f3", 200, `{"eco":"C40","name":"King's Knight Opening","ply":3}`},
		{"no fen", "moves=e2e4,e7e5,g1f3", 200, `{"eco":"C40","name":"King's Knight Opening","ply":3}`},
		{"transposition", "moves=g1f3,d7d5,d2d4", 200, `{"eco":"D02","name":"Queen's Pawn Game: Zukertort Variation","ply":3}`},
		{"left the book", "moves=e2e4,e7e5,g1f3,b8c6,e1e2", 200, `{"eco":"C44","name":"King's Knight Opening: Normal Variation","ply":4}`},
		{"from a named fen", "fen=" + url.QueryEscape("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"), 200, `{"eco":"C20","name":"King's Pawn Game","ply":0}`},
		{"start", "fen=" + url.QueryEscape(start), 404, `{"error":"no_opening","code":"no_opening","message":"no named opening"}`},
		{"nothing named", "fen=" + url.QueryEscape("4k3/8/8/8/8/8/8/4K3 w - - 0 1") + "&moves=e1e2", 404, `{"error":"no_opening","code":"no_opening","message":"no named opening"}`},
	}
	for _, tt := range tests {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/opening?"+tt.query, nil))
		if rec.Code != tt.status || !sameJSON(t, rec.Body.String(), tt.want) {
			t.Errorf("%s: %d %s, want %d %s", tt.name, rec.Code, rec.Body, tt.status, tt.want)
		}
	}
}

func TestOpeningAPIBadInput(t *testing.T) {
	h := New(Config{}).Handler()
	tests := []struct{ name, query, says string }{
		{"bad fen", "fen=nonsense", "fen:"},
		{"bad move text", "moves=e2e4,zz", `move 2 "zz"`},
		{"illegal move", "moves=e2e4,e2e4", `move 2 "e2e4"`},
		{"null move", "moves=0000", `move 1 "0000": illegal move`},
		{"too many", "moves=" + strings.Repeat("g1f3,g8f6,f3g1,f6g8,", 251), "at most 1000"},
	}
	for _, tt := range tests {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/opening?"+tt.query, nil))
		var body apiErrorJSON
		json.Unmarshal(rec.Body.Bytes(), &body)
		if rec.Code != http.StatusBadRequest || body.Error != "bad_request" || !strings.Contains(body.Message, tt.says) {
			t.Errorf("%s: %d %s, want 400 bad_request saying %q", tt.name, rec.Code, rec.Body, tt.says)
		}
	}
}

// sameJSON reports whether two JSON texts hold the same value.
func sameJSON(t *testing.T, a, b string) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal([]byte(a), &x); err != nil {
		return false
	}
	if err := json.Unmarshal([]byte(b), &y); err != nil {
		t.Fatalf("want %s: %v", b, err)
	}
	xs, _ := json.Marshal(x)
	ys, _ := json.Marshal(y)
	return string(xs) == string(ys)
}

// FuzzParseLine: any fen and moves give positions or a bad-request error,
// never a panic.
func FuzzParseLine(f *testing.F) {
	f.Add("", "e2e4,e7e5,g1f3")
	f.Add("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e2e4 e7e5")
	f.Add("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", "h1g1")
	f.Add("8/P7/8/8/8/8/8/k6K w - - 0 1", "a7a8q,a1b2")
	f.Add("x", ",,,")
	f.Fuzz(func(t *testing.T, fen, moves string) {
		positions, err := parseLine(fen, moves)
		if err != nil {
			if !errors.Is(err, ErrBadRequest) {
				t.Errorf("%q %q: %v is not a bad request", fen, moves, err)
			}
			return
		}
		if len(positions) == 0 {
			t.Errorf("%q %q: no positions", fen, moves)
		}
	})
}

// TestGameOpening: a chess game set up from a PGN names its opening in its
// JSON, in the recent games list and in its PGN tags; a xiangqi game in none.
func TestGameOpening(t *testing.T) {
	s, _, _ := serve(t, openStore(t, t.TempDir()), nil)
	h := s.Handler()
	g := create(t, h, `{"mode":"local","setup":"1. e4 e5 2. Nf3 *"}`)
	want := round.OpeningJSON{ECO: "C40", Name: "King's Knight Opening"}
	if g.State.Opening == nil || *g.State.Opening != want {
		t.Errorf("created game's opening %+v, want %+v", g.State.Opening, want)
	}
	xq := create(t, h, `{"mode":"local","variant":"xiangqi"}`)
	get := func(path string) string {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, personRequest("GET", path, "", g.Token))
		if rec.Code != http.StatusOK {
			t.Fatalf("GET %s: %d %s", path, rec.Code, rec.Body)
		}
		return rec.Body.String()
	}
	var st round.StateJSON
	json.Unmarshal([]byte(get("/api/games/"+g.ID)), &st)
	if st.Opening == nil || *st.Opening != want {
		t.Errorf("GET game: opening %+v", st.Opening)
	}
	var list []summaryJSON
	json.Unmarshal([]byte(get("/api/games")), &list)
	found := 0
	for _, sum := range list {
		switch sum.ID {
		case g.ID:
			found++
			if sum.Opening == nil || *sum.Opening != want {
				t.Errorf("listed chess game: opening %+v", sum.Opening)
			}
		case xq.ID:
			found++
			if sum.Opening != nil {
				t.Errorf("listed xiangqi game: opening %+v", sum.Opening)
			}
		}
	}
	if found != 2 {
		t.Errorf("the list holds %d of the 2 games: %+v", found, list)
	}
	if body := get("/api/games/" + xq.ID); strings.Contains(body, `"opening"`) {
		t.Errorf("xiangqi game JSON names an opening: %s", body)
	}
	if pgn := get("/api/games/" + g.ID + "/pgn"); !strings.Contains(pgn, `[ECO "C40"]`) || !strings.Contains(pgn, `[Opening "King's Knight Opening"]`) {
		t.Errorf("PGN without the opening tags:\n%s", pgn)
	}
}
