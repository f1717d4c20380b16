// Package dice implements the rules of dice chess on top of package chess:
// chess.Position is the board, chess.Move the move, and the dice come from
// package fair, so that every roll of a game can be checked once its seed is
// revealed.
//
// The rules:
//
//   - At the start of each turn three dice are rolled. Each die shows one
//     piece type, chosen uniformly among the types of the mover's pieces
//     that have a legal chess move. A player in check is therefore offered
//     only types that can answer the check.
//   - The player then makes up to three legal chess moves, one per die, in
//     any order, each with a piece of that die's type. A pawn that promotes
//     uses a pawn die; castling uses a king die.
//   - After each move, the dice whose type has no legal move left are lost.
//     The turn ends when no die is left; at once when a move gives check
//     (the opponent must answer it); or when the player passes the rest of
//     the turn. A player must make at least one move before passing. At the
//     start of a turn there is always a move to make, unless the game is
//     over.
//   - En passant: a pawn's double step can be taken en passant only on the
//     opponent's turn straight after it, and only if it was the last move
//     of its turn (the turn ended with it, by check, by the dice running
//     out or by a pass). If the same player moves again, the chance is gone.
//   - Checkmate and stalemate are judged at the start of a turn, as in
//     chess: a player to start a turn in check with no legal move is mated;
//     without check, stalemated (a draw).
//   - The other draws are as in chess. A dead position (insufficient
//     material, as chess.Position.IsInsufficientMaterial judges it) ends the
//     game at once, even mid-turn. The 75-move rule and fivefold repetition
//     end the game by themselves; the 50-move rule and threefold repetition
//     may be claimed (see Game.Claimable). All four are judged at the start
//     of a turn: repetitions count the positions at turn starts, and the
//     halfmove clock counts moves, not turns (150 moves without a capture
//     or pawn move for the 75-move rule, 100 for the 50-move rule). A draw
//     is claimed at the start of one's turn, before moving.
//
// The dice of a game are drawn with fair.Seed.Intn. Die k (1 to 3) of turn
// t (the turns of the game counted from 1, turn 1 being the first turn from
// the start position, whoever moves in it) is
//
//	types[seed.Intn(fmt.Sprintf("dice %d %d", t, k), len(types))]
//
// where types lists the movable piece types of the turn's mover in
// ascending chess.PieceType order (pawn, knight, bishop, rook, queen, king).
// The labels are "dice 1 1", "dice 1 2", "dice 1 3", "dice 2 1", and so on.
// A turn's dice depend on the seed, the turn number and the turn's start
// position only: not on each other, nor on when they are rolled.
//
// Between the moves of a turn the mover keeps the move
// (chess.Position.PlayAgain). A position's fullmove number counts turns: it
// goes up once after each Black turn, however many moves the turn had; its
// halfmove clock counts moves.
//
// Moves are written in UCI; the UCI null move "0000" passes the rest of the
// turn.
//
// # PGN
//
// WritePGN writes a game in PGN with the tags [Variant "Dice chess"],
// [SeedHash "<the seed's commitment>"] and, once the seed may be revealed,
// [Seed "<the seed in hex>"]; a game that does not start from the standard
// position also gets [SetUp "1"] and [FEN "..."]. The movetext groups each
// turn: its move number ("12." for a White turn, "12..." for a Black turn,
// the fullmove number of the turn's start position), then the turn's roll
// as a comment {[%dice N B P]} (upper-case piece letters, P for a pawn, in
// the order the dice were rolled), then the turn's moves in SAN, a pass
// written "--". The result ends the movetext. A turn that has not started
// (no move made yet) is not written. For example:
//
//	[Variant "Dice chess"]
//	[SeedHash "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"]
//	[Result "*"]
//
//	1. {[%dice N P P]} e4 -- 1... {[%dice N P P]} Nf6 e5 d6 *
//
// Verify reads such a PGN, checks the seed against its commitment and
// replays the game, checking every roll.
package dice
