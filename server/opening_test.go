package server

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/server/profile"
	"github.com/gambitchess/gambit/server/round"
	"github.com/gambitchess/gambit/server/servertest"
	"github.com/gambitchess/gambit/server/wire"
)

// TestGameOpening: a chess game set up from a PGN names its opening in its
// JSON, in the recent games list and in its PGN tags; a xiangqi game in none.
func TestGameOpening(t *testing.T) {
	s, _, _ := serve(t, openStore(t, t.TempDir()), nil)
	h := s.Handler()
	g := create(t, h, `{"mode":"local","setup":"1. e4 e5 2. Nf3 *"}`)
	want := wire.OpeningJSON{ECO: "C40", Name: "King's Knight Opening"}
	if g.State.Opening == nil || *g.State.Opening != want {
		t.Errorf("created game's opening %+v, want %+v", g.State.Opening, want)
	}
	xq := create(t, h, `{"mode":"local","variant":"xiangqi"}`)
	get := func(path string) string {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, personRequest("GET", path, "", g.Token))
		if rec.Code != http.StatusOK {
			t.Fatalf("GET %s: %d %s", path, rec.Code, rec.Body)
		}
		return rec.Body.String()
	}
	var st round.StateJSON
	json.Unmarshal([]byte(get("/api/games/"+g.ID)), &st)
	if st.Opening == nil || *st.Opening != want {
		t.Errorf("GET game: opening %+v", st.Opening)
	}
	var list []profile.Summary
	json.Unmarshal([]byte(get("/api/games")), &list)
	found := 0
	for _, sum := range list {
		switch sum.ID {
		case g.ID:
			found++
			if sum.Opening == nil || *sum.Opening != want {
				t.Errorf("listed chess game: opening %+v", sum.Opening)
			}
		case xq.ID:
			found++
			if sum.Opening != nil {
				t.Errorf("listed xiangqi game: opening %+v", sum.Opening)
			}
		}
	}
	if found != 2 {
		t.Errorf("the list holds %d of the 2 games: %+v", found, list)
	}
	if body := get("/api/games/" + xq.ID); strings.Contains(body, `"opening"`) {
		t.Errorf("xiangqi game JSON names an opening: %s", body)
	}
	if pgn := get("/api/games/" + g.ID + "/pgn"); !strings.Contains(pgn, `[ECO "C40"]`) || !strings.Contains(pgn, `[Opening "King's Knight Opening"]`) {
		t.Errorf("PGN without the opening tags:\n%s", pgn)
	}
}

// TestComputerPlaysFromTheBook: with a book, the computer's first move as
// White is one of the book's (1.a3 or 1.h3, which no engine level plays).
func TestComputerPlaysFromTheBook(t *testing.T) {
	s, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir()), Book: servertest.Book(t), ComputerGamesPerClient: 10})
	h := s.Handler()
	seen := map[string]bool{}
	for range 6 {
		g := create(t, h, `{"mode":"computer","color":"black","level":"beginner"}`)
		p := dial(t, srv, g.ID, g.Token)
		first := p.position(1)
		switch {
		case first.Last != nil:
			seen[first.Last.UCI] = true
		case len(first.Moves) == 1:
			seen[first.Moves[0].UCI] = true
		default:
			t.Fatalf("no first move in %+v", first)
		}
	}
	for m := range seen {
		if m != "a2a3" && m != "h2h3" {
			t.Errorf("the computer opened %s, not a book move (seen %v)", m, seen)
		}
	}
}
