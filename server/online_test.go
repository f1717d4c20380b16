package server

import (
	"encoding/json"
	"maps"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/gambitchess/gambit/server/round"
)

// join takes the open seat of game id as a new person would, through the
// invite link; want is the expected status.
func join(t *testing.T, h http.Handler, id string, want int) created {
	t.Helper()
	return joinAs(t, h, id, randomToken(), want)
}

// joinAs is join by the person whose player secret is secret.
func joinAs(t *testing.T, h http.Handler, id, secret string, want int) created {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, personRequest("POST", "/api/games/"+id+"/join", `{}`, secret))
	if rec.Code != want {
		t.Fatalf("join %s: %d %s, want %d", id, rec.Code, rec.Body, want)
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

// TestOnlineInviteJoinAndPlay: an invite game has the creator's seat and an
// open one; the first person with the link takes it and gets its own
// secret, the next one only watches. Each player acts for its own colour
// only, a takeback is asked for and granted, a draw is offered and agreed,
// and the private game is not in the public list.
func TestOnlineInviteJoinAndPlay(t *testing.T) {
	s, srv, _ := serve(t, openStore(t, t.TempDir()), nil)
	h := s.Handler()
	g := create(t, h, `{"mode":"online","color":"black","clock":{"minutes":5,"increment":3}}`)
	if g.Color != "black" || g.State.Seats["white"].Kind != "open" || len(g.State.Dests) != 0 {
		t.Fatalf("invite: %+v", g)
	}
	black := dial(t, srv, g.ID, g.Token)
	black.state("state")

	if again := joinAs(t, h, g.ID, g.Token, http.StatusOK); again.Color != "black" {
		t.Fatalf("the creator opening their own link got %s", again.Color)
	}
	guest := join(t, h, g.ID, http.StatusOK)
	if guest.Color != "white" || len(guest.State.Dests) == 0 {
		t.Fatalf("join: %+v", guest)
	}
	if again := joinAs(t, h, g.ID, guest.Token, http.StatusOK); again.Color != "white" {
		t.Fatalf("the guest in a second tab got %s", again.Color)
	}
	join(t, h, g.ID, http.StatusConflict) // the seat is taken: the third person watches
	seated := black.next("state")
	if !strings.Contains(string(seated), `"white":{"kind":"human"}`) || strings.Contains(string(seated), playerID(guest.Token)) {
		t.Fatalf("black saw the seat taken as %s", seated)
	}

	white := dial(t, srv, g.ID, guest.Token)
	white.state("state")
	watcher := dial(t, srv, g.ID, "")
	watcher.state("state")

	black.send(`{"t":"move","d":{"u":"e2e4"}}`) // not black's colour
	black.wantError("not_your_turn")
	white.send(`{"t":"move","d":{"u":"e2e4"}}`)
	black.state("move")
	if m := watcher.state("move"); m.Last.UCI != "e2e4" {
		t.Fatalf("the spectator saw %+v", m)
	}
	black.send(`{"t":"move","d":{"u":"e7e5"}}`)
	white.state("move")

	black.send(`{"t":"takeback"}`) // online: ask, do not take
	black.wantError("no_takeback")
	black.send(`{"t":"takeback-offer"}`)
	if st := white.state("state"); st.TakebackOffer != "black" {
		t.Fatalf("white sees takeback offer %q", st.TakebackOffer)
	}
	white.send(`{"t":"takeback-accept"}`)
	if st := black.until(func(s round.StateJSON) bool { return s.Ply == 1 }); st.Turn != "black" || st.TakebackOffer != "" {
		t.Fatalf("after the takeback: ply %d, %s to move, offer %q", st.Ply, st.Turn, st.TakebackOffer)
	}
	// takeback-yes (the Board API's /takeback/yes) offers when there is
	// no offer, and accepts the opponent's when there is one, in one step.
	black.send(`{"t":"move","d":{"u":"e7e5"}}`)
	white.state("move")
	black.send(`{"t":"takeback-yes"}`)
	white.until(func(s round.StateJSON) bool { return s.TakebackOffer == "black" })
	white.send(`{"t":"takeback-yes"}`)
	if st := black.until(func(s round.StateJSON) bool { return s.Ply == 1 }); st.Turn != "black" || st.TakebackOffer != "" {
		t.Fatalf("after takeback-yes twice: ply %d, %s to move, offer %q", st.Ply, st.Turn, st.TakebackOffer)
	}
	// Black may have read a state left from the first takeback: the move
	// waits until White, who answered, has seen this one.
	white.until(func(s round.StateJSON) bool { return s.Ply == 1 })
	black.send(`{"t":"move","d":{"u":"e7e5"}}`) // both sides have moved: a draw agreed is a draw, not an abort
	white.position(2)
	white.send(`{"t":"draw-offer"}`)
	// The takeback's two events may each bring Black a state of the game
	// after both: wait for the offer itself, or the accept may reach the
	// hub before it.
	black.until(func(s round.StateJSON) bool { return s.DrawOffer == "white" })
	black.send(`{"t":"draw-accept"}`)
	watcher.until(func(s round.StateJSON) bool { return s.Status == "drawAgreed" })

	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/games", nil))
	if strings.Contains(rec.Body.String(), g.ID) {
		t.Errorf("the private invite game is listed: %s", rec.Body)
	}
}

func mustDecode(t *testing.T, data []byte, v any) {
	t.Helper()
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("decode %s: %v", data, err)
	}
}

