package server

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/server/wire"
)

// TestDisplayNames: a name given when creating and when joining is each
// seat's in the game's state, its PGN's White and Black tags and the
// recent games' list; the computer is "Gambit " and its level's label, with its level;
// a seat without a name is "?" in the PGN; a bad name is refused 400
// bad_name and makes no game.
func TestDisplayNames(t *testing.T) {
	s, _, _ := serve(t, openStore(t, t.TempDir()), nil)
	h := s.Handler()

	host := create(t, h, `{"mode":"online","color":"white","name":"  王小明 "}`)
	if got := host.State.Seats["white"].Name; got != "王小明" {
		t.Fatalf("the host's seat is named %q, want 王小明 (trimmed)", got)
	}
	guest := joinAsNamed(t, h, host.ID, randomToken(), `{"name":"Ann"}`, http.StatusOK)
	if got := guest.State.Seats["black"].Name; got != "Ann" || guest.Color != "black" {
		t.Fatalf("the guest: %s, named %q", guest.Color, got)
	}
	pgn := get(t, h, "/api/games/"+host.ID+"/pgn")
	for _, want := range []string{`[White "王小明"]`, `[Black "Ann"]`} {
		if !strings.Contains(pgn, want) {
			t.Errorf("the PGN lacks %s:\n%s", want, pgn)
		}
	}

	bot := createAs(t, h, `{"mode":"computer","color":"black","level":"alphabeta"}`, host.Token)
	if seat := bot.State.Seats["white"]; seat.Name != "Gambit Alpha-beta (4 plies)" || seat.Level != "alphabeta" {
		t.Errorf("the computer's seat: %+v", seat)
	}
	pgn = get(t, h, "/api/games/"+bot.ID+"/pgn")
	for _, want := range []string{`[White "Gambit Alpha-beta (4 plies)"]`, `[Black "?"]`} {
		if !strings.Contains(pgn, want) {
			t.Errorf("the PGN lacks %s:\n%s", want, pgn)
		}
	}
	local := createAs(t, h, `{"mode":"local","name":"Ann"}`, host.Token)
	if local.State.Seats["white"].Name != "" {
		t.Errorf("a game on one screen names its seats: %+v", local.State.Seats)
	}

	// The list: names, the computer's level, and "you" only on the
	// asker's own seat of a game it can tell.
	var list []struct {
		ID    string `json:"id"`
		Yours bool   `json:"yours"`
		Seats map[string]struct {
			Kind  string `json:"kind"`
			Name  string `json:"name"`
			Level string `json:"level"`
			You   bool   `json:"you"`
		} `json:"seats"`
	}
	listFor := func(secret string) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, personRequest("GET", "/api/games", "", secret))
		list = nil
		if err := json.Unmarshal(rec.Body.Bytes(), &list); err != nil {
			t.Fatalf("list: %v: %s", err, rec.Body)
		}
	}
	listFor(host.Token)
	found := 0
	for _, g := range list {
		switch g.ID {
		case bot.ID:
			found++
			if w, b := g.Seats["white"], g.Seats["black"]; w.Level != "alphabeta" || w.Name != "Gambit Alpha-beta (4 plies)" || w.You || !b.You {
				t.Errorf("the host's game against the computer as listed to the host: %+v", g.Seats)
			}
		case host.ID:
			found++
			if w, b := g.Seats["white"], g.Seats["black"]; w.Name != "王小明" || b.Name != "Ann" || w.You || b.You {
				t.Errorf("the online game as listed to the host: %+v (an online game cannot say which seat is whose)", g.Seats)
			}
		}
	}
	if found != 2 {
		t.Errorf("the host's list has %d of its 2 games: %+v", found, list)
	}
	listFor(randomToken()) // a stranger: the public game against the computer, no seat of theirs
	for _, g := range list {
		for c, seat := range g.Seats {
			if seat.You {
				t.Errorf("a stranger's list calls %s's seat of %s theirs", c, g.ID)
			}
		}
	}

	// Bad names: refused, with the code the browser words.
	for _, body := range []string{
		`{"mode":"computer","level":"greedy","name":"` + strings.Repeat("名", 21) + `"}`,
		`{"mode":"online","name":"a\nb"}`,
		`{"mode":"online","name":"evil\u202egnp.exe"}`,
		`{"mode":"online","name":"\u0000"}`,
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, personRequest("POST", "/api/games", body, randomToken()))
		var e wire.ErrorJSON
		_ = json.Unmarshal(rec.Body.Bytes(), &e)
		if rec.Code != http.StatusBadRequest || e.Code != "bad_name" {
			t.Errorf("create %s: %d %s, want 400 bad_name", body, rec.Code, rec.Body)
		}
	}
	other := create(t, h, `{"mode":"online"}`)
	joinAsNamed(t, h, other.ID, randomToken(), `{"name":"`+strings.Repeat("x", 21)+`"}`, http.StatusBadRequest)
	if st := joinAsNamed(t, h, other.ID, randomToken(), `{"name":"  "}`, http.StatusOK); st.State.Seats["black"].Name != "" {
		t.Errorf("a blank name names the seat %q", st.State.Seats["black"].Name)
	}
}

// TestJoinRenames: a guest who took an invite's seat without a name joins
// again with one before the first move: the seat, the state and the PGN
// carry it; a join without a name keeps it.
func TestJoinRenames(t *testing.T) {
	s, _, _ := serve(t, openStore(t, t.TempDir()), nil)
	h := s.Handler()
	host := create(t, h, `{"mode":"online","color":"white","name":"Ann"}`)
	first := joinAsNamed(t, h, host.ID, randomToken(), `{}`, http.StatusOK)
	if first.State.Seats["black"].Name != "" {
		t.Fatalf("joined without a name, named %q", first.State.Seats["black"].Name)
	}
	secret := first.Token
	for _, tc := range []struct{ body, want string }{{`{"name":"小美"}`, "小美"}, {`{}`, "小美"}} {
		g := joinAsNamed(t, h, host.ID, secret, tc.body, http.StatusOK)
		if g.Color != "black" || g.State.Seats["black"].Name != tc.want || g.State.Seats["white"].Name != "Ann" {
			t.Errorf("join again with %s: %s, seats %+v", tc.body, g.Color, g.State.Seats)
		}
	}
	if pgn := get(t, h, "/api/games/"+host.ID+"/pgn"); !strings.Contains(pgn, `[Black "小美"]`) {
		t.Errorf("the PGN lacks the new name:\n%s", pgn)
	}
}

// joinAsNamed joins game id with the body given (its name).
func joinAsNamed(t *testing.T, h http.Handler, id, secret, body string, want int) created {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, personRequest("POST", "/api/games/"+id+"/join", body, secret))
	if rec.Code != want {
		t.Fatalf("join %s with %s: %d %s, want %d", id, body, rec.Code, rec.Body, want)
	}
	var resp createResponse
	if want == http.StatusOK {
		mustDecode(t, rec.Body.Bytes(), &resp)
	}
	if c := seatCookie(rec.Header()); c != nil { // a secret the server did not issue is replaced
		secret = c.Value
	}
	return created{resp, secret}
}

// get answers GET path's body, failing unless 200.
func get(t *testing.T, h http.Handler, path string) string {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("GET %s: %d %s", path, rec.Code, rec.Body)
	}
	return rec.Body.String()
}
