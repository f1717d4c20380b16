package puzzles

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/rating"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/server/wire/wiretest"
)

// TestSolveRatesFirstAttempt: an account's first rated attempt moves its
// rating and the puzzle's, each the other's opponent (a win: the solver
// up, the puzzle down; a loss: the other way), by the Glicko-2 of one
// game from the ratings before it; the round's ratingDiff is the
// solver's change as shown. A second attempt, won or lost, answers 0 and
// changes neither.
func TestSolveRatesFirstAttempt(t *testing.T) {
	e := newEnv(t, puzzleAt("a", 1500), puzzleAt("b", 1600), puzzleAt("c", 1700))
	start := rating.Default()
	pa := e.puzzle("a").Rating
	out := e.solve(ann, "/api/puzzle/batch/mix", "a:w:r")
	wantAnn, wantA := rating.Game(start, pa, rating.WhiteWins)
	g, ok := e.rating(ann.user)
	if !ok || g != wantAnn || e.puzzle("a").Rating != wantA || e.puzzle("a").Plays != 1 {
		t.Fatalf("after a win: ann %+v (%v), a %+v; want %+v, %+v", g, ok, e.puzzle("a"), wantAnn, wantA)
	}
	if !(g.Rating > start.Rating && wantA.Rating < pa.Rating) {
		t.Errorf("a win: ann %v → %v, the puzzle %v → %v; want ann up, the puzzle down", start.Rating, g.Rating, pa.Rating, wantA.Rating)
	}
	if len(out.Rounds) != 1 || out.Rounds[0] != (Round{ID: "a", Win: true, RatingDiff: wantAnn.Int() - start.Int()}) || out.Rounds[0].RatingDiff <= 0 {
		t.Errorf("rounds %+v", out.Rounds)
	}
	if out.Glicko != glickoJSON(wantAnn) {
		t.Errorf("glicko %+v, want %+v", out.Glicko, glickoJSON(wantAnn))
	}

	// A loss, from the rating the win left.
	pb := e.puzzle("b").Rating
	out = e.solve(ann, "/api/puzzle/batch/mix", "b:l:r")
	wantAnn2, wantB := rating.Game(wantAnn, pb, rating.BlackWins)
	if g, _ := e.rating(ann.user); g != wantAnn2 || e.puzzle("b").Rating != wantB {
		t.Errorf("after a loss: ann %+v, b %+v; want %+v, %+v", g, e.puzzle("b").Rating, wantAnn2, wantB)
	}
	if !(wantAnn2.Rating < wantAnn.Rating && wantB.Rating > pb.Rating) || out.Rounds[0].RatingDiff >= 0 {
		t.Errorf("a loss: ann %v → %v (diff %d), the puzzle %v → %v; want ann down, the puzzle up",
			wantAnn.Rating, wantAnn2.Rating, out.Rounds[0].RatingDiff, pb.Rating, wantB.Rating)
	}

	// Again: a win on b, a loss on a, in one request: nothing changes.
	beforeA, beforeB := e.puzzle("a"), e.puzzle("b")
	out = e.solve(ann, "/api/puzzle/batch/mix", "b:w:r", "a:l:r")
	if out.Rounds[0] != (Round{ID: "b", Win: true}) || out.Rounds[1] != (Round{ID: "a", Win: false}) {
		t.Errorf("second attempts: %+v; want ratingDiff 0", out.Rounds)
	}
	if g, _ := e.rating(ann.user); g != wantAnn2 {
		t.Errorf("ann after second attempts: %+v, want %+v", g, wantAnn2)
	}
	if a, b := e.puzzle("a"), e.puzzle("b"); a.Rating != beforeA.Rating || a.Plays != 1 || b.Rating != beforeB.Rating || b.Plays != 1 {
		t.Errorf("the puzzles after second attempts: %+v, %+v", a, b)
	}

	// An unrated first attempt: kept (not given again), nothing rated.
	pc := e.puzzle("c")
	out = e.solve(ann, "/api/puzzle/batch/mix", "c:w:c")
	if g, _ := e.rating(ann.user); g != wantAnn2 || out.Rounds[0].RatingDiff != 0 || e.puzzle("c").Rating != pc.Rating {
		t.Errorf("an unrated round: ann %+v, %+v, c %+v", g, out.Rounds, e.puzzle("c"))
	}
	if id := e.next(ann, ""); id != "" {
		t.Errorf("ann's next after all three: %s, want none", id)
	}
	// Another account's first attempt at a rates from the puzzle's new rating.
	pa = e.puzzle("a").Rating
	e.solve(bob, "/api/puzzle/batch/mix", "a:w:r")
	if _, want := rating.Game(start, pa, rating.WhiteWins); e.puzzle("a").Rating != want || e.puzzle("a").Plays != 2 {
		t.Errorf("a after bob's win: %+v, want %+v", e.puzzle("a").Rating, want)
	}
}

