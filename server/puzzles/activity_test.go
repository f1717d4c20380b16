package puzzles

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/store"
)

// activity reads w's activity at query: the puzzles' ids of its lines,
// in order.
func (e *env) activity(w who, query string) []string {
	e.t.Helper()
	rec := e.want(http.StatusOK, w, "GET", "/api/puzzle/activity"+query, "", nil)
	if ct := rec.Header().Get("Content-Type"); ct != "application/x-ndjson" {
		e.t.Errorf("activity%s: Content-Type %q", query, ct)
	}
	var ids []string
	for line := range strings.Lines(rec.Body.String()) {
		var a Activity
		if err := json.Unmarshal([]byte(line), &a); err != nil {
			e.t.Fatalf("activity line %q: %v", line, err)
		}
		ids = append(ids, a.Puzzle.ID)
	}
	return ids
}

// TestActivity: a solver's rounds, one NDJSON line each as lichess's
// PuzzleActivity, the most recent first; max, before (out) and since
// (in), in milliseconds; another solver's apart; a stranger 401.
func TestActivity(t *testing.T) {
	var ps []store.Puzzle
	for i := range 6 {
		ps = append(ps, puzzleAt(fmt.Sprintf("p%d", i), 1500+float64(i), "short"))
	}
	e := newEnv(t, append(ps, xiangqiAt("x1", 1500))...)
	for i := range 6 { // p0 at t0, p1 a minute later, …
		e.solve(ann, "/api/puzzle/batch/mix", fmt.Sprintf("p%d:%s:r", i, map[bool]string{true: "w", false: "l"}[i%2 == 0]))
		e.clock.add(time.Minute)
	}
	e.solve(ann, "/api/puzzle/batch/mix?variant=xiangqi", "x1:w:r") // at 6 minutes
	e.solve(browser, "/api/puzzle/batch/mix", "p3:w:r")
	ms := func(minutes int) string { return fmt.Sprint(t0.Add(time.Duration(minutes) * time.Minute).UnixMilli()) }
	for _, tt := range []struct {
		query, want string
	}{
		{"", "x1 p5 p4 p3 p2 p1 p0"}, // every variant's
		{"?max=2", "x1 p5"},
		{"?before=" + ms(4), "p3 p2 p1 p0"},
		{"?since=" + ms(2), "x1 p5 p4 p3 p2"},
		{"?since=" + ms(1) + "&before=" + ms(4) + "&max=2", "p3 p2"},
		{"?before=" + ms(0), ""},
		{"?variant=chess", "p5 p4 p3 p2 p1 p0"},
		{"?variant=chess&max=2", "p5 p4"},
		{"?variant=xiangqi", "x1"},
		{"?variant=chess960", ""},
	} {
		if got := strings.Join(e.activity(ann, tt.query), " "); got != tt.want {
			t.Errorf("ann's activity%s = %q, want %q", tt.query, got, tt.want)
		}
	}
	if got := e.activity(browser, ""); len(got) != 1 || got[0] != "p3" {
		t.Errorf("the browser's activity: %v, want p3", got)
	}
	rec := e.want(http.StatusOK, ann, "GET", "/api/puzzle/activity?variant=chess&max=1", "", nil)
	var a Activity
	if err := json.Unmarshal(rec.Body.Bytes(), &a); err != nil {
		t.Fatal(err)
	}
	p := e.puzzle("p5")
	want := Activity{Date: t0.Add(5 * time.Minute).UnixMilli(), Win: false, Puzzle: ActivityPuzzle{FEN: chessFEN, ID: "p5", LastMove: "g8f6",
		Plays: 1, Rating: p.Rating.Int(), Solution: []string{"h5f7"}, Themes: []string{"short"}, Variant: "chess"}}
	if b, _ := json.Marshal(a); string(b) != string(must(json.Marshal(want))) {
		t.Errorf("a line: %s, want %s", b, must(json.Marshal(want)))
	}
	if code, _ := errorOf(t, e.want(http.StatusUnauthorized, stranger, "GET", "/api/puzzle/activity", "", nil)); code != "signed_out" {
		t.Errorf("a stranger's activity: %s", code)
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestActivityPages: read a page at a time, rounds of one instant (one
// request's results, under a clock that does not move) are neither
// skipped nor repeated where a page ends among them.
func TestActivityPages(t *testing.T) {
	defer func(n int) { activityPage = n }(activityPage)
	activityPage = 3
	var ps []store.Puzzle
	var sols []string
	for i := range 8 {
		id := fmt.Sprintf("q%d", i)
		ps = append(ps, puzzleAt(id, 1500))
		sols = append(sols, id+":w:c")
	}
	e := newEnv(t, ps...)
	e.solve(ann, "/api/puzzle/batch/mix", sols[:2]...) // q0 q1 at t0
	e.clock.add(time.Second)
	e.solve(ann, "/api/puzzle/batch/mix", sols[2:7]...) // q2 … q6 at t0+1s
	e.clock.add(time.Second)
	e.solve(ann, "/api/puzzle/batch/mix", sols[7]) // q7 at t0+2s
	// Newest first; at one instant, by id from the last.
	all := "q7 q6 q5 q4 q3 q2 q1 q0"
	for _, tt := range []struct{ query, want string }{
		{"", all},
		{"?max=4", "q7 q6 q5 q4"},
		{"?max=7", "q7 q6 q5 q4 q3 q2 q1"},
		{"?max=100", all},
	} {
		if got := strings.Join(e.activity(ann, tt.query), " "); got != tt.want {
			t.Errorf("activity%s in pages of %d = %q, want %q", tt.query, activityPage, got, tt.want)
		}
	}
}
