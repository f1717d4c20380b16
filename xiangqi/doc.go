// Package xiangqi implements the rules of xiangqi (Chinese chess): legal
// move generation, make-move, Zobrist hashing, FEN, game endings, and the
// ICCS, Chinese and WXF move notations.
//
// It has the same vocabulary as the chess package (Color, Square,
// PieceType, Piece, Move, MoveList, Position, Game, Outcome, Termination)
// but its own code for the 9x10 board. Squares are numbered rank*9+file
// with file a-i from Red's left and rank 0-9 from Red's side, as in ICCS.
//
// There are two faces. The fast core is allocation-free:
//
//	p := xiangqi.StartPosition()
//	var ml xiangqi.MoveList
//	p.GenerateLegal(&ml)
//	var child xiangqi.Position
//	p.MakeMove(ml.At(0), &child) // copy-make; p is unchanged
//
// The safe face is Game, which checks every move and judges the end of
// the game:
//
//	g := xiangqi.NewGame()
//	if _, err := g.PushChinese("炮二平五"); err != nil { ... }
//	if _, err := g.PushWXF("H8+7"); err != nil { ... }
//	if _, err := g.PushUCI("h0g2"); err != nil { ... }
//	fmt.Println(g.Outcome().Result()) // "*" while the game goes on
//
// Endings: a side with no legal move loses (checkmate or stalemate); a
// position repeated three times is judged by the game's Rules (RulesWXF,
// the default, or RulesChinese): a side that checked with every move since
// (perpetual check) or chased one same piece with every move (perpetual
// chase) loses, and under the Chinese rules one check one chase and a
// perpetual threat of mate lose too (Classify, JudgeActs); other
// repetitions, 60 moves without a capture and positions where neither side
// can cross the river are draws.
//
// Moves are read and written by methods of Position, as in package chess:
// coordinate text (ParseUCI, UCI: "h2e2", the ICCS coordinates),
// traditional Chinese notation (ParseChinese, Chinese: "炮二平五",
// "馬８进７", "前俥进二") and WXF notation (ParseWXF, WXF: "C2.5", "H8+7",
// "R+.3"). Package xiangqi/pgn reads and writes xqbase-style PGN in any of
// the three notations, with comments and variations.
//
// Perft and Divide count leaf nodes for testing the move generator;
// build with -tags gambitdebug to check the incremental state at every
// node.
package xiangqi
