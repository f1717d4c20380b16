package server

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/internal/lang"
	"github.com/gambitchess/gambit/server/computer"
	"github.com/gambitchess/gambit/variant/chessgame"
	"github.com/gambitchess/gambit/variant/xiangqigame"
)

// TestLocalBotName: the server's pages word the computer's seat as the app
// does, from every name a seat has had: "Gambit " and the level's label
// (now), "Gambit level N" (its number among the variant's levels, until
// issue 40) and "Gambit · " and the label (before that); an external
// engine's level by its own words; any other name stays as it is.
func TestLocalBotName(t *testing.T) {
	tests := []struct {
		variant game.Variant
		name    string
		l       lang.Lang
		want    string
	}{
		{chessgame.Chess, "Gambit Casual (~1200)", lang.English, "Gambit · Casual (~1200)"},
		{chessgame.Chess, "Gambit Casual (~1200)", lang.Traditional, "Gambit · 休閒（約 1200 分）"},
		{chessgame.Chess, "Gambit level 6", lang.Traditional, "Gambit · 休閒（約 1200 分）"}, // greedy, minimax, negamax, alphabeta, beginner, casual
		{chessgame.Chess, "Gambit · Casual (~1200)", lang.Simplified, "Gambit · 休闲（约 1200 分）"},
		{chessgame.Chess960, "Gambit Full strength (~2250)", lang.Simplified, "Gambit · 全力（约 2250 分）"},
		{xiangqigame.Xiangqi, "Gambit Casual", lang.Traditional, "Gambit · 休閒"},
		{xiangqigame.Xiangqi, "Gambit Casual (skill 8)", lang.Traditional, "Gambit · 休閒"}, // its name until issue 40's walkthrough
		{xiangqigame.Xiangqi, "Gambit Novice (2 plies)", lang.Simplified, "Gambit · α-β 剪枝（2 层）"},
		{xiangqigame.Xiangqi, "Gambit level 1", lang.English, "Gambit · Greedy (1 ply)"},
		{"jieqi", "Gambit Easy (1 ply, guesses the face-down pieces)", lang.Traditional, "Gambit · 簡單（1 層，猜測暗子）"},
		{"fogofwar", "Gambit level 2", lang.Simplified, "Gambit · 困难（猜 8 次局面后投票，3 层）"},
		{chessgame.Chess, "Stockfish, level 3", lang.Traditional, "Stockfish 第 3 級"},
		{xiangqigame.Xiangqi, "Fairy-Stockfish, level 8", lang.English, "Fairy-Stockfish, level 8"},
	}
	for _, tt := range tests {
		if got, ok := localBotName(tt.variant, tt.name, tt.l); !ok || got != tt.want {
			t.Errorf("%s %q in %s: %q, %v; want %q", tt.variant, tt.name, tt.l, got, ok, tt.want)
		}
	}
	for _, name := range []string{"Ann", "Gambit level 10", "Gambit Casual", "Stockfish, level 9", "Gambit Casual (skill 8)"} {
		if got, ok := localBotName(chessgame.Chess, name, lang.Traditional); ok {
			t.Errorf("chess %q is worded %q", name, got)
		}
	}
}

// TestLevelNamesAsTheAppHasThem: every level's label, in each language,
// is the browser's (web/src/lang) with its rating filled in, and its
// English label the server's: one name in the dialog, the game's head,
// the server's pages and (in English) the PGN.
func TestLevelNamesAsTheAppHasThem(t *testing.T) {
	files := map[lang.Lang]string{lang.English: "en", lang.Traditional: "zh-TW", lang.Simplified: "zh-CN"}
	entry := regexp.MustCompile(`(?m)^\s*'(level\.[a-z0-9.]+)': '([^']*)',$`)
	for l, file := range files {
		src, err := os.ReadFile("../web/src/lang/" + file + ".ts")
		if err != nil {
			t.Fatal(err)
		}
		web := map[string]string{}
		for _, m := range entry.FindAllStringSubmatch(string(src), -1) {
			web[m[1]] = m[2]
		}
		for _, spec := range game.Specs() {
			levels, err := computer.LevelsFor(spec.Name)
			if err != nil {
				continue // no computer opponent
			}
			owner := string(spec.Board)
			if spec.Computer != nil {
				owner = string(spec.Name)
			}
			for _, level := range levels {
				key := "level." + owner + "." + level.Name
				text, ok := web[key]
				if !ok {
					t.Errorf("%s: the app has no %s", file, key)
					continue
				}
				// The same words, but for the app's typographic apostrophes
				// (the server's English is plain ASCII, as PGN tags are).
				text = strings.NewReplacer("{elo}", strconv.Itoa(level.Elo), "’", "'").Replace(text)
				if got := levelLabel(spec.Name, level, l); got != text {
					t.Errorf("%s %s: the server says %q, the app %q", file, key, got, text)
				}
				if l == lang.English && level.Label != text {
					t.Errorf("%s: labelled %q, the app says %q", key, level.Label, text)
				}
			}
		}
		if got, want := l.Text(lang.LevelEngine), web["level.engine"]; got != want {
			t.Errorf("%s: an engine's level %q, the app %q", file, got, want)
		}
	}
}
