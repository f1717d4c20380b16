package fog_test

import (
	"fmt"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/variant/fog"
)

// A game in which White's bishop takes the king that Black left in its line.
// White's view before the capture shows the king on d7, which the bishop
// could take, and fog ('?') wherever no White piece could go.
func ExampleGame() {
	g := fog.NewGame(fog.StartPosition())
	for _, m := range []string{"e2e4", "d7d6", "f1b5", "e8d7"} {
		if err := g.PushUCI(m); err != nil {
			fmt.Println(err)
			return
		}
	}
	p := g.Position()
	v := p.View(chess.White)
	fmt.Println(v.Placement())
	if err := g.PushUCI("b5d7"); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Outcome())
	// Output:
	// ????????/???k????/1?1?????/?B??1??1/4P3/4?3/PPPP1PPP/RNBQK1NR
	// 1-0 (king captured)
}