// until reads states until one satisfies ok (a command may send several:
// an offer's state before the answer's); it fails after ten.
func (c *wsClient) until(ok func(round.StateJSON) bool) round.StateJSON {
	c.t.Helper()
	for range 10 {
		if s := c.state("state"); ok(s) {
			return s
		}
	}
	c.t.Fatal("the awaited state never came")
	return round.StateJSON{}
}

// onlinePair creates an online game (body) for a new person, with a second
// person joining through the link, both connected; it returns the
// creator's and the guest's connections and games.
func onlinePair(t *testing.T, s *Server, srv *httptest.Server, body string) (host, guest *wsClient, g, joined created) {
	t.Helper()
	g = create(t, s.Handler(), body)
	joined = join(t, s.Handler(), g.ID, http.StatusOK)
	host = dial(t, srv, g.ID, g.Token)
	host.state("state")
	guest = dial(t, srv, g.ID, joined.Token)
	guest.state("state")
	return host, guest, g, joined
}

// await reads messages of type typ until one satisfies ok; it fails after
// twenty.
func await[T any](c *wsClient, typ string, ok func(T) bool) T {
	c.t.Helper()
	for range 20 {
		var m T
		mustDecode(c.t, c.next(typ), &m)
		if ok(m) {
			return m
		}
	}
	c.t.Fatalf("the awaited %s message never came", typ)
	var zero T
	return zero
}

// presence reads presence messages until one satisfies ok.
func (c *wsClient) presence(ok func(round.PresenceJSON) bool) round.PresenceJSON {
	return await(c, "presence", ok)
}

