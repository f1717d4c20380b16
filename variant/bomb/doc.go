// Package bomb implements the rules of bomb chess, chess with hidden mines,
// on top of package chess: chess.Position holds the board and generates the
// legal moves, and this package adds the mines, the blasts and the endings
// they bring.
//
// The rules:
//
//   - When the game starts, 8 mines lie on distinct squares of ranks 3 to
//     6, hidden from both players. They come from the game's fair.Seed
//     (package variant/fair): number the 32 squares a3=0, b3=1, ..., h3=7,
//     a4=8, ..., h6=31 (a square's chess.Square value minus 16, with a1=0);
//     the mines are the squares numbered seed.Shuffle("mines", 32, 8). See
//     Mines.
//   - Moves are legal exactly as in chess, mines or not.
//   - A piece that ends its move on a mine explodes: it is removed together
//     with every piece, of either colour, on the 3×3 block of squares
//     around the mine, except kings. A king that steps on a mine survives,
//     and the blast still clears its neighbours; a king next to a blast
//     survives too. The mine is then gone. The square a move ends on is its
//     destination; en passant ends on the square the capturing pawn moves
//     to; castling ends on the king's and the rook's destinations, which lie
//     on the first or last rank where no mine is, so castling never
//     explodes. A mine under a piece of the starting position (a custom
//     start only) goes off when a piece ends a move there, for example by
//     capturing that piece.
//   - A castling right dies with its rook (a rook removed from the square it
//     castles from); this never comes into play from a real game, as a blast
//     reaches ranks 2 to 7 only and a castling rook stands on rank 1 or 8. A pawn destroyed right after its double step leaves no
//     en-passant square, nor does the destruction of every pawn that could
//     have taken it.
//   - A blast counts as a capture for the 50- and 75-move rules: it restarts
//     the count, even when it removes nothing but the mine.
//   - If the blast leaves the mover's own king attacked, the mover loses at
//     once ("king exposed by a mine"). If it leaves the opponent in check or
//     without a legal move, play goes on by the usual rules: check,
//     checkmate, stalemate.
//   - Otherwise the game ends as in chess: checkmate, stalemate, a dead
//     position (insufficient material, judged on the board after the
//     blast), the 75-move rule and fivefold repetition end it by themselves;
//     the 50-move rule and threefold repetition may be claimed (Claimable).
//
// What the players know: exploded mines are public, and so are the squares
// known to be safe (KnownSafe): ranks 1, 2, 7 and 8, where no mine lies,
// and every square a piece has ended a move on, which holds no mine any
// more (a mine there would have exploded).
//
// Game is the safe face: it checks each move, applies blasts, records the
// Steps of the game and writes its PGN, with the seed and the mines when
// they may be revealed. It has no takeback: a move may reveal a mine.
// Verify checks such a PGN once the game is over: the seed against its
// hash, the mines it lays, and every blast (gambit bomb verify).
package bomb
