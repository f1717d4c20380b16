package computer

import (
	"context"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/review"
	"github.com/gambitchess/gambit/xiangqi"
)

// TestReviewer: a registered engine reviews the variants it plays, really
// started (Stockfish finds the mating blunder of a chess game), and leaves
// the others to the built-in engines (nil).
func TestReviewer(t *testing.T) {
	sf, fairy := debianEngines(t)
	c := chess.NewGame()
	for _, s := range strings.Fields("e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#") {
		if _, err := c.PushSAN(s); err != nil {
			t.Fatal(err)
		}
	}
	x := xiangqi.NewGame()
	if _, err := x.PushUCI("h2e2"); err != nil {
		t.Fatal(err)
	}
	chessGame, xqGame := review.FromChess(c), review.FromXiangqi(x)
	if ev := sf.Reviewer()(xqGame); ev != nil {
		t.Errorf("Stockfish reviews xiangqi (%T); want the built-in engine (nil)", ev)
	}
	if ev := fairy.Reviewer()(chessGame); ev != nil {
		t.Errorf("Fairy-Stockfish, registered for xiangqi only, reviews chess (%T)", ev)
	}
	ev := sf.Reviewer()(chessGame)
	if ev == nil {
		t.Fatal("Stockfish does not review chess")
	}
	defer ev.Close()
	r, err := review.Run(context.Background(), chessGame, ev, review.Options{Budget: review.Budget{Depth: 8}})
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Moves[5]; got.Class != "blunder" {
		t.Errorf("6...Nf6 is %q by %s; want a blunder", got.Class, r.Engine)
	}
}
