package chessgame_test

import (
	"strings"
	"testing"

	"github.com/gambitchess/gambit/chess/pgn"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/variant/chessgame"
)

// TestPGNWritesTheHeadersComments: the comments of a PGN header follow
// their moves, a missing or empty one writes none, and the Site and Round
// tags are the header's when it gives them.
func TestPGNWritesTheHeadersComments(t *testing.T) {
	g, err := game.New(game.Options{ID: "c", Variant: chessgame.Chess})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"e2e4", "e7e5", "g1f3"} {
		if _, err := g.Move(g.Turn(), m); err != nil {
			t.Fatal(err)
		}
	}
	r, ok := g.Readable()
	if !ok {
		t.Fatal("chess is not readable")
	}
	h := game.PGNHeader{Event: "match", Site: "here", Round: "3", Result: "*", Comments: []string{"+0.31/12 0.52s", ""}}
	out, err := r.PGN(h)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`[Site "here"]`, `[Round "3"]`, "1. e4 {+0.31/12 0.52s} 1... e5 2. Nf3 *"} {
		if !strings.Contains(out, want) {
			t.Errorf("PGN lacks %q:\n%s", want, out)
		}
	}
	games, bad, err := pgn.ReadAll(strings.NewReader(out))
	if err != nil || len(bad) > 0 || len(games) != 1 {
		t.Fatalf("read back: %d games, %v %v", len(games), bad, err)
	}
	if c := games[0].Root.Children[0].Comment; c != "+0.31/12 0.52s" {
		t.Errorf("read back the first move's comment %q", c)
	}
	plain, err := g.View(game.Spectator).PGN()
	if err != nil || strings.Contains(plain, "{") || !strings.Contains(plain, `[Site "Gambit"]`) || !strings.Contains(plain, `[Round "-"]`) {
		t.Errorf("the game's own PGN: %v\n%s", err, plain)
	}
}
