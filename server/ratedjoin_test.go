package server

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/gambitchess/gambit/store"
)

// flakyRatings is a store whose SeatRated fails while failing is set.
type flakyRatings struct {
	*store.SQLite
	failing atomic.Bool
}

func (f *flakyRatings) SeatRated(ctx context.Context, id string, white bool, user string) (bool, error) {
	if f.failing.Load() {
		return false, errors.New("disk on fire")
	}
	return f.SQLite.SeatRated(ctx, id, white, user)
}

// TestRatedJoinAtomic: a join whose rating record cannot be written takes
// no seat (503, the seat still open for the next one), and two accounts
// joining at once: one gets the seat and its rating record, the other
// neither; the game then rates both.
func TestRatedJoinAtomic(t *testing.T) {
	st := &flakyRatings{SQLite: openStore(t, t.TempDir())}
	_, srv, _ := serveWith(t, Config{Store: st})
	ann, bob, cat := newBrowser(t, srv), newBrowser(t, srv), newBrowser(t, srv)
	for _, p := range []struct {
		b    *browser
		name string
	}{{ann, "ann"}, {bob, "bob"}, {cat, "cat"}} {
		p.b.want(201, "POST", "/api/signup", `{"username":"`+p.name+`","password":"long enough pass"}`)
	}
	var g createResponse
	mustDecode(t, []byte(ann.want(201, "POST", "/api/games", `{"mode":"online","color":"white","clock":{"minutes":5,"increment":3},"rated":true}`)), &g)

	st.failing.Store(true)
	if c := code(t, bob.want(503, "POST", "/api/games/"+g.ID+"/join", `{}`)); c != "storage" {
		t.Errorf("join with the rating store failing: %s, want storage", c)
	}
	st.failing.Store(false)
	if body := ann.want(200, "GET", "/api/games/"+g.ID, ""); !strings.Contains(body, `"black":{"kind":"open"}`) {
		t.Fatalf("after the failed join the seat is not open: %s", body)
	}

	var wg sync.WaitGroup
	status := map[string]int{}
	var mu sync.Mutex
	for name, b := range map[string]*browser{"bob": bob, "cat": cat} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, _ := b.call("POST", "/api/games/"+g.ID+"/join", `{}`)
			mu.Lock()
			status[name] = s
			mu.Unlock()
		}()
	}
	wg.Wait()
	if !(status["bob"] == 200) != (status["cat"] == 200) {
		t.Fatalf("two accounts joining at once: %v; want one seated", status)
	}
	winner, winnerName, loserName := bob, "bob", "cat"
	if status["cat"] == 200 {
		winner, winnerName, loserName = cat, "cat", "bob"
	}
	if status[loserName] != 409 {
		t.Errorf("the second join: %v, want 409 for %s", status, loserName)
	}
	playAndResign(t, srv, g.ID, ann, winner)
	after := ratingAfter(t, ann, g.ID)
	if after.State != "applied" || after.Black.Name != winnerName || after.Black.Diff >= 0 || after.White.Diff <= 0 {
		t.Errorf("the game's rating after the joins: %+v; want it applied to ann and %s", after, winnerName)
	}
}

// TestRatedNeverFromASetUpPosition: a rated game from a pasted position is
// refused (two accounts could trade a mate in one for rating: the review
// of this change did, 1500 to 1741 in one move); a Chess960 start number
// is the variant's own start, and rated.
func TestRatedNeverFromASetUpPosition(t *testing.T) {
	_, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir())})
	ann := newBrowser(t, srv)
	ann.want(201, "POST", "/api/signup", `{"username":"ann","password":"long enough pass"}`)
	for _, tt := range []struct {
		body   string
		status int
	}{
		{`{"mode":"online","color":"white","clock":{"minutes":5,"increment":3},"rated":true,"setup":"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"}`, 400},
		{`{"mode":"online","color":"white","clock":{"minutes":5,"increment":3},"rated":true,"setup":"1. e4 e5 2. Qh5"}`, 400},
		{`{"mode":"online","variant":"chess960","color":"white","clock":{"minutes":5,"increment":3},"rated":true,"setup":"518"}`, 201},
		{`{"mode":"online","variant":"chess960","color":"white","clock":{"minutes":5,"increment":3},"rated":true}`, 201},
	} {
		if status, body := ann.call("POST", "/api/games", tt.body); status != tt.status {
			t.Errorf("create %s = %d %s; want %d", tt.body, status, body, tt.status)
		}
	}
}
