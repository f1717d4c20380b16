package uci_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/gambitchess/gambit/engine"
	"github.com/gambitchess/gambit/uci"
)

func ExampleRun() {
	in := strings.NewReader("isready\nposition startpos moves e2e4 e9e5\nposition fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1\ngo depth 3\n")
	var out strings.Builder
	uci.Run(context.Background(), in, &out, engine.New(engine.DefaultOptions()))
	for _, line := range strings.Split(out.String(), "\n") {
		if !strings.HasPrefix(line, "info depth") {
			fmt.Println(line)
		}
	}
	// Output:
	// readyok
	// info string position: chess: invalid move: "e9e5" is not UCI move text (kept the position before it)
	// bestmove d1d8
}

func ExampleRunEPD() {
	suite := `6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Rd8#; id "back rank";` + "\n"
	res, _ := uci.RunEPD(context.Background(), strings.NewReader(suite), engine.New(engine.DefaultOptions()), 50*time.Millisecond, func(l uci.EPDLine) {
		fmt.Fprintln(os.Stdout, l.ID, l.Played, l.Solved)
	})
	fmt.Printf("%d/%d\n", res.Solved, res.Total)
	// Output:
	// back rank Rd8# true
	// 1/1
}
