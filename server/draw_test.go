package server

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/servertest"
	"github.com/gambitchess/gambit/variant/fog/foggame"
)

// The drawing tests run the server as `gambit serve` does and flood it
// with images from one loopback address while another asks for one.

// timedAnswer is an HTTP answer with how long it took, or the error.
type timedAnswer struct {
	status int
	header http.Header
	body   []byte
	took   time.Duration
	err    error
}

// getTimed GETs url with client c, headers hdr in pairs; safe to call
// from any goroutine (it reports failures in the answer).
func getTimed(c *http.Client, url string, hdr ...string) timedAnswer {
	return getTimedCtx(context.Background(), c, url, hdr...)
}

// getTimedCtx is getTimed for a request that ends with ctx.
func getTimedCtx(ctx context.Context, c *http.Client, url string, hdr ...string) timedAnswer {
	r, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return timedAnswer{err: err}
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		r.Header.Set(hdr[i], hdr[i+1])
	}
	start := time.Now()
	resp, err := c.Do(r)
	if err != nil {
		return timedAnswer{err: err, took: time.Since(start)}
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	return timedAnswer{status: resp.StatusCode, header: resp.Header, body: body, took: time.Since(start), err: err}
}

// patientClientFrom is clientFrom at 127.0.0.n that waits as long as a
// flood of drawings may take on a loaded machine.
func patientClientFrom(t *testing.T, n byte) *http.Client {
	c := clientFrom(t, n)
	c.Timeout = 2 * time.Minute
	return c
}

// movesOf is the moves of g in UCI, to replay it.
func movesOf(g *game.Game) []string {
	var moves []string
	for _, m := range g.Sight(game.Spectator, true).Moves {
		moves = append(moves, m.UCI)
	}
	return moves
}

// floodPlies is the length of the game whose GIFs make a flood: each
// takes a few tenths of a second to draw at 64 pixels under -race.
const floodPlies = 30

// floodOf sends n requests for url from client c at once; their answers
// come on the channel returned, in the order they end. A %d in url is the
// size, 64 for the first request, one more for each next: each is drawn,
// none served from the cache.
func floodOf(c *http.Client, url string, n int) <-chan timedAnswer {
	return floodSized(context.Background(), c, url, 64, n)
}

// floodSized is floodOf with the first size given, its requests ending
// with ctx.
func floodSized(ctx context.Context, c *http.Client, url string, first, n int) <-chan timedAnswer {
	out := make(chan timedAnswer, n)
	for i := range n {
		u := url
		if strings.Contains(url, "%d") {
			u = fmt.Sprintf(url, first+i)
		}
		go func() { out <- getTimedCtx(ctx, c, u) }()
	}
	return out
}

// TestDrawTurnsPerAddress: a flood of GIFs from one address waits behind
// itself; a small PNG from another address is drawn as soon as a drawing
// ends, long before the flood is through.
func TestDrawTurnsPerAddress(t *testing.T) {
	rs := runServer(t, Config{})
	long := storedGame(t, rs.s, game.Options{}, movesOf(servertest.PlayedGame(t, floodPlies))...)
	small := storedGame(t, rs.s, game.Options{}, "e2e4", "e7e5", "g1f3")
	const n = 16
	start := time.Now()
	answers := floodOf(patientClientFrom(t, 2), rs.url("/game/"+long.ID()+".gif?size=%d"), n)
	time.Sleep(200 * time.Millisecond) // the flood arrives and waits
	mine := getTimed(patientClientFrom(t, 3), rs.url("/game/"+small.ID()+".png?size=64"))
	var floodTook time.Duration
	drawn := 0
	for range n {
		a := <-answers
		if a.err != nil {
			t.Fatalf("a flooding GIF: %v", a.err)
		}
		if a.status == http.StatusOK {
			drawn++
			floodTook = time.Since(start)
		}
	}
	if mine.err != nil || mine.status != http.StatusOK {
		t.Fatalf("the other address's PNG: %d %v", mine.status, mine.err)
	}
	t.Logf("the other address's PNG took %v; the flood's %d GIFs drawn in %v", mine.took, drawn, floodTook)
	if drawn < 3 {
		t.Fatalf("only %d of the flood's GIFs were drawn", drawn)
	}
	if mine.took > floodTook/2 {
		t.Errorf("the other address's PNG took %v, the flood's %d GIFs %v: it waited behind them", mine.took, drawn, floodTook)
	}
}

