package xiangqi_test

import (
	"fmt"

	"github.com/gambitchess/gambit/xiangqi"
)

func ExampleParseFEN() {
	p, err := xiangqi.ParseFEN("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r")
	if err != nil {
		panic(err)
	}
	fmt.Println(p.FEN())
	fmt.Println(p.SideToMove())
	_, err = xiangqi.ParseFEN("4k4/9/9/9/9/9/9/9/9/3KA4")
	fmt.Println(err)
	// Output:
	// rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1
	// red
	// xiangqi: fen: field 1: advisor off its five palace points: A on e0
}

func ExamplePerft() {
	p := xiangqi.StartPosition()
	for depth := 1; depth <= 3; depth++ {
		fmt.Println(depth, xiangqi.Perft(&p, depth))
	}
	// Output:
	// 1 44
	// 2 1920
	// 3 79666
}

func ExamplePosition_GenerateLegal() {
	p := xiangqi.StartPosition()
	var ml xiangqi.MoveList
	p.GenerateLegal(&ml)
	fmt.Println(ml.Len(), ml.At(0))
	var child xiangqi.Position
	p.MakeMove(xiangqi.NewMove(xiangqi.H2, xiangqi.E2), &child)
	fmt.Println(child.FEN())
	// Output:
	// 44 d0e1
	// rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1
}

func ExamplePosition_Chinese() {
	p := xiangqi.StartPosition()
	m := xiangqi.NewMove(xiangqi.H2, xiangqi.E2)
	fmt.Println(p.Chinese(m), p.WXF(m), p.UCI(m))
	var child xiangqi.Position
	p.MakeMove(m, &child)
	reply := xiangqi.NewMove(xiangqi.H9, xiangqi.G7)
	fmt.Println(child.Chinese(reply), child.WXF(reply))
	// Output:
	// 炮二平五 C2.5 h2e2
	// 馬８進７ H8+7
}

func ExamplePosition_ParseChinese() {
	p := xiangqi.StartPosition()
	for _, s := range []string{"炮二平五", "砲2平5", "傌八進七", "马二进四"} {
		m, err := p.ParseChinese(s)
		fmt.Println(s, m, err)
	}
	// Output:
	// 炮二平五 h2e2 <nil>
	// 砲2平5 h2e2 <nil>
	// 傌八進七 b0c2 <nil>
	// 马二进四 0000 xiangqi: illegal move: 马二进四
}

func ExamplePosition_ParseWXF() {
	p := xiangqi.StartPosition()
	m, err := p.ParseWXF("H2+3")
	fmt.Println(m, err)
	// Output: h0g2 <nil>
}

func ExamplePosition_ParseUCI() {
	p := xiangqi.StartPosition()
	for _, s := range []string{"h2e2", "H2-E2", "h2e3"} {
		m, err := p.ParseUCI(s)
		fmt.Println(p.UCI(m), err)
	}
	// Output:
	// h2e2 <nil>
	// h2e2 <nil>
	// 0000 xiangqi: illegal move: h2e3
}

func ExampleParseMove() {
	for _, s := range []string{"h2e2", "H2-E2", "h2e3", "j2e2"} {
		m, ok := xiangqi.ParseMove(s)
		fmt.Println(m, ok)
	}
	// Output:
	// h2e2 true
	// h2e2 true
	// h2e3 true
	// 0000 false
}

// A variant on xiangqi's board with a letter of its own (here X, a
// face-down piece) reads and writes its FEN with xiangqi's grammar.
func ExampleReadFENBoard() {
	board, fields, _ := xiangqi.SplitFEN("4k4/9/9/9/9/9/9/9/9/3XK4 b - - 4 20", "myvariant")
	b, err := xiangqi.ReadFENBoard(board, "myvariant")
	fmt.Println(string(b[xiangqi.NewSquare(3, 0)]), err)
	b[xiangqi.NewSquare(3, 0)] = 'A' // the face-down piece turned up
	fmt.Println(xiangqi.JoinFEN(&b, fields))

	_, err = xiangqi.ReadFENBoard("4k4/9/9/9/9/9/9/9/9/3XK5", "myvariant")
	fmt.Println(err)
	// Output:
	// X <nil>
	// 4k4/9/9/9/9/9/9/9/9/3AK4 b - - 4 20
	// myvariant: fen: field 1: rank must have 9 points: "3XK5"
}

