package puzzles

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"github.com/gambitchess/gambit/store"
)

// benchThemes are the themes the benchmark's puzzles draw from, the
// first the most often (lichess's are as uneven).
var benchThemes = []string{"short", "crushing", "middlegame", "advantage", "endgame", "fork", "mate", "mateIn2", "pin", "sacrifice"}

// BenchmarkNext times GET /api/puzzle/next through the handler, the
// puzzle written as lichess's PuzzleAndGame (its PGN made), among 100,000
// chess puzzles rated 600 to 2800 in SQLite, for an account that has
// played the 200 puzzles nearest its rating (all of which the store's
// scans step over): of any theme, and of mateIn2 (about a tenth). It
// reports the 99th percentile of a request's time (goal: under 5 ms).
func BenchmarkNext(b *testing.B) {
	rnd := rand.New(rand.NewPCG(1, 2))
	ps := make([]store.Puzzle, 100_000)
	for i := range ps {
		themes := make([]string, 1+rnd.IntN(3))
		for j := range themes {
			themes[j] = benchThemes[min(rnd.IntN(len(benchThemes)), rnd.IntN(len(benchThemes)))]
		}
		ps[i] = puzzleAt(fmt.Sprintf("b%06d", i), 600+2200*rnd.Float64(), themes...)
	}
	e := newEnv(b, ps...)
	e.setRating(ann.user, 1500)
	ctx := context.Background()
	near, err := e.st.NextPuzzles(ctx, store.PuzzleQuery{Variant: "chess", Rating: 1500}, 200)
	if err != nil {
		b.Fatal(err)
	}
	for i, p := range near { // played, keeping ann's rating and the puzzles'
		g, _ := e.rating(ann.user)
		r := store.PuzzleRound{Solver: ann.user, Puzzle: p.ID, Variant: "chess", Win: i%3 > 0, At: t0.Add(time.Duration(i) * time.Second)}
		if err := e.st.RecordRound(ctx, r, &store.RoundRatings{PuzzleBefore: p.Rating, Puzzle: p.Rating, Solver: g}); err != nil {
			b.Fatal(err)
		}
	}
	for _, angle := range []string{"mix", "mateIn2"} {
		b.Run("angle="+angle, func(b *testing.B) {
			path := "/api/puzzle/next?angle=" + angle
			var took []time.Duration
			b.ReportAllocs()
			for b.Loop() {
				r := httptest.NewRequest("GET", path, nil)
				r.Header.Set(userHeader, ann.user)
				rec := httptest.NewRecorder()
				start := time.Now()
				e.mux.ServeHTTP(rec, r)
				took = append(took, time.Since(start))
				if rec.Code != http.StatusOK {
					b.Fatalf("%d %s", rec.Code, rec.Body)
				}
			}
			slices.Sort(took)
			p99 := took[min(len(took)-1, len(took)*99/100)]
			b.ReportMetric(float64(p99.Microseconds())/1000, "p99-ms")
		})
	}
}