// wantRetryLater fails unless a is a 429 rate_limited with a Retry-After.
func wantRetryLater(t *testing.T, what string, a timedAnswer) {
	t.Helper()
	var body struct{ Code string }
	_ = json.Unmarshal(a.body, &body)
	if n, err := strconv.Atoi(a.header.Get("Retry-After")); a.status != http.StatusTooManyRequests || err != nil || n < 1 || body.Code != "rate_limited" {
		t.Errorf("%s: %d, Retry-After %q, %s; want 429 rate_limited with Retry-After", what, a.status, a.header.Get("Retry-After"), a.body)
	}
}

// floodUntilRefused floods url from c with n requests and waits for the
// first refusal (429); it fails if every request is answered without one.
// The drawings are large (from 360 pixels), so that those accepted keep
// the address's queue full for a while after the refusal, however fast
// the machine; they are abandoned when the test ends, and the rest of
// the flood's answers awaited then.
func floodUntilRefused(t *testing.T, c *http.Client, url string, n int) timedAnswer {
	t.Helper()
	answers := floodSized(t.Context(), c, url, 360, n)
	for i := range n {
		a := <-answers
		if a.err != nil {
			t.Fatalf("a flooding request: %v", a.err)
		}
		if a.status == http.StatusTooManyRequests {
			t.Cleanup(func() { drain(answers, n-i-1) })
			return a
		}
		if a.status != http.StatusOK {
			t.Fatalf("a flooding request: %d %s", a.status, a.body)
		}
	}
	t.Fatalf("all %d requests of a flood from one address were served: its drawings wait in no bounded queue", n)
	return timedAnswer{}
}

// drain waits for the n answers left on answers.
func drain(answers <-chan timedAnswer, n int) {
	for range n {
		<-answers
	}
}

// TestDrawQueueBoundPerAddress: an address with too many drawings
// waiting gets 429 with Retry-After for more, while another address is
// still served.
func TestDrawQueueBoundPerAddress(t *testing.T) {
	rs := runServer(t, Config{})
	long := storedGame(t, rs.s, game.Options{}, movesOf(servertest.PlayedGame(t, floodPlies))...)
	refused := floodUntilRefused(t, patientClientFrom(t, 2), rs.url("/game/"+long.ID()+".gif?size=%d"), 30)
	wantRetryLater(t, "a drawing over its address's queue", refused)
	if a := getTimed(patientClientFrom(t, 3), rs.url("/game/"+long.ID()+".png?size=64")); a.status != http.StatusOK {
		t.Errorf("another address beside the full queue: %d %v %s", a.status, a.err, a.body)
	}
}

// TestViewerDrawnInTurn: the viewer page takes its turn with the images:
// refused to an address whose queue is full, served to another before
// the flood is through.
func TestViewerDrawnInTurn(t *testing.T) {
	rs := runServer(t, Config{})
	long := storedGame(t, rs.s, game.Options{}, movesOf(servertest.PlayedGame(t, floodPlies))...)
	over := storedGame(t, rs.s, game.Options{}, foolsMate...)
	flooder := patientClientFrom(t, 2)
	floodUntilRefused(t, flooder, rs.url("/game/"+long.ID()+".gif?size=%d"), 30)
	// A few at once: a drawing may end and free a place meanwhile, not several.
	viewers := floodOf(flooder, rs.url("/game/"+over.ID()+".html"), 4)
	refused := 0
	for range 4 {
		if a := <-viewers; a.status != http.StatusOK {
			wantRetryLater(t, "the viewer from the flooding address", a)
			refused++
		}
	}
	if refused == 0 {
		t.Error("the flooding address got its viewer pages while its queue was full")
	}
	if a := getTimed(patientClientFrom(t, 3), rs.url("/game/"+over.ID()+".html")); a.status != http.StatusOK {
		t.Errorf("the viewer from another address: %d %v", a.status, a.err)
	}
}

