package game

import (
	"testing"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/xiangqi"
)

// The variants the tests play, by name: the registering packages
// (variant/chessgame, variant/xiangqigame) import this one, and link into
// the test binary through registry_test.go.
const (
	Chess    Variant = "chess"
	Chess960 Variant = "chess960"
	Xiangqi  Variant = "xiangqi"
)

// chessGameOf returns the rules-level chess game of a chess or Chess960
// game (the registering package's rules expose it to engines).
func chessGameOf(g *Game) (*chess.Game, bool) {
	r, ok := g.rules.(interface{ Game() *chess.Game })
	if !ok {
		return nil, false
	}
	return r.Game(), true
}

// xiangqiGameOf returns the rules-level xiangqi game of a xiangqi game.
func xiangqiGameOf(g *Game) (*xiangqi.Game, bool) {
	r, ok := g.rules.(interface{ Game() *xiangqi.Game })
	if !ok {
		return nil, false
	}
	return r.Game(), true
}

// setupOf reads text as variant v's Setup does.
func setupOf(v Variant, text string) (start string, moves []string, err error) {
	spec, err := Lookup(v)
	if err != nil {
		return "", nil, err
	}
	return spec.Setup(text)
}

// mustSpec returns variant v's registration.
func mustSpec(t *testing.T, v Variant) *Spec {
	t.Helper()
	spec, err := Lookup(v)
	if err != nil {
		t.Fatal(err)
	}
	return spec
}

// pgnOf returns g's PGN, failing the test when it cannot be written.
func pgnOf(t *testing.T, g *Game) string {
	t.Helper()
	out, err := g.pgn()
	if err != nil {
		t.Fatal(err)
	}
	return out
}
