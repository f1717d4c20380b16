package xiangqi

// Termination is the rule that ended a game.
type Termination uint8

// Terminations. Checkmate and Stalemate both lose for the side to move
// (in xiangqi having no legal move is a loss). PerpetualCheck loses for
// the side that keeps checking through a repetition, PerpetualChase for the
// side that keeps chasing a piece, and under the Chinese rules
// CheckAndChase for the side that keeps checking and chasing a piece in
// turn (one check one chase, 一將一捉) and MateThreat for the side that
// keeps threatening mate (長殺);
// Repetition, MoveLimit and InsufficientMaterial are draws. The values
// are stable: new ones are added at the end.
const (
	NoTermination Termination = iota
	Checkmate
	Stalemate
	PerpetualCheck
	Repetition
	MoveLimit
	InsufficientMaterial
	PerpetualChase
	CheckAndChase
	MateThreat
)

var terminationNames = [...]string{"none", "checkmate", "stalemate", "perpetual check", "repetition", "move limit", "insufficient material", "perpetual chase", "one check one chase", "perpetual mate threat"}

// String returns the name of the termination.
func (t Termination) String() string {
	if int(t) < len(terminationNames) {
		return terminationNames[t]
	}
	return "invalid"
}

// Outcome is the end of a game: why, and who won. The zero Outcome is an
// unfinished game. For a draw, Draw is set and Winner is NoColor.
type Outcome struct {
	Termination Termination
	Winner      Color
	Draw        bool
}

// Over reports whether the game has ended.
func (o Outcome) Over() bool { return o.Termination != NoTermination }

// Result returns "1-0" (Red won), "0-1" (Black won), "1/2-1/2", or "*"
// while the game is in progress.
func (o Outcome) Result() string {
	switch {
	case o.Termination == NoTermination:
		return "*"
	case o.Winner == Red:
		return "1-0"
	case o.Winner == Black:
		return "0-1"
	}
	return "1/2-1/2"
}

// String describes the outcome, for example "1-0 (checkmate)".
func (o Outcome) String() string {
	if !o.Over() {
		return "*"
	}
	return o.Result() + " (" + o.Termination.String() + ")"
}

func win(t Termination, c Color) Outcome { return Outcome{Termination: t, Winner: c} }
func draw(t Termination) Outcome         { return Outcome{Termination: t, Winner: NoColor, Draw: true} }

// Outcome returns the ending that the position alone decides: checkmate or
// stalemate (both lost by the side to move) and insufficient material.
// Repetitions and the move limit need the game's history and rules: see
// Game.Outcome.
func (p *Position) Outcome() Outcome { return JudgePosition(p) }

// Judged is what the endings read of a position. Position has it, and so
// may the position of a variant on xiangqi's board that keeps xiangqi's
// endings, judging them with JudgePosition and JudgeGame as Position and
// Game do. It is an interface, through which p escapes: the endings are
// judged once a move, never in a search, which has its own mate test.
type Judged interface {
	SideToMove() Color
	HasLegalMove() bool
	InCheck() bool
	IsInsufficientMaterial() bool
	HalfmoveClock() int // plies since the last capture
}

// JudgePosition returns the ending that p alone decides (Position.Outcome):
// a side with no legal move loses, by Checkmate when in check, Stalemate
// otherwise; else insufficient material draws.
func JudgePosition(p Judged) Outcome {
	if !p.HasLegalMove() {
		if p.InCheck() {
			return win(Checkmate, p.SideToMove().Other())
		}
		return win(Stalemate, p.SideToMove().Other())
	}
	if p.IsInsufficientMaterial() {
		return draw(InsufficientMaterial)
	}
	return Outcome{}
}