// TestImageCacheFinishedGame: a finished game's image has a strong ETag
// and is immutable; asked again with it, the answer is 304 without
// drawing it again, and asked again without, it is not drawn again either.
func TestImageCacheFinishedGame(t *testing.T) {
	rs := runServer(t, Config{})
	g := storedGame(t, rs.s, game.Options{}, movesOf(servertest.PlayedGame(t, floodPlies))...)
	finish(t, rs.s, g)
	c := patientClientFrom(t, 2)
	url := rs.url("/game/" + g.ID() + ".gif?size=400")
	first := getTimed(c, url)
	etag := first.header.Get("ETag")
	if first.status != http.StatusOK || first.header.Get("Cache-Control") != "public, max-age=31536000, immutable" || len(etag) < 3 || etag[0] != '"' {
		t.Fatalf("a finished game's GIF: %d, Cache-Control %q, ETag %q", first.status, first.header.Get("Cache-Control"), etag)
	}
	again := getTimed(c, url, "If-None-Match", etag)
	if again.status != http.StatusNotModified || again.header.Get("ETag") != etag || len(again.body) != 0 {
		t.Errorf("with its ETag: %d, ETag %q, %d bytes; want 304, the same ETag, no body", again.status, again.header.Get("ETag"), len(again.body))
	}
	repeat := getTimed(c, url)
	if repeat.status != http.StatusOK || repeat.header.Get("ETag") != etag || string(repeat.body) != string(first.body) {
		t.Errorf("asked again: %d, ETag %q, another body", repeat.status, repeat.header.Get("ETag"))
	}
	t.Logf("drawn in %v, 304 in %v, again in %v", first.took, again.took, repeat.took)
	if again.took > first.took/4 || repeat.took > first.took/4 {
		t.Errorf("drawn in %v, then 304 in %v and the same again in %v: drawn again each time", first.took, again.took, repeat.took)
	}
	for _, path := range []string{".png?ply=3", ".svg?ply=0&flip=1", ".html"} {
		a := getTimed(c, rs.url("/game/"+g.ID()+path))
		if a.status != http.StatusOK || a.header.Get("Cache-Control") != "public, max-age=31536000, immutable" {
			t.Errorf("%s of a finished game: %d, Cache-Control %q", path, a.status, a.header.Get("Cache-Control"))
		}
		if b := getTimed(c, rs.url("/game/"+g.ID()+path), "If-None-Match", a.header.Get("ETag")); b.status != http.StatusNotModified {
			t.Errorf("%s of a finished game with its ETag: %d, want 304", path, b.status)
		}
	}
}

// TestImageCacheLiveGame: a game in play is revalidated each time
// (no-cache, never immutable), and its ETag changes with a move.
func TestImageCacheLiveGame(t *testing.T) {
	rs := runServer(t, Config{})
	g := storedGame(t, rs.s, game.Options{}, "e2e4")
	c := patientClientFrom(t, 2)
	for _, path := range []string{".png", ".gif?size=64", ".html"} {
		a := getTimed(c, rs.url("/game/"+g.ID()+path))
		if a.status != http.StatusOK || a.header.Get("Cache-Control") != "no-cache" || a.header.Get("ETag") == "" {
			t.Errorf("%s of a game in play: %d, Cache-Control %q, ETag %q; want no-cache and an ETag", path, a.status, a.header.Get("Cache-Control"), a.header.Get("ETag"))
		}
		if b := getTimed(c, rs.url("/game/"+g.ID()+path), "If-None-Match", a.header.Get("ETag")); b.status != http.StatusNotModified {
			t.Errorf("%s of a game in play with its ETag: %d, want 304", path, b.status)
		}
	}
	before := getTimed(c, rs.url("/game/"+g.ID()+".png")).header.Get("ETag")
	evs, err := g.Move(chess.Black, "e7e5")
	if err != nil {
		t.Fatal(err)
	}
	if err := rs.s.appendEvents(t.Context(), g, evs); err != nil {
		t.Fatal(err)
	}
	if a := getTimed(c, rs.url("/game/"+g.ID()+".png"), "If-None-Match", before); a.status != http.StatusOK || a.header.Get("ETag") == before {
		t.Errorf("after a move, with the ETag from before it: %d, ETag %q (was %q)", a.status, a.header.Get("ETag"), before)
	}
}

