package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gambitchess/gambit/review"
	"github.com/gambitchess/gambit/server/export"
	"github.com/gambitchess/gambit/server/lichess"
	"github.com/gambitchess/gambit/store"
)

// exportFixture is a server with four games of ann's, made through the
// API for programs, oldest first:
//
//	casual:  ann (white) mated by bob in four moves (fool's mate), 5+3
//	rated:   bob (white) resigns to ann after 1. e4 e5, 5+3, rated
//	aborted: ann (white) against cat, aborted after 1. d4, untimed
//	live:    ann (white) against bob, 1. e4 e5 and on, untimed
type exportFixture struct {
	t             *testing.T
	st            *store.SQLite
	h             http.Handler
	srv           *httptest.Server
	ann, bob, cat *program
	casual, rated string
	aborted, live string
	addr          atomic.Int32 // each export comes from an address of its own: the per-address limit is not what is tested
}

func newExportFixture(t *testing.T) *exportFixture {
	t.Helper()
	st := openStore(t, t.TempDir())
	s, srv, _ := serveWith(t, Config{Store: st})
	f := &exportFixture{t: t, st: st, h: s.Handler(), srv: srv}
	f.ann, f.bob, f.cat = newProgram(t, srv, "ann"), newProgram(t, srv, "bob"), newProgram(t, srv, "cat")
	f.casual = f.play(f.ann, f.bob, "bob", "clock.limit=300&clock.increment=3", "f2f3", "e7e5", "g2g4", "d8h4")
	f.rated = f.play(f.bob, f.ann, "ann", "rated=true&clock.limit=300&clock.increment=3", "e2e4", "e7e5")
	f.bob.want(200, "POST", "/api/board/game/"+f.rated+"/resign", "", "")
	f.aborted = f.play(f.ann, f.cat, "cat", "", "d2d4")
	f.ann.want(200, "POST", "/api/board/game/"+f.aborted+"/abort", "", "")
	f.live = f.play(f.ann, f.bob, "bob", "", "e2e4", "e7e5")
	// The rated game's ratings change once it is over: wait for them.
	for deadline := time.Now().Add(5 * time.Second); ; {
		rg, err := st.RatedGame(context.Background(), f.rated)
		if err == nil && rg.State == store.RatingApplied {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the rated game's ratings: %+v %v", rg, err)
		}
		time.Sleep(10 * time.Millisecond)
	}
	return f
}

// play has white challenge the account black (its name) with form's
// fields, black accept, and both play moves in turn; it returns the game.
func (f *exportFixture) play(white, black *program, blackName, form string, moves ...string) string {
	f.t.Helper()
	var ch lichess.Challenge
	body := white.want(200, "POST", "/api/challenge/"+blackName, formType, strings.TrimPrefix(form+"&color=white", "&"))
	if err := json.Unmarshal([]byte(body), &ch); err != nil {
		f.t.Fatal(err)
	}
	black.want(200, "POST", "/api/challenge/"+ch.ID+"/accept", "", "")
	for i, m := range moves {
		[2]*program{white, black}[i%2].want(200, "POST", "/api/board/game/"+ch.ID+"/move/"+m, "", "")
	}
	return ch.ID
}

// export sends method path (with body) as who (nil: a visitor, no token)
// asking for accept, from an address of its own; it returns the status
// and the body.
func (f *exportFixture) export(who *program, method, path, accept, body string) (int, string) {
	f.t.Helper()
	r := httptest.NewRequest(method, path, strings.NewReader(body))
	r.RemoteAddr = fmt.Sprintf("198.51.%d.%d:4000", f.addr.Add(1)/250, f.addr.Load()%250+1)
	if who != nil {
		r.Header.Set("Authorization", "Bearer "+who.token)
	}
	if accept != "" {
		r.Header.Set("Accept", accept)
	}
	rec := httptest.NewRecorder()
	f.h.ServeHTTP(rec, r)
	return rec.Code, rec.Body.String()
}

