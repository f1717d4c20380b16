package fair_test

import (
	"fmt"

	"github.com/gambitchess/gambit/variant/fair"
)

// A game publishes the commitment when it starts, derives every roll from
// the seed, and reveals the seed at the end; anyone can then check both.
func Example() {
	seed, _ := fair.ParseSeed("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f")
	commitment := seed.Commitment() // published at the start
	roll := seed.Intn("dice 1 1", 3)

	revealed, _ := fair.ParseSeed(seed.String()) // published at the end
	fmt.Println(revealed.Check(commitment) == nil, revealed.Intn("dice 1 1", 3) == roll)
	// Output: true true
}
