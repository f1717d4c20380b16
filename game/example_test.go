package game_test

import (
	"fmt"
	"strings"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
)

func Example() {
	g, _ := game.New(game.Options{ID: "demo", Mode: game.ModeLocal, Now: time.Now})
	var sans []string
	for _, u := range []string{"f2f3", "e7e5", "g2g4", "d8h4"} {
		played, err := g.Move(g.Turn(), u)
		if err != nil {
			fmt.Println(err)
			return
		}
		sans = append(sans, played.SAN)
	}
	fmt.Println(strings.Join(sans, " "))
	fmt.Println(g.Status(), g.Status().Finished(), g.Result(), g.Outcome().Termination)
	// Output:
	// f3 e5 g4 Qh4#
	// mate true 0-1 checkmate
}

func ExampleGame_Dests() {
	g, _ := game.New(game.Options{ID: "demo"})
	fmt.Println(g.Dests()["g1"], g.Dests()["e2"])
	_, err := g.Move(chess.Black, "e7e5")
	fmt.Println(err)
	// Output:
	// [f3 h3] [e3 e4]
	// game: not your turn: white to move
}
