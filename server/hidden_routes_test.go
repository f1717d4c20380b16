package server

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/web"
)

// TestHiddenRouteWalk walks every GET route a game's id reaches (as the
// hostile probe did by hand) for two live games of each hidden variant,
// made alike but for what their rules hide: a seeded variant's two games
// draw their own secret seeds (the mines, the dice, the layout; of many
// games, two whose public state is the same are taken, as dice chess rolls
// its first dice in the open), and fog of war's play the same moves but
// for Black's, which White and a stranger do not see. Whatever a stranger
// and each seat that may not see the secret read of one game, headers
// included, must be what they read of the other, byte for byte, once the
// game's id and the seed's public commitment are set aside: a route that
// answered from the whole game rather than the viewer's sight would show
// the difference. A route added later is walked without a line here; the
// sockets are TestHiddenDifferential's.
func TestHiddenRouteWalk(t *testing.T) {
	now := time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)
	s, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir()), Assets: web.FS(), CreatePerMinute: 100000,
		Now: func() time.Time { return now }})
	_, routes := s.handler()
	walked := 0
	for _, spec := range game.Specs() {
		if !spec.Hidden {
			continue
		}
		t.Run(string(spec.Name), func(t *testing.T) {
			var a, b walkedGame
			viewers := []string{"stranger", "white", "black"} // nobody sees a seed
			if spec.Seeded {
				a, b = twoAlike(t, s, srv, spec.Name)
				if seedOf(t, s, a.ID) == seedOf(t, s, b.ID) {
					t.Fatal("the two games drew the same seed: nothing to tell apart")
				}
			} else {
				a, b = fogPair(t, s, srv, spec.Name)
				viewers = []string{"stranger", "white"} // Black saw its own moves
			}
			for _, r := range routes {
				method, pattern, _ := strings.Cut(r.Pattern, " ")
				if method != http.MethodGet || pattern == "/ws/game/{id}" {
					continue
				}
				for _, path := range gamePaths(pattern) {
					for _, v := range viewers {
						if v != "stranger" && isRaster(path) {
							continue // a seat's pictures are drawn as a stranger's: the SVG stands for them
						}
						gotA := scrubGame(readRoute(t, srv.URL+strings.ReplaceAll(path, "{id}", a.ID), a.cookie(v)), a)
						gotB := scrubGame(readRoute(t, srv.URL+strings.ReplaceAll(path, "{id}", b.ID), b.cookie(v)), b)
						if !bytes.Equal(gotA, gotB) {
							t.Errorf("GET %s as %s tells the two games apart:\n A %.600s\n B %.600s", path, v, gotA, gotB)
						}
						walked++
					}
				}
			}
		})
	}
	if walked < 200 {
		t.Fatalf("walked %d routes of hidden games: the routes or the hidden variants went missing", walked)
	}
}

// walkedGame is a game of the walk: its seats' player secrets and its
// seed's commitment.
type walkedGame struct {
	created
	black      string // the second seat's player secret
	commitment string
}

// cookie is viewer's player secret ("" for a stranger).
func (g walkedGame) cookie(viewer string) string {
	switch viewer {
	case "white":
		return g.Token
	case "black":
		return g.black
	}
	return ""
}

// twoAlike creates online games of variant v, each with both seats taken,
// until two look the same to a stranger (GET /api/games/{id}), and
// returns them.
func twoAlike(t *testing.T, s *Server, srv *httptest.Server, v game.Variant) (a, b walkedGame) {
	t.Helper()
	body := `{"mode":"online","variant":"` + string(v) + `","color":"white","name":"Ann"}`
	seen := map[string]walkedGame{}
	for range 400 { // dice chess: 216 ordered first rolls, two alike all but certain well before
		c := create(t, s.Handler(), body)
		g := walkedGame{created: c, black: join(t, s.Handler(), c.ID, http.StatusOK).Token}
		raw := readRoute(t, srv.URL+"/api/games/"+c.ID, "")
		if m := commitment.FindSubmatch(raw); m != nil {
			g.commitment = string(m[1])
		}
		state := string(scrubGame(raw, g))
		if other, ok := seen[state]; ok {
			return other, g
		}
		seen[state] = g
	}
	t.Fatalf("%s: 400 games and no two alike to a stranger", v)
	return a, b
}

