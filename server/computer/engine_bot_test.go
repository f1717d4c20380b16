package computer

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/variant/chessgame"
)

func gameFrom(t *testing.T, fen string) *game.Game {
	t.Helper()
	g, err := game.New(game.Options{ID: "b", StartFEN: fen})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestGreedyLevel: the web app's first level plays the engine's greedy
// search: the most material at once, mate first.
func TestGreedyLevel(t *testing.T) {
	tests := []struct {
		name, fen, want string
	}{
		{"takes the hanging queen", "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", "d2d5"},
		{"mates rather than grabs", "6k1/5ppp/8/8/8/8/8/Rb2K3 w - - 0 1", "a1a8"},
		{"promotes to a queen", "8/P6k/8/8/8/8/8/K7 w - - 0 1", "a7a8q"},
	}
	greedy, _ := LevelFor(chessgame.Chess, "greedy")
	bot := NewEngineBot(3)
	for _, tt := range tests {
		m, err := bot.Move(context.Background(), gameFrom(t, tt.fen), greedy)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if m != tt.want {
			t.Errorf("%s: got %s, want %s", tt.name, m, tt.want)
		}
	}
	if !bot.AcceptsDraw(context.Background(), gameFrom(t, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"), chess.Black) {
		t.Error("a queen down, Black refuses a draw")
	}
	if bot.AcceptsDraw(context.Background(), gameFrom(t, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"), chess.White) {
		t.Error("a queen up, White accepts a draw")
	}
}

// TestEngineBotHurried: a search stopped by its context plays the best
// move found so far, in chess and xiangqi, even when stopped at once.
func TestEngineBotHurried(t *testing.T) {
	bot := NewEngineBot(1)
	full := Level{Algorithm: "full", MoveTime: time.Minute, Skill: 20}
	for _, variant := range []string{"chess", "xiangqi"} {
		for _, after := range []time.Duration{0, 50 * time.Millisecond} {
			g, err := game.New(game.Options{ID: "h", Variant: game.Variant(variant)})
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), after)
			start := time.Now()
			m, err := bot.Move(ctx, g, full)
			cancel()
			if err != nil {
				t.Fatalf("%s stopped after %v: %v", variant, after, err)
			}
			if took := time.Since(start); took > 5*time.Second {
				t.Errorf("%s: a minute's search stopped after %v took %v", variant, after, took)
			}
			if _, err := g.Move(g.Turn(), m); err != nil {
				t.Errorf("%s stopped after %v: %q is no legal move: %v", variant, after, m, err)
			}
		}
	}
}

// TestBeginnerVariesAcrossGames: the beginner's errors are seeded per
// game, so its replies to 1.e4 differ from game to game (not a6 every
// time), while one game asked again, with the bot's seed fixed, gets the
// same reply: reproducible for tests, varied for players.
func TestBeginnerVariesAcrossGames(t *testing.T) {
	beginner, err := LevelFor(chessgame.Chess, "beginner")
	if err != nil {
		t.Fatal(err)
	}
	beginner.MoveTime = 0 // the skill's depth bounds it: no clock to cut a loaded machine's search short
	bot := NewEngineBot(7)
	reply := func(id string) string {
		t.Helper()
		g, err := game.New(game.Options{ID: id})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Move(chess.White, "e2e4"); err != nil {
			t.Fatal(err)
		}
		m, err := bot.Move(context.Background(), g, beginner)
		if err != nil {
			t.Fatalf("game %s: %v", id, err)
		}
		return m
	}
	seen := map[string]int{}
	for i := range 16 {
		id := fmt.Sprintf("game%02d", i)
		m := reply(id)
		seen[m]++
		if again := reply(id); again != m {
			t.Errorf("game %s answered 1.e4 with %s, then %s: not reproducible", id, m, again)
		}
	}
	if len(seen) < 4 {
		t.Errorf("16 games: the beginner answered 1.e4 with only %v", seen)
	}
	t.Logf("replies to 1.e4 in 16 games: %v", seen)
}