// ids are the games of an export, in order: each PGN game's GameId, or
// each NDJSON line's id.
func ids(t *testing.T, body string, asJSON bool) []string {
	t.Helper()
	out := []string{}
	if asJSON {
		for line := range strings.Lines(body) {
			var g export.Game
			if err := json.Unmarshal([]byte(line), &g); err != nil {
				t.Fatalf("NDJSON line %q: %v", line, err)
			}
			out = append(out, g.ID)
		}
		return out
	}
	for _, m := range regexp.MustCompile(`\[GameId "([a-z0-9]+)"\]`).FindAllStringSubmatch(body, -1) {
		out = append(out, m[1])
	}
	return out
}

// TestExportGamesUserFilters: lichess's filters of GET
// /api/games/user/{name}, in PGN and NDJSON alike, and who sees which game:
// finished games only by default (an aborted one never), ongoing and
// finished, vs, color, rated, perfType, max, analysed; a visitor and
// another account see the games the profile shows them, the rated one
// (issue 41).
func TestExportGamesUserFilters(t *testing.T) {
	f := newExportFixture(t)
	tests := []struct {
		who   *program
		query string
		want  []string
	}{
		{f.ann, "", []string{f.rated, f.casual}},
		{f.ann, "?ongoing=true", []string{f.live, f.rated, f.casual}},
		{f.ann, "?ongoing=true&finished=false", []string{f.live}},
		{f.ann, "?ongoing=false&finished=false", nil},
		{f.ann, "?vs=bob", []string{f.rated, f.casual}},
		{f.ann, "?vs=BOB&ongoing=true", []string{f.live, f.rated, f.casual}},
		{f.ann, "?vs=cat", nil}, // their one game was aborted
		{f.ann, "?vs=ann", nil},
		{f.ann, "?vs=nobody", nil},
		{f.ann, "?color=white", []string{f.casual}},
		{f.ann, "?color=black", []string{f.rated}},
		{f.ann, "?color=black&vs=bob", []string{f.rated}},
		{f.ann, "?rated=true", []string{f.rated}},
		{f.ann, "?rated=False", []string{f.casual}}, // berserk writes Python's booleans
		{f.ann, "?perfType=blitz,rapid", []string{f.rated, f.casual}},
		{f.ann, "?perfType=ultraBullet,correspondence", nil},
		{f.ann, "?max=1", []string{f.rated}},
		{f.ann, "?analysed=true", nil},
		{f.ann, "?since=1&until=" + fmt.Sprint(time.Now().Add(time.Hour).UnixMilli()), []string{f.rated, f.casual}},
		{f.ann, "?literate=false&sort=dateDesc&withBookmarked=true&accuracy=true&nosuch=1&division=0", []string{f.rated, f.casual}},
		{nil, "", []string{f.rated}},              // a visitor: the rated game over is public, the casual invite is its players'
		{nil, "?ongoing=true", []string{f.rated}}, // a game under way is its players' own
		{f.cat, "", []string{f.rated}},            // another account: the same
		{f.bob, "", []string{f.rated, f.casual}},  // bob sat in both
		{f.bob, "?ongoing=true", []string{f.live, f.rated, f.casual}},
	}
	for _, tt := range tests {
		for _, accept := range []string{"", "application/x-ndjson"} {
			status, body := f.export(tt.who, "GET", "/api/games/user/ann"+tt.query, accept, "")
			if status != 200 {
				t.Errorf("%s (%q): %d %s", tt.query, accept, status, body)
				continue
			}
			if got := ids(t, body, accept != ""); !slices.Equal(got, tt.want) && !(len(got) == 0 && len(tt.want) == 0) {
				t.Errorf("%s as %v (%q) = %v, want %v", tt.query, who(f, tt.who), accept, got, tt.want)
			}
		}
	}

	// A stored review: analysed finds the game, and leaves it out with false.
	saveReview(t, f.st, f.casual, 4)
	for q, want := range map[string][]string{"?analysed=true": {f.casual}, "?analysed=false": {f.rated}} {
		if _, body := f.export(f.ann, "GET", "/api/games/user/ann"+q, "", ""); !slices.Equal(ids(t, body, false), want) {
			t.Errorf("%s = %v, want %v", q, ids(t, body, false), want)
		}
	}
}

