package storetest

import (
	"context"
	"errors"
	"reflect"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gambitchess/gambit/store"
)

// TournamentStore is a store with its tournaments, as RunTournaments tests
// it.
type TournamentStore interface {
	store.Tournaments
	Close() error
}

// RunTournaments runs every contract test of store.Tournaments, each in a
// subtest on its own store. open returns an empty store; RunTournaments
// closes it when the subtest ends.
func RunTournaments(t *testing.T, open func(t *testing.T) TournamentStore) {
	runCases(t, open, []contractCase[TournamentStore]{
		{"CreateListMove", testTournamentCreateListMove},
		{"DirectorLease", testTournamentDirectorLease},
		{"JoinPauseWithdraw", testTournamentPlayers},
		{"PairingsOnlyByTheDirectorNeverDoubled", testTournamentPairings},
		{"AResultCountsOnce", testTournamentResultOnce},
		{"PlayingElsewhere", testPlayingElsewhere},
	})
}

func tournament(id, status string, startMin int) store.Tournament {
	return store.Tournament{ID: id, Kind: "arena", Status: status, StartsAt: t0.Add(time.Duration(startMin) * time.Minute).UTC(),
		EndsAt: t0.Add(time.Duration(startMin+60) * time.Minute).UTC(), CreatedBy: "u1", CreatedAt: t0.UTC(), Data: []byte(`{"name":"` + id + `"}`)}
}

func createTournament(t *testing.T, s store.Tournaments, tr store.Tournament) {
	t.Helper()
	if err := s.CreateTournament(context.Background(), tr); err != nil {
		t.Fatalf("CreateTournament(%s): %v", tr.ID, err)
	}
}

func testTournamentCreateListMove(t *testing.T, s TournamentStore) {
	ctx := context.Background()
	a, b, c := tournament("ta", store.TournamentCreated, 30), tournament("tb", store.TournamentCreated, 10), tournament("tc", store.TournamentStarted, 0)
	other := tournament("sw", store.TournamentCreated, 5)
	other.Kind = "swiss" // of another kind: never listed with the arenas
	for _, tr := range []store.Tournament{a, b, c, other} {
		createTournament(t, s, tr)
	}
	if err := s.CreateTournament(ctx, a); !errors.Is(err, store.ErrExists) {
		t.Errorf("CreateTournament of a taken id = %v, want ErrExists", err)
	}
	if got, err := s.Tournament(ctx, "ta"); err != nil || !reflect.DeepEqual(got, a) {
		t.Errorf("Tournament(ta) = %+v, %v; want %+v", got, err, a)
	}
	if _, err := s.Tournament(ctx, "nope"); !errors.Is(err, store.ErrNoTournament) {
		t.Errorf("Tournament(nope) = %v, want ErrNoTournament", err)
	}
	if got, err := s.ListTournaments(ctx, "arena", store.TournamentCreated, 10); err != nil || len(got) != 2 || got[0].ID != "tb" || got[1].ID != "ta" {
		t.Errorf("ListTournaments(created) = %+v, %v; want tb then ta", got, err)
	}
	if got, err := s.ListTournaments(ctx, "arena", store.TournamentCreated, 1); err != nil || len(got) != 1 {
		t.Errorf("ListTournaments(created, 1) = %d, %v; want 1", len(got), err)
	}
	if ok, err := s.MoveTournament(ctx, "tb", store.TournamentCreated, store.TournamentStarted); !ok || err != nil {
		t.Errorf("MoveTournament(tb) = %v, %v; want true", ok, err)
	}
	if ok, err := s.MoveTournament(ctx, "tb", store.TournamentCreated, store.TournamentStarted); ok || err != nil {
		t.Errorf("MoveTournament(tb) again = %v, %v; want false: it moved already", ok, err)
	}
	if got, err := s.ListTournaments(ctx, "arena", store.TournamentStarted, 10); err != nil || len(got) != 2 || got[0].ID != "tc" {
		t.Errorf("ListTournaments(started) = %+v, %v; want tc, tb", got, err)
	}
}

