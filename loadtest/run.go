package loadtest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/netip"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// run is one load test under way.
type run struct {
	cfg        Config
	stats      *stats
	start      time.Time
	transports []*http.Transport // one per source address
	nextSource atomic.Uint64
	nextNode   atomic.Uint64
	buffers    sync.Pool // *bytes.Buffer, for reading messages

	mu     sync.Mutex
	played []*liveGame // every game started, for the check at the end
}

// clock is the time since the run started, in nanoseconds (monotonic).
func (r *run) clock() int64 { return int64(time.Since(r.start)) }

func newRun(cfg Config) *run {
	r := &run{cfg: cfg, stats: newStats(), start: time.Now()}
	r.buffers.New = func() any { return new(bytes.Buffer) }
	sources := cfg.Sources
	if len(sources) == 0 {
		sources = []netip.Addr{{}}
	}
	for _, src := range sources {
		d := &net.Dialer{LocalAddr: tcpAddr(src), Timeout: 10 * time.Second, KeepAlive: -1}
		r.transports = append(r.transports, &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 2,
			IdleConnTimeout: 30 * time.Second, ResponseHeaderTimeout: 30 * time.Second})
	}
	return r
}

// newPerson is a new spectator: the next server in turn, the next source
// address, a cookie jar of its own.
func (r *run) newPerson() person {
	return r.personOn(r.nextNode.Add(1))
}

// personOn is a new person on server number i (modulo their count): the
// players of game k are on servers k and k+1, so the games' owners (each
// game's creator's server) are spread evenly, and with several servers a
// game's two players are on two of them.
func (r *run) personOn(i uint64) person {
	jar, _ := cookiejar.New(nil) // never fails without options
	base := r.cfg.Addrs[i%uint64(len(r.cfg.Addrs))]
	t := r.transports[r.nextSource.Add(1)%uint64(len(r.transports))]
	return person{base: strings.TrimSuffix(base, "/"), client: &http.Client{Transport: t, Jar: jar}}
}

// slot plays games one after another in slot i until ctx ends, starting
// after its share of the ramp.
func (r *run) slot(ctx context.Context, i int) {
	if r.cfg.Ramp > 0 {
		select {
		case <-time.After(r.cfg.Ramp * time.Duration(i) / time.Duration(r.cfg.Games)):
		case <-ctx.Done():
			return
		}
	}
	for round := uint64(0); ctx.Err() == nil; round++ {
		if err := r.playOne(ctx, uint64(i), round); err != nil && ctx.Err() == nil {
			select { // a refused game: wait a little before the next
			case <-time.After(time.Second):
			case <-ctx.Done():
			}
		}
	}
}

// playOne creates a game, joins it, plays it over WebSockets with its
// spectators until it ends (or stalls, or ctx ends), and closes them.
func (r *run) playOne(ctx context.Context, slot, round uint64) error {
	k := slot + round
	creator, joiner := r.personOn(k), r.personOn(k+1)
	id, err := r.create(ctx, creator)
	if err != nil {
		return err
	}
	if err := r.join(ctx, joiner, id); err != nil {
		return err
	}
	r.stats.gamesStarted.Add(1)
	g := newLiveGame(r, id)
	r.mu.Lock()
	r.played = append(r.played, g)
	r.mu.Unlock()
	gctx, cancel := context.WithCancel(ctx)
	defer cancel()
	seed := slot<<32 | round<<8
	var wg sync.WaitGroup
	defer wg.Wait()
	var sockets []*socket
	defer func() {
		g.finish()
		cancel()
		for _, s := range sockets {
			if c := s.conn.Load(); c != nil {
				c.CloseNow()
			}
		}
	}()
	for i, p := range append([]person{creator, joiner}, r.spectators()...) {
		s := &socket{g: g, p: p, spectator: i >= 2, lastV: -1, planned: -1, rng: rand.New(rand.NewPCG(r.cfg.Seed, seed|uint64(i)))}
		if err := s.dial(gctx, -1); err != nil {
			if ctx.Err() == nil {
				r.stats.fail("ws_dial")
			}
			return err
		}
		sockets = append(sockets, s)
		wg.Go(func() { s.read(gctx) })
	}
	r.stats.games.inc()
	defer r.stats.games.dec()
	return r.await(ctx, g)
}

// spectators are a game's watchers, each a new person.
func (r *run) spectators() []person {
	out := make([]person, r.cfg.Spectators)
	for i := range out {
		out[i] = r.newPerson()
	}
	return out
}

// await waits for g to end, for ctx to, or for the game to stall: no
// position for StallAfter.
func (r *run) await(ctx context.Context, g *liveGame) error {
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		select {
		case <-g.done:
			return nil
		case <-ctx.Done():
			return nil
		case <-tick.C:
			if time.Duration(r.clock()-g.progress.Load()) > r.cfg.StallAfter {
				r.stats.fail("stalled")
				return fmt.Errorf("game %s stalled", g.id)
			}
		}
	}
}

// create makes an online game as p and returns its id.
func (r *run) create(ctx context.Context, p person) (string, error) {
	body := fmt.Sprintf(`{"mode":"online","clock":{"minutes":%g,"increment":%d}}`, r.cfg.ClockMinutes, r.cfg.ClockIncrement)
	var resp struct {
		ID string `json:"id"`
	}
	if err := r.post(ctx, p, "/api/games", body, http.StatusCreated, "create", &resp); err != nil {
		return "", err
	}
	return resp.ID, nil
}

// join takes game id's open seat as p.
func (r *run) join(ctx context.Context, p person, id string) error {
	return r.post(ctx, p, "/api/games/"+id+"/join", `{}`, http.StatusOK, "join", nil)
}