// who names p among f's programs.
func who(f *exportFixture, p *program) string {
	switch p {
	case f.ann:
		return "ann"
	case f.bob:
		return "bob"
	case f.cat:
		return "cat"
	}
	return "a visitor"
}

// saveReview stores a review of game id's first n moves: each evaluated
// 0.25, its second move a mistake.
func saveReview(t *testing.T, st store.Reviews, id string, n int) {
	t.Helper()
	rv := review.Review{Engine: "test", White: review.Side{Accuracy: 91.6, ACPL: 12, Judged: 2}, Black: review.Side{Accuracy: 80, ACPL: 40, Mistakes: 1, Judged: 2}}
	for i := range n {
		m := review.Move{Ply: i + 1, Side: []string{"white", "black"}[i%2], Before: 25, After: 25}
		if i == 1 {
			m.Class, m.BestSAN, m.BestUCI = review.ClassMistake, "d5", "d7d5"
		}
		rv.Moves = append(rv.Moves, m)
	}
	data, err := json.Marshal(rv)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.SaveReview(context.Background(), id, data); err != nil {
		t.Fatal(err)
	}
}

// TestExportGamesUserRefusals: a value the export cannot read is a 400
// that names the parameter; a parameter lichess does not know is ignored.
func TestExportGamesUserRefusals(t *testing.T) {
	f := newExportFixture(t)
	for _, q := range []string{"max=zero", "max=0", "rated=yes", "color=red", "ongoing=maybe", "since=-1", "since=5&until=4",
		"perfType=blitz,,rapid", "vs=" + strings.Repeat("x", 40), "sort=dateAsc", "literate=true", "division=true", "players=http://x", "clocks=2", "max=1&max=2"} {
		status, body := f.export(f.ann, "GET", "/api/games/user/ann?"+q, "", "")
		name, _, _ := strings.Cut(q, "=")
		if status != 400 || code(t, body) != "bad_request" || !strings.Contains(body, name) {
			t.Errorf("?%s = %d %s, want 400 naming %s", q, status, body, name)
		}
	}
}

// berserkGames splits a PGN export as berserk's PgnHandler.parse_stream
// does: a game ends where two empty lines follow each other.
func berserkGames(body string) []string {
	var games, lines []string
	last := "x"
	for _, line := range strings.Split(strings.TrimSuffix(body, "\n"), "\n") {
		if last != "" || line != "" {
			lines = append(lines, line)
		} else {
			games = append(games, strings.TrimSpace(strings.Join(lines, "\n")))
			lines = nil
		}
		last = line
	}
	if len(lines) > 0 {
		games = append(games, strings.TrimSpace(strings.Join(lines, "\n")))
	}
	return games
}

