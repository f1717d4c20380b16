package xq

import "strconv"

// Search constants. Scores are centipawns; mate scores are Mate - plies to
// mate (winning) or -Mate + plies (losing).
const (
	MaxPly       = 128
	Mate         = 32000
	MateInMaxPly = Mate - MaxPly
	infinity     = Mate + 1
)

// Score is a search score in centipawns from the side to move's view. A
// lost xiangqi game is a loss however it ends (mate, stalemate or
// perpetual check), so all three score as -Mate + plies.
type Score int

// IsMate reports whether s is a mate score.
func (s Score) IsMate() bool { return s >= MateInMaxPly || s <= -MateInMaxPly }

// MateIn returns the signed number of moves to mate (positive when the side
// to move mates), for UCI "score mate N". It is meaningful only if IsMate.
func (s Score) MateIn() int {
	if s > 0 {
		return (Mate - int(s) + 1) / 2
	}
	return -(Mate + int(s)) / 2
}

// String returns the score as UCI writes it: "cp 35" or "mate -2".
func (s Score) String() string {
	if s.IsMate() {
		return "mate " + strconv.Itoa(s.MateIn())
	}
	return "cp " + strconv.Itoa(int(s))
}

// matedIn returns the score of the side to move being mated at ply.
func matedIn(ply int) int { return -Mate + ply }

// mateIn returns the score of mating at ply.
func mateIn(ply int) int { return Mate - ply }

// toTT converts a search score to its table form: mate scores become
// relative to the node instead of the root.
func toTT(v, ply int) int {
	switch {
	case v >= MateInMaxPly:
		return v + ply
	case v <= -MateInMaxPly:
		return v - ply
	}
	return v
}

// fromTT converts a table score back to a score relative to the root.
func fromTT(v, ply int) int {
	switch {
	case v >= MateInMaxPly:
		return v - ply
	case v <= -MateInMaxPly:
		return v + ply
	}
	return v
}
