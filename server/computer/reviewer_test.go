package computer

import (
	"context"
	"testing"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/review"
	"github.com/gambitchess/gambit/server/servertest"
	"github.com/gambitchess/gambit/variant/chessgame"
	"github.com/gambitchess/gambit/variant/xiangqigame"
)

// TestReviewer: a registered engine reviews the variants it plays, really
// started (Stockfish finds the mating blunder of a chess game), and leaves
// the others to the built-in engines (nil).
func TestReviewer(t *testing.T) {
	sf, fairy := debianEngines(t)
	chessGame := reviewGame(t, chessgame.Chess, "e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7")
	xqGame := reviewGame(t, xiangqigame.Xiangqi, "h2e2")
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

// reviewGame is a game of variant v after moves (coordinate text, spaced),
// under review.
func reviewGame(t *testing.T, v game.Variant, moves string) *review.Game {
	return servertest.ReviewGame(t, v, moves)
}