// TestExportGamesUserPGN: the PGN of GET /api/games/user/{name} as
// lichess writes it: each game followed by two blank lines (berserk splits
// there), Site the game's address, the players named in a casual game
// too, Termination in the PGN standard's words, the rated game's ratings;
// clocks, evals, tags, moves and opening as asked (issue 41).
func TestExportGamesUserPGN(t *testing.T) {
	f := newExportFixture(t)
	saveReview(t, f.st, f.casual, 4)
	_, body := f.export(f.ann, "GET", "/api/games/user/ann", "", "")
	if !strings.HasSuffix(body, " 0-1\n\n\n") || strings.Count(body, "\n\n\n") != 2 {
		t.Errorf("games not each followed by two blank lines:\n%s", body)
	}
	games := berserkGames(body)
	if len(games) != 2 {
		t.Fatalf("berserk reads %d games, want 2:\n%s", len(games), body)
	}
	rated, casual := games[0], games[1]
	for _, want := range []string{`[Site "http://example.com/game/` + f.casual + `"]`, `[White "ann"]`, `[Black "bob"]`,
		`[Result "0-1"]`, `[Termination "Normal"]`, `[GameId "` + f.casual + `"]`, `[ECO "`, "1. f3 e5 2. g4 Qh4# 0-1"} {
		if !strings.Contains(casual, want) {
			t.Errorf("the casual game lacks %s:\n%s", want, casual)
		}
	}
	for _, unwanted := range []string{"[%clk", "[%eval", "[Opening ", `"checkmate"`} {
		if strings.Contains(casual, unwanted) {
			t.Errorf("the casual game has %s unasked:\n%s", unwanted, casual)
		}
	}
	for _, want := range []string{`[White "bob"]`, `[Black "ann"]`, `[Result "0-1"]`, `[WhiteElo "1500"]`, `[BlackElo "1500"]`,
		`[WhiteRatingDiff "-`, `[BlackRatingDiff "+`, `[Termination "Normal"]`} {
		if !strings.Contains(rated, want) {
			t.Errorf("the rated game lacks %s:\n%s", want, rated)
		}
	}

	tests := []struct {
		query          string
		want, unwanted []string
	}{
		{"clocks=true", []string{"1. f3 {[%clk 0:05:00]} 1... e5 {[%clk 0:05:00]} 2. g4 {[%clk 0:05:03]} 2... Qh4# {[%clk 0:05:03]} 0-1"}, nil},
		{"evals=true", []string{"1. f3 {[%eval 0.25]} 1... e5 $2 {[%eval 0.25] Mistake. Best move was d5.}"}, []string{"[%clk"}},
		{"evals=true&clocks=true", []string{"{[%eval 0.25] [%clk 0:05:00]}"}, nil},
		{"tags=false", []string{"1. f3 e5 2. g4 Qh4# 0-1\n\n\n"}, []string{"["}},
		{"moves=false", []string{`[Result "0-1"]`, "\n\n0-1\n\n\n"}, []string{"f3"}},
		{"opening=true", []string{`[Opening "`}, nil},
		{"ongoing=true&finished=false", []string{`[Termination "Unterminated"]`, `[Result "*"]`, "1. e4 e5 *\n\n\n"}, nil},
	}
	for _, tt := range tests {
		_, body := f.export(f.ann, "GET", "/api/games/user/ann?vs=bob&rated=false&"+tt.query, "", "")
		flat := strings.Join(strings.Fields(body), " ") // the movetext as one line: the writer wraps it at 80 columns
		for _, want := range tt.want {
			if !strings.Contains(body, want) && !strings.Contains(flat, want) {
				t.Errorf("?%s lacks %q:\n%s", tt.query, want, body)
			}
		}
		for _, unwanted := range tt.unwanted {
			if strings.Contains(body, unwanted) {
				t.Errorf("?%s has %q:\n%s", tt.query, unwanted, body)
			}
		}
	}
}

