package dice

import "github.com/gambitchess/gambit/chess"

// Termination is why a dice chess game ended by the rules, or the draw a
// player may claim.
type Termination uint8

// The terminations. NoTermination means the game goes on. FiftyMoves and
// ThreefoldRepetition end a game only when claimed.
const (
	NoTermination        Termination = iota
	Checkmate                        // the mover starts a turn in check with no legal move
	Stalemate                        // the mover starts a turn not in check with no legal move (draw)
	InsufficientMaterial             // a dead position (draw), even mid-turn
	SeventyFiveMoves                 // 150 moves without capture or pawn move at a turn start (draw)
	FivefoldRepetition               // the same turn-start position a fifth time (draw)
	FiftyMoves                       // claimable: 100 moves without capture or pawn move
	ThreefoldRepetition              // claimable: the same turn-start position a third time
)

var terminationNames = [...]string{"", "checkmate", "stalemate", "insufficient material", "75-move rule",
	"fivefold repetition", "50-move rule", "threefold repetition"}

// String names the termination in words.
func (t Termination) String() string {
	if int(t) < len(terminationNames) {
		return terminationNames[t]
	}
	return "unknown"
}

// Outcome is the end of a game: why, and who won. Winner is meaningful only
// when Draw is false. The zero Outcome is an unfinished game.
type Outcome struct {
	Termination Termination
	Winner      chess.Color
	Draw        bool
}

// Over reports whether the game has ended.
func (o Outcome) Over() bool { return o.Termination != NoTermination }

// Result returns the PGN result: "1-0", "0-1", "1/2-1/2", or "*".
func (o Outcome) Result() string { return chess.ResultText(o.Over(), o.Draw, o.Winner) }

// String describes the outcome, such as "1-0 (checkmate)".
func (o Outcome) String() string {
	if !o.Over() {
		return "*"
	}
	return o.Result() + " (" + o.Termination.String() + ")"
}

// positionOutcome is the ending that a turn-start position decides alone.
func positionOutcome(p *chess.Position) Outcome {
	o := p.Outcome()
	switch o.Termination {
	case chess.Checkmate:
		return Outcome{Termination: Checkmate, Winner: o.Winner}
	case chess.Stalemate:
		return Outcome{Termination: Stalemate, Draw: true}
	case chess.InsufficientMaterial:
		return Outcome{Termination: InsufficientMaterial, Draw: true}
	case chess.SeventyFiveMoves:
		return Outcome{Termination: SeventyFiveMoves, Draw: true}
	}
	return Outcome{}
}