// TestDrawCacheLiveGame: a game in play's viewer page and images asked
// again without If-None-Match are not drawn again (the cache's misses
// count the drawings): the same bytes, with the same no-cache; after a
// move the next is drawn anew, and kept in turn.
func TestDrawCacheLiveGame(t *testing.T) {
	rs := runServer(t, Config{})
	g := storedGame(t, rs.s, game.Options{}, movesOf(servertest.PlayedGame(t, 20))...)
	if g.Status().Finished() {
		t.Fatal("the game is over")
	}
	c := patientClientFrom(t, 2)
	drawn := rs.s.media.Drawn
	ask := func(when, path string, wantDrawn bool) timedAnswer {
		t.Helper()
		before := drawn()
		a := getTimed(c, rs.url("/game/"+g.ID()+path))
		if a.err != nil || a.status != http.StatusOK || a.header.Get("Cache-Control") != "no-cache" || a.header.Get("ETag") == "" {
			t.Fatalf("%s, %s: %d %v, Cache-Control %q, ETag %q; want 200, no-cache and an ETag", when, path, a.status, a.err, a.header.Get("Cache-Control"), a.header.Get("ETag"))
		}
		want := int64(0)
		if wantDrawn {
			want = 1
		}
		if n := drawn() - before; n != want {
			t.Errorf("%s, %s: drawn %d times, want %d", when, path, n, want)
		}
		return a
	}
	paths := []string{".html", ".gif?size=64", ".png", ".svg?ply=3"}
	first := map[string]timedAnswer{}
	for _, path := range paths {
		first[path] = ask("first", path, true)
		again := ask("again", path, false)
		if string(again.body) != string(first[path].body) || again.header.Get("ETag") != first[path].header.Get("ETag") ||
			again.header.Get("Content-Type") != first[path].header.Get("Content-Type") {
			t.Errorf("%s asked again: another body, ETag or type", path)
		}
	}
	evs, err := g.Move(g.Turn(), firstDest(g))
	if err != nil {
		t.Fatal(err)
	}
	if err := rs.s.appendEvents(t.Context(), g, evs); err != nil {
		t.Fatal(err)
	}
	if g.Status().Finished() {
		t.Fatal("the move ended the game")
	}
	for _, path := range paths {
		moved := path != ".svg?ply=3" // a past position's image is the same after a move
		a := ask("after a move", path, moved)
		if moved == (a.header.Get("ETag") == first[path].header.Get("ETag")) {
			t.Errorf("after a move, %s: ETag %q, was %q", path, a.header.Get("ETag"), first[path].header.Get("ETag"))
		}
		ask("after a move, again", path, false)
	}
}

