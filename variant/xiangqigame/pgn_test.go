package xiangqigame_test

import (
	"strings"
	"testing"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/variant/xiangqigame"
	xqpgn "github.com/gambitchess/gambit/xiangqi/pgn"
)

// TestPGNWritesTheHeadersComments: the comments of a PGN header follow
// their moves in the xqbase PGN, which reads them back; the header's Site
// and Round are its tags, Red named as the first mover.
func TestPGNWritesTheHeadersComments(t *testing.T) {
	g, err := game.New(game.Options{ID: "x", Variant: xiangqigame.Xiangqi})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"h2e2", "h9g7", "h0g2"} {
		if _, err := g.Move(g.Turn(), m); err != nil {
			t.Fatal(err)
		}
	}
	r, ok := g.Readable()
	if !ok {
		t.Fatal("xiangqi is not readable")
	}
	h := game.PGNHeader{Event: "match", Site: "here", Round: "2", White: "A", Result: "*",
		Comments: []string{"", "-0.12/9 0.10s"}}
	out, err := r.PGN(h)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`[Site "here"]`, `[Round "2"]`, `[Red "A"]`, "{-0.12/9 0.10s}"} {
		if !strings.Contains(out, want) {
			t.Errorf("PGN lacks %q:\n%s", want, out)
		}
	}
	games, err := xqpgn.ReadAll(strings.NewReader(out))
	if err != nil || len(games) != 1 {
		t.Fatalf("read back: %d games, %v\n%s", len(games), err, out)
	}
	first := games[0].Root.Children[0]
	if first.Comment != "" || first.Children[0].Comment != "-0.12/9 0.10s" || first.Children[0].Children[0].Comment != "" {
		t.Errorf("read back the comments %q, %q, %q", first.Comment, first.Children[0].Comment, first.Children[0].Children[0].Comment)
	}
}
