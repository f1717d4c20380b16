package computer

import (
	"context"
	"fmt"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/wire"
)

// Level is a computer strength the UI offers. Algorithm names the chess
// engine's search (greedy, minimax, alphabeta or full); Elo, when set,
// weakens the full search; Depth and MoveTime bound the thinking. In xiangqi
// the engine/xq search plays at Skill (0-20) to XiangqiDepth (0: no limit)
// within MoveTime: the teaching levels at full skill (no deliberate
// error) to their depth, the strength levels weakened by their skill. A
// level of an external engine (Engine set, Algorithm "uci") is lichess's
// level Number, 1 to 8: its Skill Level, Depth and MoveTime (see
// engineLevels); Fallback names the built-in level that takes the seat
// over when the engine fails. Group says where the new-game dialog lists
// it.
type Level struct {
	Name         string        `json:"name"`
	Label        string        `json:"label"`
	Algorithm    string        `json:"algorithm"`
	Group        string        `json:"group"`
	Elo          int           `json:"elo,omitempty"`
	Depth        int           `json:"depth,omitempty"`
	MoveTime     time.Duration `json:"-"`
	Skill        int           `json:"-"`
	XiangqiDepth int           `json:"-"`
	XiangqiLabel string        `json:"-"` // Label in xiangqi
	// XiangqiFormer are the labels the level had in xiangqi before, still
	// read as it in a seat's name (LevelNamed): "Novice (2 plies)".
	XiangqiFormer []string `json:"-"`
	Engine        string   `json:"engine,omitempty"` // the external engine's name
	Number        int      `json:"number,omitempty"` // its level, 1 to 8
	SkillLevel    int      `json:"-"`                // its UCI "Skill Level"
	Fallback      string   `json:"-"`                // the built-in level that takes over
	// Labels is Label in other languages, by tag ("zh-TW"), for a level of
	// a variant's own computer player (game.Level.Labels): the server's
	// pages word the board's levels by their lang keys instead.
	Labels map[string]string `json:"-"`
}

// The groups of levels the new-game dialog lists apart (Level.Group).
const (
	// GroupStrength are Gambit's own levels, by strength: the full engine
	// weakened to a rating in chess, its skill levels in xiangqi, and the
	// levels of a variant's own computer player.
	GroupStrength = "strength"
	// GroupTeaching are the searches of the classroom (greedy, minimax,
	// negamax, alpha-beta), each played as written, to play against and
	// read about; in xiangqi, engine/xq's search cut to 1, 2 and 3 plies,
	// without deliberate errors.
	GroupTeaching = "teaching"
	// GroupEngine are an external engine's levels 1 to 8.
	GroupEngine = "engine"
)

// fullSkill is engine/xq's skill level at full strength (its MaxSkill).
const fullSkill = 20

