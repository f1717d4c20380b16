package tournaments

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/gambitchess/gambit/server/tourney/tourneytest"
	"os"
	"testing"
	"time"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/internal/pgtest"
	"github.com/gambitchess/gambit/store"
	"github.com/gambitchess/gambit/tournament"
	_ "github.com/gambitchess/gambit/variant/all"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// newArena stores an arena starting at start, an hour long, with players
// u0…u(n-1) joined.
func newArena(t *testing.T, st store.Tournaments, start time.Time, n int) string {
	t.Helper()
	return newArenaOf(t, st, start, n, Settings{Name: "Test", Variant: game.DefaultVariant, Clock: 180, Increment: 2, Minutes: 60, Rated: true})
}

// newArenaOf is newArena with settings set.
func newArenaOf(t *testing.T, st store.Tournaments, start time.Time, n int, set Settings) string {
	t.Helper()
	ctx := context.Background()
	data, _ := json.Marshal(set)
	tr := store.Tournament{ID: "arena1", Kind: "arena", Status: store.TournamentCreated, StartsAt: start, EndsAt: start.Add(time.Hour), CreatedBy: "u0", CreatedAt: start, Data: data}
	if err := st.CreateTournament(ctx, tr); err != nil {
		t.Fatal(err)
	}
	for i := range n {
		p := store.TournamentPlayer{Tournament: tr.ID, User: fmt.Sprint("u", i), Name: fmt.Sprint("Nu", i), Rating: 1500 + 10*i, JoinedAt: start, State: store.PlayerActive, Since: start}
		if err := st.JoinTournament(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	return tr.ID
}

// directed is a test's arena service on st and the fake server it starts
// games on, at 18:00 on a clock the test moves; cfg gives the rest.
func directed(st store.Tournaments, cfg Config) (*Service, *tourneytest.FakeServer, *tourneytest.Clock) {
	c := tourneytest.NewClock(time.Date(2026, 12, 6, 18, 0, 0, 0, time.UTC))
	srv := tourneytest.NewFakeServer("")
	cfg.Store, cfg.Server, cfg.Node, cfg.Now = st, srv, "n1", c.Now
	return New(cfg), srv, c
}

// look runs one look of s's director and returns arena id's pending
// games, failing unless there are want.
func look(t *testing.T, s *Service, st store.Tournaments, id string, want int) []store.TournamentPairing {
	t.Helper()
	if err := s.Direct(context.Background()); err != nil {
		t.Fatal(err)
	}
	ps := pending(t, st, id)
	if len(ps) != want {
		t.Fatalf("%d games, want %d", len(ps), want)
	}
	return ps
}

// gameOf is pairing p's game as the director made it (on srv), seated.
func gameOf(t *testing.T, srv *tourneytest.FakeServer, p store.TournamentPairing) *game.Game {
	t.Helper()
	opts := srv.Games[p.Game]
	opts.Seats = [2]game.Seat{{Kind: game.SeatHuman, Player: p.White}, {Kind: game.SeatHuman, Player: p.Black}}
	g, err := game.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// pending is the arena's pending games.
func pending(t *testing.T, st store.Tournaments, id string) []store.TournamentPairing {
	t.Helper()
	ps, err := st.TournamentPairings(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	var out []store.TournamentPairing
	for _, p := range ps {
		if p.Outcome == int(tournament.Pending) {
			out = append(out, p)
		}
	}
	return out
}

// TestDirectorStartsPairsAndEnds: the arena starts at its time, its six
// players are paired in three games at once, each by standing; no one is
// paired again while playing; a result frees both for the next pairing,
// counted once however many nodes report it; the arena ends at its end.
func TestDirectorStartsPairsAndEnds(t *testing.T) {
	for _, sto := range tourneytest.Stores {
		t.Run(sto.Name, func(t *testing.T) {
			st := sto.Open(t)
			ctx := context.Background()
			s, srv, c := directed(st, Config{})
			id := newArena(t, st, c.Now().Add(time.Minute), 6)

			if err := s.Direct(ctx); err != nil || len(pending(t, st, id)) != 0 {
				t.Fatalf("before the start: %v, %d games", err, len(pending(t, st, id)))
			}
			c.Add(time.Minute)
			if err := s.Direct(ctx); err != nil {
				t.Fatal(err)
			}
			games := pending(t, st, id)
			if len(games) != 3 || srv.Starts != 3 {
				t.Fatalf("at the start: %d pairings, %d games started; want 3", len(games), srv.Starts)
			}
			// Before any game: ranked by rating, u5 first; neighbours meet.
			want := map[[2]string]bool{{"u5", "u4"}: true, {"u3", "u2"}: true, {"u1", "u0"}: true}
			for _, g := range games {
				if !want[[2]string{g.White, g.Black}] && !want[[2]string{g.Black, g.White}] {
					t.Errorf("pairing %s-%s is not between neighbours", g.White, g.Black)
				}
				if o := srv.Games[g.Game]; o.Clock.Initial != 3*time.Minute || o.Clock.Increment != 2*time.Second {
					t.Errorf("game %s clock = %+v, want 3+2", g.Game, o.Clock)
				}
			}
			c.Add(time.Second)
			if err := s.Direct(ctx); err != nil || srv.Starts != 3 {
				t.Fatalf("while all play: %v, %d games started; want still 3", err, srv.Starts)
			}
			// The first game ends; two nodes report it: it counts once.
			c.Add(time.Minute)
			end := store.TournamentPairing{Outcome: int(tournament.WhiteWon), Plies: 40, Ended: c.Now()}
			if _, ok, _ := st.FinishPairing(ctx, games[0].Game, end); !ok {
				t.Fatal("FinishPairing: not recorded")
			}
			if _, ok, _ := st.FinishPairing(ctx, games[0].Game, end); ok {
				t.Error("FinishPairing recorded a result twice")
			}
			// Its two players just met: no rematch until they have waited.
			if err := s.Direct(ctx); err != nil || srv.Starts != 3 {
				t.Fatalf("after one game: %v, %d started; want no rematch yet", err, srv.Starts)
			}
			c.Add(tournament.RematchWait)
			if err := s.Direct(ctx); err != nil || srv.Starts != 4 {
				t.Fatalf("after waiting: %v, %d started; want the rematch", err, srv.Starts)
			}
			c.Add(time.Hour)
			if err := s.Direct(ctx); err != nil {
				t.Fatal(err)
			}
			if tr, _ := st.Tournament(ctx, id); tr.Status != store.TournamentFinished {
				t.Errorf("after its end: status %s, want finished", tr.Status)
			}
		})
	}
}

// TestDirectorTakesOver is the chaos test of one arena: the director node
// dies (its games fail to start) after writing a round of pairings; a
// second node waits out its lease, takes the arena over and starts those
// games, each once; no pairing is lost or doubled, and the first node,
// back, no longer pairs.
func TestDirectorTakesOver(t *testing.T) {
	for _, sto := range tourneytest.Stores {
		t.Run(sto.Name, func(t *testing.T) {
			st := sto.Open(t)
			ctx := context.Background()
			c := tourneytest.NewClock(time.Date(2026, 12, 6, 18, 0, 0, 0, time.UTC))
			games := map[string]game.Options{} // the store's games, shared by the nodes
			dying := &tourneytest.FakeServer{Games: games, Failing: true, Prefix: "a"}
			other := &tourneytest.FakeServer{Games: games, Prefix: "b"}
			a := New(Config{Store: st, Server: dying, Node: "a", Now: c.Now, Lease: 5 * time.Second})
			b := New(Config{Store: st, Server: other, Node: "b", Now: c.Now, Lease: 5 * time.Second})
			id := newArena(t, st, c.Now(), 4)

			if err := a.Direct(ctx); err == nil {
				t.Fatal("the dying node's games started")
			}
			recorded := pending(t, st, id)
			if len(recorded) != 2 || len(games) != 0 {
				t.Fatalf("after the death: %d pairings, %d games; want 2 pairings, no game", len(recorded), len(games))
			}
			c.Add(2 * time.Second)
			if err := b.Direct(ctx); err != nil || len(games) != 0 {
				t.Fatalf("within the lease: %v, %d games; want none: b must wait", err, len(games))
			}
			c.Add(4 * time.Second)
			if err := b.Direct(ctx); err != nil {
				t.Fatal(err)
			}
			if len(games) != 2 || other.Starts != 2 {
				t.Fatalf("after the takeover: %d games, %d started; want the 2 recorded", len(games), other.Starts)
			}
			for _, p := range recorded {
				if _, ok := games[p.Game]; !ok {
					t.Errorf("recorded game %s was not started", p.Game)
				}
			}
			if now := pending(t, st, id); len(now) != 2 {
				t.Errorf("after the takeover: %d pending pairings, want the same 2", len(now))
			}
			// Node a comes back: b holds the lease, so a pairs nothing.
			dying.Failing = false
			for _, p := range recorded {
				if _, ok, err := st.FinishPairing(ctx, p.Game, store.TournamentPairing{Outcome: int(tournament.Drawn), Plies: 40, Ended: c.Now()}); !ok || err != nil {
					t.Fatalf("FinishPairing(%s) = %v, %v", p.Game, ok, err)
				}
			}
			if err := a.Direct(ctx); err != nil || dying.Starts != 0 {
				t.Errorf("the old director paired: %v, %d", err, dying.Starts)
			}
			if err := b.Direct(ctx); err != nil || other.Starts != 4 {
				t.Errorf("the director after the results: %v, %d started; want 4", err, other.Starts)
			}
		})
	}
}

// TestDirectorRecordsAMissedResult: a game over whose result no node
// recorded (its node died before NoteSaved) is recorded by the director
// once a minute has passed, and its players are paired again.
func TestDirectorRecordsAMissedResult(t *testing.T) {
	st := tourneytest.Stores[0].Open(t)
	ctx := context.Background()
	s, srv, c := directed(st, Config{})
	id := newArena(t, st, c.Now(), 4)
	games := look(t, s, st, id, 2)
	p := games[0]
	g := gameOf(t, srv, p)
	for _, u := range []string{"f2f3", "e7e5", "g2g4", "d8h4"} {
		if _, err := g.Move(g.Turn(), u); err != nil {
			t.Fatal(err)
		}
	}
	srv.Mu.Lock()
	srv.Over[p.Game] = g // over, and no NoteSaved
	srv.Mu.Unlock()
	c.Add(30 * time.Second)
	if err := s.Direct(ctx); err != nil || len(pending(t, st, id)) != 2 {
		t.Fatalf("before a minute: %v, %d pending; want the result not yet looked for", err, len(pending(t, st, id)))
	}
	c.Add(time.Minute)
	if err := s.Direct(ctx); err != nil {
		t.Fatal(err)
	}
	got, err := st.Pairing(ctx, p.Game)
	if err != nil || got.Outcome != int(tournament.BlackWon) || got.Plies != 4 {
		t.Errorf("the missed result: %+v, %v; want Black's win in 4 plies", got, err)
	}
}

// TestBusyElsewhereWaits: a player with a game pending in another
// tournament (a Swiss round began) is not paired in the arena until it
// ends; the others are.
func TestBusyElsewhereWaits(t *testing.T) {
	for _, sto := range tourneytest.Stores {
		t.Run(sto.Name, func(t *testing.T) {
			st := sto.Open(t)
			ctx := context.Background()
			s, _, c := directed(st, Config{})
			id := newArena(t, st, c.Now(), 3)
			other := store.Tournament{ID: "swiss1", Kind: "swiss", Status: store.TournamentStarted, StartsAt: c.Now(), EndsAt: c.Now().Add(time.Hour),
				CreatedBy: "u9", CreatedAt: c.Now(), Data: []byte(`{}`)}
			if err := st.CreateTournament(ctx, other); err != nil {
				t.Fatal(err)
			}
			if ok, err := st.DirectTournament(ctx, other.ID, "n1", c.Now(), c.Now().Add(time.Hour)); !ok || err != nil {
				t.Fatalf("DirectTournament = %v, %v", ok, err)
			}
			swissGame := store.TournamentPairing{Tournament: other.ID, Game: "sg1", White: "u2", Black: "u9", Started: c.Now()}
			if err := st.AddPairings(ctx, other.ID, "n1", c.Now(), []store.TournamentPairing{swissGame}); err != nil {
				t.Fatal(err)
			}
			if err := s.Direct(ctx); err != nil {
				t.Fatal(err)
			}
			games := pending(t, st, id)
			if len(games) != 1 || games[0].White == "u2" || games[0].Black == "u2" {
				t.Fatalf("with u2 playing elsewhere the arena paired %+v; want u0 and u1 alone", games)
			}
			if _, ok, err := st.FinishPairing(ctx, "sg1", store.TournamentPairing{Outcome: int(tournament.Draw), Plies: 40, Ended: c.Now()}); !ok || err != nil {
				t.Fatalf("FinishPairing = %v, %v", ok, err)
			}
			if _, ok, err := st.FinishPairing(ctx, games[0].Game, store.TournamentPairing{Outcome: int(tournament.WhiteWon), Plies: 40, Ended: c.Now()}); !ok || err != nil {
				t.Fatalf("FinishPairing = %v, %v", ok, err)
			}
			c.Add(time.Second)
			s.forget(id) // another node's results
			if err := s.Direct(ctx); err != nil {
				t.Fatal(err)
			}
			paired := false
			for _, g := range pending(t, st, id) {
				paired = paired || g.White == "u2" || g.Black == "u2"
			}
			if !paired {
				t.Errorf("u2's other game over, the arena did not pair u2: %+v", pending(t, st, id))
			}
		})
	}
}
