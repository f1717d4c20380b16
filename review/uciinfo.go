package review

import (
	"fmt"
	"strconv"
	"strings"
)

// Info is what one UCI "info" line says of a search (the UCI protocol,
// "info" command): its depth, the number of its line with MultiPV, its
// score from the side to move (centipawns or a mate, possibly only a
// bound) and its principal variation.
type Info struct {
	Depth   int
	MultiPV int // 1 when the engine does not say
	CP      int
	Mate    int // moves to mate, signed; 0 with HasMate false: a cp score
	HasMate bool
	Bound   string // "", "lowerbound" or "upperbound"
	PV      []string
}

// ParseInfo reads an "info ..." line. ok is false for a line with no score
// (a "currmove" or "string" report); an error says what is malformed and
// at which word.
func ParseInfo(line string) (in Info, ok bool, err error) {
	f := strings.Fields(line)
	if len(f) == 0 || f[0] != "info" {
		return in, false, fmt.Errorf("review: not an info line: %q", shorten(line))
	}
	in.MultiPV = 1
	scored := false
	for i := 1; i < len(f); i++ {
		switch f[i] {
		case "string":
			return in, false, nil // free text to the end of the line
		case "depth", "multipv":
			n, err := intAt(f, i+1)
			if err != nil || n < 0 {
				return in, false, fmt.Errorf("review: info: word %d: %s wants a number", i+1, f[i])
			}
			if f[i] == "depth" {
				in.Depth = n
			} else {
				in.MultiPV = max(n, 1)
			}
			i++
		case "score":
			kind := ""
			if i+1 < len(f) {
				kind = f[i+1]
			}
			n, err := intAt(f, i+2)
			if err != nil || (kind != "cp" && kind != "mate") {
				return in, false, fmt.Errorf("review: info: word %d: score wants cp N or mate N", i+1)
			}
			in.HasMate = kind == "mate"
			if in.HasMate {
				in.Mate = n
			} else {
				in.CP = n
			}
			scored = true
			i += 2
			if i+1 < len(f) && (f[i+1] == "lowerbound" || f[i+1] == "upperbound") {
				in.Bound = f[i+1]
				i++
			}
		case "pv":
			in.PV = append([]string(nil), f[i+1:]...)
			i = len(f)
		}
	}
	return in, scored, nil
}

// intAt reads f[i] as an int.
func intAt(f []string, i int) (int, error) {
	if i >= len(f) {
		return 0, fmt.Errorf("missing number")
	}
	return strconv.Atoi(f[i])
}

// shorten cuts s for an error message.
func shorten(s string) string {
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}

// score returns in's score from the side to move.
func (in Info) score() Score {
	if in.HasMate {
		if in.Mate == 0 { // "mate 0": the side to move is mated
			return Score{CP: -MateCP}
		}
		return MateScore(in.Mate)
	}
	return CPScore(in.CP)
}
