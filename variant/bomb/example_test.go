package bomb_test

import (
	"fmt"
	"os"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/variant/bomb"
	"github.com/gambitchess/gambit/variant/fair"
)

// A game whose seed lays a mine on e5, the square of Black's first move.
// Black's pawn goes up with the mine and takes White's pawn on e4 along;
// the PGN names the blast but, the mines not revealed, only commits to the
// seed.
func ExampleGame() {
	seed, err := fair.ParseSeed("3700000000000000000000000000000000000000000000000000000000000000")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("mines:", bomb.Mines(seed).Squares())
	g := bomb.NewGame(chess.StartPosition(), seed)
	for _, m := range []string{"e2e4", "e7e5", "g1f3"} {
		blast, err := g.PushUCI(m)
		if err != nil {
			fmt.Println(err)
			return
		}
		if blast.Exploded {
			fmt.Printf("%s: a mine on %v clears %v\n", m, blast.Square, blast.Cleared.Squares())
		}
	}
	p := g.Position()
	fmt.Println(p.FEN())
	fmt.Println("exploded:", g.Exploded().Squares(), "still hidden:", g.Hidden().Count())
	if err := g.WritePGN(os.Stdout, [][2]string{{"Event", "Example"}}, false); err != nil {
		fmt.Println(err)
	}
	// Output:
	// mines: [a3 e5 h5 c6 d6 f6 g6 h6]
	// e7e5: a mine on e5 clears [e4 e5]
	// rnbqkbnr/pppp1ppp/8/8/8/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2
	// exploded: [e5] still hidden: 7
	// [Event "Example"]
	// [Result "*"]
	// [Variant "Bomb chess"]
	// [SeedHash "0cb71061918d98af8d44f7bf7c9adbd50519ebba01153383158d0afc6df5b420"]
	//
	// 1. e4 e5 {[%blast e5]} 2. Nf3 *
}
