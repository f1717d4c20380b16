package chess

// Termination is why a game ended. Automatic endings come first, claimable
// draws after them, then endings decided by the players or the clock.
type Termination uint8

// The terminations. NoTermination means the game goes on.
const (
	NoTermination Termination = iota
	Checkmate
	Stalemate
	InsufficientMaterial // a dead position: no sequence of legal moves can mate
	SeventyFiveMoves     // 75 moves by each side without capture or pawn move (automatic)
	FivefoldRepetition   // the same position five times (automatic)
	FiftyMoves           // claimed: 50 moves by each side without capture or pawn move
	ThreefoldRepetition  // claimed: the same position three times
	Resignation
	DrawAgreement
	Timeout
)

var terminationNames = [...]string{"", "checkmate", "stalemate", "insufficient material", "75-move rule",
	"fivefold repetition", "50-move rule", "threefold repetition", "resignation", "agreement", "timeout"}

// String names the termination in words ("checkmate", "50-move rule", ...).
func (t Termination) String() string {
	if int(t) < len(terminationNames) {
		return terminationNames[t]
	}
	return "unknown"
}

// Outcome is the end of a game: why, and who won. Winner is meaningful only
// when Draw is false. The zero Outcome is an unfinished game.
type Outcome = Ending[Termination]

// Ending is the end of a game whose reasons for ending are of type T:
// chess's Termination here (Outcome), and the variants with endings of
// their own (a king captured, a king exposed by a variant's own rule) use
// it with theirs, so every game reads its end the same way. T's
// zero value is "not over".
type Ending[T interface {
	comparable
	String() string
}] struct {
	Termination T
	Winner      Color
	Draw        bool
}

// Over reports whether the game has ended.
func (o Ending[T]) Over() bool {
	var none T
	return o.Termination != none
}

// Result returns the PGN result: "1-0", "0-1", "1/2-1/2", or "*" while the game goes on.
func (o Ending[T]) Result() string { return ResultText(o.Over(), o.Draw, o.Winner) }

// ResultText is the PGN result of an ending: "*" while the game goes on
// (over false), else "1/2-1/2" for a draw or the winner's "1-0" or "0-1".
// The outcomes of the games built on chess's colours (variants, the live
// game) write their results with it.
func ResultText(over, draw bool, winner Color) string {
	switch {
	case !over:
		return "*"
	case draw:
		return "1/2-1/2"
	case winner == White:
		return "1-0"
	}
	return "0-1"
}

// String describes the outcome, such as "1-0 (checkmate)".
func (o Ending[T]) String() string {
	if !o.Over() {
		return "*"
	}
	return o.Result() + " (" + o.Termination.String() + ")"
}

func win(t Termination, c Color) Outcome { return Outcome{Termination: t, Winner: c} }
func draw(t Termination) Outcome         { return Outcome{Termination: t, Draw: true} }

// Outcome returns the ending that the position alone decides: checkmate,
// stalemate, a dead position (insufficient material) or the 75-move rule.
// Repetitions need the game's history: see Game.Outcome.
func (p *Position) Outcome() Outcome { return p.outcome(p.HasLegalMove()) }

// outcome is Outcome for a caller that already knows whether the side to
// move has a legal move (it has generated them), saving a generation.
func (p *Position) outcome(hasMove bool) Outcome {
	if !hasMove {
		if p.InCheck() {
			return win(Checkmate, p.side.Other())
		}
		return draw(Stalemate)
	}
	if p.IsInsufficientMaterial() {
		return draw(InsufficientMaterial)
	}
	if p.halfmove >= 150 {
		return draw(SeventyFiveMoves)
	}
	return Outcome{}
}

// IsCheckmate reports whether the side to move is checkmated.
func (p *Position) IsCheckmate() bool { return p.InCheck() && !p.HasLegalMove() }

// IsStalemate reports whether the side to move has no legal move but is not in check.
func (p *Position) IsStalemate() bool { return !p.InCheck() && !p.HasLegalMove() }

// IsInsufficientMaterial reports the dead positions FIDE players meet in
// practice: king against king, king and one minor piece against king, and
// kings with any number of bishops all standing on squares of one colour.
func (p *Position) IsInsufficientMaterial() bool {
	if p.byType[Pawn]|p.byType[Rook]|p.byType[Queen] != 0 {
		return false
	}
	minors := p.byType[Knight] | p.byType[Bishop]
	if !minors.More() {
		return true // K v K, or K + one minor v K
	}
	if p.byType[Knight] != 0 {
		return false
	}
	return p.byType[Bishop]&lightSquares == 0 || p.byType[Bishop]&darkSquares == 0
}

// HasInsufficientMaterial reports whether colour c cannot checkmate by any
// sequence of legal moves, however badly the opponent plays. FIDE 6.9: a
// player whose flag falls draws, rather than loses, if the opponent cannot mate.
func (p *Position) HasInsufficientMaterial(c Color) bool {
	ours := p.byColor[c]
	if ours&(p.byType[Pawn]|p.byType[Rook]|p.byType[Queen]) != 0 {
		return false
	}
	theirs := p.byColor[c.Other()]
	if ours&p.byType[Knight] != 0 {
		// One knight (and nothing else) mates only if the opponent has pieces
		// other than queens to hem in its own king.
		return ours.Count() <= 2 && theirs&^p.byType[King]&^p.byType[Queen] == 0
	}
	if ours&p.byType[Bishop] != 0 {
		// Bishops mate only with help from a piece that can block on the other
		// colour: a pawn, a knight, or a bishop of the other colour.
		bishops := p.byType[Bishop]
		sameColour := bishops&lightSquares == 0 || bishops&darkSquares == 0
		return sameColour && p.byType[Pawn] == 0 && p.byType[Knight] == 0
	}
	return true // a lone king
}
