package review

import (
	"testing"

	"github.com/gambitchess/gambit/game"
	_ "github.com/gambitchess/gambit/variant/all" // every variant's registration, as the server links them
)

// openGame returns, under review, the game of variant v set up as a player
// pastes it (setup: a FEN or a PGN of the variant), then moves (coordinate
// text) played: built through the registry, as the server builds its
// games.
func openGame(t testing.TB, v game.Variant, setup string, moves ...string) *Game {
	t.Helper()
	start, played, err := mustSpec(t, v).Setup(setup)
	if err != nil {
		t.Fatalf("%s setup %.40q: %v", v, setup, err)
	}
	g, err := game.New(game.Options{Variant: v, StartFEN: start, MoveText: append(played, moves...)})
	if err != nil {
		t.Fatalf("%s: %v", v, err)
	}
	rg, err := Open(g)
	if err != nil {
		t.Fatal(err)
	}
	return rg
}

// mustSpec returns variant v's registration.
func mustSpec(t testing.TB, v game.Variant) *game.Spec {
	t.Helper()
	spec, err := game.Lookup(v)
	if err != nil {
		t.Fatal(err)
	}
	return spec
}
