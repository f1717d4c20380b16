package puzzles

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/puzzle"
	"github.com/gambitchess/gambit/server/sched"
	"github.com/gambitchess/gambit/store"
	_ "github.com/gambitchess/gambit/variant/all"
)

func openStore(t *testing.T) *store.SQLite {
	t.Helper()
	st, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "gambit.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

func finished(t *testing.T, id string, v game.Variant, start, moves string) *game.Game {
	t.Helper()
	g, err := game.New(game.Options{ID: id, Variant: v, StartFEN: start, MoveText: strings.Fields(moves), Public: id != "invite"})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// A game that ends, saved with its last move, is searched in the
// scheduler and its puzzle stored with the game as its source; a game in
// play, a short one and a hidden one are not searched.
func TestFinderFindsInFinishedGames(t *testing.T) {
	st := openStore(t)
	s := sched.New(sched.Config{Workers: 1})
	defer s.Close()
	f := NewFinder(FinderConfig{Store: st, Sched: s, Budget: puzzle.Budget{Scan: 5_000, Solve: 50_000}, MinPlies: 6})
	defer f.Close()
	move := []game.Event{{Type: game.EventMove}}

	// Not queued: in play, too short, hidden.
	f.NoteSaved(finished(t, "inplay", "chess", "", "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6"), move)
	f.NoteSaved(finished(t, "short", "chess", "", "f2f3 e7e5 g2g4 d8h4"), move)
	f.NoteSaved(finished(t, "fog", "fogofwar", "", "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7 e8f7 g1f3 f7e8"), move)
	if n := len(f.queue); n != 0 {
		t.Fatalf("%d games queued, want none", n)
	}
	// 3...Nf6?? 4.Qxf7#.
	g := finished(t, "scholar", "chess", "", "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7")
	if !g.Status().Finished() {
		t.Fatal("the mate did not end the game")
	}
	f.NoteSaved(g, nil)
	if len(f.queue) != 0 {
		t.Fatal("queued without the events that ended it")
	}
	f.NoteSaved(g, move)
	if p := waitPuzzle(t, st, 1); p[0].Game != "scholar" || !slices.Equal(p[0].Moves, []string{"g8f6", "h5f7"}) {
		t.Errorf("stored %+v", p[0])
	}
	// The same blunder in an invite (its id its players' only): its
	// puzzle does not name it. (After two more knight moves: another
	// position, another puzzle.)
	f.NoteSaved(finished(t, "invite", "chess", "", "g1f3 g8f6 f3g1 f6g8 e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7"), move)
	ps := waitPuzzle(t, st, 2)
	if i := slices.IndexFunc(ps, func(p store.Puzzle) bool { return p.Game != "scholar" }); i < 0 || ps[i].Game != "" {
		t.Errorf("the invite's puzzle: %+v", ps)
	}
}

// waitPuzzle waits until st holds n chess puzzles, and returns them.
func waitPuzzle(t *testing.T, st store.Puzzles, n int) []store.Puzzle {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		ps, err := st.NextPuzzles(context.Background(), store.PuzzleQuery{Variant: "chess", Rating: 1500}, n+1)
		if err != nil {
			t.Fatal(err)
		}
		if len(ps) >= n {
			return ps
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d puzzles stored, want %d", len(ps), n)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
