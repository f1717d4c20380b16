package media

import (
	"errors"
	"net/url"
	"slices"
	"testing"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
)

// FuzzParseGameFile: whatever the file name and query, parsing an image
// path never panics, an error is a bad request or no such game, and a
// size is within bounds.
func FuzzParseGameFile(f *testing.F) {
	for _, seed := range [][2]string{
		{"abc.svg", "ply=0&size=64"}, {"abc.png", "flip=1&download=1"}, {"abc.gif", "size=400"},
		{"abc", ""}, {".", ""}, {"a.b.c.svg", "ply=99999999999999999999"}, {"abc.svg", "size=-1&ply=%zz"},
	} {
		f.Add(seed[0], seed[1])
	}
	f.Fuzz(func(t *testing.T, file, query string) {
		q, _ := url.ParseQuery(query)
		gf, err := parseGameFile(file, q)
		if err != nil && !errors.Is(err, wire.ErrBadRequest) && !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("parseGameFile(%q, %q): unexpected error %v", file, query, err)
		}
		if err == nil && gf.ext != "" && (gf.size < minImageSize || gf.size > maxImageSize) {
			t.Fatalf("parseGameFile(%q, %q): size %d out of bounds", file, query, gf.size)
		}
	})
}

// playedGame is a chess game of up to plies plies, each move the first
// legal one in a fixed order that shifts with the ply, so that the pieces
// wander; it stops early if the game ends.
func playedGame(tb testing.TB, plies int) *game.Game {
	tb.Helper()
	me := game.Seat{Kind: game.SeatHuman, Player: "p"}
	g, err := game.New(game.Options{ID: "bench", Mode: game.ModeLocal, Seats: [2]game.Seat{me, me}})
	if err != nil {
		tb.Fatal(err)
	}
	for ply := 0; ply < plies && !g.Status().Finished(); ply++ {
		var moves []string
		for from, tos := range g.Dests() {
			for _, to := range tos {
				moves = append(moves, from+to)
			}
		}
		slices.Sort(moves)
		u := moves[(ply*7)%len(moves)]
		if _, err := g.Move(g.Turn(), u); err != nil { // a promotion: dests name the squares only
			if _, err := g.Move(g.Turn(), u+"q"); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return g
}

// BenchmarkGameGIF draws a 100-move (200-ply) game as the GIF
// GET /game/{id}.gif answers, at its default size.
func BenchmarkGameGIF(b *testing.B) {
	g := playedGame(b, 200)
	f := gameFile{id: g.ID(), ext: "gif", ply: -1, size: defaultGIFSize}
	b.ReportAllocs()
	var size int
	for b.Loop() {
		body, err := sceneOf(g, game.Spectator).draw(f)
		if err != nil {
			b.Fatal(err)
		}
		size = len(body)
	}
	b.ReportMetric(float64(g.Ply()), "plies")
	b.ReportMetric(float64(size), "bytes")
}
