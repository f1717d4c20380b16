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

// newPerson is a new player or spectator: the next server in turn, the
// next source address, a cookie jar of its own.
func (r *run) newPerson() person {
	jar, _ := cookiejar.New(nil) // never fails without options
	base := r.cfg.Addrs[r.nextNode.Add(1)%uint64(len(r.cfg.Addrs))]
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
	creator, joiner := r.newPerson(), r.newPerson()
	id, err := r.create(ctx, creator)
	if err != nil {
		return err
	}
	if err := r.join(ctx, joiner, id); err != nil {
		return err
	}
	r.stats.gamesStarted.Add(1)
	g := newLiveGame(r, id)
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
	for i := range cfg.Games {
		wg.Go(func() { r.slot(playCtx, i) })
	}
	select {
	case <-time.After(cfg.Duration):
	case <-ctx.Done():
	}
	elapsed := time.Since(r.start)
	rep := r.report(elapsed)
	after := scrapeAll(context.WithoutCancel(ctx), cfg.Metrics)
	stop()
	if !waitTimeout(&wg, teardown) {
		r.stats.fail("teardown_timeout")
	}
	rep.Errors = r.stats.errorCounts()
	rep.Server = serverReport(before, after, cfg.Metrics)
	return rep, nil
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
