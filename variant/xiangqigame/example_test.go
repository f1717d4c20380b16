package xiangqigame_test

import (
	"fmt"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/variant/xiangqigame"
)

// A xiangqi game: Red (the first mover, chess.White) opens with the central
// cannon, and the move is written in Chinese notation.
func Example() {
	g, err := game.New(game.Options{ID: "xq", Variant: xiangqigame.Xiangqi})
	if err != nil {
		fmt.Println(err)
		return
	}
	events, err := g.Move(chess.White, "h2e2")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(events[0].Step.SAN, g.Turn() == chess.Black)
	// Output: 炮二平五 true
}
