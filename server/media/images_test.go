package media

import (
	"errors"
	"github.com/gambitchess/gambit/server/servertest"
	"net/url"
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

// BenchmarkGameGIF draws a 100-move (200-ply) game as the GIF
// GET /game/{id}.gif answers, at its default size.
func BenchmarkGameGIF(b *testing.B) {
	g := servertest.PlayedGame(b, 200)
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
