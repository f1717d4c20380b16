package viewer_test

import (
	"fmt"
	"io"
	"log"
	"strings"

	"github.com/gambitchess/gambit/render/viewer"
)

func Example() {
	const text = `[White "Anna"]
[Black "Ben"]

1. e4 {A good start} (1. d4 d5) 1... e5 2. Nf3 *`
	games, err := viewer.FromPGN(strings.NewReader(text), viewer.Chess)
	if err != nil {
		log.Fatal(err)
	}
	g := games[0]
	for _, n := range g.Nodes[1:] {
		dots := "."
		if n.Second {
			dots = "..."
		}
		fmt.Println(strings.TrimSpace(fmt.Sprintf("%d%s %s %s-%s %s", n.Number, dots, n.Text[viewer.NotationSAN], n.From, n.To, n.Comment)))
	}
	fmt.Println(g.Nodes[len(g.Nodes)-1].FEN)
	if err := viewer.Write(io.Discard, games, viewer.Options{}); err != nil {
		log.Fatal(err)
	}
	// Output:
	// 1. e4 e2-e4 A good start
	// 1... e5 e7-e5
	// 2. Nf3 g1-f3
	// 1. d4 d2-d4
	// 1... d5 d7-d5
	// rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2
}

func ExampleFromPGN_xiangqi() {
	games, err := viewer.FromPGN(strings.NewReader("1. 炮二平五 马8进7 *"), viewer.Xiangqi)
	if err != nil {
		log.Fatal(err)
	}
	for _, n := range games[0].Nodes[1:] {
		fmt.Println(n.Text[viewer.NotationChinese], n.Text[viewer.NotationWXF], n.Text[viewer.NotationICCS])
	}
	// Output:
	// 炮二平五 C2.5 h2e2
	// 馬８進７ H8+7 h9g7
}
