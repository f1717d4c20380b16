package tournaments

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/tourney/tourneytest"
	"github.com/gambitchess/gambit/store"
	"github.com/gambitchess/gambit/tournament"
)

// gatedStore holds a reading of the arena's games, once armed, after it
// read them and before it hands them back: a write lands meanwhile.
type gatedStore struct {
	store.Tournaments
	armed   bool
	read    chan struct{}
	release chan struct{}
}

// newGated is a gated SQLite store, not yet armed.
func newGated(t *testing.T) *gatedStore {
	return &gatedStore{Tournaments: tourneytest.Stores[0].Open(t), read: make(chan struct{}), release: make(chan struct{})}
}

func (g *gatedStore) TournamentPairings(ctx context.Context, id string) ([]store.TournamentPairing, error) {
	ps, err := g.Tournaments.TournamentPairings(ctx, id)
	if g.armed {
		g.armed = false
		close(g.read)
		<-g.release
	}
	return ps, err
}

// TestRereadKeepsAResultWrittenMeanwhile: a result this node records
// while a reading from the store is in flight goes into that reading
// (kept for CacheFor: 5 s on a single node), not lost under it.
func TestRereadKeepsAResultWrittenMeanwhile(t *testing.T) {
	st := newGated(t)
	ctx := context.Background()
	s, srv, c := directed(st, Config{CacheFor: 5 * time.Second})
	id := newArenaOf(t, st, c.Now(), 4, Settings{Name: "Race", Variant: game.DefaultVariant, Clock: 180, Increment: 2, Minutes: 60, Rated: true})
	if err := s.Direct(ctx); err != nil {
		t.Fatal(err)
	}
	games := pending(t, st, id)
	c.Add(6 * time.Second) // the reading expired: the next look reads the store
	tr, _ := st.Tournament(ctx, id)
	st.armed = true
	done := make(chan arena)
	go func() { a, _ := s.loadArena(ctx, tr); done <- a }() // a live room's reading, say
	<-st.read
	g := gameOf(t, srv, games[0])
	for _, u := range []string{"e2e4", "e7e5", "g1f3"} {
		evs, err := g.Move(g.Turn(), u)
		if err != nil {
			t.Fatal(err)
		}
		s.NoteSaved(g, evs)
	}
	evs, _ := g.Resign(chess.Black)
	s.NoteSaved(g, evs) // recorded in the store, and update()d
	close(st.release)
	<-done
	c.Add(4 * time.Second)
	a, _ := s.loadArena(ctx, tr)
	for _, p := range a.pairings {
		if p.Game == games[0].Game && p.Outcome == int(tournament.Pending) {
			t.Errorf("4 s after its result, the reading still has game %s pending (store: over)", p.Game)
		}
	}
	for _, sd := range a.standings() {
		if sd.Points > 0 {
			return
		}
	}
	t.Errorf("4 s after a win, the reading's standings give no one a point")
}

// TestRereadDroppedByAJoinMeanwhile: a join while a reading is in
// flight makes it stale: it is not kept, and the next reads the player.
func TestRereadDroppedByAJoinMeanwhile(t *testing.T) {
	st := newGated(t)
	ctx := context.Background()
	s, _, c := directed(st, Config{CacheFor: 5 * time.Second})
	id := newArenaOf(t, st, c.Now(), 2, Settings{Name: "Race", Variant: game.DefaultVariant, Clock: 180, Increment: 2, Minutes: 60, Rated: true})
	tr, _ := st.Tournament(ctx, id)
	st.armed = true
	done := make(chan arena)
	go func() { a, _ := s.loadArena(ctx, tr); done <- a }()
	<-st.read
	// Join's writes, as the handler makes them: the store, then poke.
	p := store.TournamentPlayer{Tournament: id, User: "u9", Name: "Nu9", Rating: 1590, JoinedAt: c.Now(), State: store.PlayerActive, Since: c.Now()}
	if err := st.JoinTournament(ctx, p); err != nil {
		t.Fatal(err)
	}
	s.poke(id)
	close(st.release)
	<-done
	c.Add(4 * time.Second)
	a, _ := s.loadArena(ctx, tr)
	if a.player("u9").User == "" {
		t.Errorf("4 s after u9 joined, the reading has %d players, not u9: their me is null, they are not paired", len(a.players))
	}
}

// TestRereadDroppedByAPauseMeanwhile: a pause written while a reading is
// in flight makes it stale, and the director's next look does not pair
// the paused player.
func TestRereadDroppedByAPauseMeanwhile(t *testing.T) {
	st := newGated(t)
	ctx := context.Background()
	s, _, c := directed(st, Config{CacheFor: 5 * time.Second})
	id := newArenaOf(t, st, c.Now(), 4, Settings{Name: "Race", Variant: game.DefaultVariant, Clock: 180, Increment: 2, Minutes: 60, Rated: true})
	tr, _ := st.Tournament(ctx, id)
	st.armed = true
	done := make(chan arena)
	go func() { a, _ := s.loadArena(ctx, tr); done <- a }() // a page's reading before the start
	<-st.read
	if err := st.SetPlayerState(ctx, id, "u0", store.PlayerPaused, c.Now()); err != nil { // Pause's writes
		t.Fatal(err)
	}
	s.poke(id)
	close(st.release)
	<-done
	c.Add(time.Second)
	if err := s.Direct(ctx); err != nil {
		t.Fatal(err)
	}
	for _, p := range pending(t, st, id) {
		if p.White == "u0" || p.Black == "u0" {
			t.Errorf("u0 paused before the look, yet paired in %s", p.Game)
		}
	}
}

// BenchmarkBerserkWithArenasCached: a berserk in one arena while twenty
// others' readings are kept copies none of their games.
func BenchmarkBerserkWithArenasCached(b *testing.B) {
	s := New(Config{Node: "n1"})
	ps := make([]store.TournamentPairing, 6400)
	for i := range ps {
		ps[i] = store.TournamentPairing{Game: fmt.Sprint("g", i)}
	}
	for i := range 20 {
		s.cache[fmt.Sprint("a", i)] = cachedArena{pairings: ps, table: &table{}}
	}
	b.ReportAllocs()
	for b.Loop() {
		s.updateGame("nope", false, func(p *store.TournamentPairing) { p.Berserk[0] = true })
	}
}
