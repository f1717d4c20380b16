package tournament_test

import (
	"fmt"
	"time"

	"github.com/gambitchess/gambit/tournament"
)

// Two wins set a player on fire: the third scores double.
func ExampleSheet() {
	ps := []tournament.Pairing{
		{Game: "g1", White: "ann", Black: "bo", Outcome: tournament.WhiteWon, Plies: 41},
		{Game: "g2", White: "cy", Black: "ann", Outcome: tournament.BlackWon, Plies: 60},
		{Game: "g3", White: "ann", Black: "di", Outcome: tournament.WhiteWon, Plies: 33},
	}
	sheet := tournament.Sheet("ann", ps, time.Time{})
	for _, s := range sheet {
		fmt.Println(s.Game, s.Points, s.Fire)
	}
	fmt.Println("total", tournament.Points(sheet), "on fire", tournament.OnFire(sheet))
	// Output:
	// g1 2 false
	// g2 2 false
	// g3 4 true
	// total 8 on fire true
}

// Waiting players meet their neighbours in the standings.
func ExamplePairArena() {
	now := time.Date(2026, 12, 6, 18, 0, 0, 0, time.UTC)
	waiting := []tournament.Waiting{
		{ID: "ann", Rank: 1, Since: now}, {ID: "bo", Rank: 2, Since: now},
		{ID: "cy", Rank: 3, Since: now}, {ID: "di", Rank: 4, Since: now},
	}
	for _, p := range tournament.PairArena(waiting, now) {
		fmt.Println(p.White, "-", p.Black)
	}
	// Output:
	// ann - bo
	// cy - di
}
