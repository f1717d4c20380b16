package computer

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/engine/xq"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/variant/chessgame"
	"github.com/gambitchess/gambit/variant/xiangqigame"
)

// TestXiangqiLevelsAsChess: xiangqi's levels are laid out as chess's (issue
// 40): the search cut to 1, 2 and 3 plies apart as teaching levels, each
// playing at full skill to the depth its name says; the strength levels
// named by strength alone, without an engine's skill number; no level
// with a rating figure (so the dialog shows no note about figures).
func TestXiangqiLevelsAsChess(t *testing.T) {
	levels, err := LevelsFor(xiangqigame.Xiangqi)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range levels {
		got = append(got, l.Group+":"+l.Name+":"+l.Label)
		if l.Elo != 0 {
			t.Errorf("%s: Elo %d, but no xiangqi level has a rating", l.Name, l.Elo)
		}
		if strings.Contains(strings.ToLower(l.Label), "skill") {
			t.Errorf("%s: labelled %q, an engine's skill number", l.Name, l.Label)
		}
		if l.Group == GroupTeaching && (l.Skill != xq.MaxSkill || l.Depth != l.XiangqiDepth || l.XiangqiDepth == 0) {
			t.Errorf("%s: skill %d to depth %d (%d): a teaching level plays at full skill to its depth", l.Name, l.Skill, l.XiangqiDepth, l.Depth)
		}
	}
	want := []string{
		"teaching:greedy:Greedy (1 ply)", "teaching:minimax:Alpha-beta (2 plies)", "teaching:alphabeta:Alpha-beta (3 plies)",
		"strength:beginner:Beginner", "strength:casual:Casual", "strength:club:Club", "strength:strong:Strong", "strength:full:Full strength",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("xiangqi's levels:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// Chess's keep their figures.
	if l, err := LevelFor(chessgame.Chess, "casual"); err != nil || l.Elo != 1200 {
		t.Errorf("chess casual: %+v, %v", l, err)
	}
	// The names they had are still read as them.
	for name, level := range map[string]string{
		"Gambit Novice (2 plies)": "minimax", "Gambit Apprentice (3 plies)": "alphabeta", "Gambit Beginner (skill 3)": "beginner",
		"Gambit · Casual (skill 8)": "casual", "Gambit Strong (skill 17)": "strong", "Gambit Club": "club", "Gambit level 1": "greedy",
	} {
		if l, ok := LevelNamed(xiangqigame.Xiangqi, name); !ok || l.Name != level {
			t.Errorf("xiangqi seat %q: %q, %v; want %s", name, l.Name, ok, level)
		}
	}
	if l, ok := LevelNamed(chessgame.Chess, "Gambit Casual (skill 8)"); ok {
		t.Errorf("chess reads a xiangqi name as %s", l.Name)
	}
}

// TestXiangqiTeachingLevelsPlayAsWritten: a teaching level makes no
// deliberate error, so it answers a position the same way in every game
// (the strength levels' errors are seeded per game).
func TestXiangqiTeachingLevelsPlayAsWritten(t *testing.T) {
	bot := NewEngineBot(7)
	for _, name := range []string{"greedy", "minimax", "alphabeta"} {
		level, err := LevelFor(xiangqigame.Xiangqi, name)
		if err != nil {
			t.Fatal(err)
		}
		level.MoveTime = 0 // its depth bounds it: no clock to cut a loaded machine's search short
		seen := map[string]int{}
		for i := range 8 {
			g, err := game.New(game.Options{ID: fmt.Sprintf("xq%02d", i), Variant: xiangqigame.Xiangqi})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := g.Move(g.Turn(), "h2e2"); err != nil { // the central cannon
				t.Fatal(err)
			}
			m, err := bot.Move(context.Background(), g, level)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			seen[m]++
		}
		if len(seen) != 1 {
			t.Errorf("%s answered the central cannon in 8 games with %v: not one move", name, seen)
		}
	}
}

// TestSearchOptionsByBoard: a level searches as its board's engine reads
// it: in xiangqi at its xiangqi depth and engine/xq's skill, in chess at
// its depth, its algorithm and its rating.
func TestSearchOptionsByBoard(t *testing.T) {
	for _, c := range []struct {
		v     game.Variant
		level string
		want  game.SearchOptions
	}{
		{xiangqigame.Xiangqi, "beginner", game.SearchOptions{Algorithm: "full", Skill: 3, Depth: 2, MoveTime: 300 * time.Millisecond}},
		{xiangqigame.Xiangqi, "full", game.SearchOptions{Algorithm: "full", Skill: xq.MaxSkill, MoveTime: 2 * time.Second}},
		{xiangqigame.Xiangqi, "greedy", game.SearchOptions{Algorithm: "greedy", Skill: xq.MaxSkill, Depth: 1}},
		{chessgame.Chess, "beginner", game.SearchOptions{Algorithm: "full", Elo: 800, Skill: 3, MoveTime: 300 * time.Millisecond}},
		{chessgame.Chess, "minimax", game.SearchOptions{Algorithm: "minimax", Skill: xq.MaxSkill, Depth: 3, MoveTime: 3 * time.Second}},
	} {
		l, err := LevelFor(c.v, c.level)
		if err != nil {
			t.Fatal(err)
		}
		g, err := game.New(game.Options{ID: "o", Variant: c.v})
		if err != nil {
			t.Fatal(err)
		}
		want := c.want
		want.Seed, want.Hash = 7, 8
		if got := searchOptions(g, l, 7); got != want {
			t.Errorf("%s %s: %+v, want %+v", c.v, c.level, got, want)
		}
	}
}
