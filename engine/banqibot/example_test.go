package banqibot_test

import (
	"context"
	"fmt"

	"github.com/gambitchess/gambit/engine/banqibot"
	"github.com/gambitchess/gambit/variant/banqi"
)

// The computer, red to move, sees its soldier beside the black general,
// black's last piece but for a face-down one that may be anything: the
// soldier takes the general.
func ExampleChoose() {
	p, err := banqi.SightOf("8/8/x7/Pk6 w r 0 1", [2]string{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(banqibot.Choose(context.Background(), p, 3, nil))
	// Output: a1b1
}

// The evaluation is the player to move's: here black's, a horse against
// red's chariot.
func ExampleEvaluate() {
	p, _ := banqi.SightOf("8/8/8/R1n5 b r 0 1", [2]string{})
	fmt.Println(banqibot.Evaluate(&p) < 0)
	// Output: true
}
