package opening_test

import (
	"fmt"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/chess/opening"
)

func ExampleClassify() {
	g := chess.NewGame()
	for _, m := range []string{"e4", "e5", "Nf3", "Nc6", "Bb5"} {
		g.PushSAN(m)
	}
	o, _ := opening.Classify(g)
	fmt.Println(o.ECO, o.Name, o.Ply)
	// Output: C60 Ruy Lopez 5
}

func ExampleKnown() {
	g := chess.NewGame()
	g.PushSAN("e4")
	p := g.Position()
	fmt.Println(opening.Known(&p))
	for _, m := range []string{"e5", "Nf3", "Nc6", "Ke2"} {
		g.PushSAN(m)
	}
	p = g.Position()
	fmt.Println(opening.Known(&p))
	// Output:
	// true
	// false
}
