package swiss

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/gambitchess/gambit/server/tourney/tourneytest"
	"github.com/gambitchess/gambit/store"
)

// pageServer is the fake server with accounts: the request's X-User
// header names the account asking (u0, u1, …), and errors are answered
// 404 for not found, else 400.
type pageServer struct{ *tourneytest.FakeServer }

func (pageServer) User(r *http.Request) (store.User, bool) {
	u := r.Header.Get("X-User")
	return store.User{ID: u, Name: "N" + u}, u != ""
}

func (pageServer) Error(w http.ResponseWriter, err error) {
	code := http.StatusBadRequest
	if errors.Is(err, store.ErrNotFound) {
		code = http.StatusNotFound
	}
	http.Error(w, err.Error(), code)
}

// servePages serves s's routes of the pages as tournamentsapi.go does,
// the app's page answering "page".
func servePages(t *testing.T, s *Service) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/swiss", s.List)
	mux.HandleFunc("POST /api/swiss/{id}/{action}", s.Post)
	mux.HandleFunc("GET /swiss/{file}", s.File(func(w http.ResponseWriter, r *http.Request) { _, _ = io.WriteString(w, "page") }))
	mux.HandleFunc("GET /swiss/{id}/socket", s.Socket)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

func do(t *testing.T, method, url, user, body string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest(method, url, strings.NewReader(body))
	if user != "" {
		req.Header.Set("X-User", user)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json") // as the browser's page sends it
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// TestPages: an event made and joined as the browser's pages do (JSON
// bodies) is listed by GET /api/swiss; GET /swiss/{id} is the page and
// {id}.trf the TRF; the socket sends the page to everyone and, to a
// player, their own place, then the round's pairings, standings with
// their tie-breaks and the player's game when the director pairs it,
// without being asked.
func TestPages(t *testing.T) {
	st := tourneytest.Stores[0].Open(t)
	ctx := context.Background()
	c := tourneytest.NewClock(time.Now())
	srv := pageServer{tourneytest.NewFakeServer("")}
	s := New(Config{Store: st, Server: srv, Node: "n1", Now: c.Now})
	hs := servePages(t, s)

	code, body := do(t, "POST", hs.URL+"/api/swiss/new/-", "u0", `{"name":"Club","clock.limit":180,"clock.increment":2,"nbRounds":3,"roundInterval":10,"variant":"xiangqi","password":"pw"}`)
	if code != http.StatusOK {
		t.Fatalf("create: %d %s", code, body)
	}
	var made swissJSON
	if err := json.Unmarshal([]byte(body), &made); err != nil || made.Name != "Club" || made.Variant != "xiangqi" || !made.Private {
		t.Fatalf("create: %+v, %v", made, err)
	}
	if code, body := do(t, "POST", hs.URL+"/api/swiss/"+made.ID+"/join", "u1", `{"password":"no"}`); code != http.StatusBadRequest {
		t.Errorf("join with a wrong password: %d %s", code, body)
	}
	for _, u := range []string{"u0", "u1", "u2"} {
		if code, body := do(t, "POST", hs.URL+"/api/swiss/"+made.ID+"/join", u, `{"password":"pw"}`); code != http.StatusOK {
			t.Fatalf("join %s: %d %s", u, code, body)
		}
	}

	code, body = do(t, "GET", hs.URL+"/api/swiss", "", "")
	var list listJSON
	if err := json.Unmarshal([]byte(body), &list); code != http.StatusOK || err != nil || len(list.Created) != 1 || list.Created[0].NbPlayers != 3 ||
		list.Started == nil || list.Finished == nil {
		t.Fatalf("GET /api/swiss: %d %s", code, body)
	}
	if code, body := do(t, "GET", hs.URL+"/swiss/"+made.ID, "", ""); code != http.StatusOK || body != "page" {
		t.Errorf("GET /swiss/{id}: %d %q; want the page", code, body)
	}
	if code, body := do(t, "GET", hs.URL+"/swiss/"+made.ID+".trf", "", ""); code != http.StatusOK || !strings.HasPrefix(body, "012 Club") {
		t.Errorf("GET /swiss/{id}.trf: %d %q; want the TRF", code, body)
	} else {
		// No FIDE IDs known: the field (columns 58-68) is blank, never
		// an account's id or an entry number.
		n := 0
		for _, l := range strings.Split(body, "\n") {
			if !strings.HasPrefix(l, "001") {
				continue
			}
			n++
			if len(l) >= 68 && strings.TrimSpace(l[57:68]) != "" {
				t.Errorf("001 line %q: FIDE-ID field %q, want it blank", l, l[57:68])
			}
		}
		if n != 3 {
			t.Errorf("%d player lines, want 3:\n%s", n, body)
		}
	}
	if code, _ := do(t, "GET", hs.URL+"/swiss/nosuch/socket", "", ""); code != http.StatusNotFound {
		t.Errorf("the socket of no event: %d, want 404", code)
	}

	// u2 watches on the socket.
	wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(wctx, "ws"+strings.TrimPrefix(hs.URL, "http")+"/swiss/"+made.ID+"/socket",
		&websocket.DialOptions{HTTPHeader: http.Header{"X-User": {"u2"}}})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.CloseNow()
	var page pageJSON
	var me *meJSON
	read := func(done func() bool) {
		t.Helper()
		for !done() {
			_, data, err := conn.Read(wctx)
			if err != nil {
				t.Fatalf("socket: %v (page %+v, me %+v)", err, page, me)
			}
			var m struct {
				T string
				D json.RawMessage
			}
			if err := json.Unmarshal(data, &m); err != nil {
				t.Fatal(err)
			}
			switch m.T {
			case "reload":
				page = pageJSON{}
				err = json.Unmarshal(m.D, &page)
			case "me":
				me = nil
				err = json.Unmarshal(m.D, &me)
			default:
				t.Fatalf("socket sent %s", data)
			}
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	read(func() bool { return page.ID != "" && me != nil })
	if len(page.Standings) != 3 || len(page.Rounds) != 0 || page.Status != store.TournamentCreated || me.GameID != "" {
		t.Fatalf("before the start: %+v, me %+v", page, me)
	}

	// The start: round 1 paired (one game, one bye), pushed.
	c.Add(time.Hour)
	if err := s.Direct(ctx); err != nil {
		t.Fatal(err)
	}
	read(func() bool { return len(page.Rounds) == 1 })
	r1 := page.Rounds[0]
	if len(r1) != 2 || r1[0].Result != "*" || r1[0].Game == "" || r1[1].Result != "+" || r1[1].Black != "" || page.Round != 1 {
		t.Fatalf("round 1: %+v", r1)
	}
	// u2, the highest rated, is paired (the bye goes to the lowest).
	read(func() bool { return me != nil && me.GameID != "" })
	if me.GameID != r1[0].Game {
		t.Errorf("me %+v, the game %s", me, r1[0].Game)
	}

	// White wins: the standings show the points and the tie-breaks.
	if _, ok, err := st.FinishPairing(ctx, r1[0].Game, store.TournamentPairing{Outcome: whiteWon, Plies: 30, Ended: c.Now()}); !ok || err != nil {
		t.Fatal(ok, err)
	}
	s.live.Poke("")
	read(func() bool { return len(page.Rounds) == 1 && page.Rounds[0][0].Result == "1-0" })
	var winner standingJSON
	for _, sd := range page.Standings {
		if sd.Name == r1[0].White {
			winner = sd
		}
	}
	if winner.Points != 1 || winner.Buchholz != 0 || winner.SonnebornBerger != 0 || page.Standings[0].Points != 1 {
		t.Errorf("after round 1: %+v", page.Standings)
	}
	read(func() bool { return me != nil && me.GameID == "" })
	if page.NextRound == nil {
		t.Errorf("no next round announced: %+v", page)
	}
}

// TestPageTypes: the browser's types of the page's messages
// (web/src/swiss/api.ts, written by hand) name the fields the server
// sends, no more, no fewer: a field added on one side fails here.
func TestPageTypes(t *testing.T) {
	var src []byte
	for _, f := range []string{"../../web/src/swiss/api.ts", "../../web/src/tourney/api.ts"} { // the latter's Place is the base of SwissMe
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		src = append(src, b...)
	}
	fields := func(ts string) []string {
		i := strings.Index(string(src), ts)
		if i < 0 {
			t.Fatalf("%s not in the web's api.ts files", ts)
		}
		body := string(src[i+len(ts):])
		body = body[:strings.Index(body, "}")]
		var got []string
		for _, m := range regexp.MustCompile(`(\w+)\??:`).FindAllStringSubmatch(body, -1) {
			got = append(got, m[1])
		}
		return got
	}
	for _, c := range []struct {
		ts, base string // base: the interface ts extends, if any
		v        any
		skip     int // the Go type's leading fields the TS type has by another (embedded swissJSON)
	}{
		{"interface SwissStanding {", "", standingJSON{}, 0},
		{"interface SwissPairing {", "", pairingJSON{}, 0},
		{"interface SwissMe extends Place {", "interface Place {", meJSON{}, 0},
		{"type SwissPage = SwissSummary & {", "", pageJSON{}, 1},
	} {
		got := fields(c.ts)
		if c.base != "" {
			got = append(got, fields(c.base)...)
		}
		var want []string
		rt := reflect.TypeOf(c.v)
		for f := range rt.NumField() {
			if f < c.skip {
				continue
			}
			want = append(want, strings.Split(rt.Field(f).Tag.Get("json"), ",")[0])
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s fields %v; the server sends %v", c.ts, got, want)
		}
	}
}
