package bomb

import "github.com/gambitchess/gambit/chess"

// Termination is why a bomb-chess game ended by the rules, or, for the
// claimable draws, why it may be ended.
type Termination uint8

// The terminations. NoTermination means the game goes on. The automatic
// endings come first, the claimable draws after them.
const (
	NoTermination        Termination = iota
	KingExposed                      // a blast left the mover's own king attacked: the mover lost
	Checkmate                        // the side to move is checkmated
	Stalemate                        // the side to move has no legal move and is not in check (draw)
	InsufficientMaterial             // a dead position: no sequence of legal moves can mate (draw)
	SeventyFiveMoves                 // 75 moves by each side without capture, blast or pawn move (draw)
	FivefoldRepetition               // the same position five times (draw)
	FiftyMoves                       // claimable: 50 moves by each side without capture, blast or pawn move
	ThreefoldRepetition              // claimable: the same position three times
)

var terminationNames = [...]string{"", "king exposed by a mine", "checkmate", "stalemate",
	"insufficient material", "75-move rule", "fivefold repetition", "50-move rule", "threefold repetition"}

// String names the termination in words, such as "king exposed by a mine".
func (t Termination) String() string {
	if int(t) < len(terminationNames) {
		return terminationNames[t]
	}
	return "unknown"
}

// Outcome is the end of a game: why, and who won, as chess writes it
// (Over, Result, String "0-1 (king exposed by a mine)"). Winner is meaningful only when
// Draw is false. The zero Outcome is an unfinished game.
type Outcome = chess.Ending[Termination]
