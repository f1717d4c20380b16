package uci

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// This file reads what an external engine says of itself and of its
// search: its "option" lines (UCI: "option name NAME type TYPE [default
// D] [min M] [max X] [var V]..."), and the score of an "info" line.

// ErrEngineOutput says a line of an external engine could not be read.
var ErrEngineOutput = errors.New("uci: unreadable engine output")

// OptionInfo is one option an engine declares.
type OptionInfo struct {
	Name     string
	Type     string // check, spin, combo, button or string
	Default  string
	Min, Max int      // spin only
	Vars     []string // combo only: the values it takes
}

// optionKeys are the keywords of an option line after its name.
var optionKeys = map[string]bool{"type": true, "default": true, "min": true, "max": true, "var": true}

// ParseOptionLine reads an engine's "option name ... type ..." line. A
// name may hold spaces ("Skill Level"); a value runs up to the next
// keyword. Errors wrap ErrEngineOutput and say what is missing or wrong.
func ParseOptionLine(line string) (OptionInfo, error) {
	f := strings.Fields(line)
	if len(f) < 2 || f[0] != "option" || f[1] != "name" {
		return OptionInfo{}, fmt.Errorf("%w: not an option line: %.60q", ErrEngineOutput, line)
	}
	var o OptionInfo
	i := 2
	start := i
	for i < len(f) && f[i] != "type" {
		i++
	}
	o.Name = strings.Join(f[start:i], " ")
	if o.Name == "" || i == len(f) {
		return OptionInfo{}, fmt.Errorf("%w: option line without a name and a type: %.60q", ErrEngineOutput, line)
	}
	for i < len(f) {
		key := f[i]
		i++
		j := i
		for j < len(f) && !optionKeys[f[j]] {
			j++
		}
		value := strings.Join(f[i:j], " ")
		i = j
		switch key {
		case "type":
			o.Type = value
		case "default":
			o.Default = value
		case "var":
			o.Vars = append(o.Vars, value)
		case "min", "max":
			n, err := strconv.Atoi(value)
			if err != nil {
				return OptionInfo{}, fmt.Errorf("%w: option %q: %s %.20q is no number", ErrEngineOutput, o.Name, key, value)
			}
			if key == "min" {
				o.Min = n
			} else {
				o.Max = n
			}
		}
	}
	if o.Type == "" {
		return OptionInfo{}, fmt.Errorf("%w: option %q has no type", ErrEngineOutput, o.Name)
	}
	return o, nil
}

// Score is a search score from the side to move's point of view:
// centipawns, or a mate in Mate moves (negative: it is mated).
type Score struct {
	CP   int
	Mate int // 0: no mate; see CP
}

// MateScore is the centipawn value a mate counts as in Centipawns: more
// than any evaluation, less the further the mate.
const MateScore = 100000

// Centipawns is s as one number: a mate is MateScore less its distance.
func (s Score) Centipawns() int {
	switch {
	case s.Mate > 0:
		return MateScore - s.Mate
	case s.Mate < 0:
		return -MateScore - s.Mate
	}
	return s.CP
}

// ParseInfoScore reads the score of an "info ... score cp X|mate N ..."
// line. Errors wrap ErrEngineOutput.
func ParseInfoScore(line string) (Score, error) {
	f := strings.Fields(line)
	if len(f) == 0 || f[0] != "info" {
		return Score{}, fmt.Errorf("%w: not an info line: %.60q", ErrEngineOutput, line)
	}
	for i := 1; i+2 < len(f); i++ {
		if f[i] != "score" {
			continue
		}
		n, err := strconv.Atoi(f[i+2])
		if err != nil || n > MateScore || n < -MateScore {
			return Score{}, fmt.Errorf("%w: score %.20q is no number in range", ErrEngineOutput, f[i+2])
		}
		switch f[i+1] {
		case "cp":
			return Score{CP: n}, nil
		case "mate":
			if n == 0 { // mated now: the side to move has lost
				n = -1
			}
			return Score{Mate: n}, nil
		}
		return Score{}, fmt.Errorf("%w: score kind %.20q is neither cp nor mate", ErrEngineOutput, f[i+1])
	}
	return Score{}, fmt.Errorf("%w: info line without a score: %.60q", ErrEngineOutput, line)
}
