package server

import (
	"strconv"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/internal/lang"
	"github.com/gambitchess/gambit/server/computer"
)

// levelLabel is level's label in l, as the browser words it: a variant's
// own computer player's level as its registration does (Level.Labels),
// the board's levels by their key (lang.LevelPrefix); its English label
// when l has no words for it.
func levelLabel(v game.Variant, level computer.Level, l lang.Lang) string {
	if level.Engine != "" {
		return l.Text(lang.LevelEngine, "engine", level.Engine, "n", strconv.Itoa(level.Number))
	}
	if s := level.Labels[string(l)]; s != "" {
		return s
	}
	spec, err := game.Lookup(v)
	if err != nil || spec.Computer != nil {
		return level.Label
	}
	key := lang.LevelPrefix + lang.Key(string(spec.Board)+"."+level.Name)
	if !l.Has(key) {
		return level.Label
	}
	return l.Text(key, "elo", strconv.Itoa(level.Elo))
}

// localBotName is the computer seat named name of a game of variant v in
// l, as the browser names it (web/src/variants.ts botName): "Gambit ·
// 休閒（約 1200 分）", an external engine's level "Stockfish 第 3 級". False
// for a name that is no level's (computer.LevelNamed, EngineNamed): it
// stays as it is. The server's pages (a game's title and link preview,
// the viewer page) name the computer by it (media.Config.BotName).
func localBotName(v game.Variant, name string, l lang.Lang) (string, bool) {
	if level, ok := computer.LevelNamed(v, name); ok {
		return l.Text(lang.PreviewBot, "level", levelLabel(v, level, l)), true
	}
	if engine, n, ok := computer.EngineNamed(name); ok {
		return l.Text(lang.LevelEngine, "engine", engine, "n", strconv.Itoa(n)), true
	}
	return "", false
}
