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
// made alike but for what their rules hide: each draws its own secret
// seed (the mines, the dice, the layout). Whatever a stranger reads of one
// game must be what it reads of the other, byte for byte, once the game's
// id and the seed's public commitment are set aside (of many games, two
// whose public state is the same are walked: dice chess rolls the first
// dice in the open): a route that
// answered from the whole game rather than a viewer's sight would show
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
			a, b := twoAlike(t, s, srv, spec.Name)
			for _, r := range routes {
				method, pattern, _ := strings.Cut(r.Pattern, " ")
				if method != http.MethodGet || pattern == "/ws/game/{id}" {
					continue
				}
				for _, path := range gamePaths(pattern) {
					gotA := readRoute(t, srv.URL+strings.ReplaceAll(path, "{id}", a.ID))
					gotB := readRoute(t, srv.URL+strings.ReplaceAll(path, "{id}", b.ID))
					gotA, gotB = scrubGame(gotA, a), scrubGame(gotB, b)
					if !bytes.Equal(gotA, gotB) {
						t.Errorf("GET %s tells the two games apart:\n A %.400s\n B %.400s", path, gotA, gotB)
					}
					walked++
				}
			}
		})
	}
	if walked < 20 {
		t.Fatalf("walked %d routes of hidden games: the routes or the hidden variants went missing", walked)
	}
}

// walkedGame is a game of the walk and its seed's commitment.
type walkedGame struct {
	created
	commitment string
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
		join(t, s.Handler(), c.ID, http.StatusOK)
		g := walkedGame{created: c}
		raw := readRoute(t, srv.URL+"/api/games/"+c.ID)
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

// gamePaths are the paths of pattern for a game whose id is "{id}": none
// when the route does not take one; each part and file a route serves.
func gamePaths(pattern string) []string {
	switch {
	case strings.Contains(pattern, "{file}"):
		var out []string
		for _, ext := range []string{"", ".svg", ".png", ".gif", ".html"} {
			out = append(out, strings.Replace(pattern, "{file}", "{id}"+ext, 1))
		}
		return out
	case !strings.Contains(pattern, "{id}"):
		return nil
	case strings.Contains(pattern, "{part}"):
		var out []string
		for _, part := range []string{"pgn", "rating", "chat", "svg"} {
			out = append(out, strings.Replace(pattern, "{part}", part, 1))
		}
		return out
	}
	return []string{pattern}
}

// readRoute reads what a stranger gets at url: the status and the body,
// or as much of a stream as comes in a moment.
func readRoute(t *testing.T, url string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 400*time.Millisecond)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
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
	return append([]byte(resp.Status+"\n"+resp.Header.Get("Content-Type")+"\n"), body...)
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
