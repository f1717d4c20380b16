package game

import (
	"fmt"
	"slices"
)

// Spec describes one variant: everything the live game needs to know of it,
// in one registration. Adding a variant is one Spec in specs; game, the
// server and the browser ask the registry instead of switching on names.
// Its label, board and side names are here too, so the server draws and
// names a game from its Spec. (Its computer levels and bots are still
// registered beside the engine, in the server, which may import it; its
// texts in the browser's own registry, web/src/variants.ts.)
type Spec struct {
	Name Variant
	// Label is the variant's name as people write it ("Fog of war").
	Label string
	// Board is the board the variant is played on.
	Board Board
	// Sides names the sides, the first mover's first ("White", "Black";
	// xiangqi's "Red", "Black").
	Sides [2]string
	// Setup reads what a player pastes to start from (a FEN or a PGN of the
	// variant; "" for the variant's usual start) into a start FEN ("" for
	// the standard one) and moves in coordinate text played from it. A new
	// game keeps its result in the Header, so a start Setup chooses (the
	// drawn position of Chess960) is chosen once, when the game is created,
	// and a loaded game replays from it.
	Setup func(text string) (start string, moves []string, err error)
	// Rules returns the rules at start (a FEN; "" for the standard start)
	// with the game's secret seed (Header.Seed; "" unless Seeded). It only
	// reads them: it draws nothing.
	Rules func(start, seed string) (Rules, error)
	// Seeded variants draw a secret seed when a game is created (dice
	// rolls, mines), kept in the Header.
	Seeded bool
	// NoTakeback refuses takebacks: in a variant of hidden information a
	// move taken back would have shown what it should not (a square in the
	// fog, a mine, the next roll), and could be tried again.
	NoTakeback bool
	// Pass says passing, the null move "0000", is a rule of the variant
	// (dice chess: a turn whose dice allow no move, or whose player stops).
	// Everywhere else a command to play it is refused; a stored record that
	// holds one (from before the refusal) still loads.
	Pass bool
	// Hidden variants keep information from their players (fog, dice to
	// come, mines): their Rules.Sight differs per viewer, the server builds
	// each viewer's messages apart, and their computer players are given a
	// Sight only.
	Hidden bool
}

// specs is the registry, a table fixed at start-up.
var specs = map[Variant]*Spec{
	Chess:    chessSpec,
	Chess960: chess960Spec,
	Xiangqi:  xiangqiSpec,
	FogOfWar: fogSpec,
	Bomb:     bombSpec,
	Dice:     diceSpec,
}

// Board is the kind of board a variant is played on: what draws it, and
// how its positions read.
type Board string

// The boards.
const (
	BoardChess   Board = "chess"   // 8×8, chess's FEN
	BoardXiangqi Board = "xiangqi" // 9×10, xiangqi's FEN
)

// chessSides are the sides' names on a chess board.
var chessSides = [2]string{"White", "Black"}

// Lookup returns the registered variant named v ("" reads as chess, for
// records from before variants).
func Lookup(v Variant) (*Spec, error) {
	if v == "" {
		v = Chess
	}
	s, ok := specs[v]
	if !ok {
		return nil, fmt.Errorf("%w: unknown variant %q (want one of %v)", ErrBadSetup, v, Variants())
	}
	return s, nil
}

// ParseVariant returns the variant named s ("" means chess).
func ParseVariant(s string) (Variant, error) {
	spec, err := Lookup(Variant(s))
	if err != nil {
		return "", err
	}
	return spec.Name, nil
}

// Variants returns the names of the registered variants, sorted.
func Variants() []Variant {
	out := make([]Variant, 0, len(specs))
	for v := range specs {
		out = append(out, v)
	}
	slices.Sort(out)
	return out
}