// TestSolveBrowserNotRated: a browser's rounds are kept (its next puzzle
// is another) but move no rating, its own nor the puzzle's; its rating
// reads 1500 ± 500, provisional.
func TestSolveBrowserNotRated(t *testing.T) {
	e := newEnv(t, puzzleAt("a", 1500), puzzleAt("b", 1600))
	before := e.puzzle("a")
	out := e.solve(browser, "/api/puzzle/batch/mix?nb=5", "a:w:r")
	if out.Rounds[0] != (Round{ID: "a", Win: true}) || out.Glicko != (Glicko{Rating: 1500, Deviation: 500, Provisional: true}) {
		t.Errorf("a browser's round: %+v, %+v", out.Rounds, out.Glicko)
	}
	if a := e.puzzle("a"); a.Rating != before.Rating || a.Plays != 1 {
		t.Errorf("the puzzle after a browser's win: %+v, want its rating kept, played once", a)
	}
	if batchIDs(out.Puzzles) != "b" {
		t.Errorf("the browser's next batch: %s, want b", batchIDs(out.Puzzles))
	}
	if g, ok := e.rating(anonPrefix + browser.player); ok && g != rating.Default() {
		t.Errorf("the browser's stored rating: %+v", g)
	}
	if id := e.next(ann, ""); id != "a" {
		t.Errorf("an account's next: %s; the browser's rounds are its own", id)
	}
}

// TestSolveRefusals: results from no one are 401, saying why; a puzzle
// that is not there is 404 naming it, and nothing of the request is
// recorded.
func TestSolveRefusals(t *testing.T) {
	e := newEnv(t, puzzleAt("a", 1500), puzzleAt("b", 1600))
	rec := e.want(http.StatusUnauthorized, stranger, "POST", "/api/puzzle/batch/mix", `{"solutions":[{"id":"a","win":true,"rated":true}]}`, nil)
	if code, msg := errorOf(t, rec); code != "signed_out" || !strings.Contains(msg, "account") || !strings.Contains(msg, "browser") {
		t.Errorf("a stranger's results: %s %q", code, msg)
	}
	rec = e.want(http.StatusNotFound, ann, "POST", "/api/puzzle/batch/mix",
		`{"solutions":[{"id":"a","win":true,"rated":true},{"id":"zzz","win":true,"rated":true}]}`, nil)
	if _, msg := errorOf(t, rec); !strings.Contains(msg, `solutions[1].id: no puzzle "zzz"`) {
		t.Errorf("an unknown puzzle: %q", msg)
	}
	if _, ok := e.rating(ann.user); ok || e.puzzle("a").Plays != 0 {
		t.Errorf("a refused request recorded a round")
	}
}

