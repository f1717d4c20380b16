package banqi_test

import (
	"fmt"
	"os"

	"github.com/gambitchess/gambit/variant/banqi"
	"github.com/gambitchess/gambit/variant/fair"
)

// A game dealt by a fixed seed: the first player turns up the red general
// and so plays red; the second turns up a black soldier beside it, which
// the general may not take, and which takes the general. The PGN written
// during the game commits to the seed and shows every flip, as the board
// did.
func ExampleGame() {
	g := banqi.NewGame(fair.Seed{1, 2, 3}, banqi.DefaultOptions())
	for _, m := range []string{"b1b1", "b2b2", "a1a1", "b2b1"} {
		pl, err := g.PushText(m)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(pl.Player, pl)
	}
	fmt.Println(g.FEN())
	if err := g.WritePGN(os.Stdout, [][2]string{{"Event", "Example"}}, false); err != nil {
		fmt.Println(err)
	}
	// Output:
	// first b1=K
	// second b2=p
	// first a1=b
	// second Pb2xb1
	// xxxxxxxx/xxxxxxxx/x1xxxxxx/bpxxxxxx w r 0 3
	// [Event "Example"]
	// [Result "*"]
	// [Variant "Banqi"]
	// [SeedHash "1ac2f192702849e03dfe5c31ec66a4f6408b5eb16cc02f1583ce713b22be92ed"]
	//
	// 1. b1=K b2=p 2. a1=b Pb2xb1 *
}

// The public start: 32 flips, and every one of them may turn up any of
// the 14 kinds of piece.
func ExamplePerft() {
	p := banqi.StartPosition()
	var ml banqi.MoveList
	p.GenerateLegal(&ml)
	fmt.Println(ml.Len(), ml.At(0), ml.At(31))
	fmt.Println(banqi.Perft(&p, 1), banqi.Perft(&p, 2))
	// Output:
	// 32 a1a1 h4h4
	// 32 13888
}

// What a player knows: the board, and the pieces taken, which narrow what
// a face-down piece may be.
func ExampleSightOf() {
	p, err := banqi.SightOf("xxxxxxxx/xxxxxxxx/xxxxxxxx/xKxxxxx1 b r 0 2", [2]string{"", "p"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.ColorToMove(), p.Pool(banqi.NewPiece(banqi.Black, banqi.Soldier)), p.Pool(banqi.NewPiece(banqi.Red, banqi.King)))
	// Output:
	// black 4 0
}
