// Package puzzle finds training puzzles in real games: positions where the
// side to move, just after its opponent's mistake, has one line that wins,
// every other move falling clearly short. It reads any game through the
// engine interface its variant declares (game.Engine), so chess, Chess960
// and xiangqi are found alike, and scores positions with a review's
// evaluator (Finder.Eval): Gambit's own engines, or a UCI engine such as
// Stockfish or Fairy-Stockfish.
//
// # Criteria
//
// The criteria are those of lichess's puzzle generator (ornicar/
// lichess-puzzler, generator/generator.py), measured in Win% as the review
// measures moves (review.WinPercent: lichess's curve, a mate 100 or 0):
//
//   - The start: the position after a move of the opponent, where the side
//     to move (the solver) has at least two legal moves, was not already
//     winning before that move (at most StartCeiling centipawns), and is
//     not already ahead in material. Either it now mates by force within
//     MateSoon moves (a mate puzzle), or its Win% rose by more than
//     SwingWin points with that move and it now leads by StartCeiling
//     centipawns or was behind in material (an advantage puzzle: a
//     position merely better is no puzzle).
//   - Each of the solver's moves is the only one (onlyMove): a mate in one
//     always is; the first move of a mate in two when the second best
//     scores under 500 centipawns, of a mate in three under 300; any other
//     when its Win% beats the second best's by more than OnlyMoveWin
//     points. The opponent answers with the engine's best move.
//   - A mate puzzle goes on to the mate, every move of the solver's still
//     a mate within MateSoon. An advantage puzzle goes on while the
//     solver's move is the only one, and ends on a move of the solver's
//     that had a second choice (so that the solution ends with a decision,
//     not a forced recapture), and must have won at least MinGain
//     centipawns of material; a repetition, or a mate found on the way,
//     drops it.
//
// Why: a puzzle is a decision a player can get wrong. The start after a
// mistake gives the solver something to find; the only-move rule at each
// step makes the solution unique, so a solver who plays another good move
// is never told it was wrong; the material or mate at the end makes the
// reward something a person sees on the board.
package puzzle
