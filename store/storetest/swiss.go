package storetest

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gambitchess/gambit/store"
)

// SwissStore is a store with its Swiss tournaments, as RunSwiss tests it.
type SwissStore interface {
	store.Swiss
	Close() error
}

// RunSwiss runs every contract test of store.Swiss, each in a subtest on
// its own store. open returns an empty store; RunSwiss closes it when the
// subtest ends.
func RunSwiss(t *testing.T, open func(t *testing.T) SwissStore) {
	runCases(t, open, []contractCase[SwissStore]{
		{"RoundsInOrderWithTheirByes", testSwissRounds},
		{"RoundOnlyByTheDirector", testSwissRoundLease},
		{"RoundNeverPairedTwice", testSwissRoundOnce},
	})
}

// swissEvent stores a started Swiss event "sw" directed by n1 for a minute
// from t0.
func swissEvent(t *testing.T, s store.Swiss) {
	t.Helper()
	tr := tournament("sw", store.TournamentStarted, 0)
	tr.Kind = "swiss"
	createTournament(t, s, tr)
	if ok, err := s.DirectTournament(context.Background(), "sw", "n1", t0, t0.Add(time.Minute)); !ok || err != nil {
		t.Fatalf("DirectTournament = %v, %v", ok, err)
	}
}

func swissGame(game, white, black string, round int) store.TournamentPairing {
	return store.TournamentPairing{Tournament: "sw", Game: game, White: white, Black: black, Started: t0.UTC(), Round: round}
}

func finishAll(t *testing.T, s store.Swiss, ps ...store.TournamentPairing) {
	t.Helper()
	for _, p := range ps {
		if _, ok, err := s.FinishPairing(context.Background(), p.Game, store.TournamentPairing{Outcome: 3, Plies: 40, Ended: t0.UTC()}); !ok || err != nil {
			t.Fatalf("FinishPairing(%s) = %v, %v", p.Game, ok, err)
		}
	}
}

func testSwissRounds(t *testing.T, s SwissStore) {
	ctx := context.Background()
	swissEvent(t, s)
	g1, g2 := swissGame("g1", "u1", "u2", 1), swissGame("g2", "u3", "u4", 1)
	if err := s.AddRound(ctx, "sw", "n1", t0, 2, nil, []string{"u1"}); !errors.Is(err, store.ErrConflict) {
		t.Errorf("AddRound(2) before round 1 = %v, want ErrConflict", err)
	}
	if err := s.AddRound(ctx, "sw", "n1", t0, 1, []store.TournamentPairing{g1, g2}, []string{"u5"}); err != nil {
		t.Fatalf("AddRound(1): %v", err)
	}
	bye := store.TournamentPairing{Tournament: "sw", Game: store.ByeGame("sw", 1, "u5"), White: "u5", Started: t0.UTC(),
		Outcome: store.ByeOutcome, Ended: t0.UTC(), Round: 1, Ready: true}
	got, err := s.SwissRound(ctx, "sw", 1)
	if want := []store.TournamentPairing{g1, g2, bye}; err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("SwissRound(1) = %+v, %v; want %+v", got, err, want)
	}
	if got, err := s.SwissRound(ctx, "sw", 2); err != nil || len(got) != 0 {
		t.Errorf("SwissRound(2) before it = %+v, %v; want none", got, err)
	}
	// Round 2 waits for round 1's games.
	g3 := swissGame("g3", "u5", "u1", 2)
	if err := s.AddRound(ctx, "sw", "n1", t0, 2, []store.TournamentPairing{g3}, nil); !errors.Is(err, store.ErrConflict) {
		t.Errorf("AddRound(2) while round 1 is played = %v, want ErrConflict", err)
	}
	finishAll(t, s, g1, g2)
	// A player twice in one round: refused whole.
	if err := s.AddRound(ctx, "sw", "n1", t0, 2, []store.TournamentPairing{g3}, []string{"u1"}); !errors.Is(err, store.ErrConflict) {
		t.Errorf("AddRound(2) with u1 paired and given the bye = %v, want ErrConflict", err)
	}
	if err := s.AddRound(ctx, "sw", "n1", t0, 2, []store.TournamentPairing{g3}, []string{"u2"}); err != nil {
		t.Fatalf("AddRound(2): %v", err)
	}
	all, err := s.TournamentPairings(ctx, "sw")
	if err != nil || len(all) != 5 {
		t.Fatalf("TournamentPairings = %d, %v; want 5", len(all), err)
	}
	for _, p := range all {
		if p.Round < 1 || p.Round > 2 {
			t.Errorf("pairing %s has round %d", p.Game, p.Round)
		}
	}
}

func testSwissRoundLease(t *testing.T, s SwissStore) {
	ctx := context.Background()
	swissEvent(t, s)
	g1 := swissGame("g1", "u1", "u2", 1)
	if err := s.AddRound(ctx, "sw", "n2", t0, 1, []store.TournamentPairing{g1}, nil); !errors.Is(err, store.ErrConflict) {
		t.Errorf("AddRound by a node that does not direct = %v, want ErrConflict", err)
	}
	if err := s.AddRound(ctx, "sw", "n1", t0.Add(2*time.Minute), 1, []store.TournamentPairing{g1}, nil); !errors.Is(err, store.ErrConflict) {
		t.Errorf("AddRound after the lease ran out = %v, want ErrConflict", err)
	}
	if got, err := s.SwissRound(ctx, "sw", 1); err != nil || len(got) != 0 {
		t.Errorf("SwissRound(1) = %+v, %v; want nothing stored", got, err)
	}
}

// testSwissRoundOnce: many tries at round 1 at once (a director retrying,
// or two that both think they hold the lease): one stores it.
func testSwissRoundOnce(t *testing.T, s SwissStore) {
	ctx := context.Background()
	swissEvent(t, s)
	var stored atomic.Int32
	var wg sync.WaitGroup
	for i := range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g := swissGame(string(rune('a'+i))+"1", "u1", "u2", 1)
			err := s.AddRound(ctx, "sw", "n1", t0, 1, []store.TournamentPairing{g}, []string{"u3"})
			switch {
			case err == nil:
				stored.Add(1)
			case !errors.Is(err, store.ErrConflict) && !busy(err):
				t.Errorf("AddRound: %v", err)
			}
		}()
	}
	wg.Wait()
	if stored.Load() != 1 {
		t.Errorf("round 1 stored %d times, want once", stored.Load())
	}
	if got, err := s.SwissRound(ctx, "sw", 1); err != nil || len(got) != 2 {
		t.Errorf("SwissRound(1) = %+v, %v; want one game and one bye", got, err)
	}
}

// busy reports whether err is a database's refusal of a concurrent
// transaction (SQLite's busy database, PostgreSQL's serialization
// failure): the round was not stored, as with ErrConflict.
func busy(err error) bool {
	msg := strings.ToLower(err.Error())
	for _, s := range []string{"database is locked", "sqlite_busy", "could not serialize", "deadlock"} {
		if strings.Contains(msg, s) {
			return true
		}
	}
	return false
}