// JudgeGame needs a game's current position, and the keys and checks of
// every position from the start; here a Game's, whose Outcome it is.
func ExampleJudgeGame() {
	g := xiangqi.NewGame()
	for _, s := range []string{"h2e2", "h9g7", "e2h2", "g7h9", "h2e2", "h9g7", "e2h2", "g7h9"} {
		if _, err := g.PushUCI(s); err != nil {
			panic(err)
		}
	}
	p := g.Position()
	var checks []bool
	for _, q := range g.Positions() {
		checks = append(checks, q.InCheck())
	}
	fmt.Println(xiangqi.JudgeGame(&p, g.Keys(), checks, xiangqi.Red, 3, 60), g.Outcome())
	fmt.Println(xiangqi.JudgeGame(&p, g.Keys(), checks, xiangqi.Red, 0, 60)) // no draw by repetition
	fmt.Println(xiangqi.JudgePosition(&p))                                   // the position alone
	// Output:
	// 1/2-1/2 (repetition) 1/2-1/2 (repetition)
	// *
	// *
}

func ExampleGame_PushUCI() {
	g := xiangqi.NewGame()
	for _, s := range []string{"h2e2", "h9g7"} {
		if _, err := g.PushUCI(s); err != nil {
			panic(err)
		}
	}
	fmt.Println(g.FEN(), g.Turn())
	m, ok := g.Pop()
	fmt.Println(m, ok, g.Ply())
	// Output:
	// rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2 red
	// h9g7 true 1
}

func ExampleGame() {
	g := xiangqi.NewGame()
	for _, s := range []string{"炮二平五", "马８进７", "马二进三", "车９平８"} {
		if _, err := g.PushChinese(s); err != nil {
			panic(err)
		}
	}
	fmt.Println(g.FEN())
	fmt.Println(g.Outcome().Result())
	// Output:
	// rnbakabr1/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 4 3
	// *
}

func ExampleGame_Outcome() {
	// Black's general has no move and is not in check: Black loses.
	g, err := xiangqi.NewGameFromFEN("4k4/R8/6N2/9/9/9/9/9/9/3K5 b")
	if err != nil {
		panic(err)
	}
	o := g.Outcome()
	fmt.Println(o.Termination, o.Winner, o.Result())
	// Output: stalemate red 1-0
}

func ExamplePosition_Draw() {
	p, _ := xiangqi.ParseFEN("3k5/9/9/9/9/9/9/9/4A4/3AK4 w")
	fmt.Print(p.Draw(xiangqi.DrawOptions{Unicode: true, Axis: xiangqi.AxisChinese}))
	// Output:
	// １２３４５６７８９
	// ＋＋＋將＋＋＋＋＋
	// ＋＋＋＋＋＋＋＋＋
	// ＋＋＋＋＋＋＋＋＋
	// ＋＋＋＋＋＋＋＋＋
	// ＋＋＋＋＋＋＋＋＋
	// ＋＋＋＋＋＋＋＋＋
	// ＋＋＋＋＋＋＋＋＋
	// ＋＋＋＋＋＋＋＋＋
	// ＋＋＋＋仕＋＋＋＋
	// ＋＋＋仕帥＋＋＋＋
	// 九八七六五四三二一
}

// A flipped board is seen from Black's side.
func ExamplePosition_Draw_flip() {
	p, _ := xiangqi.ParseFEN("3k5/9/9/9/9/9/9/9/4A4/3AK4 w")
	fmt.Print(p.Draw(xiangqi.DrawOptions{Flip: true, Axis: xiangqi.AxisChinese}))
	// Output:
	// 1 2 3 4 5 6 7 8 9
	// . . . . K A . . .
	// . . . . A . . . .
	// . . . . . . . . .
	// . . . . . . . . .
	// . . . . . . . . .
	// . . . . . . . . .
	// . . . . . . . . .
	// . . . . . . . . .
	// . . . . . . . . .
	// . . . . . k . . .
	// 9 8 7 6 5 4 3 2 1
}

