package server

import (
	"context"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/puzzle"
	"github.com/gambitchess/gambit/puzzle/starter"
	"github.com/gambitchess/gambit/server/puzzles"
	"github.com/gambitchess/gambit/store"
)

// TestPuzzlesWired: the server holds the starter puzzles and
// Config.Puzzles from its start (and keeps their plays across a
// restart), and serves them as package
// puzzles says: a signed-out browser by the player cookie its first
// puzzle gives it, unrated; a token as its account, rated, with
// puzzle:read to read and puzzle:write to send; a program without a
// token gets puzzles, and may not send results.
func TestPuzzlesWired(t *testing.T) {
	dir := t.TempDir()
	shipped, err := starter.Puzzles()
	if err != nil || len(shipped) == 0 {
		t.Fatalf("starter.Puzzles() = %d, %v", len(shipped), err)
	}
	first := shipped[0] // chess's first
	given := puzzle.Puzzle{ID: "wpt74gu7", Variant: "xiangqi", FEN: "4k4/8r/9/9/9/9/9/9/R8/3K5 b - - 0 1", Moves: strings.Fields("i8a8 a1a8 e9f9 a8e8"),
		Rating: 1500, RatingDeviation: 500, Themes: []string{"mate", "mateIn2", "short"}, Game: "puzzles-xiangqi.pgn#1"}
	_, srv, stop := serveWith(t, Config{Store: openStore(t, dir), Puzzles: []puzzle.Puzzle{given}})
	stranger := &program{t: t, srv: srv}
	var daily puzzles.PuzzleAndGame
	mustDecode(t, []byte(stranger.want(200, "GET", "/api/puzzle/daily", "", "")), &daily)
	shippedByID := map[string]puzzle.Puzzle{}
	for _, p := range shipped {
		shippedByID[p.ID] = p
	}
	if p, ok := shippedByID[daily.Puzzle.ID]; !ok || daily.Game.Source != p.Game || daily.Puzzle.Variant != "chess" {
		t.Fatalf("the daily puzzle: %+v; want one of the starter's chess puzzles", daily.Puzzle)
	}
	if body := stranger.want(200, "GET", "/api/puzzle/next?variant=xiangqi", "", ""); !strings.Contains(body, `"id":"wpt74gu7"`) {
		t.Errorf("the xiangqi puzzle given in Config.Puzzles: %s", body)
	}
	stranger.want(401, "POST", "/api/puzzle/batch/mix", "application/json", `{"solutions":[{"id":"`+first.ID+`","win":true,"rated":true}]}`)

	cat := newBrowser(t, srv)
	var given1 puzzles.PuzzleAndGame
	mustDecode(t, []byte(cat.want(200, "GET", "/api/puzzle/next", "")), &given1)
	if _, ok := shippedByID[given1.Puzzle.ID]; !ok {
		t.Fatalf("a browser's first puzzle: %+v, not a starter one", given1.Puzzle)
	}
	if len(cat.cookieHeader()) == 0 {
		t.Fatal("the browser was given no player cookie with its first puzzle")
	}
	var solved puzzles.Solved
	mustDecode(t, []byte(cat.want(200, "POST", "/api/puzzle/batch/mix", `{"solutions":[{"id":"`+first.ID+`","win":true,"rated":true}]}`)), &solved)
	if len(solved.Rounds) != 1 || solved.Rounds[0].RatingDiff != 0 || !solved.Glicko.Provisional {
		t.Errorf("a browser's result: %+v", solved)
	}
	exhausted := false
	for range len(shipped) { // played, and kept by its cookie: never given again
		code, body := cat.call("GET", "/api/puzzle/next", "")
		if exhausted = code == 404; exhausted {
			break
		}
		var p puzzles.PuzzleAndGame
		mustDecode(t, []byte(body), &p)
		if p.Puzzle.ID == first.ID {
			t.Fatalf("the browser was given %s again", first.ID)
		}
		cat.want(200, "POST", "/api/puzzle/batch/mix", `{"solutions":[{"id":"`+p.Puzzle.ID+`","win":false,"rated":true}]}`)
	}
	if !exhausted {
		t.Fatal("the browser was still given puzzles after playing every chess one")
	}
	if body := cat.want(200, "GET", "/api/puzzle/activity", ""); !strings.Contains(body, `"id":"`+first.ID+`"`) {
		t.Errorf("the browser's activity: %s", body)
	}

	ann := newProgram(t, srv, "ann") // every scope
	reader, writer := scopedToken(t, srv, "ann", "puzzle:read"), scopedToken(t, srv, "ann", "puzzle:write")
	reader.want(200, "GET", "/api/puzzle/next", "", "")
	reader.want(403, "POST", "/api/puzzle/batch/mix", "application/json", `{"solutions":[]}`)
	writer.want(403, "GET", "/api/puzzle/next", "", "")
	mustDecode(t, []byte(writer.want(200, "POST", "/api/puzzle/batch/mix", "application/json",
		`{"solutions":[{"id":"`+first.ID+`","win":true,"rated":true}]}`)), &solved)
	if len(solved.Rounds) != 1 || solved.Rounds[0].RatingDiff <= 0 {
		t.Errorf("ann's rated win: %+v", solved)
	}
	var batch puzzles.Batch
	mustDecode(t, []byte(ann.want(200, "GET", "/api/puzzle/batch/mix", "", "")), &batch)
	if batch.Glicko.Rating != solved.Glicko.Rating || slices.ContainsFunc(batch.Puzzles, func(p puzzles.PuzzleAndGame) bool { return p.Puzzle.ID == first.ID }) {
		t.Errorf("ann's batch after her round: %+v; want her rating, and not the puzzle she played", batch)
	}

	// A restart adds nothing new and keeps the puzzle's plays.
	stop()
	_, srv, _ = serveWith(t, Config{Store: openStore(t, dir)})
	var again puzzles.PuzzleAndGame
	mustDecode(t, []byte((&program{t: t, srv: srv}).want(200, "GET", "/api/puzzle/"+first.ID, "", "")), &again)
	if again.Puzzle.Plays != 2 || again.Puzzle.Rating == daily.Puzzle.Rating {
		t.Errorf("the puzzle after a restart: %+v; want its 2 plays and its new rating kept", again.Puzzle)
	}
}

