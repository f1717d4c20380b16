package banqi

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
