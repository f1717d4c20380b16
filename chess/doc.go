// Package chess implements the rules of Western chess and Chess960: board
// representation, legal move generation, FEN, SAN/LAN/UCI move notation,
// Polyglot-compatible Zobrist keys, and the ways a game ends.
//
// It has two faces. The fast core is Position, a pointer-free value type with
// GenerateLegal, Generate (staged: Captures, Quiets, Evasions), CountLegal,
// IsLegal (a hash move's test) and GivesCheck (CheckInfo for many moves of
// one position) without making a move, and Play/MakeMove; it allocates
// nothing and assumes its moves are legal. The
// safe face is Game, which checks every move, keeps the history for undo and
// repetition, and reports the Outcome. Servers and file readers use Game;
// engines use Position.
//
//	g := chess.NewGame()
//	g.PushSAN("e4")
//	g.PushSAN("e5")
//	p := g.Position()
//	fmt.Println(p.FEN())
//
// Squares are numbered A1 = 0 to H8 = 63. Castling moves are encoded as
// "king takes own rook", which serves standard chess and Chess960 alike; UCI
// and SAN text translate it. A Chess960 position comes from ParseFEN960, or
// from StartPosition960 by its number in Scharnagl's numbering (518 is the
// standard start).
package chess