// TestParseSolutions: every field required and of its type, at most
// maxSolutions; each refusal a 400 naming the field.
func TestParseSolutions(t *testing.T) {
	for _, tt := range []struct {
		body, want string // want: the message's start, "" for none
	}{
		{`{"solutions":[{"id":"a","win":true,"rated":false}]}`, ""},
		{`{"solutions":[]}`, ""},
		{``, "bad request: solutions: missing"},
		{`{}`, "bad request: solutions: missing"},
		{`null`, "bad request: solutions: missing"},
		{`{"solutions":null}`, "bad request: solutions: missing"},
		{`{"solutions":[{"win":true,"rated":true}]}`, "bad request: solutions[0].id: missing"},
		{`{"solutions":[{"id":"a","win":true,"rated":true},{"id":"b","rated":true}]}`, "bad request: solutions[1].win: missing"},
		{`{"solutions":[{"id":"a","win":false}]}`, "bad request: solutions[0].rated: missing"},
		{`{"solutions":[{"id":"","win":true,"rated":true}]}`, "bad request: solutions[0].id: "},
		{`{"solutions":[{"id":"a b","win":true,"rated":true}]}`, "bad request: solutions[0].id: "},
		{`{"solutions":[{"id":"a","win":"yes","rated":true}]}`, "bad request: malformed JSON: "},
		{`{"solutions":[{"id":"a","win":true,"rated":true,"time":3}]}`, "bad request: malformed JSON: json: unknown field \"time\""},
		{`{"solution":[]}`, "bad request: malformed JSON: json: unknown field \"solution\""},
		{`[1,2]`, "bad request: malformed JSON: "},
		{`{"solutions":[` + strings.Repeat(`{"id":"a","win":true,"rated":true},`, maxSolutions) + `{"id":"a","win":true,"rated":true}]}`,
			"bad request: solutions: 101 of them, at most 100"},
	} {
		sols, err := parseSolutions(strings.NewReader(tt.body))
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%.60s: %v", tt.body, err)
		case tt.want != "" && (err == nil || !strings.HasPrefix(wire.Message(err), tt.want)):
			t.Errorf("%.60s: %v (%+v); want %q", tt.body, err, sols, tt.want)
		case err != nil:
			if status, _ := wire.Code(err); status != http.StatusBadRequest {
				t.Errorf("%.60s: %d", tt.body, status)
			}
		}
	}
	sols, _ := parseSolutions(strings.NewReader(`{"solutions":[{"id":"a","win":true,"rated":false},{"id":"B_-9","win":false,"rated":true}]}`))
	if len(sols) != 2 || sols[0] != (solution{ID: "a", Win: true}) || sols[1] != (solution{ID: "B_-9", Rated: true}) {
		t.Errorf("parsed %+v", sols)
	}
	e := newEnv(t)
	big := `{"solutions":[{"id":"` + strings.Repeat("a", maxSolveBody) + `"}]}`
	if rec := e.do(ann, "POST", "/api/puzzle/batch/mix", big); rec.Code != http.StatusRequestEntityTooLarge {
		t.Errorf("a body over %d bytes: %d %s", maxSolveBody, rec.Code, rec.Body)
	}
}

// FuzzParseSolutions: any body is parsed or refused as the client's
// error (400 or 413 with a message), and what is parsed is valid.
func FuzzParseSolutions(f *testing.F) {
	for _, seed := range []string{`{"solutions":[{"id":"a","win":true,"rated":false}]}`, `{"solutions":[]}`, ``, `{}`, `null`,
		`{"solutions":[{"id":"a","win":"yes"}]}`, `{"solutions":[{"id":"","win":true,"rated":true}]}`, `[]`, `{"solutions":{}}`} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, body string) {
		sols, err := parseSolutions(strings.NewReader(body))
		wiretest.ClientError(t, "parseSolutions", err)
		if err != nil {
			return
		}
		if len(sols) > maxSolutions {
			t.Fatalf("%q: %d solutions", body, len(sols))
		}
		for _, s := range sols {
			if !validPuzzleID(s.ID) {
				t.Fatalf("%q: id %q", body, s.ID)
			}
		}
	})
}

// TestSolveConcurrent: one account's results sent at once are rated one
// after the other: its rating is that of the rounds in some order, no
// round's update lost.
func TestSolveConcurrent(t *testing.T) {
	e := newEnv(t, puzzleAt("a", 1500), puzzleAt("b", 1500))
	done := make(chan struct{})
	for _, id := range []string{"a", "b"} {
		go func() {
			defer func() { done <- struct{}{} }()
			e.do(ann, "POST", "/api/puzzle/batch/mix", `{"solutions":[{"id":"`+id+`","win":true,"rated":true}]}`)
		}()
	}
	<-done
	<-done
	pa, pb := puzzleAt("a", 1500).Rating, puzzleAt("b", 1500).Rating
	one, _ := rating.Game(rating.Default(), pa, rating.WhiteWins)
	two, _ := rating.Game(one, pb, rating.WhiteWins)
	g, _, err := e.st.PuzzleRating(context.Background(), ann.user, "chess")
	if err != nil || g != two {
		t.Errorf("ann after two wins at once: %+v, want %+v", g, two)
	}
}
