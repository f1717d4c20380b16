package swiss

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
	_ "github.com/gambitchess/gambit/variant/all"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

const interval = 10 * time.Second

// newEvent stores a Swiss event of rounds rounds starting at start, with
// players u0…u(n-1) joined, u(n-1) the highest rated.
func newEvent(t *testing.T, st store.Swiss, start time.Time, n, rounds int) string {
	t.Helper()
	ctx := context.Background()
	data, _ := json.Marshal(Settings{Name: "Test", Variant: game.DefaultVariant, Clock: 180, Increment: 2, Rounds: rounds, Interval: int(interval / time.Second), Rated: true})
	tr := store.Tournament{ID: "swiss1", Kind: Kind, Status: store.TournamentCreated, StartsAt: start, EndsAt: start, CreatedBy: "u0", CreatedAt: start, Data: data}
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

// roundOf is round r of event id.
func roundOf(t *testing.T, st store.Swiss, id string, r int) (games, byes []store.TournamentPairing) {
	t.Helper()
	ps, err := st.SwissRound(context.Background(), id, r)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		if p.Black == "" {
			byes = append(byes, p)
		} else {
			games = append(games, p)
		}
	}
	return games, byes
}

// finish ends games ps, White winning, reported twice each (two nodes).
func finish(t *testing.T, st store.Swiss, end time.Time, ps []store.TournamentPairing) {
	t.Helper()
	for _, p := range ps {
		rec := store.TournamentPairing{Outcome: whiteWon, Plies: 40, Ended: end}
		if _, ok, err := st.FinishPairing(context.Background(), p.Game, rec); !ok || err != nil {
			t.Fatalf("FinishPairing(%s) = %v, %v", p.Game, ok, err)
		}
		if _, ok, _ := st.FinishPairing(context.Background(), p.Game, rec); ok {
			t.Fatalf("FinishPairing(%s) recorded a result twice", p.Game)
		}
	}
}

// TestDirectorRounds: seven players, three rounds. Each round pairs three
// games and one bye, never two byes to one player nor a pairing twice;
// the next round waits for every game of the last and then the interval;
// after the third the event is finished, with the points of three rounds
// counted once.
func TestDirectorRounds(t *testing.T) {
	for _, sto := range tourneytest.Stores {
		t.Run(sto.Name, func(t *testing.T) {
			st := sto.Open(t)
			ctx := context.Background()
			c := tourneytest.NewClock(time.Date(2026, 12, 6, 18, 0, 0, 0, time.UTC))
			srv := tourneytest.NewFakeServer("")
			s := New(Config{Store: st, Server: srv, Node: "n1", Now: c.Now})
			id := newEvent(t, st, c.Now().Add(time.Minute), 7, 3)

			if err := s.Direct(ctx); err != nil || srv.Starts != 0 {
				t.Fatalf("before the start: %v, %d games", err, srv.Starts)
			}
			c.Add(time.Minute)
			met, byes := map[[2]string]bool{}, map[string]bool{}
			for r := 1; r <= 3; r++ {
				if err := s.Direct(ctx); err != nil {
					t.Fatalf("round %d: %v", r, err)
				}
				games, bye := roundOf(t, st, id, r)
				if len(games) != 3 || len(bye) != 1 || srv.Starts != 3*r {
					t.Fatalf("round %d: %d games, %d byes, %d started; want 3, 1, %d", r, len(games), len(bye), srv.Starts, 3*r)
				}
				if byes[bye[0].White] {
					t.Errorf("round %d: %s has a second bye", r, bye[0].White)
				}
				byes[bye[0].White] = true
				for _, g := range games {
					pair := [2]string{min(g.White, g.Black), max(g.White, g.Black)}
					if met[pair] {
						t.Errorf("round %d: %s and %s meet again", r, g.White, g.Black)
					}
					met[pair] = true
					if o := srv.Games[g.Game]; o.Clock.Initial != 3*time.Minute || o.Clock.Increment != 2*time.Second {
						t.Errorf("game %s clock = %+v, want 3+2", g.Game, o.Clock)
					}
				}
				// Two games over, one played: no next round.
				c.Add(time.Minute)
				finish(t, st, c.Now(), games[:2])
				c.Add(time.Hour)
				if err := s.Direct(ctx); err != nil || srv.Starts != 3*r {
					t.Fatalf("round %d with a game on: %v, %d started; want %d", r, err, srv.Starts, 3*r)
				}
				finish(t, st, c.Now(), games[2:])
				if r == 3 {
					break
				}
				c.Add(interval - time.Second)
				if err := s.Direct(ctx); err != nil || srv.Starts != 3*r {
					t.Fatalf("round %d over, within the interval: %v, %d started; want %d", r, err, srv.Starts, 3*r)
				}
				c.Add(time.Second)
			}
			if err := s.Direct(ctx); err != nil {
				t.Fatal(err)
			}
			if tr, _ := st.Tournament(ctx, id); tr.Status != store.TournamentFinished {
				t.Errorf("after the last round: status %s, want finished", tr.Status)
			}
			if _, bye := roundOf(t, st, id, 4); len(bye) != 0 || srv.Starts != 9 {
				t.Errorf("a fourth round was paired: %d started", srv.Starts)
			}
			tr, _ := st.Tournament(ctx, id)
			e, err := s.loadEvent(ctx, tr)
			if err != nil {
				t.Fatal(err)
			}
			total := 0.0
			for _, sd := range e.standings() {
				total += sd.Points
			}
			if total != 12 { // three rounds of three decisive games and a bye
				t.Errorf("the points total %v, want 12", total)
			}
		})
	}
}

