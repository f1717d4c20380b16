package pgn_test

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/chess/pgn"
)

const twoGames = `[Event "Casual"]
[White "Réti, Richard"]
[Black "Tartakower, Savielly"]
[Result "1-0"]

1. e4 c6 2. d4 d5 3. Nc3 dxe4 4. Nxe4 Nf6 5. Qd3 e5 6. dxe5 Qa5+ 7. Bd2 Qxe5
8. O-O-O Nxe4 9. Qd8+ Kxd8 10. Bg5+ Kc7 11. Bd8# 1-0

[Event "Broken"]

1. e4 e5 2. Ke3 *
`

func ExampleReader_Next() {
	r := pgn.NewReader(strings.NewReader(twoGames))
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		var pe *pgn.Error
		if errors.As(err, &pe) {
			fmt.Println("error:", pe.Line, pe.Col, pe.Text)
			continue
		}
		fmt.Println(g.Tags.Get("White"), "won in", len(g.MainlineMoves()), "plies, ending with", g.End().SAN())
	}
	// Output:
	// Réti, Richard won in 21 plies, ending with Bd8#
	// error: 11 13 Ke3
}

func ExampleReader_NextMainline() {
	r := pgn.NewReader(strings.NewReader(twoGames))
	var ml pgn.Mainline // reused from game to game
	for r.NextMainline(&ml) != io.EOF {
		fmt.Println(len(ml.Moves), ml.Result, ml.Final.IsCheckmate())
	}
	// Output:
	// 21 1-0 true
	// 2 * false
}

func ExampleReader_NextTags() {
	r := pgn.NewReader(strings.NewReader(twoGames))
	for {
		tags, err := r.NextTags()
		if err == io.EOF {
			break
		}
		fmt.Println(tags.Get("Event"))
	}
	// Output:
	// Casual
	// Broken
}

func ExampleWrite() {
	in := `[White "A"] [Black "B"] 1.e4 {[%clk 0:03:00] good} e5 (1...c5!? 2.Nf3) 2.Nf3 *`
	g, err := pgn.NewReader(strings.NewReader(in)).Next()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Root.Next().Clock)
	pgn.Write(os.Stdout, g, pgn.WriteOptions{})
	// Output:
	// 3m0s
	// [Event "?"]
	// [Site "?"]
	// [Date "????.??.??"]
	// [Round "?"]
	// [White "A"]
	// [Black "B"]
	// [Result "*"]
	//
	// 1. e4 {[%clk 0:03:00] good} 1... e5 (1... c5 $5 2. Nf3) 2. Nf3 *
}

func ExampleNode_AddVariation() {
	g := pgn.NewGame()
	pos := g.Start()
	e4, _ := pos.ParseSAN("e4")
	d4, _ := pos.ParseSAN("d4")
	n, _ := g.Root.AddVariation(e4)
	v, _ := g.Root.AddVariation(d4)
	v.Comment = "also good"
	v.PromoteToMain()
	fmt.Println(n.SAN(), n.IsMainline(), v.SAN(), v.IsMainline())
	// Output:
	// e4 false d4 true
}

func ExampleCheck() {
	pgn.Check("games.pgn", strings.NewReader(twoGames), os.Stdout, pgn.Options{})
	// Output:
	// games.pgn:11:13: game 2: "Ke3": chess: illegal move in rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2
	// games.pgn: 2 games, 21 plies, 1 errors
}

func ExampleStats() {
	pgn.Stats("games.pgn", strings.NewReader(twoGames), os.Stdout, pgn.Options{TopMoves: 3})
	// Output:
	// games.pgn
	//   games   2 (1 with errors)
	//   plies   21 (21.0 per game)
	//   results
	//     1-0            1  100.0%
	//     0-1            0    0.0%
	//     1/2-1/2        0    0.0%
	//     *              0    0.0%
	//   endings
	//     checkmate                              1  100.0%
	//   first moves
	//     e4             1  100.0%
}

// moveCounter counts the moves of the mainline and of the variations.
type moveCounter struct {
	depth, main, side int
}

func (c *moveCounter) Tag(name, value string)   {}
func (c *moveCounter) Start(pos chess.Position) {}
func (c *moveCounter) NAG(n int)                {}
func (c *moveCounter) Comment(text []byte)      {}
func (c *moveCounter) BeginVariation() bool     { c.depth++; return true }
func (c *moveCounter) EndVariation()            { c.depth-- }
func (c *moveCounter) Move(before *chess.Position, m chess.Move) {
	if c.depth == 0 {
		c.main++
	} else {
		c.side++
	}
}

func ExampleReader_Visit() {
	in := "1. e4 e5 (1... c5 2. Nf3 (2. c3) d6) 2. Nf3 {best} Nc6 *"
	var c moveCounter
	if err := pgn.NewReader(strings.NewReader(in)).Visit(&c); err != nil {
		fmt.Println(err)
	}
	fmt.Println(c.main, "mainline moves,", c.side, "in variations")
	// Output:
	// 4 mainline moves, 4 in variations
}

func ExampleCat() {
	in := "[Event \"Club\"]\n1.e4 e5 {open game} (1...c5) 2.Nf3 *\n"
	s, _ := pgn.Cat("club.pgn", strings.NewReader(in), os.Stdout, pgn.Options{Mainline: true, NoComments: true})
	fmt.Println(s.Games, "game,", s.Plies, "plies")
	// Output:
	// [Event "Club"]
	// [Site "?"]
	// [Date "????.??.??"]
	// [Round "?"]
	// [White "?"]
	// [Black "?"]
	// [Result "*"]
	//
	// 1. e4 e5 2. Nf3 *
	//
	// 1 game, 3 plies
}

func ExampleReadAll() {
	games, errs, err := pgn.ReadAll(strings.NewReader(twoGames))
	fmt.Println(len(games), "good,", len(errs), "bad,", err)
	fmt.Println(errs[0])
	// Output:
	// 1 good, 1 bad, <nil>
	// 11:13: game 2: "Ke3": chess: illegal move in rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2
}

func ExampleTags() {
	var tags pgn.Tags
	tags.Set("White", "Lasker, Emanuel")
	tags.Set("Black", "Capablanca, José Raúl")
	tags.Set("White", "Lasker, Em.")
	tags.Delete("Black")
	v, ok := tags.Lookup("Black")
	fmt.Println(tags.Get("White"), len(tags), v == "", ok)
	// Output:
	// Lasker, Em. 1 true false
}
