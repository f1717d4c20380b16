package banqi

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Options are the rules where banqi's rule sets differ. The zero value
// is no draw rule at all and a cannon of any reach; DefaultOptions is the
// rule set Gambit plays (see the package doc for the sources).
type Options struct {
	// DrawPlies draws the game after this many plies in a row without a
	// flip or a capture (the FEN's halfmove clock); 0: never. The
	// Computer Olympiad's rule, the default, is 180.
	DrawPlies int
	// Repetitions draws the game when a position occurs for this many
	// times; 0: never. The default is 3.
	Repetitions int
	// CannonReach is the farthest, in squares, from a cannon to the piece
	// it takes (over its one screen); 0, the default: any distance. 2
	// is the short cannon of some house rules, which takes only the piece
	// right behind an adjacent screen.
	CannonReach int
	// ChaseLoses judges a repetition: a player each of whose moves since
	// the position first occurred left its piece able to take (a chase),
	// while the other player's did not all, loses instead of drawing.
	// Off by default, as at the Computer Olympiad.
	ChaseLoses bool
}

// The defaults of Options.
const (
	DefaultDrawPlies   = 180
	DefaultRepetitions = 3
)

// DefaultOptions returns the rule set the live game plays: a draw after
// 180 plies without a flip or a capture, or at a position's third
// occurrence; a cannon of any reach; no chase rule.
func DefaultOptions() Options {
	return Options{DrawPlies: DefaultDrawPlies, Repetitions: DefaultRepetitions}
}

// String writes the options as the PGN's Rules tag holds them:
// "drawplies=180 repetitions=3 cannonreach=0 chaseloses=false".
func (o Options) String() string {
	return fmt.Sprintf("drawplies=%d repetitions=%d cannonreach=%d chaseloses=%t", o.DrawPlies, o.Repetitions, o.CannonReach, o.ChaseLoses)
}

// ParseOptions reads options written by String; a field left out keeps
// its default (DefaultOptions).
func ParseOptions(text string) (Options, error) {
	o := DefaultOptions()
	for _, field := range strings.Fields(text) {
		key, value, _ := strings.Cut(field, "=")
		var err error
		switch key {
		case "drawplies":
			o.DrawPlies, err = strconv.Atoi(value)
		case "repetitions":
			o.Repetitions, err = strconv.Atoi(value)
		case "cannonreach":
			o.CannonReach, err = strconv.Atoi(value)
		case "chaseloses":
			o.ChaseLoses, err = strconv.ParseBool(value)
		default:
			err = errors.New("unknown option")
		}
		if err != nil {
			return Options{}, fmt.Errorf("banqi: options: %q: %w", clip(field), err)
		}
	}
	return o, nil
}