// TestPresenceAndClaimVictory: everyone sees who is connected and how many
// watch; when a player leaves a game in play, the opponent may claim only
// after ClaimAfter, and then wins; a player who comes back in time stops
// the claim.
func TestPresenceAndClaimVictory(t *testing.T) {
	for _, draw := range []bool{false, true} {
		s, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir()), Hub: round.Settings{ClaimAfter: 300 * time.Millisecond}})
		white, black, g, guest := onlinePair(t, s, srv, `{"mode":"online","color":"white"}`)
		watcher := dial(t, srv, g.ID, "")
		white.presence(func(p round.PresenceJSON) bool { return p.White.Online && p.Black.Online && p.Watching == 1 })

		black.conn.Close(websocket.StatusNormalClosure, "") // before both moved: nothing to claim
		white.presence(func(p round.PresenceJSON) bool { return !p.Black.Online && p.Black.ClaimIn == nil })
		white.send(`{"t":"claim-victory"}`)
		if e := white.wantError("cannot_claim"); e.Reason != "" || e.Params != nil {
			t.Errorf("a claim before both moved: %+v, want no wait in it", e)
		}

		white.send(`{"t":"move","d":{"u":"e2e4"}}`)
		white.state("move")
		black = dial(t, srv, g.ID, guest.Token) // back
		black.state("state")
		black.send(`{"t":"move","d":{"u":"e7e5"}}`)
		white.state("move")
		black.conn.Close(websocket.StatusNormalClosure, "")
		p := white.presence(func(p round.PresenceJSON) bool { return !p.Black.Online && p.Black.ClaimIn != nil })
		if *p.Black.ClaimIn <= 0 || *p.Black.ClaimIn > 300 {
			t.Fatalf("claim in %d ms, want (0, 300]", *p.Black.ClaimIn)
		}
		white.send(`{"t":"claim-victory"}`) // too early: the error says how long to wait, for the browser's words
		if e := white.wantError("cannot_claim"); e.Reason != "claim_early" || e.Params["seconds"] < 1 || e.Params["seconds"] > 1 {
			t.Errorf("an early claim's error %+v, want reason claim_early with 1 second", e)
		}
		white.presence(func(p round.PresenceJSON) bool { return p.Black.ClaimIn != nil && *p.Black.ClaimIn == 0 })
		watcher.send(`{"t":"claim-victory"}`)
		watcher.wantError("not_your_seat")
		if draw {
			white.send(`{"t":"claim-victory","d":{"draw":true}}`)
		} else {
			white.send(`{"t":"claim-victory"}`)
		}
		end := watcher.until(func(s round.StateJSON) bool { return s.Status == "abandoned" })
		if want := map[bool]string{false: "1-0", true: "1/2-1/2"}[draw]; end.Result != want || end.Termination != "abandonment" {
			t.Fatalf("after the claim: %s %s", end.Result, end.Termination)
		}
	}
}

// TestFirstMoveOverdueAborts: an online game whose side to move has not
// made its first move within FirstMoveTime is aborted, without a result;
// neither clock ran meanwhile.
func TestFirstMoveOverdueAborts(t *testing.T) {
	s, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir()), Hub: round.Settings{FirstMoveTime: 300 * time.Millisecond}})
	white, black, _, _ := onlinePair(t, s, srv, `{"mode":"online","color":"white","clock":{"minutes":1,"increment":0}}`)
	white.send(`{"t":"move","d":{"u":"d2d4"}}`)
	if m := black.state("move"); m.Clock.Running != "" || m.Clock.White != 60000 {
		t.Fatalf("a clock runs after one first move: %+v", m.Clock)
	}
	end := black.until(func(s round.StateJSON) bool { return s.Status == "aborted" })
	if end.Result != "*" || end.Clock.Black != 60000 {
		t.Fatalf("aborted as %s with clock %+v", end.Result, end.Clock)
	}
}

// rematch reads rematch messages until one satisfies ok.
func (c *wsClient) rematch(ok func(round.RematchJSON) bool) round.RematchJSON {
	return await(c, "rematch", ok)
}

