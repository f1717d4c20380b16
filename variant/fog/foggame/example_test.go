package foggame_test

import (
	"encoding/json"
	"fmt"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/variant/fog/foggame"
)

// A command returns the events it caused; the game's goroutine saves them,
// then shows each viewer the game as that viewer may see it: in fog of
// war, a seat sees its own pieces and what they reach, a spectator nothing
// until the end. Load rebuilds the game from its header and events.
func Example() {
	g, _ := game.New(game.Options{ID: "fog", Mode: game.ModeLocal, Variant: foggame.FogOfWar,
		Seats: [2]game.Seat{{Kind: game.SeatHuman}, {Kind: game.SeatHuman}}})
	events, _ := g.Move(chess.White, "e2e4")
	more, _ := g.Move(chess.Black, "d7d5")
	for _, v := range []game.Viewer{game.SeatViewer(chess.White), game.Spectator} {
		s := g.Sight(v, true)
		fmt.Println(s.FEN, s.Moves[1].SAN)
	}
	header, _ := json.Marshal(g.Header())
	again, _ := game.Load(header, append(events, more...), nil)
	fmt.Println(again.View(game.Spectator).FEN() == g.View(game.Spectator).FEN(), again.Version())
	// Output:
	// 8/8/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQ - 0 2 ?
	// 8/8/8/8/8/8/8/8 w - - 0 2 ?
	// true 2
}
