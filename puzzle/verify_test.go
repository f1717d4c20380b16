package puzzle_test

import (
	"strings"
	"testing"

	"github.com/gambitchess/gambit/puzzle"
	"github.com/gambitchess/gambit/review"
)

// scholars is 3...Nf6?? 4.Qxf7#, as the finder stores it.
func scholars() puzzle.Puzzle {
	p := puzzle.Puzzle{ID: "t", Variant: "chess", FEN: "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3",
		Moves: []string{"g8f6", "h5f7"},
		Evals: []puzzle.Choice{{Best: puzzle.Line{Moves: []string{"h5f7"}, Score: review.MateScore(1)},
			Second: &puzzle.Line{Moves: []string{"c4f7"}, Score: review.CPScore(150)}}}}
	p.Themes = puzzle.Themes(p)
	return p
}

func TestVerifyRefuses(t *testing.T) {
	if err := puzzle.Verify(scholars()); err != nil {
		t.Fatalf("the sound puzzle: %v", err)
	}
	for _, c := range []struct {
		name   string
		change func(p *puzzle.Puzzle)
		want   string
	}{
		{"an illegal move", func(p *puzzle.Puzzle) { p.Moves[1] = "h5h8" }, "h5h8"},
		{"a move that does not mate", func(p *puzzle.Puzzle) {
			p.Moves[1] = "c4f7"
			p.Evals[0].Best.Moves = []string{"c4f7"}
		}, "does not end in mate"},
		{"another move than the best", func(p *puzzle.Puzzle) { p.Evals[0].Best.Moves = []string{"c4f7"} }, "the solution plays h5f7"},
		{"no choice stored", func(p *puzzle.Puzzle) { p.Evals = nil }, "0 choices for 1 moves"},
		{"a second move as good", func(p *puzzle.Puzzle) {
			p.Evals[0].Best.Score = review.CPScore(700)
			p.Evals[0].Second.Score = review.CPScore(650)
			p.Themes = puzzle.Themes(*p)
		}, "not the only move"},
		{"themes of another puzzle", func(p *puzzle.Puzzle) { p.Themes = []string{"fork"} }, "themes [fork]"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := scholars()
			c.change(&p)
			if err := puzzle.Verify(p); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%v, want %q", err, c.want)
			}
		})
	}
}
