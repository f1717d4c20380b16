package server

import (
	"bytes"
	"encoding/json"
	"image/png"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/review"
	"github.com/gambitchess/gambit/server/reviews"
)

// reviewStatus is the answer of /api/games/{id}/review.
type reviewStatus struct {
	State  string         `json:"state"`
	Done   int            `json:"done"`
	Total  int            `json:"total"`
	Review *review.Review `json:"review"`
}

// askReview sends method to /api/games/{id}/review and decodes the answer.
func askReview(t *testing.T, h http.Handler, method, id string) (int, reviewStatus, string) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, apiRequest(method, "/api/games/"+id+"/review", ""))
	var st reviewStatus
	if rec.Code < 300 {
		if err := json.Unmarshal(rec.Body.Bytes(), &st); err != nil {
			t.Fatalf("%s review: %v: %s", method, err, rec.Body)
		}
	}
	return rec.Code, st, rec.Body.String()
}

// waitReview polls the review of game id until it is done.
func waitReview(t *testing.T, h http.Handler, id string) reviewStatus {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	last := -1
	for time.Now().Before(deadline) {
		code, st, body := askReview(t, h, "GET", id)
		if code != http.StatusOK {
			t.Fatalf("GET review: %d %s", code, body)
		}
		switch st.State {
		case "done":
			return st
		case "failed", "none":
			t.Fatalf("review %s", body)
		}
		if st.Done < last || st.Total != 8 {
			t.Errorf("progress %d/%d after %d", st.Done, st.Total, last)
		}
		last = st.Done
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatal("the review did not finish in a minute")
	return reviewStatus{}
}

// TestReviewAPI: a finished game's review runs in the background, is
// stored with the game (a restart keeps it), annotates its PGN and draws
// its eval graph; a game still played is refused.
func TestReviewAPI(t *testing.T) {
	dir := t.TempDir()
	st := openStore(t, dir)
	cfg := Config{Store: st, Review: reviews.Config{Budget: review.Budget{Nodes: 5000}}}
	s, _, stop := serveWith(t, cfg)
	h := s.Handler()

	open := create(t, h, `{"mode":"local","setup":"1. e4 e5 *"}`)
	if code, _, body := askReview(t, h, "POST", open.ID); code != http.StatusConflict || !strings.Contains(body, `"not_over"`) {
		t.Errorf("a game in play: %d %s, want 409 not_over", code, body)
	}
	if code, _, body := askReview(t, h, "GET", "zzzzzzzzzz"); code != http.StatusNotFound {
		t.Errorf("an unknown game: %d %s", code, body)
	}

	g := create(t, h, `{"mode":"local","setup":"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0"}`)
	if code, rs, _ := askReview(t, h, "GET", g.ID); code != http.StatusOK || rs.State != "none" || rs.Review != nil {
		t.Errorf("before: %d %+v", code, rs)
	}
	code, rs, body := askReview(t, h, "POST", g.ID)
	if code != http.StatusAccepted || (rs.State != "queued" && rs.State != "running") || rs.Total != 8 {
		t.Fatalf("POST review: %d %s, want 202 queued", code, body)
	}
	done := waitReview(t, h, g.ID)
	r := done.Review
	if r == nil || len(r.Moves) != 7 || r.Moves[5].SAN != "Nf6" || r.Moves[5].Class != review.ClassBlunder || r.Engine != "gambit" || r.Budget != "nodes 5000" {
		t.Fatalf("review %+v", r)
	}
	if code, again, _ := askReview(t, h, "POST", g.ID); code != http.StatusOK || again.State != "done" || again.Review == nil {
		t.Errorf("POST again: %d %+v, want 200 with the review", code, again)
	}

	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, apiRequest("GET", "/api/games/"+g.ID+"/pgn", ""))
	pgnText := strings.Join(strings.Fields(rec.Body.String()), " ")
	if !strings.Contains(pgnText, "Nf6 $4 {[%eval #1]") || !strings.Contains(pgnText, "[%eval ") {
		t.Errorf("PGN of the reviewed game:\n%s", rec.Body)
	}
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, apiRequest("GET", "/api/games/"+open.ID+"/pgn", ""))
	if strings.Contains(rec.Body.String(), "%eval") {
		t.Errorf("PGN of a game without review:\n%s", rec.Body)
	}

	for _, ext := range []string{"svg", "png"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, apiRequest("GET", "/game/"+g.ID+"-eval."+ext+"?size=400", ""))
		if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "image/"+map[string]string{"svg": "svg+xml", "png": "png"}[ext] {
			t.Fatalf("eval graph %s: %d %s %s", ext, rec.Code, rec.Header(), rec.Body)
		}
		if ext == "svg" && !strings.Contains(rec.Body.String(), "graph-mark blunder") {
			t.Errorf("the SVG graph marks no blunder")
		}
		if ext == "png" {
			img, err := png.Decode(bytes.NewReader(rec.Body.Bytes()))
			if err != nil || img.Bounds().Dx() != 400 || img.Bounds().Dy() != 100 {
				t.Errorf("PNG graph: %v %v", err, img)
			}
		}
	}
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, apiRequest("GET", "/game/"+open.ID+"-eval.svg", ""))
	if rec.Code != http.StatusNotFound {
		t.Errorf("graph of a game without review: %d", rec.Code)
	}

	// A restart reads the review from the store.
	stop()
	st.Close()
	cfg.Store = openStore(t, dir)
	s2, _, _ := serveWith(t, cfg)
	if code, after, _ := askReview(t, s2.Handler(), "GET", g.ID); code != http.StatusOK || after.State != "done" || after.Review == nil || len(after.Review.Moves) != 7 {
		t.Errorf("after a restart: %d %+v", code, after)
	}
}

