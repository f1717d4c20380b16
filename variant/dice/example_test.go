package dice_test

import (
	"fmt"
	"os"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/variant/dice"
	"github.com/gambitchess/gambit/variant/fair"
)

func Example() {
	var seed fair.Seed // a real game draws one with fair.NewSeed
	g := dice.NewGame(chess.StartPosition(), seed)
	fmt.Println("turn", g.TurnNumber(), g.Turn(), "rolled", g.Rolled())

	// White moves a pawn, using a pawn die, and passes the rest of the turn.
	for _, uci := range []string{"e2e4", "0000"} {
		if err := g.PushUCI(uci); err != nil {
			fmt.Println(err)
			return
		}
	}
	fmt.Println("turn", g.TurnNumber(), g.Turn(), "rolled", g.Rolled())

	// Black uses all three dice.
	for _, uci := range []string{"g8f6", "e7e5", "d7d6"} {
		if err := g.PushUCI(uci); err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(uci, "then turn", g.TurnNumber(), g.Turn(), "dice", g.Dice())
	}
	g.WritePGN(os.Stdout, [][2]string{{"Event", "Example"}}, false)
	// Output:
	// turn 1 white rolled [n p p]
	// turn 2 black rolled [n p p]
	// g8f6 then turn 2 black dice [p p]
	// e7e5 then turn 2 black dice [p]
	// d7d6 then turn 3 white dice [k p q]
	// [Event "Example"]
	// [Variant "Dice chess"]
	// [SeedHash "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"]
	// [Result "*"]
	//
	// 1. {[%dice N P P]} e4 -- 1... {[%dice N P P]} Nf6 e5 d6 *
}