// fogPair plays two games of variant v (fog of war: unseeded, its secret
// the moves out of sight) whose White moves alike and whose Black moves
// pieces apart, out of White's sight.
func fogPair(t *testing.T, s *Server, srv *httptest.Server, v game.Variant) (a, b walkedGame) {
	t.Helper()
	play := func(black []string) walkedGame {
		host, guest, g, joined := onlinePair(t, s, srv, `{"mode":"online","variant":"`+string(v)+`","color":"white","name":"Ann"}`)
		for i, w := range []string{"e2e3", "a2a3"} {
			for j, m := range []string{w, black[i]} {
				[]*wsClient{host, guest}[j].send(`{"t":"move","d":{"u":"` + m + `"}}`)
				host.nextBoard()
				guest.nextBoard()
			}
		}
		return walkedGame{created: g, black: joined.Token}
	}
	// Black's pieces end apart (c6 and g6, h6 and b6), on squares White's
	// pieces do not see after e3 and a3.
	return play([]string{"b8c6", "g7g6"}), play([]string{"g8h6", "b7b6"})
}

// seedOf is game id's secret seed, read on the server.
func seedOf(t *testing.T, s *Server, id string) string {
	t.Helper()
	var seed string
	if err := s.read(context.Background(), id, func(g *game.Game) { seed = g.Header().Seed }); err != nil {
		t.Fatal(err)
	}
	return seed
}

// gamePaths are the paths of pattern for a game whose id is "{id}": none
// when the route does not take one; each part, file and image option a
// route serves.
func gamePaths(pattern string) []string {
	var out []string
	switch {
	case strings.Contains(pattern, "{file}"):
		for _, file := range []string{"{id}", "{id}.svg", "{id}.svg?ply=0", "{id}.svg?flip=1", "{id}.png?lang=zh-TW",
			"{id}.png?ply=2", "{id}.gif", "{id}.html", "{id}-eval.svg", "{id}-eval.png"} {
			out = append(out, strings.Replace(pattern, "{file}", file, 1))
		}
	case !strings.Contains(pattern, "{id}"):
	case strings.Contains(pattern, "{part}"):
		for _, part := range []string{"pgn", "pgn?lang=zh-TW", "rating", "chat"} {
			out = append(out, strings.Replace(pattern, "{part}", part, 1))
		}
	default:
		out = append(out, pattern)
	}
	return out
}

// isRaster says path is a picture in PNG or GIF, slow to draw under the
// race detector.
func isRaster(path string) bool {
	return strings.Contains(path, ".png") || strings.Contains(path, ".gif")
}

// readRoute reads what a viewer (player secret, "" for a stranger) gets at
// url: the status, the headers that say what the body is, and the body, or
// as much of a stream as comes in a moment.
func readRoute(t *testing.T, url, secret string) []byte {
	t.Helper()
	// A stream is read for a moment (it never ends); anything else whole,
	// however slowly a picture is drawn under the race detector.
	wait := 30 * time.Second
	if strings.Contains(url, "/stream/") {
		wait = 400 * time.Millisecond
	}
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	if secret != "" {
		req.AddCookie(&http.Cookie{Name: playerCookie, Value: secret})
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil && !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("GET %s: %v", url, err)
	}
	head := resp.Status + "\n"
	for _, h := range []string{"Content-Type", "Content-Disposition", "ETag", "Cache-Control"} {
		head += h + ": " + resp.Header.Get(h) + "\n"
	}
	return append([]byte(head), body...)
}

// commitment finds a seed's public hash in a game's state.
var commitment = regexp.MustCompile(`"commitment":"([0-9a-f]+)"`)

// scrubGame sets aside what is a game's own and public: its id and its
// seed's commitment (the hash the state shows, wherever it is written).
// Only that hash: the seed is hex of the same length, and must not be
// set aside with it.
func scrubGame(b []byte, g walkedGame) []byte {
	b = bytes.ReplaceAll(b, []byte(g.ID), []byte("ID"))
	if g.commitment != "" {
		b = bytes.ReplaceAll(b, []byte(g.commitment), []byte("COMMITMENT"))
	}
	return b
}
