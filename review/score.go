package review

import (
	"strconv"
)

// MateCP is the size of a mate as centipawns: a side that mates in n moves
// scores MateCP − n, one already mated −MateCP (as lichess's forceAsCp
// makes a mate a huge cp, here a round one that reads as mate at a glance).
// Every formula clamps it to ±CPCeiling first.
const MateCP = 100000

// Score is an evaluation from White's (Red's) side. CP is always set:
// centipawns, or ±(MateCP − moves) for a mate; Mate is the signed number
// of moves to mate (positive: White or Red mates), 0 when there is none or
// the side to move is already mated (then CP is ±MateCP).
type Score struct {
	CP   int
	Mate int
}

// CPScore returns a centipawn score.
func CPScore(cp int) Score { return Score{CP: min(max(cp, -MateCP+1000), MateCP-1000)} }

// MateScore returns a mate in n moves: n > 0 when White (Red) mates, n < 0
// when Black does. n = 0 (no mate) gives an even score; a position whose
// side to move is mated already is Mated.
func MateScore(n int) Score {
	switch {
	case n > 0:
		return Score{CP: MateCP - n, Mate: n}
	case n < 0:
		return Score{CP: -MateCP - n, Mate: n}
	}
	return Score{}
}

// Mated returns the score of a position whose side to move is mated;
// whiteToMove says who that is.
func Mated(whiteToMove bool) Score {
	if whiteToMove {
		return Score{CP: -MateCP}
	}
	return Score{CP: MateCP}
}

// IsMate reports whether s is a mate, coming or given.
func (s Score) IsMate() bool { return s.CP >= MateCP-1000 || s.CP <= -MateCP+1000 }

// Neg returns s from the other side.
func (s Score) Neg() Score { return Score{CP: -s.CP, Mate: -s.Mate} }

// For returns s from white's side when white is true, else from black's.
func (s Score) For(white bool) Score {
	if white {
		return s
	}
	return s.Neg()
}

// PGN writes s as a PGN %eval value: pawns with two decimals ("0.35",
// "-1.20") or a mate ("#3", "#-2"); a position already mated is "#0" or
// "#-0".
func (s Score) PGN() string {
	switch {
	case s.Mate != 0:
		return "#" + strconv.Itoa(s.Mate)
	case s.CP >= MateCP:
		return "#0"
	case s.CP <= -MateCP:
		return "#-0"
	}
	return strconv.FormatFloat(float64(s.CP)/100, 'f', 2, 64)
}

// Class is how a move is judged: "" (not marked), or one of the three.
type Class string

// The classes, lichess's Advice.Judgement.
const (
	ClassNone       Class = ""
	ClassInaccuracy Class = "inaccuracy"
	ClassMistake    Class = "mistake"
	ClassBlunder    Class = "blunder"
)

// NAG returns the PGN Numeric Annotation Glyph of c: 6 (?!), 2 (?), 4
// (??), 0 for none (lila Advice.Judgement's glyphs).
func (c Class) NAG() uint8 {
	switch c {
	case ClassInaccuracy:
		return 6
	case ClassMistake:
		return 2
	case ClassBlunder:
		return 4
	}
	return 0
}

// Glyph returns the suffix of c: "?!", "?", "??" or "".
func (c Class) Glyph() string {
	switch c {
	case ClassInaccuracy:
		return "?!"
	case ClassMistake:
		return "?"
	case ClassBlunder:
		return "??"
	}
	return ""
}

// Classify judges a move from the mover's side, before and after it
// (lila Advice.scala). Between two centipawn scores it is the drop of
// Win% (CpAdvice: 5, 10, 15 points); when a mate is involved, MateAdvice:
// a move that lets a mate in is a blunder, or a mistake when the mover
// was already 7 pawns down and an inaccuracy 10 pawns down; a move that
// loses a mate the mover had is a blunder, or a mistake when still 7
// pawns up and an inaccuracy 10 pawns up. Delaying a mate is not marked.
func Classify(before, after Score) Class {
	if !before.IsMate() && !after.IsMate() {
		switch drop := WinPercent(before.CP) - WinPercent(after.CP); {
		case drop >= BlunderDrop:
			return ClassBlunder
		case drop >= MistakeDrop:
			return ClassMistake
		case drop >= InaccuracyDrop:
			return ClassInaccuracy
		}
		return ClassNone
	}
	mateFor := func(s Score) int { // >0: the mover mates, <0: is mated, 0: no mate
		switch {
		case !s.IsMate():
			return 0
		case s.CP > 0:
			return 1
		}
		return -1
	}
	p, n := mateFor(before), mateFor(after)
	switch {
	case p == 0 && n < 0: // MateCreated: judged by how bad it already was
		switch {
		case before.CP < -999:
			return ClassInaccuracy
		case before.CP < -700:
			return ClassMistake
		}
		return ClassBlunder
	case p > 0 && n <= 0: // MateLost: judged by what is left
		cp := after.CP
		if n < 0 {
			cp = 0 // lila: a mate against has no cp, read as 0
		}
		switch {
		case cp > 999:
			return ClassInaccuracy
		case cp > 700:
			return ClassMistake
		}
		return ClassBlunder
	}
	return ClassNone
}
