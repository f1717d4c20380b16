package openings

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/chess/polyglot"
	"github.com/gambitchess/gambit/server/servertest"
	"github.com/gambitchess/gambit/server/wire"
)

// serverErrors answers errors as the server does: the status, and
// wire.ErrorBody's code and message.
type serverErrors struct{}

func (serverErrors) Error(w http.ResponseWriter, err error) {
	status, _ := wire.Code(err)
	wire.WriteJSON(w, status, wire.ErrorBody(err))
}

// testMux routes the opening and book API over book as the server does.
func testMux(book *polyglot.Book) http.Handler {
	h := New(book, serverErrors{})
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/opening", h.Opening)
	mux.HandleFunc("GET /api/book", h.Book)
	return mux
}

func TestOpeningAPI(t *testing.T) {
	h := testMux(nil)
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
	h := testMux(nil)
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
			if !errors.Is(err, wire.ErrBadRequest) {
				t.Errorf("%q %q: %v is not a bad request", fen, moves, err)
			}
			return
		}
		if len(positions) == 0 {
			t.Errorf("%q %q: no positions", fen, moves)
		}
	})
}

func TestBookAPI(t *testing.T) {
	with := testMux(servertest.Book(t))
	without := testMux(nil)
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