// TestRematch: after an online game either player offers a rematch, the
// other sees it and may decline; when both agree, everyone (the spectator
// too) is sent to a new game with colours swapped, the same time control,
// and each person in the other seat. A rematch of a game in play, or by a
// spectator, is refused.
func TestRematch(t *testing.T) {
	s, srv, _ := serve(t, openStore(t, t.TempDir()), nil)
	white, black, g, guest := onlinePair(t, s, srv, `{"mode":"online","color":"white","clock":{"minutes":3,"increment":2}}`)
	watcher := dial(t, srv, g.ID, "")
	watcher.state("state")
	white.send(`{"t":"rematch-offer"}`)
	white.wantError("bad_request") // still in play
	white.send(`{"t":"move","d":{"u":"e2e4"}}`)
	black.state("move")
	black.send(`{"t":"move","d":{"u":"e7e5"}}`)
	white.position(2)
	white.send(`{"t":"resign"}`) // after both sides moved: resigned (aborted, it would have no rematch)
	black.until(func(s round.StateJSON) bool { return s.Status == "resigned" })

	black.send(`{"t":"rematch-offer"}`)
	if r := white.rematch(func(r round.RematchJSON) bool { return true }); r.Offer != "black" || r.Next != "" {
		t.Fatalf("white sees %+v", r)
	}
	white.send(`{"t":"rematch-decline"}`)
	black.rematch(func(r round.RematchJSON) bool { return r.Offer == "" })
	watcher.send(`{"t":"rematch-offer"}`)
	watcher.wantError("not_your_seat")

	black.send(`{"t":"rematch-offer"}`)
	white.send(`{"t":"rematch-offer"}`)
	next := watcher.rematch(func(r round.RematchJSON) bool { return r.Next != "" }).Next
	if r := black.rematch(func(r round.RematchJSON) bool { return r.Next != "" }); r.Next != next || next == g.ID {
		t.Fatalf("black sent to %q, watcher to %q", r.Next, next)
	}
	nw := dial(t, srv, next, guest.Token) // the guest now plays white
	var hello struct{ You []string }
	mustDecode(t, nw.next("hello"), &hello)
	st := nw.state("state")
	if len(hello.You) != 1 || hello.You[0] != "white" || st.Clock == nil || st.Clock.Initial != 180000 || st.Clock.Increment != 2000 ||
		st.Mode != "online" || st.Seats["black"].Kind != "human" {
		t.Fatalf("rematch: you %v, state %+v", hello.You, st)
	}
	nb := dial(t, srv, next, g.Token)
	mustDecode(t, nb.next("hello"), &hello)
	if len(hello.You) != 1 || hello.You[0] != "black" {
		t.Fatalf("the first game's white plays %v in the rematch", hello.You)
	}
}

// TestSeatEnforcementEveryCommand: every game command from a spectator, a
// connection with no secret, one with another game's secret, or the seat
// not concerned, is refused and changes nothing.
func TestSeatEnforcementEveryCommand(t *testing.T) {
	s, srv, _ := serve(t, openStore(t, t.TempDir()), nil)
	white, black, g, _ := onlinePair(t, s, srv, `{"mode":"online","color":"white"}`)
	other := create(t, s.Handler(), `{"mode":"local"}`)
	intruders := map[string]*wsClient{
		"spectator":           dial(t, srv, g.ID, ""),
		"another game's seat": dial(t, srv, g.ID, other.Token),
		"unknown secret":      dial(t, srv, g.ID, randomToken()),
	}
	commands := []string{`{"t":"move","d":{"u":"e2e4"}}`, `{"t":"takeback"}`, `{"t":"resign"}`, `{"t":"abort"}`,
		`{"t":"draw-offer"}`, `{"t":"draw-accept"}`, `{"t":"draw-decline"}`, `{"t":"draw-claim"}`, `{"t":"takeback-offer"}`,
		`{"t":"takeback-accept"}`, `{"t":"takeback-decline"}`, `{"t":"claim-victory"}`, `{"t":"rematch-offer"}`, `{"t":"rematch-decline"}`}
	for _, c := range intruders {
		c.state("state")
		for _, cmd := range commands {
			c.send(cmd)
			c.wantError("not_your_seat")
		}
	}
	black.send(`{"t":"move","d":{"u":"e2e4"}}`) // white's move
	black.wantError("not_your_turn")
	black.send(`{"t":"draw-accept"}`) // nothing offered
	black.wantError("offer")
	white.send(`{"t":"move","d":{"u":"e2e4"}}`)
	if st := black.state("move"); st.V != 2 { // v1: black's seat taken
		t.Fatalf("version %d after the only accepted command", st.V)
	}
}

