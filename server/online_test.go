package server

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// join takes the open seat of game id as a new person would, through the
// invite link; want is the expected status.
func join(t *testing.T, h http.Handler, id string, want int) createResponse {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, apiRequest("POST", "/api/games/"+id+"/join", `{}`))
	if rec.Code != want {
		t.Fatalf("join %s: %d %s, want %d", id, rec.Code, rec.Body, want)
	}
	var resp createResponse
	if want == http.StatusOK {
		mustDecode(t, rec.Body.Bytes(), &resp)
	}
	return resp
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
	black := dial(t, srv, g.ID, "token="+g.Token)
	black.state("state")

	guest := join(t, h, g.ID, http.StatusOK)
	if guest.Color != "white" || guest.Token == "" || guest.Token == g.Token || len(guest.State.Dests) == 0 {
		t.Fatalf("join: %+v", guest)
	}
	join(t, h, g.ID, http.StatusConflict) // the seat is taken: the third person watches
	seated := black.next("state")
	if !strings.Contains(string(seated), `"white":{"kind":"human"}`) || strings.Contains(string(seated), guest.Token) {
		t.Fatalf("black saw the seat taken as %s", seated)
	}

	white := dial(t, srv, g.ID, "token="+guest.Token)
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
	if st := black.until(func(s stateJSON) bool { return s.Ply == 1 }); st.Turn != "black" || st.TakebackOffer != "" {
		t.Fatalf("after the takeback: ply %d, %s to move, offer %q", st.Ply, st.Turn, st.TakebackOffer)
	}
	white.send(`{"t":"draw-offer"}`)
	black.until(func(s stateJSON) bool { return s.DrawOffer == "white" }) // not a takeback state still queued
	black.send(`{"t":"draw-accept"}`)
	watcher.until(func(s stateJSON) bool { return s.Status == "drawAgreed" })

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
func (c *wsClient) until(ok func(stateJSON) bool) stateJSON {
	c.t.Helper()
	for range 10 {
		if s := c.state("state"); ok(s) {
			return s
		}
	}
	c.t.Fatal("the awaited state never came")
	return stateJSON{}
}
