package store

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/gambitchess/gambit/rating"
)

// benchThemes are the themes benchPuzzles draws from, the first the most
// often (lichess's are as uneven).
var benchThemes = []string{"short", "crushing", "middlegame", "advantage", "endgame", "fork", "mate", "mateIn2", "pin", "sacrifice"}

// benchPuzzles returns n chess puzzles, rated 600 to 2800, each with one
// to three themes, the same every run.
func benchPuzzles(n int) []Puzzle {
	rnd := rand.New(rand.NewPCG(1, 2))
	ps := make([]Puzzle, n)
	for i := range ps {
		themes := make([]string, 1+rnd.IntN(3))
		for j := range themes {
			themes[j] = benchThemes[min(rnd.IntN(len(benchThemes)), rnd.IntN(len(benchThemes)))]
		}
		ps[i] = Puzzle{ID: fmt.Sprintf("%05x", i), Variant: "chess", FEN: "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
			Moves: []string{"f3e5", "c6e5", "d2d4", "e5c6"}, Rating: rating.Glicko{Rating: 600 + 2200*rnd.Float64(), Deviation: 80, Volatility: 0.09},
			Themes: themes, Game: fmt.Sprintf("games.pgn#%d", i)}
	}
	return ps
}

// BenchmarkNextPuzzle asks for the next puzzle near 1500 among 100,000
// stored in SQLite, for a solver who has played the played puzzles
// nearest to 1500 (all of them ones the scans must step over), of any
// theme and of mateIn2 (about 10% of the puzzles, by puzzle_themes_next).
func BenchmarkNextPuzzle(b *testing.B) {
	ctx := context.Background()
	st, _ := openTemp(b)
	defer st.Close()
	ps := benchPuzzles(100_000)
	if n, err := st.AddPuzzles(ctx, ps); err != nil || n != len(ps) {
		b.Fatalf("AddPuzzles = %d, %v", n, err)
	}
	slices.SortFunc(ps, func(x, y Puzzle) int {
		return cmp.Compare(math.Abs(x.Rating.Rating-1500), math.Abs(y.Rating.Rating-1500))
	})
	at := time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)
	for i, p := range ps[:200] {
		r := PuzzleRound{Solver: "s-played", Puzzle: p.ID, Win: i%3 > 0, At: at.Add(time.Duration(i) * time.Second)}
		if err := st.RecordRound(ctx, r, &RoundRatings{PuzzleBefore: p.Rating, Puzzle: p.Rating, Solver: rating.Default()}); err != nil {
			b.Fatal(err)
		}
	}
	for _, solver := range []string{"s-new", "s-played"} {
		for _, theme := range []string{"", "mateIn2"} {
			b.Run(fmt.Sprintf("solver=%s/theme=%s", solver, cmp.Or(theme, "any")), func(b *testing.B) {
				q := PuzzleQuery{Variant: "chess", Theme: theme, Solver: solver, Rating: 1500}
				b.ReportAllocs()
				for b.Loop() {
					if _, err := st.NextPuzzle(ctx, q); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
	// The one found is the nearest the solver has not played.
	p, err := st.NextPuzzle(ctx, PuzzleQuery{Variant: "chess", Solver: "s-played", Rating: 1500})
	if err != nil || p.ID != ps[200].ID {
		b.Errorf("NextPuzzle after 200 rounds = %s, %v; want %s", p.ID, err, ps[200].ID)
	}
}
