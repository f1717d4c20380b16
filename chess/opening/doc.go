// Package opening names the opening of a chess game: its ECO code and name,
// from lichess's public-domain opening table (github.com/lichess-org/chess-openings,
// CC0-1.0), embedded in the binary.
//
// A game is classified as lichess does (scalachess OpeningDb.search): it is
// played back and the last of its positions, among the first 40 plies,
// that the table names gives the opening, so a transposition into a named
// position is named. Positions are compared as an EPD compares them:
// placement, side to move, castling rights and the en-passant square only
// when a legal capture exists there (chess.Position.EPDKey). The lookup is a
// map probe by that 64-bit key and allocates nothing.
//
//	g := chess.NewGame()
//	for _, m := range []string{"e4", "e5", "Nf3"} {
//		g.PushSAN(m)
//	}
//	o, ok := opening.Classify(g) // {C40 King's Knight Opening 3}, true
//
// Only standard chess is named, and a Chess960 game only from the standard
// start (position 518): Classify names nothing that starts elsewhere.
// The names are lichess's, in English, as the table has them.
package opening
