package loadtest

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

// An arena run (Config.Arena players): each player is an account signed
// up for the run; the first makes an arena starting at once, everyone
// joins it and follows its page's socket, which pushes the standings to
// all and each player's own pairing to them; a player told of a new game
// opens it and plays it to its end (random moves, resigning after
// ResignAfter plies), then waits for the next. It measures the pairing
// time (a player's game over, as they saw it, to the message naming
// their next), the standings pushed, and the move relay as a games run
// does.

// arenaWorkers is how many sign-ups and joins run at once: each sign-up
// hashes a password on the server.
const arenaWorkers = 8

// arenaPassword is every run account's password.
const arenaPassword = "loadtest arena password"

// arenaGames are the arena's games being played, by id: the first of a
// game's two players to be told of it opens it for both.
type arenaGames struct {
	mu    sync.Mutex
	games map[string]*liveGame
}

// get returns game id, made when new (made true).
func (ag *arenaGames) get(r *run, id string) (g *liveGame, made bool) {
	ag.mu.Lock()
	defer ag.mu.Unlock()
	if g = ag.games[id]; g != nil {
		return g, false
	}
	g = newLiveGame(r, id)
	ag.games[id] = g
	return g, true
}

// runArena plays an arena run until its Duration is over.
func (r *run) runArena(ctx context.Context) error {
	people := make([]person, r.cfg.Arena)
	for i := range people {
		people[i] = r.personOn(uint64(i))
	}
	tag := fmt.Sprintf("%x", r.start.UnixNano()&0xffffff)
	if err := r.each(ctx, len(people), func(i int) error {
		body := fmt.Sprintf(`{"username":"lt%s%d","password":%q}`, tag, i, arenaPassword)
		return r.post(ctx, people[i], "/api/signup", body, http.StatusCreated, "signup", nil)
	}); err != nil {
		return err
	}
	minutes := max(5, int(r.cfg.Duration.Minutes()+1.5))
	var arena struct {
		ID string `json:"id"`
	}
	body := fmt.Sprintf(`{"name":"Load","clockTime":%g,"clockIncrement":%d,"minutes":%d,"waitMinutes":0,"rated":false}`,
		r.cfg.ClockMinutes, r.cfg.ClockIncrement, minutes)
	if err := r.post(ctx, people[0], "/api/tournament", body, http.StatusOK, "arena_create", &arena); err != nil {
		return err
	}
	ag := &arenaGames{games: map[string]*liveGame{}}
	var wg sync.WaitGroup
	defer wg.Wait()
	err := r.each(ctx, len(people), func(i int) error {
		if err := r.post(ctx, people[i], "/api/tournament/"+arena.ID+"/join", `{}`, http.StatusOK, "arena_join", nil); err != nil {
			return err
		}
		wg.Go(func() { r.arenaPlayer(ctx, people[i], arena.ID, ag, uint64(i)) })
		return nil
	})
	<-ctx.Done()
	return err
}

// each runs f(0) … f(n-1), arenaWorkers at once, and returns the first
// error.
func (r *run) each(ctx context.Context, n int, f func(i int) error) error {
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		first error
	)
	next := make(chan int)
	for range arenaWorkers {
		wg.Go(func() {
			for i := range next {
				if err := f(i); err != nil {
					mu.Lock()
					first = cmpErr(first, err)
					mu.Unlock()
				}
			}
		})
	}
	for i := range n {
		select {
		case next <- i:
		case <-ctx.Done():
		}
	}
	close(next)
	wg.Wait()
	return first
}

