package jieqi_test

import (
	"fmt"
	"os"

	"github.com/gambitchess/gambit/variant/fair"
	"github.com/gambitchess/gambit/variant/jieqi"
)

// A game dealt by a fixed seed: Red's b2 piece (on a cannon's point)
// takes on b9 as a cannon and turns out to be a horse; it took an advisor,
// which Red learns and Black, who lost it, does not. Black's a9 piece
// takes back and is a chariot. The PGN written during the game
// commits to the seed and records the reveals, not what was taken face
// down.
func ExampleGame() {
	g := jieqi.NewGame(fair.Seed{1, 2, 3})
	for _, m := range []string{"b2b9", "a9b9"} {
		pl, err := g.PushUCI(m)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(pl, "seen by Black:", pl.SeenBy(jieqi.Black))
	}
	fmt.Println(g.FEN())
	red, black := g.View(jieqi.Red), g.View(jieqi.Black)
	fmt.Println("Red knows it took", red.Captured(jieqi.Black), "; Black knows of", black.CapturedUnknown(jieqi.Black), "unknown")
	if err := g.WritePGN(os.Stdout, [][2]string{{"Event", "Example"}}, false); err != nil {
		fmt.Println(err)
	}
	// Output:
	// b2b9=Nxa seen by Black: b2b9=Nx?
	// a9b9=rxN seen by Black: a9b9=rxN
	// 1rxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/7X1/9/XXXXKXXXX w - - 0 2
	// Red knows it took [a] ; Black knows of 1 unknown
	// [Event "Example"]
	// [Result "*"]
	// [Variant "Jieqi"]
	// [SeedHash "1ac2f192702849e03dfe5c31ec66a4f6408b5eb16cc02f1583ce713b22be92ed"]
	//
	// 1. b2b9 {[%reveal N]} 1... a9b9 {[%reveal r]} *
}