func testTournamentDirectorLease(t *testing.T, s TournamentStore) {
	ctx := context.Background()
	createTournament(t, s, tournament("ta", store.TournamentStarted, 0))
	at := func(s int) time.Time { return t0.Add(time.Duration(s) * time.Second) }
	steps := []struct {
		node     string
		now, til int
		want     bool
	}{
		{"n1", 0, 10, true},
		{"n2", 5, 15, false}, // n1's lease runs until 10
		{"n1", 8, 18, true},  // renewed
		{"n2", 12, 22, false},
		{"n2", 19, 29, true}, // n1's expired: taken over
		{"n1", 20, 30, false},
	}
	for i, st := range steps {
		got, err := s.DirectTournament(ctx, "ta", st.node, at(st.now), at(st.til))
		if err != nil || got != st.want {
			t.Errorf("step %d: DirectTournament(%s at %ds) = %v, %v; want %v", i, st.node, st.now, got, err, st.want)
		}
	}
	if got, err := s.DirectTournament(ctx, "nope", "n1", at(0), at(10)); got || err != nil {
		t.Errorf("DirectTournament(nope) = %v, %v; want false", got, err)
	}
}

func player(tid, user string, rating, min int) store.TournamentPlayer {
	at := t0.Add(time.Duration(min) * time.Minute).UTC()
	return store.TournamentPlayer{Tournament: tid, User: user, Name: "N" + user, Rating: rating, JoinedAt: at, State: store.PlayerActive, Since: at}
}