func ExamplePosition_String() {
	p, _ := xiangqi.ParseFEN("3k5/9/9/9/9/9/9/9/4A4/3AK4 w")
	fmt.Print(p.String())
	// Output:
	// 9 . . . k . . . . .
	// 8 . . . . . . . . .
	// 7 . . . . . . . . .
	// 6 . . . . . . . . .
	// 5 . . . . . . . . .
	// 4 . . . . . . . . .
	// 3 . . . . . . . . .
	// 2 . . . . . . . . .
	// 1 . . . . A . . . .
	// 0 . . . A K . . . .
	//   a b c d e f g h i
}

func ExampleDivide() {
	p := xiangqi.StartPosition()
	var total uint64
	for _, e := range xiangqi.Divide(&p, 2) {
		total += e.Nodes
	}
	fmt.Println(total)
	// Output: 1920
}

func ExamplePosition_Generate() {
	p, _ := xiangqi.ParseFEN("4k4/9/9/9/4c4/9/4R4/9/9/3K5 w")
	var ml xiangqi.MoveList
	p.Generate(xiangqi.Captures, &ml)
	fmt.Println(ml.Moves())
	p.Generate(xiangqi.Quiets, &ml)
	fmt.Println(ml.Len()) // not d0e0: the cannon would check over the chariot
	// Output:
	// [e3e5]
	// 13
}

func ExamplePosition_Outcome() {
	// Black's general has no move: a loss, whether in check or not.
	p, _ := xiangqi.ParseFEN("3k5/3R5/3R5/9/9/9/9/9/9/4K4 b")
	fmt.Println(p.Outcome(), p.IsCheckmate())
	p, _ = xiangqi.ParseFEN("3aka3/9/4b4/9/9/9/9/4B4/4A4/3AK4 w")
	fmt.Println(p.Outcome(), p.IsInsufficientMaterial())
	// Output:
	// 1-0 (checkmate) true
	// 1/2-1/2 (insufficient material) true
}

func ExampleNewGameFrom() {
	p, _ := xiangqi.ParseFEN("4k4/9/9/9/9/9/9/9/9/R2K5 w")
	g := xiangqi.NewGameFrom(p)
	if _, err := g.PushWXF("R9+9"); err != nil {
		panic(err)
	}
	fmt.Println(g.Turn(), g.Ply(), len(g.Positions()), g.Outcome().Over())
	// Output: black 1 2 false
}

func ExampleParseSquare() {
	s, err := xiangqi.ParseSquare("e9")
	fmt.Println(s, s.File(), s.Rank(), err)
	_, err = xiangqi.ParseSquare("j0")
	fmt.Println(err)
	// Output:
	// e9 4 9 <nil>
	// xiangqi: invalid square: "j0"
}

// The README's tour of the library: the same vocabulary as package chess,
// and xiangqi's three notations.
func Example_tour() {
	g := xiangqi.NewGame()
	g.PushChinese("炮二平五") // or PushWXF("C2.5"), PushUCI("h2e2")
	p := g.Position()
	var ml xiangqi.MoveList
	p.Generate(xiangqi.Captures, &ml) // legal captures; GenerateLegal(&ml) for all
	m := ml.At(0)
	fmt.Println(p.UCI(m), p.Chinese(m), p.WXF(m))   // Black's cannon takes a horse
	fmt.Println(p.ChineseIn(m, xiangqi.Simplified)) // one script at a time, never mixed
	fmt.Println(g.Outcome().Over())                 // no legal move loses; perpetual check loses
	// Output:
	// b7b0 砲２進７ C2+7
	// 炮２进７
	// false
}
