package review_test

import (
	"fmt"

	"github.com/gambitchess/gambit/review"
)

func ExampleWinPercent() {
	fmt.Printf("%.1f %.1f %.1f\n", review.WinPercent(0), review.WinPercent(100), review.WinPercent(review.MateScore(3).CP))
	// Output: 50.0 59.1 97.5
}

func ExampleMoveAccuracy() {
	fmt.Printf("%.1f %.1f\n", review.MoveAccuracy(60, 50), review.MoveAccuracy(50, 55))
	// Output: 64.6 100.0
}

func ExampleClassify() {
	fmt.Println(review.Classify(review.CPScore(100), review.CPScore(-200)))
	fmt.Println(review.Classify(review.CPScore(0), review.MateScore(-2)))
	// Output:
	// blunder
	// blunder
}