// TestExportGamesUserJSON: the NDJSON of GET /api/games/user/{name}:
// the players of a casual game named, the clocks, the review's analysis,
// the opening, the PGN within as asked (issue 41).
func TestExportGamesUserJSON(t *testing.T) {
	f := newExportFixture(t)
	saveReview(t, f.st, f.casual, 4)
	_, body := f.export(f.ann, "GET", "/api/games/user/ann?rated=false&clocks=true&evals=true&accuracy=true&opening=true&pgnInJson=true&lastFen=true",
		"application/x-ndjson", "")
	var g export.Game
	if err := json.Unmarshal([]byte(body), &g); err != nil {
		t.Fatalf("%s: %v", body, err)
	}
	w, b := g.Players["white"], g.Players["black"]
	if g.ID != f.casual || g.Rated || g.Status != "mate" || g.Winner != "black" || g.Moves != "f3 e5 g4 Qh4#" ||
		w.User == nil || w.User.Name != "ann" || w.User.ID != "ann" || b.User == nil || b.User.Name != "bob" {
		t.Errorf("the casual game = %s", body)
	}
	// Both first moves are free; then 5 min less the moment taken, plus 3 s.
	if c := g.Clocks; len(c) != 4 || c[0] != 30000 || c[1] != 30000 || c[2] < 30200 || c[2] > 30300 || c[3] < 30200 || c[3] > 30300 {
		t.Errorf("clocks = %v, want 30000 30000 and about 30300 twice (centiseconds)", g.Clocks)
	}
	if len(g.Analysis) != 4 || g.Analysis[0].Eval == nil || *g.Analysis[0].Eval != 25 || g.Analysis[1].Judgment == nil ||
		g.Analysis[1].Judgment.Name != "Mistake" || g.Analysis[1].Best != "d7d5" || g.Analysis[0].Judgment != nil {
		t.Errorf("analysis = %+v", g.Analysis)
	}
	if w.Analysis == nil || w.Analysis.ACPL != 12 || w.Analysis.Accuracy == nil || *w.Analysis.Accuracy != 92 || b.Analysis == nil || b.Analysis.Mistake != 1 {
		t.Errorf("players' analysis = %+v %+v", w.Analysis, b.Analysis)
	}
	if g.Opening == nil || g.Opening.ECO == "" || !strings.HasPrefix(g.PGN, `[Event "`) || !strings.Contains(g.PGN, "[%clk") || g.LastFen == "" {
		t.Errorf("opening %+v, pgn %q, lastFen %q", g.Opening, g.PGN, g.LastFen)
	}
	_, body = f.export(f.ann, "GET", "/api/games/user/ann?rated=false&accuracy=true", "application/x-ndjson", "")
	g = export.Game{}
	if err := json.Unmarshal([]byte(body), &g); err != nil || g.Analysis != nil || g.Players["white"].Analysis == nil ||
		g.Players["white"].Analysis.Accuracy == nil || *g.Players["white"].Analysis.Accuracy != 92 {
		t.Errorf("accuracy alone = %s (%v)", body, err)
	}
	_, body = f.export(f.ann, "GET", "/api/games/user/ann?rated=false&moves=false", "application/x-ndjson", "")
	if strings.Contains(body, `"moves"`) || strings.Contains(body, `"clocks"`) || strings.Contains(body, `"analysis"`) || strings.Contains(body, `"pgn"`) {
		t.Errorf("unasked fields: %s", body)
	}
}

// TestExportByIDs: lichess's POST /api/games/export/_ids: the games its
// body lists, newest first, in PGN (two blank lines after each) or NDJSON;
// an id of no game left out; a visitor with no token sends the ids as
// plain text from anywhere and sees every game whose id it has, but a
// game of hidden information only once over; too many ids, or a malformed
// one, is a 400 (issue 41).
func TestExportByIDs(t *testing.T) {
	f := newExportFixture(t)
	fog := f.play(f.ann, f.bob, "bob", "variant=fogofwar")
	list := strings.Join([]string{f.casual, f.rated, "nosuchgame", f.live, f.aborted, f.casual, fog}, ",")
	want := []string{f.live, f.aborted, f.rated, f.casual}
	for _, tt := range []struct {
		who    *program
		accept string
	}{{f.ann, ""}, {f.ann, "application/x-ndjson"}, {nil, ""}, {nil, "application/x-ndjson"}, {f.cat, ""}} {
		status, body := f.export(tt.who, "POST", "/api/games/export/_ids?clocks=true&pgnInJson=true", tt.accept, list)
		if got := ids(t, body, tt.accept != ""); status != 200 || !slices.Equal(got, want) {
			t.Errorf("as %s (%q): %d %v, want %v\n%s", who(f, tt.who), tt.accept, status, got, want, body)
		}
		if tt.accept == "" && (len(berserkGames(body)) != len(want) || !strings.Contains(body, "[%clk 0:05:00]") ||
			!strings.Contains(body, `[Termination "Abandoned"]`) || !strings.Contains(body, `[Termination "Unterminated"]`)) {
			t.Errorf("as %s: the PGN =\n%s", who(f, tt.who), body)
		}
	}
	// A visitor's plain POST, as berserk sends it (no Content-Type), from
	// another site's page even: it reads, and changes nothing.
	r, _ := http.NewRequest("POST", f.srv.URL+"/api/games/export/_ids", strings.NewReader(f.casual))
	r.Header.Set("Origin", "https://elsewhere.example")
	resp, err := http.DefaultClient.Do(r)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("a visitor's plain POST: %d", resp.StatusCode)
	}

	f.ann.want(200, "POST", "/api/board/game/"+fog+"/abort", "", "")
	if _, body := f.export(nil, "POST", "/api/games/export/_ids", "", fog); !slices.Equal(ids(t, body, false), []string{fog}) {
		t.Errorf("the fog game over = %s", body)
	}

	many := strings.TrimSuffix(strings.Repeat(f.casual+",", 300), ",")
	for i := range 301 {
		many += fmt.Sprintf(",g%04d", i)
	}
	for _, tt := range []struct{ body, code string }{
		{"", "bad_request"}, {"ABC", "bad_request"}, {many, "bad_request"}, {strings.Repeat(" ", 11000), "too_large"},
	} {
		status, body := f.export(f.ann, "POST", "/api/games/export/_ids", "", tt.body)
		if status/100 != 4 || code(t, body) != tt.code {
			t.Errorf("body of %d bytes: %d %s, want %s", len(tt.body), status, body, tt.code)
		}
	}
	if status, body := f.export(f.ann, "POST", "/api/games/export/_ids?literate=true", "", f.casual); status != 400 || !strings.Contains(body, "literate") {
		t.Errorf("?literate=true: %d %s", status, body)
	}
}

