package bombbot_test

import (
	"context"
	"fmt"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/engine/bombbot"
	"github.com/gambitchess/gambit/variant/bomb"
)

// The bot mates at once when it can: f7 is on rank 7, where no mine lies.
// Its inputs are the public ones a bomb.Game gives: Exploded, KnownSafe
// and the count of mines left.
func ExampleChoose() {
	pos, err := chess.ParseFEN("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4")
	if err != nil {
		fmt.Println(err)
		return
	}
	m := bombbot.Choose(context.Background(), pos, 0, bomb.BackRanks, bomb.NumMines, 2)
	fmt.Println(pos.SAN(m))
	// Output: Qxf7#
}