// JudgeGame returns how a game stands whose current position is p
// (Game.Outcome), by the rules in this order: a side with no legal move
// loses (Checkmate or Stalemate); a repetition is judged by
// JudgeRepetition, back to the last capture; moveLimit moves without a
// capture draw (MoveLimit; 0 for no limit); insufficient material draws.
// keys and checks hold, for every position from the start to p, its key
// and whether its side to move is in check; first is the side to move at
// the start; repetitions is the occurrences that draw (0: none).
func JudgeGame(p Judged, keys []uint64, checks []bool, first Color, repetitions, moveLimit int) Outcome {
	o, _ := judgeGame(p, checks, moveLimit, func(lo int) (Outcome, int) {
		return JudgeRepetition(keys, checks, first, lo, repetitions), 0
	})
	return o
}

// judgeGame is JudgeGame with the repetition rule given: repetition judges
// the history back to index lo and returns its outcome and where the
// judged moves began.
func judgeGame(p Judged, checks []bool, moveLimit int, repetition func(lo int) (Outcome, int)) (Outcome, int) {
	if !p.HasLegalMove() {
		t := Stalemate
		if checks[len(checks)-1] {
			t = Checkmate
		}
		return win(t, p.SideToMove().Other()), 0
	}
	n := len(checks) - 1
	if o, from := repetition(n - p.HalfmoveClock()); o.Over() {
		return o, from
	}
	if moveLimit > 0 && p.HalfmoveClock() >= 2*moveLimit {
		return draw(MoveLimit), 0
	}
	if p.IsInsufficientMaterial() {
		return draw(InsufficientMaterial), 0
	}
	return Outcome{}, 0
}

// IsCheckmate reports whether the side to move is in check and has no legal move.
func (p *Position) IsCheckmate() bool { return p.InCheck() && !p.HasLegalMove() }

// IsStalemate reports whether the side to move has no legal move but is not
// in check (a loss in xiangqi).
func (p *Position) IsStalemate() bool { return !p.InCheck() && !p.HasLegalMove() }

// IsInsufficientMaterial reports whether neither side has a piece that can
// cross the river (only generals, advisors and elephants are left), so
// neither can ever give mate.
func (p *Position) IsInsufficientMaterial() bool {
	for c := Red; c <= Black; c++ {
		for _, pt := range [4]PieceType{Horse, Chariot, Cannon, Soldier} {
			if !p.pieces[NewPiece(c, pt)].Empty() {
				return false
			}
		}
	}
	return true
}

// JudgeRepetition applies the repetition rules to a history: keys[i] is
// the key after i plies, checks[i] whether the side to move then is in
// check, and first the side that made the first move (keys[0] -> keys[1]).
// lo is the first index a repetition may reach back to (the last capture).
// A side whose every move in the cycle gave check and which has checked
// more than three times in a row loses; when both sides kept checking, or
// neither did, the position repeated `draws` times is a draw. Variants of
// xiangqi with the same repetition rules judge with it too.
func JudgeRepetition(keys []uint64, checks []bool, first Color, lo, draws int) Outcome {
	n := len(keys) - 1
	if lo < 0 {
		lo = 0
	}
	occurrences, last := 1, -1
	for i := n - 2; i >= lo; i -= 2 {
		if keys[i] == keys[n] {
			occurrences++
			if last < 0 {
				last = i
			}
		}
	}
	if last < 0 {
		return Outcome{}
	}
	mover := func(i int) Color { // side that made the move keys[i-1] -> keys[i]
		if (i-1)%2 == 0 {
			return first
		}
		return first.Other()
	}
	all := [2]bool{true, true}
	for i := last + 1; i <= n; i++ {
		if !checks[i] {
			all[mover(i)] = false
		}
	}
	var streak [2]int
	var broken [2]bool
	for i := n; i >= 1; i-- {
		c := mover(i)
		if broken[c] {
			if broken[c.Other()] {
				break
			}
			continue
		}
		if checks[i] {
			streak[c]++
		} else {
			broken[c] = true
		}
	}
	for c := Red; c <= Black; c++ {
		if all[c] && !all[c.Other()] && streak[c] > 3 {
			return win(PerpetualCheck, c.Other())
		}
	}
	if draws > 0 && occurrences >= draws {
		return draw(Repetition)
	}
	return Outcome{}
}
