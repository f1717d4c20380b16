package bomb

import (
	"strings"
	"testing"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/variant/fair"
)

// FuzzPushUCI plays arbitrary move text, split at spaces, in a game whose
// seed comes from the input, and checks that nothing panics and that the
// game's books stay straight: every mine either hidden or exploded, each
// exploded mine known safe, and a position consistent with its own FEN.
func FuzzPushUCI(f *testing.F) {
	f.Add([]byte{1}, "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1")
	f.Add([]byte{2, 3}, "d2d4 d7d5 c2c4 d5c4 e2e4 b7b5 a2a4 c7c6 a4b5 c6b5")
	f.Add([]byte{}, "f2f3 e7e5 g2g4 d8h4")
	f.Add([]byte{9}, "e2e4 0000 e1e2 zz e7e8q")
	f.Fuzz(func(t *testing.T, seedBytes []byte, moves string) {
		var seed fair.Seed
		copy(seed[:], seedBytes)
		g := NewGame(chess.StartPosition(), seed)
		mines := g.Hidden()
		for _, s := range strings.Fields(moves) {
			before := len(g.Steps())
			blast, err := g.PushUCI(s)
			if err != nil {
				if len(g.Steps()) != before {
					t.Fatalf("%q failed (%v) but was played", s, err)
				}
				continue
			}
			if blast.Exploded && (!mines.Has(blast.Square) || g.Hidden().Has(blast.Square)) {
				t.Fatalf("blast %+v with mines %v, hidden %v", blast, mines, g.Hidden())
			}
			p := g.Position()
			if q, err := chess.ParseFEN(p.FEN()); err == nil && q.Key() != p.Key() {
				t.Fatalf("key %016x, FEN %s gives %016x", p.Key(), p.FEN(), q.Key())
			}
		}
		if g.Hidden()|g.Exploded() != mines || g.Hidden()&g.Exploded() != 0 || g.Exploded()&^g.KnownSafe() != 0 {
			t.Fatalf("mines %v, hidden %v, exploded %v, safe %v", mines, g.Hidden(), g.Exploded(), g.KnownSafe())
		}
	})
}