// Levels returns the computer levels, weakest first. Their order is for
// good: a computer seat named before issue 40 ("Gambit level 6") is read
// by its number among them (LevelNamed).
//
// In xiangqi, where no rating was measured, the strength levels are named
// by strength alone ("Casual", once "Casual (skill 8)": an engine's skill
// number tells a player nothing), and the teaching levels say how far
// they look: each is engine/xq's own search stopped at that depth, at
// full skill, so that it plays what its line in the dialog says (at skill
// 0 and 2 the first two searched the same single ply, the second's "2
// plies" notwithstanding).
func Levels() []Level {
	return []Level{
		{Name: "greedy", Label: "Greedy (grabs material, 1 ply)", Algorithm: "greedy", Group: GroupTeaching, Depth: 1, Skill: fullSkill, XiangqiDepth: 1, XiangqiLabel: "Greedy (1 ply)"},
		{Name: "minimax", Label: "Minimax (3 plies)", Algorithm: "minimax", Group: GroupTeaching, Depth: 3, MoveTime: 3 * time.Second, Skill: fullSkill, XiangqiDepth: 2,
			XiangqiLabel: "Alpha-beta (2 plies)", XiangqiFormer: []string{"Novice (2 plies)"}},
		// Negamax is minimax in one function (engine.AlgorithmNegamax): the
		// same moves, taught apart; chess only (no XiangqiLabel).
		{Name: "negamax", Label: "Negamax (3 plies)", Algorithm: "negamax", Group: GroupTeaching, Depth: 3, MoveTime: 3 * time.Second},
		{Name: "alphabeta", Label: "Alpha-beta (4 plies)", Algorithm: "alphabeta", Group: GroupTeaching, Depth: 4, MoveTime: 3 * time.Second, Skill: fullSkill, XiangqiDepth: 3,
			XiangqiLabel: "Alpha-beta (3 plies)", XiangqiFormer: []string{"Apprentice (3 plies)"}},
		{Name: "beginner", Label: "Beginner (~800)", Algorithm: "full", Group: GroupStrength, Elo: 800, MoveTime: 300 * time.Millisecond, Skill: 3, XiangqiDepth: 2,
			XiangqiLabel: "Beginner", XiangqiFormer: []string{"Beginner (skill 3)"}},
		{Name: "casual", Label: "Casual (~1200)", Algorithm: "full", Group: GroupStrength, Elo: 1200, MoveTime: 500 * time.Millisecond, Skill: 8,
			XiangqiLabel: "Casual", XiangqiFormer: []string{"Casual (skill 8)"}},
		{Name: "club", Label: "Club (~1600)", Algorithm: "full", Group: GroupStrength, Elo: 1600, MoveTime: 800 * time.Millisecond, Skill: 13,
			XiangqiLabel: "Club", XiangqiFormer: []string{"Club (skill 13)"}},
		{Name: "strong", Label: "Strong (~2000)", Algorithm: "full", Group: GroupStrength, Elo: 2000, MoveTime: time.Second, Skill: 17,
			XiangqiLabel: "Strong", XiangqiFormer: []string{"Strong (skill 17)"}},
		// ~2250: its rough performance on the LADDER.md scale, engine/BENCH.md "Matches".
		{Name: "full", Label: "Full strength (~2250)", Algorithm: "full", Group: GroupStrength, MoveTime: 2 * time.Second, Skill: fullSkill, XiangqiLabel: "Full strength"},
	}
}

// engineLabels says, per board, how the engines' levels read there; the
// engines play the variants of full information on it (chess and Chess960
// with package engine: a Chess960 position carries its own castling into
// move generation and UCI text; xiangqi with engine/xq). A variant with
// its own computer player (game.Spec.Computer) has its own levels, and one
// with neither has no computer opponent: creating such a game is refused.
var engineLabels = map[game.Board]func(Level) string{
	game.BoardChess:   func(l Level) string { return l.Label },
	game.BoardXiangqi: func(l Level) string { return l.XiangqiLabel },
}

// LevelsFor returns the levels of variant v, labelled for it.
func LevelsFor(v game.Variant) ([]Level, error) {
	spec, err := game.Lookup(v)
	if err != nil {
		return nil, err
	}
	if c := spec.Computer; c != nil {
		out := make([]Level, len(c.Levels))
		for i, l := range c.Levels {
			out[i] = Level{Name: l.Name, Label: l.Label, Labels: l.Labels, Algorithm: string(spec.Name), Group: GroupStrength, Depth: l.Depth}
		}
		return out, nil
	}
	label, ok := engineLabels[spec.Board]
	if !ok || spec.Hidden {
		return nil, fmt.Errorf("%w: no computer opponent for %s", wire.ErrBadRequest, spec.Name)
	}
	var levels []Level
	for _, l := range Levels() {
		if l.Label = label(l); l.Label == "" { // not offered on this board
			continue
		}
		if spec.Board == game.BoardXiangqi {
			// No xiangqi level has a rating (the dialog shows no figure and no
			// note about figures), and its depth is engine/xq's.
			l.Elo, l.Depth = 0, l.XiangqiDepth
		}
		levels = append(levels, l)
	}
	return levels, nil
}

// LevelFor returns the level called name, labelled for variant v.
func LevelFor(v game.Variant, name string) (Level, error) {
	levels, err := LevelsFor(v)
	if err != nil {
		return Level{}, err
	}
	for _, l := range levels {
		if l.Name == name {
			return l, nil
		}
	}
	return Level{}, fmt.Errorf("%w: unknown computer level %q", wire.ErrBadRequest, name)
}

// Bot chooses moves for a computer seat, in the game's coordinate text
// (UCI for chess, ICCS for xiangqi). g is a private copy the bot may read
// freely. When ctx ends (the game moved on, or the computer is wanted for
// another game), Move returns promptly with the best move it has found so
// far, and an error only when it has none.
type Bot interface {
	Move(ctx context.Context, g *game.Game, level Level) (string, error)
	// AcceptsDraw reports whether the bot playing c takes a draw offer:
	// when it judges the position even or worse for itself.
	AcceptsDraw(ctx context.Context, g *game.Game, c chess.Color) bool
}
