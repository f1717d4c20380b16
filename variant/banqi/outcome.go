package banqi

// Termination is the rule that ended a game.
type Termination uint8

// The terminations, in the order the rules are judged after each move.
const (
	NoTermination  Termination = iota
	NoPieces                   // the player to move has no piece left: it loses
	NoMoves                    // the player to move has pieces but no legal move: it loses
	PerpetualChase             // a repetition the player to move's opponent chased through (Options.ChaseLoses): that player loses
	Repetition                 // a position's third occurrence (Options.Repetitions): a draw
	MoveLimit                  // 180 plies without a flip or a capture (Options.DrawPlies): a draw
)

// String returns the termination's name as the live game writes it.
func (t Termination) String() string {
	names := [...]string{"", "no pieces", "no moves", "perpetual chase", "repetition", "move limit"}
	if int(t) < len(names) {
		return names[t]
	}
	return ""
}

// Outcome is the end of a game: why, and who won. The zero Outcome is a
// game that goes on.
type Outcome struct {
	Termination Termination
	Winner      Player // meaningful when !Draw
	Draw        bool
}

// Over reports whether the game has ended.
func (o Outcome) Over() bool { return o.Termination != NoTermination }

// Result returns "1-0" (the first player won), "0-1", "1/2-1/2", or "*"
// while the game goes on.
func (o Outcome) Result() string {
	switch {
	case !o.Over():
		return "*"
	case o.Draw:
		return "1/2-1/2"
	case o.Winner == First:
		return "1-0"
	}
	return "0-1"
}

// String writes the outcome: "1-0 (no pieces)", "*".
func (o Outcome) String() string {
	if !o.Over() {
		return "*"
	}
	return o.Result() + " (" + o.Termination.String() + ")"
}

func win(t Termination, winner Player) Outcome { return Outcome{Termination: t, Winner: winner} }

func draw(t Termination) Outcome { return Outcome{Termination: t, Draw: true} }
