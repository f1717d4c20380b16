// Package fog implements the rules of fog-of-war chess ("dark chess"), the
// variant of issue 15, on top of package chess: it reuses chess.Position for
// the board, chess.Move and chess.MoveList, FEN parsing, the exported attack
// tables and chess's pseudo-legal move generator (GeneratePseudo: the moves
// of chess without the check test, which are exactly fog's), and adds its
// own outcome and visibility.
//
// The rules:
//
//   - A player sees their own pieces and every square one of their pieces
//     could move to this turn: empty squares, and enemy pieces it could
//     capture, including the pawn that may be taken en passant. The square
//     straight in front of each of their pawns is visible too, whatever
//     stands on it. Everything else is fog.
//   - There is no check. A king may move into check or stay in check;
//     castling is allowed out of, through and into attacked squares (the
//     usual other conditions hold: the castling right, and every square the
//     king and rook cross or land on empty but for themselves).
//   - A player wins by capturing the enemy king. A player with no move at
//     all draws (stalemate). Promotion and en passant are as in chess.
//   - The game ends by itself in a draw after 75 moves by each side without
//     a capture or pawn move (150 plies), on a fivefold repetition of the
//     position, and when only the two kings are left.
//
// Position is the fast, allocation-free core (Generate, Play, Outcome,
// Visible, View); Game adds the history that fivefold repetition needs and
// checks each move. Perft counts the move tree of these rules.
package fog