func cmpErr(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

// arenaMessage is what the arena's socket says that a player reads: its
// own place (t "me") and the standings (t "reload", counted only).
type arenaMessage struct {
	T string `json:"t"`
	D *struct {
		GameID string `json:"gameId"`
	} `json:"d"`
}

// arenaPlayer follows the arena's socket as p until ctx ends, playing each
// game it is told of.
func (r *run) arenaPlayer(ctx context.Context, p person, arena string, ag *arenaGames, seed uint64) {
	conn, err := r.dialArena(ctx, &p, arena, r.clock())
	if err != nil {
		if ctx.Err() == nil {
			r.stats.fail("arena_dial")
		}
		return
	}
	defer func() { conn.CloseNow() }()
	r.stats.sockets.inc()
	defer r.stats.sockets.dec()
	var endAt atomic.Int64 // when its last game ended, as its socket saw it (the run's clock; 0: since told)
	seen := map[string]bool{}
	for n := uint64(0); ; n++ {
		_, data, err := conn.Read(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			// Its node went away: the arena belongs to the store, any
			// node serves its page.
			r.stats.reconnections.Add(1)
			conn.CloseNow()
			if conn, err = r.dialArena(ctx, &p, arena, r.clock()); err != nil {
				if ctx.Err() == nil {
					r.stats.fail("arena_socket")
				}
				return
			}
			continue
		}
		var m arenaMessage
		if json.Unmarshal(data, &m) != nil {
			r.stats.fail("bad_message")
			continue
		}
		if m.T == "reload" {
			r.stats.pushes.Add(1)
			r.stats.pushBytes.Add(uint64(len(data)))
			continue
		}
		if m.T != "me" || m.D == nil || m.D.GameID == "" || seen[m.D.GameID] {
			continue
		}
		if e := endAt.Swap(0); e != 0 {
			r.stats.pairing.Record(time.Duration(r.clock() - e))
		}
		seen[m.D.GameID] = true
		go r.playArenaGame(ctx, p, ag, m.D.GameID, seed<<20|n, &endAt)
	}
}

// dialArena opens arena's socket as p: on p's server, else on the others
// in turn (p's base follows), until one takes it or OutageMax has passed
// since from (the run's clock).
func (r *run) dialArena(ctx context.Context, p *person, arena string, from int64) (*websocket.Conn, error) {
	addrs := r.cfg.Addrs
	first := slices.IndexFunc(addrs, func(a string) bool { return strings.TrimSuffix(a, "/") == p.base })
	wait := 100 * time.Millisecond
	for try := 0; ; try++ {
		url := "ws" + strings.TrimPrefix(p.base, "http") + "/tournament/" + arena + "/socket"
		dctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		conn, _, err := websocket.Dial(dctx, url, &websocket.DialOptions{HTTPClient: p.client, CompressionMode: websocket.CompressionDisabled})
		cancel()
		if err == nil {
			conn.SetReadLimit(1 << 20)
			return conn, nil
		}
		if time.Duration(r.clock()-from) > r.cfg.OutageMax || ctx.Err() != nil {
			return nil, fmt.Errorf("arena %s: no server took its socket: %w", arena, err)
		}
		if len(addrs) > 1 {
			p.base = strings.TrimSuffix(addrs[(first+try+1)%len(addrs)], "/")
		}
		select {
		case <-time.After(wait):
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		wait = min(2*wait, time.Second)
	}
}

// playArenaGame plays game id as p (one of its two players) until it
// ends, stalls, or ctx ends.
func (r *run) playArenaGame(ctx context.Context, p person, ag *arenaGames, id string, seed uint64, endAt *atomic.Int64) {
	g, made := ag.get(r, id)
	if made {
		r.stats.gamesStarted.Add(1)
		r.mu.Lock()
		r.played = append(r.played, g)
		r.mu.Unlock()
	}
	gctx, cancel := context.WithCancel(ctx)
	defer cancel()
	s := &socket{g: g, p: p, lastV: -1, planned: -1, rng: rand.New(rand.NewPCG(r.cfg.Seed, seed)), sawEndAt: endAt}
	if err := s.dial(gctx, -1); err != nil {
		if ctx.Err() == nil {
			r.stats.fail("ws_dial")
		}
		return
	}
	done := make(chan struct{})
	go func() { s.read(gctx); close(done) }()
	_ = r.await(ctx, g)
	cancel()
	s.conn.Load().CloseNow()
	<-done
}
