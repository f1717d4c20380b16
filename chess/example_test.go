package chess_test

import (
	"fmt"

	"github.com/gambitchess/gambit/chess"
)

func ExampleNewGame() {
	g := chess.NewGame()
	for _, san := range []string{"f3", "e5", "g4", "Qh4#"} {
		if _, err := g.PushSAN(san); err != nil {
			fmt.Println(err)
		}
	}
	fmt.Println(g.Outcome())
	// Output: 0-1 (checkmate)
}

func ExampleParseFEN() {
	p, err := chess.ParseFEN("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.CountLegal(), p.Castling() == chess.AnyCastling)
	_, err = chess.ParseFEN("8/8/8/8/8/8/8/8 w - - 0 1")
	fmt.Println(err)
	// Output:
	// 26 true
	// fen: field 1 (piece placement): missing or extra king: white has 0 kings
}

func ExamplePosition_GenerateLegal() {
	p := chess.StartPosition()
	var ml chess.MoveList
	p.GenerateLegal(&ml)
	fmt.Println(ml.Len(), p.SAN(ml.At(0)), p.UCI(ml.At(0)))
	// Output: 20 Na3 b1a3
}

func ExamplePosition_ParseSAN() {
	p := chess.StartPosition()
	m, err := p.ParseSAN("Ng1-f3")
	fmt.Println(p.SAN(m), err)
	_, err = p.ParseSAN("Ke2")
	fmt.Println(err)
	// Output:
	// Nf3 <nil>
	// chess: illegal move: "Ke2" in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
}

func ExamplePerft() {
	p := chess.StartPosition()
	fmt.Println(chess.Perft(&p, 4))
	// Output: 197281
}

func ExamplePosition_Key() {
	p := chess.StartPosition()
	fmt.Printf("%016x\n", p.Key())
	// Output: 463b96181691fc9c
}

func ExampleGame_ClaimDraw() {
	g := chess.NewGame()
	for _, san := range []string{"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"} {
		g.PushSAN(san)
	}
	fmt.Println(g.RepetitionCount(), g.CanClaimDraw())
	g.ClaimDraw()
	fmt.Println(g.Outcome())
	// Output:
	// 3 true
	// 1/2-1/2 (threefold repetition)
}

func ExamplePosition_Draw() {
	p, _ := chess.ParseFEN("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
	fmt.Print(p.Draw(chess.DrawOptions{}))
	fmt.Print(p.Draw(chess.DrawOptions{Unicode: true, Flip: true}))
	// Output:
	// 8 . . . . k . . .
	// 7 . . . . . . . .
	// 6 . . . . . . . .
	// 5 . . . . . . . .
	// 4 . . . . . . . .
	// 3 . . . . . . . .
	// 2 . . . . P . . .
	// 1 . . . . K . . .
	//   a b c d e f g h
	// 1 · · · ♔ · · · ·
	// 2 · · · ♙ · · · ·
	// 3 · · · · · · · ·
	// 4 · · · · · · · ·
	// 5 · · · · · · · ·
	// 6 · · · · · · · ·
	// 7 · · · · · · · ·
	// 8 · · · ♚ · · · ·
	//   h g f e d c b a
}

func ExampleStartPosition960() {
	p, err := chess.StartPosition960(0)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.FEN())
	var ml chess.MoveList
	p.GenerateLegal(&ml)
	fmt.Println(ml.Len(), p.Chess960())
	// Output:
	// bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1
	// 20 true
}

// A variant whose moves differ from chess's writes SAN against its own
// move list: here the knight on b1, pinned in chess, may still move, so the
// other knight's move to d2 needs its file.
func ExampleDisambiguation() {
	p, _ := chess.ParseFEN("4k3/8/8/8/8/8/8/rN1K1N2 w - - 0 1")
	f1d2 := chess.NewMove(chess.F1, chess.D2)
	b1d2 := chess.NewMove(chess.B1, chess.D2)
	fmt.Println(p.SAN(f1d2), chess.Disambiguation(&p, f1d2, chess.Knight, []chess.Move{f1d2, b1d2}))
	// Output: Nd2 f
}

// In fog of war a king may be left attacked, to be taken next move.
func ExampleParseFENKingEnPrise() {
	const fen = "3k4/8/8/8/8/8/8/3QK3 w - - 0 1" // Black's king stands attacked, White to move
	_, err := chess.ParseFEN(fen)
	p, err2 := chess.ParseFENKingEnPrise(fen)
	fmt.Println(err != nil, err2 == nil, p.FEN() == fen)
	// Output: true true true
}

// The pseudo-legal moves are the legal ones without the check test: here
// White's king may also step onto the a2 rook's rank, and in the second
// position castle through the f8 rook's file. Variants that capture the
// king (fog of war) play exactly these moves.
func ExamplePosition_GeneratePseudo() {
	p, _ := chess.ParseFEN("4k3/8/8/8/8/8/r7/4K3 w - - 0 1")
	var legal, pseudo chess.MoveList
	p.GenerateLegal(&legal)
	p.GeneratePseudo(chess.All, &pseudo)
	fmt.Println(legal.Moves(), pseudo.Moves())

	p, _ = chess.ParseFEN("5rk1/8/8/8/8/8/8/4K2R w K - 0 1")
	p.GeneratePseudo(chess.Quiets, &pseudo)
	m, ok := p.PseudoCastling(chess.WhiteKingSide)
	fmt.Println(pseudo.Contains(m), ok, p.UCI(m))
	// Output:
	// [e1d1 e1f1] [e1d1 e1f1 e1d2 e1e2 e1f2]
	// true true e1g1
}

// A placement need not be a legal position (here Black has no king), and
// an error says what is wrong and on which rank.
func ExampleParsePlacement() {
	pl, err := chess.ParsePlacement("8/8/8/8/8/8/8/4K3")
	fmt.Println(pl[chess.E1], err)
	_, err = chess.ParsePlacement("8/8/8/8/8/8/4X3/4K3")
	fmt.Println(err)
	// Output:
	// K <nil>
	// placement: rank 2: unexpected "X"
}

// The README's tour of the library: a game, its position, its legal moves,
// FEN, the Polyglot key and the outcome.
func Example_tour() {
	g := chess.NewGame()
	g.PushSAN("e4")   // lenient SAN too: 0-0, e8Q, Nbd7, Ng1f3, exd6 e.p., trailing !? + #
	g.PushUCI("e7e5") // or UCI
	p := g.Position() // a pointer-free value: copying it is a snapshot
	var ml chess.MoveList
	p.GenerateLegal(&ml) // no allocation; also Generate(chess.Captures, &ml)
	fmt.Println(ml.Len(), "legal moves")
	fmt.Println(p.FEN())
	fmt.Printf("%016x\n", p.Key()) // the Polyglot Zobrist key
	fmt.Println(g.Outcome())       // "*" until the game ends
	for _, san := range []string{"Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"} {
		if _, err := g.PushSAN(san); err != nil {
			fmt.Println(err)
		}
	}
	fmt.Println(g.Outcome())
	// Output:
	// 29 legal moves
	// rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2
	// 0844931a6ef4b9a0
	// *
	// 1-0 (checkmate)
}

// A search asks which moves check before it prunes the others: CheckInfo
// answers for every move of one position without making any.
func ExampleCheckInfo() {
	p, _ := chess.ParseFEN("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3")
	var ml chess.MoveList
	p.GenerateLegal(&ml)
	ci := p.CheckInfo()
	for _, m := range ml.Moves() {
		if ci.GivesCheck(&p, m) {
			fmt.Println(p.SAN(m))
		}
	}
	// Unordered output:
	// Bxf7+
	// Qxf7#
}
