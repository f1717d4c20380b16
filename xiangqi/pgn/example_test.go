package pgn_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/gambitchess/gambit/xiangqi"
	"github.com/gambitchess/gambit/xiangqi/pgn"
)

const game = `[Game "Chinese Chess"]
[Red "A"]
[Black "B"]
[Result "1-0"]
[Format "ICCS"]

{start} 1. h2e2 {central cannon} h9g7 (1... h7e7 2. h0g2) 2. h0g2 1-0
`

func ExampleReadAll() {
	games, err := pgn.ReadAll(strings.NewReader(game))
	if err != nil {
		panic(err)
	}
	g := games[0]
	f, _ := g.Format()
	fmt.Println(g.Tags.Get("Red"), f, g.MainlineMoves(), g.Result)
	final := g.Final()
	fmt.Println(final.FEN())
	_, err = pgn.ReadAll(strings.NewReader("1. h2e2 h9g7\n2. h0g3 *"))
	fmt.Println(err)
	// Output:
	// A ICCS [h2e2 h9g7 h0g2] 1-0
	// rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2
	// xiangqi: pgn: line 2: xiangqi: illegal move: h0g3
}

func ExampleWrite() {
	games, err := pgn.ReadAll(strings.NewReader(game))
	if err != nil {
		panic(err)
	}
	if err := pgn.Write(os.Stdout, games[0], pgn.WriteOptions{Notation: pgn.NotationChinese}); err != nil {
		panic(err)
	}
	if err := pgn.Write(os.Stdout, games[0], pgn.WriteOptions{Notation: pgn.NotationWXF, Mainline: true, NoComments: true}); err != nil {
		panic(err)
	}
	// Output:
	// [Game "Chinese Chess"]
	// [Red "A"]
	// [Black "B"]
	// [Result "1-0"]
	// [Format "Chinese"]
	//
	// {start} 1. 炮二平五 {central cannon} 1... 馬８進７ (1... 砲８平５ 2. 傌二進三) 2. 傌二進三 1-0
	//
	// [Game "Chinese Chess"]
	// [Red "A"]
	// [Black "B"]
	// [Result "1-0"]
	// [Format "WXF"]
	//
	// 1. C2.5 H8+7 2. H2+3 1-0
}

func ExampleNode_AddVariation() {
	g := pgn.NewGame()
	g.Tags.Set("Red", "A")
	node := g.Root
	for _, s := range []string{"h2e2", "h9g7"} {
		pos := node.Position()
		m, err := pos.ParseUCI(s)
		if err != nil {
			panic(err)
		}
		if node, err = node.AddVariation(m); err != nil {
			panic(err)
		}
	}
	_, err := node.AddVariation(xiangqi.NewMove(xiangqi.H2, xiangqi.E3))
	fmt.Println(err)
	if err := pgn.Write(os.Stdout, g, pgn.WriteOptions{Notation: pgn.NotationWXF}); err != nil {
		panic(err)
	}
	// Output:
	// xiangqi: pgn: move not legal here
	// [Game "Chinese Chess"]
	// [Red "A"]
	// [Format "WXF"]
	//
	// 1. C2.5 H8+7 *
}
