package dice

import "github.com/gambitchess/gambit/chess"

// Termination is why a dice chess game ended by the rules, or the draw a
// player may claim: chess's terminations, judged at the start of a turn
// (a dead position also mid-turn), so this package uses chess's own type.
type Termination = chess.Termination

// Outcome is the end of a game, as in chess: why, and who won.
type Outcome = chess.Outcome

// The terminations dice chess has: chess's, but those of resignation,
// agreement and time, which are the live game's.
const (
	NoTermination        = chess.NoTermination
	Checkmate            = chess.Checkmate            // the mover starts a turn in check with no legal move
	Stalemate            = chess.Stalemate            // the mover starts a turn not in check with no legal move (draw)
	InsufficientMaterial = chess.InsufficientMaterial // a dead position (draw), even mid-turn
	SeventyFiveMoves     = chess.SeventyFiveMoves     // 150 moves without capture or pawn move at a turn start (draw)
	FivefoldRepetition   = chess.FivefoldRepetition   // the same turn-start position a fifth time (draw)
	FiftyMoves           = chess.FiftyMoves           // claimable: 100 moves without capture or pawn move
	ThreefoldRepetition  = chess.ThreefoldRepetition  // claimable: the same turn-start position a third time
)
