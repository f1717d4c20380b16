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
		events, err := g.Move(g.Turn(), u)
		if err != nil {
			fmt.Println(err)
			return
		}
		sans = append(sans, events[0].Step.SAN)
	}
	fmt.Println(strings.Join(sans, " "))
	fmt.Println(g.Status(), g.Status().Finished(), g.Result(), g.Outcome().Termination)
	// Output:
	// f3 e5 g4 Qh4#
	// mate true 0-1 checkmate
}

// The legal destinations go to the player of the side to move alone.
func ExampleGame_DestsFor() {
	g, _ := game.New(game.Options{ID: "demo"})
	white := game.Viewer{Seats: [2]bool{true, false}}
	fmt.Println(g.DestsFor(white)["g1"], g.DestsFor(white)["e2"], len(g.DestsFor(game.Spectator)))
	_, err := g.Move(chess.Black, "e7e5")
	fmt.Println(err)
	// Output:
	// [f3 h3] [e3 e4] 0
	// game: not your turn: white to move
}

// A game's whole record is read where everyone may see it all; a hidden
// game in play is read as one viewer sees it.
func ExampleGame_View() {
	g, _ := game.New(game.Options{ID: "demo"})
	_, _ = g.Move(chess.White, "e2e4")
	w, ok := g.Whole()
	fmt.Println(ok, w.FEN(), len(g.View(game.Spectator).History()))
	// Output:
	// true rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 1
}

func Example_xiangqi() {
	g, _ := game.New(game.Options{ID: "xq", Variant: game.Xiangqi, StartFEN: "3k5/9/9/9/9/9/9/9/9/RR2K4 w - - 0 1"})
	for _, iccs := range []string{"a0a9", "d9d8", "b0d0"} {
		events, _ := g.Move(g.Turn(), iccs)
		played := events[0].Step
		fmt.Println(played.UCI, played.SAN, played.WXF)
	}
	fmt.Println(g.Status(), g.Result(), g.Outcome().Termination)
	// Output:
	// a0a9 俥九進九 R9+9
	// d9d8 將４進１ K4+1
	// b0d0 俥八平六 R8.6
	// mate 1-0 checkmate
}

// A Chess960 game starts from the position its setup names (here number 3;
// an empty setup draws one), and castles as the king's move onto its rook.
func Example_chess960() {
	g, err := game.New(game.Options{ID: "frc", Variant: game.Chess960, Setup: "3"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.View(game.Spectator).StartFEN(), g.DestsFor(game.Viewer{Seats: [2]bool{true, true}})["f1"])
	for _, u := range []string{"f1g1", "f8g8"} {
		events, _ := g.Move(g.Turn(), u)
		fmt.Print(events[0].Step.SAN, " ")
	}
	fmt.Println(g.View(game.Spectator).FEN())
	// Output:
	// bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w KQkq - 0 1 [g1]
	// O-O O-O bqnnrrkb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRRKB w - - 2 2
}
