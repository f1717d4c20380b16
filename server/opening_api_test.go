package server

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/chess/polyglot"
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

// testBook is a Polyglot book whose moves are 1.a3 (weight 3) and 1.h3
// (weight 1) at the start, and 1...a6 after 1.a3.
func testBook(t *testing.T) *polyglot.Book {
	t.Helper()
	start := chess.StartPosition()
	g := chess.NewGame()
	g.PushUCI("a2a3")
	afterA3 := g.Position()
	entry := func(p chess.Position, uci string, w uint16) polyglot.Entry {
		m, err := p.ParseUCI(uci)
		if err != nil {
			t.Fatal(err)
		}
		return polyglot.Entry{Key: p.Key(), Move: polyglot.Encode(m), Weight: w}
	}
	entries := []polyglot.Entry{entry(start, "h2h3", 1), entry(start, "a2a3", 3), entry(afterA3, "a7a6", 1)}
	slices.SortStableFunc(entries, func(a, b polyglot.Entry) int { return cmp.Compare(a.Key, b.Key) })
	var buf bytes.Buffer
	for _, e := range entries {
		binary.Write(&buf, binary.BigEndian, e)
	}
	b, err := polyglot.Parse(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestBookAPI(t *testing.T) {
	with := New(Config{Book: testBook(t)}).Handler()
	without := New(Config{}).Handler()
	tests := []struct {
		name   string
		h      http.Handler
		query  string
		status int
		want   string
	}{
		{"start", with, "", 200, `{"moves":[{"uci":"a2a3","san":"a3","weight":3},{"uci":"h2h3","san":"h3","weight":1}]}`},
		{"after 1.a3", with, "moves=a2a3", 200, `{"moves":[{"uci":"a7a6","san":"a6","weight":1}]}`},
		{"out of the book", with, "moves=e2e4", 200, `{"moves":[]}`},
		{"bad move", with, "moves=a2a5", 400, ``},
		{"no book", without, "", 404, `{"error":"no_book","code":"no_book","message":"this server has no opening book"}`},
	}
	for _, tt := range tests {
		rec := httptest.NewRecorder()
		tt.h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/book?"+tt.query, nil))
		if rec.Code != tt.status || (tt.want != "" && !sameJSON(t, rec.Body.String(), tt.want)) {
			t.Errorf("%s: %d %s, want %d %s", tt.name, rec.Code, rec.Body, tt.status, tt.want)
		}
	}
}

// TestComputerPlaysFromTheBook: with a book, the computer's first move as
// White is one of the book's (1.a3 or 1.h3, which no engine level plays).
func TestComputerPlaysFromTheBook(t *testing.T) {
	s, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir()), Book: testBook(t), ComputerGamesPerClient: 10})
	h := s.Handler()
	seen := map[string]bool{}
	for range 6 {
		g := create(t, h, `{"mode":"computer","color":"black","level":"beginner"}`)
		p := dial(t, srv, g.ID, g.Token)
		first := p.position(1)
		switch {
		case first.Last != nil:
			seen[first.Last.UCI] = true
		case len(first.Moves) == 1:
			seen[first.Moves[0].UCI] = true
		default:
			t.Fatalf("no first move in %+v", first)
		}
	}
	for m := range seen {
		if m != "a2a3" && m != "h2h3" {
			t.Errorf("the computer opened %s, not a book move (seen %v)", m, seen)
		}
	}
}