// TestReviewRefusals: a variant of hidden information is not reviewed;
// an address may run so many reviews at once.
func TestReviewRefusals(t *testing.T) {
	s, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir()), Review: reviews.Config{Budget: review.Budget{Depth: 60}, PerClient: 1}})
	h := s.Handler()
	fog := create(t, h, `{"mode":"local","variant":"fogofwar"}`)
	c := dial(t, srv, fog.ID, fog.Token)
	c.state("state")
	c.send(`{"t":"resign"}`)
	finalState(t, c)
	if code, _, body := askReview(t, h, "POST", fog.ID); code != http.StatusUnprocessableEntity || !strings.Contains(body, `"not_reviewable"`) {
		t.Errorf("a fog game: %d %s, want 422 not_reviewable", code, body)
	}

	a := create(t, h, `{"mode":"local","setup":"1. f3 e5 2. g4 Qh4# 0-1"}`)
	b := create(t, h, `{"mode":"local","setup":"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0"}`)
	if code, _, body := askReview(t, h, "POST", a.ID); code != http.StatusAccepted {
		t.Fatalf("first review: %d %s", code, body)
	}
	if code, _, body := askReview(t, h, "POST", b.ID); code != http.StatusTooManyRequests || !strings.Contains(body, "rate_limited") {
		t.Errorf("a second review at once: %d %s, want 429", code, body)
	}
}

// TestReviewXiangqi: a xiangqi game is reviewed from Red's side, in
// Chinese notation, its PGN annotated in comments.
func TestReviewXiangqi(t *testing.T) {
	s, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir()), Review: reviews.Config{Budget: review.Budget{Nodes: 5000}}})
	h := s.Handler()
	g := create(t, h, `{"mode":"local","variant":"xiangqi","setup":"1. 炮二平五 馬８进７ 2. 傌二进三 車９平８ *"}`)
	c := dial(t, srv, g.ID, g.Token)
	c.state("state")
	c.send(`{"t":"resign"}`)
	finalState(t, c)
	if code, _, body := askReview(t, h, "POST", g.ID); code != http.StatusAccepted {
		t.Fatalf("POST review: %d %s", code, body)
	}
	var done reviewStatus
	for range 500 {
		if _, done, _ = askReview(t, h, "GET", g.ID); done.State == "done" {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	r := done.Review
	if r == nil || len(r.Moves) != 4 || r.Moves[0].SAN != "炮二平五" || r.Moves[0].UCI != "h2e2" || r.Moves[1].Side != "black" {
		t.Fatalf("xiangqi review: %+v", done)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, apiRequest("GET", "/api/games/"+g.ID+"/pgn", ""))
	if !strings.Contains(rec.Body.String(), "炮二平五 {[%eval ") {
		t.Errorf("xiangqi PGN:\n%s", rec.Body)
	}

	// The review is stored in traditional characters and read in the
	// reader's script: simplified for zh-CN (?lang= or Accept-Language),
	// as stored for the others; caches keep one answer per language.
	read := func(query, accept string) (reviewStatus, http.Header) {
		t.Helper()
		req := apiRequest("GET", "/api/games/"+g.ID+"/review"+query, "")
		req.Header.Set("Accept-Language", accept)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		var st reviewStatus
		if err := json.Unmarshal(rec.Body.Bytes(), &st); err != nil || st.Review == nil || len(st.Review.Moves) != 4 {
			t.Fatalf("review %s %s: %v %s", query, accept, err, rec.Body)
		}
		return st, rec.Header()
	}
	for _, tt := range []struct {
		query, accept string
		simplified    bool
	}{
		{"?lang=zh-CN", "", true},
		{"", "zh-CN,zh;q=0.9", true},
		{"", "zh-SG", true},
		{"?lang=zh-TW", "zh-CN", false},
		{"", "zh-TW", false},
		{"", "en-US", false},
	} {
		st, header := read(tt.query, tt.accept)
		want := []string{"炮二平五", "馬８進７", "傌二進三", "車９平８"}
		if tt.simplified {
			want = []string{"炮二平五", "马８进７", "马二进三", "车９平８"}
		}
		for i, m := range st.Review.Moves {
			if m.SAN != want[i] {
				t.Errorf("%s %s: move %d is %q, want %q", tt.query, tt.accept, i+1, m.SAN, want[i])
			}
			if tt.simplified && strings.ContainsAny(m.BestSAN, "俥傌帥將車馬砲進後") || !tt.simplified && strings.ContainsAny(m.BestSAN, "车马帅将进后") {
				t.Errorf("%s %s: move %d's best move %q is in the other script", tt.query, tt.accept, i+1, m.BestSAN)
			}
		}
		if !strings.Contains(strings.Join(header.Values("Vary"), ","), "Accept-Language") {
			t.Errorf("%s %s: Vary %q", tt.query, tt.accept, header.Values("Vary"))
		}
	}
}