// scopedToken makes account name (signed up, password "long enough
// pass") a token of scope alone.
func scopedToken(t *testing.T, srv *httptest.Server, name, scope string) *program {
	t.Helper()
	p := &program{t: t, srv: srv}
	var tok struct{ Token string }
	mustDecode(t, []byte(p.want(200, "POST", "/api/token", "application/json",
		`{"username":"`+name+`","password":"long enough pass","scopes":["`+scope+`"]}`)), &tok)
	p.token = tok.Token
	return p
}

// TestPuzzlesFoundInFinishedGames: with FindPuzzles, a game played to its
// end on the server gives its puzzle, served to solvers: 11...Nf6??
// 12.Qxf7# after some knight moves. A game on one screen is listed once
// over: its puzzle gives its id (an invite's would not: package puzzles'
// TestFinderFindsInFinishedGames).
func TestPuzzlesFoundInFinishedGames(t *testing.T) {
	st := openStore(t, t.TempDir())
	s, srv, _ := serveWith(t, Config{Store: st, FindPuzzles: true, PuzzleBudget: puzzle.Budget{Scan: 5_000, Solve: 50_000}})
	g := create(t, s.Handler(), `{"mode":"local"}`)
	playMoves(t, srv, g, strings.Fields("g1f3 g8f6 f3g1 f6g8 b1c3 b8c6 c3b1 c6b8 g1h3 g8h6 h3g1 h6g8 a2a3 a7a6 e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7")...)
	deadline := time.Now().Add(30 * time.Second)
	for {
		ps, err := st.NextPuzzles(context.Background(), store.PuzzleQuery{Variant: "chess", Rating: 1500}, 1000)
		if err != nil {
			t.Fatal(err)
		}
		i := slices.IndexFunc(ps, func(p store.Puzzle) bool { return strings.HasPrefix(p.FEN, "r1bqkbnr/1ppp1ppp/p1n5/4p2Q/") })
		if i >= 0 {
			if !slices.Equal(ps[i].Moves, []string{"g8f6", "h5f7"}) || ps[i].Game != g.ID {
				t.Errorf("the game's puzzle: %+v", ps[i])
			}
			var served puzzles.PuzzleAndGame
			mustDecode(t, []byte((&program{t: t, srv: srv}).want(200, "GET", "/api/puzzle/"+ps[i].ID, "", "")), &served)
			if served.Game.ID != g.ID || served.Puzzle.Solution[0] != "h5f7" {
				t.Errorf("served as %+v", served)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("no puzzle from game %s", g.ID)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