// TestCorrespondenceGame: an online game with days per move; its time
// control reads "3d"; a bad number of days, or days with minutes, is refused.
func TestCorrespondenceGame(t *testing.T) {
	s, _, _ := serve(t, openStore(t, t.TempDir()), nil)
	h := s.Handler()
	g := create(t, h, `{"mode":"online","lobby":true,"clock":{"days":3}}`)
	if c := g.State.Clock; c == nil || c.Initial != 3*24*3600*1000 || c.Increment != 0 {
		t.Fatalf("clock %+v", g.State.Clock)
	}
	if list := lobbyOf(t, h, ""); len(list) != 1 || list[0].TimeControl != "3d" {
		t.Fatalf("lobby %+v", list)
	}
	for _, body := range []string{`{"mode":"online","clock":{"days":15}}`, `{"mode":"online","clock":{"days":-1}}`,
		`{"mode":"online","clock":{"days":2,"minutes":5}}`} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, apiRequest("POST", "/api/games", body))
		if rec.Code != http.StatusBadRequest {
			t.Errorf("%s: %d %s", body, rec.Code, rec.Body)
		}
	}
}

// TestCatchUpWithRunningClock: a client catching up while a clock runs
// gets a fresh state, with the time used since the last event counted, not
// the clocks the missed events carried.
func TestCatchUpWithRunningClock(t *testing.T) {
	s, srv, _ := serve(t, openStore(t, t.TempDir()), nil)
	g := create(t, s.Handler(), `{"mode":"local","clock":{"minutes":1,"increment":0}}`)
	p := dial(t, srv, g.ID, g.Token)
	p.state("state")
	p.send(`{"t":"move","d":{"u":"e2e4"}}`)
	p.state("move")
	p.send(`{"t":"move","d":{"u":"e7e5"}}`) // White's clock runs from here
	p.state("move")
	time.Sleep(300 * time.Millisecond)
	late := dial(t, srv, g.ID, g.Token, "v=1")
	st := late.state("state")
	if st.V != 2 || st.Clock.Running != "white" || st.Clock.White > 60000-250 {
		t.Fatalf("caught up with v%d, clock %+v", st.V, st.Clock)
	}
}

// TestNoRematchOfAnAbortedGame: a game aborted before it began has no
// rematch (it would only be a way round the creation limit).
func TestNoRematchOfAnAbortedGame(t *testing.T) {
	s, srv, _ := serve(t, openStore(t, t.TempDir()), nil)
	white, black, _, _ := onlinePair(t, s, srv, `{"mode":"online","color":"white"}`)
	white.send(`{"t":"abort"}`)
	black.until(func(s round.StateJSON) bool { return s.Status == "aborted" })
	black.send(`{"t":"rematch-offer"}`)
	black.wantError("bad_request")
}

// TestLongCatchUpIsOneState: a client that missed more events than its
// queue could take at once gets one state instead of them.
func TestLongCatchUpIsOneState(t *testing.T) {
	s, srv, _ := serve(t, openStore(t, t.TempDir()), nil)
	g := create(t, s.Handler(), `{"mode":"local"}`)
	p := dial(t, srv, g.ID, g.Token)
	st := p.state("state")
	rng := rand.New(rand.NewPCG(1, 2))
	for range round.SendBuffer/2 + 4 {
		froms := slices.Sorted(maps.Keys(st.Dests))
		from := froms[rng.IntN(len(froms))]
		p.send(`{"t":"move","d":{"u":"` + from + st.Dests[from][rng.IntN(len(st.Dests[from]))] + `"}}`)
		if st = p.state("move"); st.Status != "started" {
			t.Fatalf("the random game ended: %s", st.Status)
		}
		time.Sleep(25 * time.Millisecond) // within the connection's message rate
	}
	late := dial(t, srv, g.ID, g.Token, "v=1")
	late.next("hello")
	data, err := late.read(5 * time.Second)
	if err != nil || !strings.HasPrefix(string(data), `{"t":"state"`) {
		t.Fatalf("catching up 36 events began with %.80s (%v), want one state", data, err)
	}
}