// TestImageCacheHiddenGame: the image of a fog game is its asker's seat's
// own: never no-cache but no-store while the game runs, and its ETag is
// not another seat's, in play or over (when the boards are the same),
// so that neither a 304 nor a cache can hand one seat's image to another:
// each seat's first ask of a file is drawn for it (the cache's misses),
// and asked again it gets its own drawing back from the cache.
func TestImageCacheHiddenGame(t *testing.T) {
	rs := runServer(t, Config{})
	white, black, seats := onlineSeats()
	g := storedGame(t, rs.s, game.Options{Mode: game.ModeOnline, Variant: foggame.FogOfWar, Seats: seats}, "e2e4", "d7d5", "g1f3")
	c := patientClientFrom(t, 2)
	get := func(path, secret string, hdr ...string) timedAnswer {
		if secret != "" {
			hdr = append(hdr, "Cookie", playerCookie+"="+secret)
		}
		return getTimed(c, rs.url("/game/"+g.ID()+path), hdr...)
	}
	check := func(when, wantCache string) {
		for _, path := range []string{".svg", ".png?ply=2", ".gif?size=64"} {
			tags := map[string]string{}
			for _, who := range []struct{ name, secret string }{{"white", white}, {"black", black}, {"a stranger", ""}} {
				before := rs.s.media.Drawn()
				a := get(path, who.secret)
				if n := rs.s.media.Drawn() - before; n != 1 {
					t.Errorf("%s, %s's %s: drawn %d times, want once (not another seat's kept drawing)", when, who.name, path, n)
				}
				if again := get(path, who.secret); again.status != http.StatusOK || string(again.body) != string(a.body) || again.header.Get("Cache-Control") != wantCache {
					t.Errorf("%s, %s's %s asked again: %d, Cache-Control %q, not their own image", when, who.name, path, again.status, again.header.Get("Cache-Control"))
				}
				if n := rs.s.media.Drawn() - before; n != 1 {
					t.Errorf("%s, %s's %s asked again: drawn again", when, who.name, path)
				}
				if a.status != http.StatusOK || a.header.Get("Cache-Control") != wantCache || a.header.Get("ETag") == "" {
					t.Errorf("%s, %s's %s: %d, Cache-Control %q, ETag %q; want %s", when, who.name, path, a.status, a.header.Get("Cache-Control"), a.header.Get("ETag"), wantCache)
				}
				for other, tag := range tags {
					if tag == a.header.Get("ETag") {
						t.Errorf("%s, %s's %s has %s's ETag", when, who.name, path, other)
					}
					b := get(path, who.secret, "If-None-Match", tag)
					if b.status != http.StatusOK || string(b.body) != string(a.body) {
						t.Errorf("%s, %s asking for %s with %s's ETag: %d, not their own image", when, who.name, path, other, b.status)
					}
				}
				tags[who.name] = a.header.Get("ETag")
			}
		}
	}
	check("in play", "no-store")
	finish(t, rs.s, g)
	check("over", "public, max-age=31536000, immutable")
}

// keptOrDrawn runs body twice: with the drawing cache's default room
// ("kept") and with none ("drawn": every request drawn, as before drawings
// were kept).
func keptOrDrawn(b *testing.B, body func(b *testing.B, s *Server)) {
	for _, bc := range []struct {
		name string
		room int
	}{{"kept", 0}, {"drawn", -1}} {
		b.Run(bc.name, func(b *testing.B) {
			s := imageServer(b)
			s.media.Close()
			s.media = s.newMedia(bc.room)
			body(b, s)
		})
	}
}

// askAgain asks for path again and again, each answer 200 with the
// Cache-Control cc.
func askAgain(b *testing.B, s *Server, path, cc string) {
	h := s.Handler()
	b.ReportAllocs()
	for b.Loop() {
		if rec := fetch(h, path, ""); rec.Code != http.StatusOK || rec.Header().Get("Cache-Control") != cc {
			b.Fatalf("%d %q %s", rec.Code, rec.Header().Get("Cache-Control"), rec.Body)
		}
	}
}

// BenchmarkLiveViewerAgain asks for a 200-ply game in play's viewer page
// again and again, without If-None-Match: kept, the game is read and the
// page's record hashed, not drawn; with no room to keep it (as before
// live games' drawings were kept), drawn each time.
func BenchmarkLiveViewerAgain(b *testing.B) {
	keptOrDrawn(b, func(b *testing.B, s *Server) {
		g := storedGame(b, s, game.Options{}, movesOf(servertest.PlayedGame(b, 200))...)
		if g.Status().Finished() || len(movesOf(g)) != 200 {
			b.Fatalf("want a game in play of 200 plies, have %d plies, %v", len(movesOf(g)), g.Status())
		}
		askAgain(b, s, "/game/"+g.ID()+".html", "no-cache")
	})
}

// BenchmarkFinishedGIFAgain asks for a finished 100-move game's GIF again
// and again: kept, it is read and hashed, not drawn; with no room to keep
// it, drawn each time.
func BenchmarkFinishedGIFAgain(b *testing.B) {
	keptOrDrawn(b, func(b *testing.B, s *Server) {
		g := storedGame(b, s, game.Options{}, movesOf(servertest.PlayedGame(b, 200))...)
		evs, err := g.Resign(chess.Black)
		if err != nil {
			b.Fatal(err)
		}
		if err := s.appendEvents(b.Context(), g, evs); err != nil {
			b.Fatal(err)
		}
		askAgain(b, s, "/game/"+g.ID()+".gif", "public, max-age=31536000, immutable")
	})
}
