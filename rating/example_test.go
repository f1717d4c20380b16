package rating_test

import (
	"fmt"
	"time"

	"github.com/gambitchess/gambit/rating"
)

func ExampleGame() {
	w, b := rating.Game(rating.Default(), rating.Default(), rating.WhiteWins)
	fmt.Println(w.Int(), w.Provisional(), b.Int())
	// Output: 1741 true 1258
}

func ExampleSpeedOf() {
	fmt.Println(rating.SpeedOf(5*time.Minute, 3*time.Second))
	// Output: blitz
}
