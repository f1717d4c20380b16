package swiss_test

import (
	"fmt"

	"github.com/gambitchess/gambit/tournament/swiss"
)

// Two rounds of a five-player event, White winning every game. In round 2
// the top scoregroup (ana, dev, eli: 1 point) has one player too many, who
// must float down to ben, the only 0-point player left once cai (the
// lowest-ranked) takes the bye. dev cannot float (he met ben); ana against
// dev would deny one of them his colour (both had White), while dev against
// eli grants both: so ana floats, and plays ben with Black.
func ExamplePair() {
	players := []swiss.Player{
		{ID: "ana", Rating: 2400}, {ID: "ben", Rating: 2300}, {ID: "cai", Rating: 2200},
		{ID: "dev", Rating: 2100}, {ID: "eli", Rating: 2000},
	}
	var history []swiss.Round
	for round := 1; round <= 2; round++ {
		pairing, err := swiss.Pair(players, history, 5)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println("Round", round)
		for i, g := range pairing {
			if g.IsBye() {
				fmt.Printf("  bye: %s\n", g.White)
				continue
			}
			pairing[i].Result = swiss.WhiteWins // White wins every game
			fmt.Printf("  %s - %s\n", g.White, g.Black)
		}
		history = append(history, pairing)
	}
	for _, s := range swiss.Standings(players, history) {
		fmt.Printf("%d. %s %.1f (Buchholz %.1f)\n", s.Rank, s.Player.ID, s.Points, s.Buchholz)
	}
	// Output:
	// Round 1
	//   ana - cai
	//   dev - ben
	//   bye: eli
	// Round 2
	//   eli - dev
	//   ben - ana
	//   bye: cai
	// 1. eli 2.0 (Buchholz 1.0)
	// 2. dev 1.0 (Buchholz 3.0)
	// 3. ana 1.0 (Buchholz 2.0)
	// 4. ben 1.0 (Buchholz 2.0)
	// 5. cai 1.0 (Buchholz 1.0)
}
