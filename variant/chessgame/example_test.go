package chessgame_test

import (
	"fmt"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/variant/chessgame"
)

// A Chess960 game from start number 518, the standard position: castling
// is the king's move onto its rook, and the opening is named as in chess.
func Example() {
	g, err := game.New(game.Options{ID: "frc", Variant: chessgame.Chess960, Setup: "518"})
	if err != nil {
		fmt.Println(err)
		return
	}
	for i, m := range []string{"e2e4", "e7e5", "g1f3"} {
		if _, err := g.Move(chess.Color(i%2), m); err != nil {
			fmt.Println(err)
			return
		}
	}
	o, _ := g.Opening()
	fmt.Println(g.Variant(), o.ECO, o.Name)
	// Output: chess960 C40 King's Knight Opening
}
