package computer

import (
	"strconv"
	"strings"

	"github.com/gambitchess/gambit/game"
)

// A level has one name everywhere: its label, in the reader's language
// wherever a page words it (the new-game dialog, the game's head and
// players, its page title and link preview, the viewer page), and in
// English where the record keeps it. The computer's seat, and so the
// PGN's White or Black tag, is named BotName: "Gambit Casual (~1200)",
// stable English as PGN tags are read by other programs; an external
// engine is named by its own label, "Stockfish, level 3", as it is not
// Gambit. LevelNamed and EngineNamed read every name a seat has had, for
// the server's pages to word it in their reader's language as the browser
// does ("Gambit · 休閒（約 1200 分）").

// BotName is the name of the computer's seat at level: "Gambit " and its
// English label (as LevelsFor labels it for the game's variant), or an
// external engine's label.
func BotName(level Level) string {
	if level.Engine != "" {
		return level.Label
	}
	return game.BotName(level.Label)
}

// LevelNamed returns the built-in level of variant v that a computer seat
// named name plays. It reads the names of every version: "Gambit Casual
// (~1200)" (BotName), "Gambit level 6" (the level's number among v's
// levels, until issue 40), "Gambit · Casual (~1200)" (before that) and
// a xiangqi level's former labels (Level.XiangqiFormer).
// False for any other name, an external engine's included.
func LevelNamed(v game.Variant, name string) (Level, bool) {
	levels, err := LevelsFor(v)
	if err != nil {
		return Level{}, false
	}
	if n, ok := game.BotLevelNumber(game.Seat{Kind: game.SeatBot, Name: name}); ok {
		if n > len(levels) {
			return Level{}, false
		}
		return levels[n-1], true
	}
	for _, l := range levels {
		if name == game.BotName(l.Label) || name == "Gambit · "+l.Label {
			return l, true
		}
		if spec, err := game.Lookup(v); err == nil && spec.Board == game.BoardXiangqi {
			for _, former := range l.XiangqiFormer { // "Gambit Casual (skill 8)", until issue 40's walkthrough
				if name == game.BotName(former) || name == "Gambit · "+former {
					return l, true
				}
			}
		}
	}
	return Level{}, false
}

// EngineNamed reads an external engine's level name, "Stockfish, level
// 3": the engine and the number.
func EngineNamed(name string) (engine string, n int, ok bool) {
	engine, num, ok := strings.Cut(name, ", level ")
	if !ok || engine == "" {
		return "", 0, false
	}
	n, err := strconv.Atoi(num)
	if err != nil || n < 1 || n > len(engineLevels) || strconv.Itoa(n) != num {
		return "", 0, false
	}
	return engine, n, true
}