// post sends a JSON body as p and decodes the answer into out (if not
// nil); an answer other than want counts an error of kind what and its
// status.
func (r *run) post(ctx context.Context, p person, path, body string, want int, what string, out any) error {
	pctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(pctx, http.MethodPost, p.base+path, strings.NewReader(body))
	if err != nil {
		return fmt.Errorf("loadtest: %s: %w", what, err)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := p.client.Do(req)
	if err != nil {
		if ctx.Err() == nil {
			r.stats.fail(what)
		}
		return fmt.Errorf("loadtest: %s: %w", what, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != want {
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 4096))
		r.stats.fail(fmt.Sprintf("%s_%d", what, resp.StatusCode))
		return fmt.Errorf("loadtest: %s: %s", what, resp.Status)
	}
	if out == nil {
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<20))
		return nil
	}
	if err := json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(out); err != nil {
		r.stats.fail(what + "_decode")
		return fmt.Errorf("loadtest: %s: %w", what, err)
	}
	return nil
}

// teardown is how long the games get to close once the run is over.
const teardown = 15 * time.Second

// Run plays cfg's games until its Duration is over (or ctx ends) and
// reports what it saw.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	cfg = cfg.withDefaults()
	r := newRun(cfg)
	defer func() {
		for _, t := range r.transports {
			t.CloseIdleConnections()
		}
	}()
	before := scrapeAll(ctx, cfg.Metrics)
	playCtx, stop := context.WithCancel(ctx)
	defer stop()
	var wg sync.WaitGroup
	if cfg.Arena > 0 {
		wg.Go(func() {
			if err := r.runArena(playCtx); err != nil && playCtx.Err() == nil {
				r.stats.fail("arena")
			}
		})
	} else {
		for i := range cfg.Games {
			wg.Go(func() { r.slot(playCtx, i) })
		}
	}
	mid, midAt := r.playUntilEnd(ctx)
	elapsed := time.Since(r.start)
	rep := r.report(elapsed)
	after := scrapeAll(context.WithoutCancel(ctx), cfg.Metrics)
	stop()
	if !waitTimeout(&wg, teardown) {
		r.stats.fail("teardown_timeout")
	}
	if cfg.Verify {
		rep.Check = r.verify(context.WithoutCancel(ctx))
	}
	rep.Errors = r.stats.errorCounts()
	rep.Server = serverReport(before, after, cfg.Metrics)
	rep.Steady = r.steadyReport(mid, midAt, after, elapsed)
	return rep, nil
}

// playUntilEnd waits out the run. Once the ramp is over and every game has
// had the longest think time to make its first moves, it opens the steady
// window: the servers are read then (mid), and the relays timed from then
// on are kept apart, so that the cost of a relayed move is not mixed with
// that of creating the games. mid is not ok when the run is too short for
// a window (or without --metrics); midAt is the run's clock then.
func (r *run) playUntilEnd(ctx context.Context) (mid sample, midAt time.Duration) {
	end := time.After(r.cfg.Duration)
	var settle <-chan time.Time
	if at := r.cfg.Ramp + r.cfg.ThinkMax; at < r.cfg.Duration {
		settle = time.After(at)
	}
	for {
		select {
		case <-settle:
			settle = nil
			r.stats.steadyFrom.Store(r.clock())
			midAt = time.Since(r.start)
			mid = scrapeAll(ctx, r.cfg.Metrics)
		case <-end:
			return mid, midAt
		case <-ctx.Done():
			return mid, midAt
		}
	}
}

// waitTimeout waits for wg at most d; it reports whether wg was done.
func waitTimeout(wg *sync.WaitGroup, d time.Duration) bool {
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
		return true
	case <-time.After(d):
		return false
	}
}

// verify reads every game played back from the servers and checks that
// each move they published is in it, at its ply: an acknowledged move is
// a stored move, whatever happened to the nodes meanwhile.
func (r *run) verify(ctx context.Context) *Check {
	r.mu.Lock()
	games := slices.Clone(r.played)
	r.mu.Unlock()
	c := &Check{Games: len(games)}
	var mu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan struct{}, 16)
	for _, g := range games {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			lost, err := r.verifyGame(ctx, g)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err != nil:
				c.Unreadable++
			case lost > 0:
				c.GamesLosingMoves++
				c.MovesLost += lost
			}
			c.MovesChecked += len(g.ackedMoves())
		})
	}
	wg.Wait()
	return c
}

// verifyGame counts the moves of g seen published that its stored game
// does not have at their ply, asking each server in turn until one answers.
func (r *run) verifyGame(ctx context.Context, g *liveGame) (int, error) {
	var stored struct {
		Moves []struct {
			UCI string `json:"uci"`
		} `json:"moves"`
	}
	client := &http.Client{Transport: r.transports[0], Timeout: 10 * time.Second}
	var err error
	for _, base := range r.cfg.Addrs {
		if err = getJSON(ctx, client, strings.TrimSuffix(base, "/")+"/api/games/"+g.id, &stored); err == nil {
			break
		}
	}
	if err != nil {
		return 0, err
	}
	lost := 0
	for i, u := range g.ackedMoves() {
		if u != "" && (i >= len(stored.Moves) || stored.Moves[i].UCI != u) {
			lost++
		}
	}
	return lost, nil
}

// getJSON decodes the answer of a GET into out.
func getJSON(ctx context.Context, client *http.Client, url string, out any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: %s", url, resp.Status)
	}
	return json.NewDecoder(io.LimitReader(resp.Body, 4<<20)).Decode(out)
}