func testTournamentPlayers(t *testing.T, s TournamentStore) {
	ctx := context.Background()
	createTournament(t, s, tournament("ta", store.TournamentStarted, 0))
	p1, p2 := player("ta", "u1", 1500, 1), player("ta", "u2", 1700, 2)
	for _, p := range []store.TournamentPlayer{p2, p1} {
		if err := s.JoinTournament(ctx, p); err != nil {
			t.Fatalf("JoinTournament(%s): %v", p.User, err)
		}
	}
	if err := s.JoinTournament(ctx, player("nope", "u1", 1500, 1)); !errors.Is(err, store.ErrNoTournament) {
		t.Errorf("JoinTournament(nope) = %v, want ErrNoTournament", err)
	}
	if got, err := s.TournamentPlayers(ctx, "ta"); err != nil || !reflect.DeepEqual(got, []store.TournamentPlayer{p1, p2}) {
		t.Errorf("TournamentPlayers = %+v, %v; want %+v", got, err, []store.TournamentPlayer{p1, p2})
	}
	later := t0.Add(5 * time.Minute).UTC()
	if err := s.SetPlayerState(ctx, "ta", "u1", store.PlayerWithdrawn, later); err != nil {
		t.Fatalf("SetPlayerState: %v", err)
	}
	if err := s.SetPlayerState(ctx, "ta", "u9", store.PlayerPaused, later); !errors.Is(err, store.ErrNotJoined) {
		t.Errorf("SetPlayerState of one not joined = %v, want ErrNotJoined", err)
	}
	// Back at minute 9 with another rating: the first join's rating and
	// time stay, the state and its time are new.
	back := player("ta", "u1", 1900, 9)
	if err := s.JoinTournament(ctx, back); err != nil {
		t.Fatalf("JoinTournament again: %v", err)
	}
	// ActiveIn: u1, back, is active here; u2 too; a finished tournament
	// and a paused player count not.
	createTournament(t, s, tournament("tz", store.TournamentFinished, 0))
	createTournament(t, s, tournament("tp", store.TournamentStarted, 0))
	for _, p := range []store.TournamentPlayer{player("tz", "u1", 1500, 1), player("tp", "u1", 1500, 1)} {
		if err := s.JoinTournament(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	if got, err := s.ActiveIn(ctx, "u1"); err != nil || !reflect.DeepEqual(got, []string{"ta", "tp"}) {
		t.Errorf("ActiveIn(u1) = %v, %v; want ta and tp (tz is over)", got, err)
	}
	if err := s.SetPlayerState(ctx, "tp", "u1", store.PlayerPaused, later); err != nil {
		t.Fatal(err)
	}
	if got, err := s.ActiveIn(ctx, "u1"); err != nil || !reflect.DeepEqual(got, []string{"ta"}) {
		t.Errorf("ActiveIn(u1) after pausing in tp = %v, %v; want ta", got, err)
	}
	want := p1
	want.Since = back.JoinedAt
	got, err := s.TournamentPlayers(ctx, "ta")
	if err != nil || len(got) != 2 || !reflect.DeepEqual(got[0], want) {
		t.Errorf("after coming back: %+v, %v; want %+v", got, err, want)
	}
}

func pairing(game, white, black string, min int) store.TournamentPairing {
	return store.TournamentPairing{Tournament: "ta", Game: game, White: white, Black: black, Started: t0.Add(time.Duration(min) * time.Minute).UTC()}
}

func testTournamentPairings(t *testing.T, s TournamentStore) {
	ctx := context.Background()
	createTournament(t, s, tournament("ta", store.TournamentStarted, 0))
	now, until := t0, t0.Add(time.Minute)
	if ok, err := s.DirectTournament(ctx, "ta", "n1", now, until); !ok || err != nil {
		t.Fatalf("DirectTournament = %v, %v", ok, err)
	}
	g1, g2 := pairing("g1", "u1", "u2", 1), pairing("g2", "u3", "u4", 1)
	if err := s.AddPairings(ctx, "ta", "n2", now, []store.TournamentPairing{g1}); !errors.Is(err, store.ErrConflict) {
		t.Errorf("AddPairings by a node that does not direct = %v, want ErrConflict", err)
	}
	if err := s.AddPairings(ctx, "ta", "n1", until.Add(time.Second), []store.TournamentPairing{g1}); !errors.Is(err, store.ErrConflict) {
		t.Errorf("AddPairings after the lease ran out = %v, want ErrConflict", err)
	}
	if err := s.AddPairings(ctx, "ta", "n1", now, []store.TournamentPairing{g1, g2}); err != nil {
		t.Fatalf("AddPairings: %v", err)
	}
	// u2 is playing g1: a pairing with them is refused, and the whole
	// batch with it.
	if err := s.AddPairings(ctx, "ta", "n1", now, []store.TournamentPairing{pairing("g3", "u5", "u6", 2), pairing("g4", "u2", "u7", 2)}); !errors.Is(err, store.ErrConflict) {
		t.Errorf("AddPairings with a player playing = %v, want ErrConflict", err)
	}
	got, err := s.TournamentPairings(ctx, "ta")
	if err != nil || !reflect.DeepEqual(got, []store.TournamentPairing{g1, g2}) {
		t.Errorf("TournamentPairings = %+v, %v; want g1, g2 alone", got, err)
	}
	if p, err := s.Pairing(ctx, "g2"); err != nil || !reflect.DeepEqual(p, g2) {
		t.Errorf("Pairing(g2) = %+v, %v; want %+v (not ready)", p, err, g2)
	}
	if err := s.MarkReady(ctx, []string{"g2"}); err != nil {
		t.Fatalf("MarkReady: %v", err)
	}
	if p, err := s.Pairing(ctx, "g2"); err != nil || !p.Ready {
		t.Errorf("Pairing(g2) after MarkReady = %+v, %v; want ready", p, err)
	}
	if p, err := s.Pairing(ctx, "g1"); err != nil || p.Ready {
		t.Errorf("Pairing(g1) = %+v, %v; want not ready: only g2 was marked", p, err)
	}
	if _, err := s.Pairing(ctx, "nope"); !errors.Is(err, store.ErrNoTournament) {
		t.Errorf("Pairing(nope) = %v, want ErrNoTournament", err)
	}
}

func testTournamentResultOnce(t *testing.T, s TournamentStore) {
	ctx := context.Background()
	createTournament(t, s, tournament("ta", store.TournamentStarted, 0))
	if ok, err := s.DirectTournament(ctx, "ta", "n1", t0, t0.Add(time.Minute)); !ok || err != nil {
		t.Fatalf("DirectTournament = %v, %v", ok, err)
	}
	if err := s.AddPairings(ctx, "ta", "n1", t0, []store.TournamentPairing{pairing("g1", "u1", "u2", 1)}); err != nil {
		t.Fatalf("AddPairings: %v", err)
	}
	if err := s.SetBerserk(ctx, "g1", 1); err != nil {
		t.Fatalf("SetBerserk: %v", err)
	}
	if err := s.SetBerserk(ctx, "nope", 0); !errors.Is(err, store.ErrNoTournament) {
		t.Errorf("SetBerserk(nope) = %v, want ErrNoTournament", err)
	}
	end := store.TournamentPairing{Outcome: 2, Plies: 31, Ended: t0.Add(9 * time.Minute).UTC()}
	var wins atomic.Int32
	var wg sync.WaitGroup
	for range 8 { // every node that might see the end: one counts it
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, ok, err := s.FinishPairing(ctx, "g1", end); err != nil {
				t.Errorf("FinishPairing: %v", err)
			} else if ok {
				wins.Add(1)
			}
		}()
	}
	wg.Wait()
	if wins.Load() != 1 {
		t.Errorf("FinishPairing succeeded %d times, want once", wins.Load())
	}
	want := pairing("g1", "u1", "u2", 1)
	want.Outcome, want.Plies, want.Ended, want.Berserk = 2, 31, end.Ended, [2]bool{false, true}
	if p, err := s.Pairing(ctx, "g1"); err != nil || !reflect.DeepEqual(p, want) {
		t.Errorf("Pairing(g1) = %+v, %v; want %+v", p, err, want)
	}
	if _, ok, err := s.FinishPairing(ctx, "other", end); ok || err != nil {
		t.Errorf("FinishPairing of no tournament's game = %v, %v; want false", ok, err)
	}
	// Over now: u1 and u2 may be paired again.
	if err := s.AddPairings(ctx, "ta", "n1", t0, []store.TournamentPairing{pairing("g2", "u2", "u1", 10)}); err != nil {
		t.Errorf("AddPairings after the game ended: %v", err)
	}
}

// testPlayingElsewhere: the players with a game pending in another
// tournament are named, not those of this one, nor those whose game is
// over, nor a bye's empty Black.
func testPlayingElsewhere(t *testing.T, s TournamentStore) {
	ctx := context.Background()
	for _, id := range []string{"ta", "tb"} {
		createTournament(t, s, tournament(id, store.TournamentStarted, 0))
		if ok, err := s.DirectTournament(ctx, id, "n1", t0, t0.Add(time.Minute)); !ok || err != nil {
			t.Fatalf("DirectTournament(%s) = %v, %v", id, ok, err)
		}
	}
	inB := func(game, white, black string) store.TournamentPairing {
		p := pairing(game, white, black, 1)
		p.Tournament = "tb"
		return p
	}
	if err := s.AddPairings(ctx, "ta", "n1", t0, []store.TournamentPairing{pairing("g1", "u1", "u2", 1)}); err != nil {
		t.Fatal(err)
	}
	if err := s.AddPairings(ctx, "tb", "n1", t0, []store.TournamentPairing{inB("g2", "u3", "u4"), inB("g3", "u5", "u6"), inB("g4", "u7", "")}); err != nil {
		t.Fatal(err)
	}
	if _, ok, err := s.FinishPairing(ctx, "g3", store.TournamentPairing{Outcome: 1, Plies: 30, Ended: t0.Add(2 * time.Minute)}); !ok || err != nil {
		t.Fatalf("FinishPairing(g3) = %v, %v", ok, err)
	}
	got, err := s.PlayingElsewhere(ctx, "ta")
	slices.Sort(got)
	if want := []string{"u3", "u4", "u7"}; err != nil || !slices.Equal(got, want) {
		t.Errorf("PlayingElsewhere(ta) = %v, %v; want %v", got, err, want)
	}
	got, err = s.PlayingElsewhere(ctx, "tb")
	slices.Sort(got)
	if want := []string{"u1", "u2"}; err != nil || !slices.Equal(got, want) {
		t.Errorf("PlayingElsewhere(tb) = %v, %v; want %v", got, err, want)
	}
}
