package game

import (
	"fmt"
	"slices"
	"time"

	"github.com/gambitchess/gambit/chess"
)

// DestsFor returns the legal destinations of each piece of the side to
// move, keyed by origin square ("e2" -> ["e3", "e4"]; xiangqi "h2" ->
// ["e2", ...]), for viewer v: only a viewer who holds the side to move gets
// them (in a hidden game they tell where that side's pieces are), and
// none once the game is over. The browser draws what the server allows
// and has no rules of its own.
func (g *Game) DestsFor(v Viewer) map[string][]string {
	if g.status.Finished() || !v.Holds(g.rules.Turn()) {
		return map[string][]string{}
	}
	return g.rules.Dests()
}

// Step is one move of the history with the position it leads to. UCI is
// the coordinate text (ICCS in xiangqi), SAN the game's own notation
// (Chinese in xiangqi), WXF the xiangqi WXF notation.
type Step struct {
	UCI   string `json:"uci"`
	SAN   string `json:"san"`
	WXF   string `json:"wxf,omitempty"`
	FEN   string `json:"fen"`
	Color Side   `json:"color"` // who moved: turns come from the rules, not from ply parity
	// Ext is what the variant records of the move beside its text (its own
	// type; nil in chess and xiangqi): on the wire, the object "ext".
	Ext Ext `json:"ext,omitzero"`
}

// history returns every move played with its notation and the FEN after
// it (Whole.History).
func (g *Game) history() []Step { return g.rules.History() }

// MoveClocks returns, for each move played in the game (the last
// len(MoveClocks()) moves of History: a pasted PGN's moves have none),
// what its mover had left on the clock after it, the increment added, as
// the move's event recorded it (lichess's [%clk]); -1 for a move whose
// record kept none. It is nil for a game without a clock.
func (g *Game) MoveClocks() []time.Duration {
	if g.clock == nil {
		return nil
	}
	return slices.Clone(g.left)
}

// Check returns the square of the king (general) in check, if any.
func (g *Game) Check() (string, bool) { return g.rules.Check() }

// Clone returns an independent copy of the game, for a bot to read while
// the live game goes on.
func (g *Game) Clone() *Game {
	c := *g
	c.rules = g.rules.Clone()
	c.movers = slices.Clone(g.movers)
	c.left = slices.Clone(g.left)
	if g.clock != nil {
		k := *g.clock
		c.clock = &k
	}
	return &c
}

// Side is a side as the wire writes it, "white" or "black" (xiangqi's Red
// is white): a Step's mover. chess.Color itself stays a number, as events
// store it.
type Side chess.Color

// SideOf is chess.Color c as a Side.
func SideOf(c chess.Color) Side { return Side(c) }

// Color is s as chess.Color.
func (s Side) Color() chess.Color { return chess.Color(s) }

// Name is "black" for Black and "white" otherwise, as the wire writes a
// side.
func (s Side) Name() string {
	if chess.Color(s) == chess.Black {
		return "black"
	}
	return "white"
}

// MarshalText writes s.Name().
func (s Side) MarshalText() ([]byte, error) { return []byte(s.Name()), nil }

// UnmarshalText reads "white" or "black".
func (s *Side) UnmarshalText(b []byte) error {
	switch string(b) {
	case "white":
		*s = Side(chess.White)
	case "black":
		*s = Side(chess.Black)
	default:
		return fmt.Errorf("game: side %q, want white or black", b)
	}
	return nil
}