// TestRatingHistory: lichess's GET /api/user/{name}/rating-history: every
// perf in lichess's shape, played or not, the blitz one with the day's
// last rating after ann's rated games; anyone may read it (issue 41).
func TestRatingHistory(t *testing.T) {
	f := newExportFixture(t)
	second := f.play(f.ann, f.bob, "bob", "rated=true&clock.limit=180&clock.increment=2", "e2e4", "e7e5")
	f.bob.want(200, "POST", "/api/board/game/"+second+"/resign", "", "")
	ann, err := f.st.UserByName(context.Background(), "ann")
	if err != nil {
		t.Fatal(err)
	}
	var want int
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		rs, err := f.st.UserRatings(context.Background(), ann.ID)
		if i := slices.IndexFunc(rs, func(r store.Rating) bool { return r.Perf == "blitz" }); err == nil && i >= 0 && rs[i].Games == 2 {
			want = rs[i].Int()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("ann's second rated game is not rated: %v", err)
		}
	}
	for _, p := range []*program{nil, f.bob, f.ann} {
		status, body := f.export(p, "GET", "/api/user/Ann/rating-history", "", "")
		var got []struct {
			Name   string
			Points [][]int
		}
		if err := json.Unmarshal([]byte(body), &got); status != 200 || err != nil {
			t.Fatalf("as %s: %d %s (%v)", who(f, p), status, body, err)
		}
		var names []string
		for _, h := range got {
			names = append(names, h.Name)
			now := time.Now().UTC()
			switch {
			case h.Name == "Blitz" && (len(h.Points) != 1 || !slices.Equal(h.Points[0], []int{now.Year(), int(now.Month()) - 1, now.Day(), want})):
				t.Errorf("as %s: blitz = %v, want one point today at %d", who(f, p), h.Points, want)
			case h.Name != "Blitz" && (h.Points == nil || len(h.Points) != 0):
				t.Errorf("as %s: %s = %#v, want no points", who(f, p), h.Name, h.Points)
			}
		}
		if len(names) < 7 || !slices.Equal(names[:5], []string{"Bullet", "Blitz", "Rapid", "Classical", "Correspondence"}) ||
			!slices.Contains(names, "Chess960") || !slices.Contains(names, "Xiangqi") {
			t.Errorf("as %s: perfs %v", who(f, p), names)
		}
		if !strings.Contains(body, `"points":[]`) {
			t.Errorf("a perf never played is not written with empty points: %s", body)
		}
	}
	if status, body := f.export(nil, "GET", "/api/user/nobody/rating-history", "", ""); status != 404 {
		t.Errorf("no such player: %d %s", status, body)
	}
}
