package fog

import "github.com/gambitchess/gambit/chess"

// Termination is why a fog-of-war game ended by the rules.
type Termination uint8

// The terminations. NoTermination means the game goes on.
const (
	NoTermination      Termination = iota
	KingCaptured                   // the winner took the loser's king
	Stalemate                      // the side to move has no move at all (draw)
	SeventyFiveMoves               // 150 plies without capture or pawn move (draw)
	FivefoldRepetition             // the same position a fifth time (draw; Game only)
	BareKings                      // only the two kings are left (draw)
)

var terminationNames = [...]string{"", "king captured", "stalemate", "75-move rule", "fivefold repetition", "bare kings"}

// String names the termination in words.
func (t Termination) String() string {
	if int(t) < len(terminationNames) {
		return terminationNames[t]
	}
	return "unknown"
}

// Outcome is the end of a game: why, and who won, as chess writes it
// (Over, Result, String "0-1 (king captured)"). Winner is meaningful only when
// Draw is false. The zero Outcome is an unfinished game.
type Outcome = chess.Ending[Termination]

// Outcome reports how the game stands in p alone: a captured king (the
// capturer wins), bare kings, the 75-move rule, or no move for the side to
// move. Fivefold repetition needs the history: see Game.Outcome. The
// checks run in that order, so a king capture on the 150th ply still wins.
func (p *Position) Outcome() Outcome {
	if loser, ok := p.KingCaptured(); ok {
		return Outcome{Termination: KingCaptured, Winner: loser.Other()}
	}
	b := &p.board
	if b.Occupied() == b.PiecesOfType(chess.King) {
		return Outcome{Termination: BareKings, Draw: true}
	}
	if b.HalfmoveClock() >= 150 {
		return Outcome{Termination: SeventyFiveMoves, Draw: true}
	}
	var ml chess.MoveList
	p.Generate(&ml)
	if ml.Len() == 0 {
		return Outcome{Termination: Stalemate, Draw: true}
	}
	return Outcome{}
}