// TestDirectorLeavesOutWithdrawn: a player withdrawn before round 2 is
// not paired in it, and keeps their round 1 in the standings.
func TestDirectorLeavesOutWithdrawn(t *testing.T) {
	st := tourneytest.Stores[0].Open(t)
	ctx := context.Background()
	c := tourneytest.NewClock(time.Date(2026, 12, 6, 18, 0, 0, 0, time.UTC))
	srv := tourneytest.NewFakeServer("")
	s := New(Config{Store: st, Server: srv, Node: "n1", Now: c.Now})
	id := newEvent(t, st, c.Now(), 5, 3)
	if err := s.Direct(ctx); err != nil {
		t.Fatal(err)
	}
	games, _ := roundOf(t, st, id, 1)
	finish(t, st, c.Now(), games)
	if err := st.SetPlayerState(ctx, id, "u4", store.PlayerWithdrawn, c.Now()); err != nil {
		t.Fatal(err)
	}
	c.Add(interval)
	if err := s.Direct(ctx); err != nil {
		t.Fatal(err)
	}
	games, byes := roundOf(t, st, id, 2)
	if len(games) != 2 || len(byes) != 0 {
		t.Fatalf("round 2: %d games, %d byes; want 2 and none (4 players)", len(games), len(byes))
	}
	for _, g := range games {
		if g.White == "u4" || g.Black == "u4" {
			t.Errorf("withdrawn u4 paired in round 2")
		}
	}
}

// TestDirectorTakesOver is the chaos test of one event: the director dies
// mid-round (round 1 written, its games not created); a second node waits
// out the lease, takes over and creates those games, each once; round 1
// is not paired again, and the old director, back, pairs nothing.
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
			id := newEvent(t, st, c.Now(), 7, 3)

			if err := a.Direct(ctx); err == nil {
				t.Fatal("the dying node's games started")
			}
			recorded, bye := roundOf(t, st, id, 1)
			if len(recorded) != 3 || len(bye) != 1 || len(games) != 0 {
				t.Fatalf("after the death: %d pairings, %d byes, %d games; want 3, 1, none", len(recorded), len(bye), len(games))
			}
			c.Add(2 * time.Second)
			if err := b.Direct(ctx); err != nil || len(games) != 0 {
				t.Fatalf("within the lease: %v, %d games; want none: b must wait", err, len(games))
			}
			c.Add(4 * time.Second)
			if err := b.Direct(ctx); err != nil {
				t.Fatal(err)
			}
			if len(games) != 3 || other.Starts != 3 {
				t.Fatalf("after the takeover: %d games, %d started; want the 3 recorded", len(games), other.Starts)
			}
			for _, p := range recorded {
				if _, ok := games[p.Game]; !ok {
					t.Errorf("recorded game %s was not started", p.Game)
				}
			}
			if again, _ := roundOf(t, st, id, 1); len(again) != 3 {
				t.Errorf("round 1 has %d games after the takeover, want the same 3", len(again))
			}
			// Node a comes back while b holds the lease: a pairs nothing;
			// b pairs round 2 after the interval, once.
			dying.Failing = false
			finish(t, st, c.Now(), recorded)
			for range 2 { // b looks every 4 s: its lease holds
				c.Add(4 * time.Second)
				if err := b.Direct(ctx); err != nil || other.Starts != 3 {
					t.Fatalf("within the interval: %v, %d started; want 3", err, other.Starts)
				}
			}
			c.Add(interval - 8*time.Second)
			if err := a.Direct(ctx); err != nil || dying.Starts != 0 {
				t.Errorf("the old director paired: %v, %d", err, dying.Starts)
			}
			if err := b.Direct(ctx); err != nil || other.Starts != 6 {
				t.Errorf("round 2: %v, %d started; want 6", err, other.Starts)
			}
			if err := b.Direct(ctx); err != nil || other.Starts != 6 {
				t.Errorf("round 2 again: %v, %d started; want still 6", err, other.Starts)
			}
		})
	}
}
