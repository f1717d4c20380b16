package tournaments

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/tourney/tourneytest"
	"github.com/gambitchess/gambit/store"
	"github.com/gambitchess/gambit/tournament"
)

// benchArena stores an arena of 1,000 players four minutes into a load
// test's run: 6,000 games over, 400 being played.
func benchArena(b *testing.B) (*Service, store.Tournament) {
	b.Helper()
	ctx := context.Background()
	st, err := store.OpenSQLite(ctx, filepath.Join(b.TempDir(), "gambit.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = st.Close() })
	start := time.Date(2026, 12, 6, 18, 0, 0, 0, time.UTC)
	c := tourneytest.NewClock(start)
	data, _ := json.Marshal(Settings{Name: "Bench", Variant: game.DefaultVariant, Clock: 180, Increment: 2, Minutes: 60, Rated: true})
	t := store.Tournament{ID: "arena1", Kind: arenaKind, Status: store.TournamentStarted, StartsAt: start, EndsAt: start.Add(time.Hour), CreatedBy: "u0", CreatedAt: start, Data: data}
	if err := st.CreateTournament(ctx, t); err != nil {
		b.Fatal(err)
	}
	const players = 1000
	for i := range players {
		p := store.TournamentPlayer{Tournament: t.ID, User: fmt.Sprint("u", i), Name: fmt.Sprint("Nu", i), Rating: 1500 + i, JoinedAt: start, State: store.PlayerActive, Since: start}
		if err := st.JoinTournament(ctx, p); err != nil {
			b.Fatal(err)
		}
	}
	if _, err := st.DirectTournament(ctx, t.ID, "n1", start, start.Add(time.Hour)); err != nil {
		b.Fatal(err)
	}
	// Twelve rounds of 500 games, each game over but the last round's
	// first 200 (400 players busy).
	for r := range 13 {
		at := start.Add(time.Duration(r) * 20 * time.Second)
		var ps []store.TournamentPairing
		for i := 0; i < players; i += 2 {
			w, bl := (i+r)%players, (i+r+1)%players
			ps = append(ps, store.TournamentPairing{Tournament: t.ID, Game: fmt.Sprintf("g%d-%d", r, i), White: fmt.Sprint("u", w), Black: fmt.Sprint("u", bl), Started: at})
		}
		if err := st.AddPairings(ctx, t.ID, "n1", at, ps); err != nil {
			b.Fatal(err)
		}
		for i, p := range ps {
			if r == 12 && i < 200 {
				continue
			}
			end := store.TournamentPairing{Outcome: int(tournament.WhiteWon) + i%3, Plies: 30 + i%40, Ended: at.Add(15 * time.Second)}
			if _, _, err := st.FinishPairing(ctx, p.Game, end); err != nil {
				b.Fatal(err)
			}
		}
	}
	c.Add(5 * time.Minute)
	return New(Config{Store: st, Server: tourneytest.NewFakeServer(""), Node: "n1", Now: c.Now}), t
}

// BenchmarkArenaReadFromStore: a reading of the arena, its players and
// games, from SQLite.
func BenchmarkArenaReadFromStore(b *testing.B) {
	s, t := benchArena(b)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		s.forget(t.ID)
		if _, err := s.loadArena(ctx, t); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkArenaLiveReading: a live room's reading of the arena (read
// once): its standings, the shared message and every player's own.
func BenchmarkArenaLiveReading(b *testing.B) {
	s, t := benchArena(b)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		rd, err := s.reading(ctx, t.ID)
		if err != nil {
			b.Fatal(err)
		}
		for i := range 1000 {
			rd.Mine(fmt.Sprint("u", i))
		}
	}
}

// BenchmarkArenaPairing: the director's look at the arena (read once)
// up to its pairings: standings, who waits, and whom they meet.
func BenchmarkArenaPairing(b *testing.B) {
	s, t := benchArena(b)
	ctx := context.Background()
	a, err := s.loadArena(ctx, t)
	if err != nil {
		b.Fatal(err)
	}
	now := s.now()
	b.ReportAllocs()
	for b.Loop() {
		a.table = &table{} // a result came: the standings are computed again
		tournament.PairArena(tournament.WaitingPlayers(presence(a.players, nil), pairingsOf(a.pairings), a.standings()), now)
	}
}

// BenchmarkArenaResult: a result this node records, put in its reading.
func BenchmarkArenaResult(b *testing.B) {
	s, t := benchArena(b)
	ctx := context.Background()
	if _, err := s.loadArena(ctx, t); err != nil {
		b.Fatal(err)
	}
	p := store.TournamentPairing{Tournament: t.ID, Game: "g12-0", Outcome: int(tournament.WhiteWon)}
	b.ReportAllocs()
	for b.Loop() {
		s.update(t.ID, true, func(ps []store.TournamentPairing) []store.TournamentPairing {
			if i := lastOf(ps, p.Game); i >= 0 {
				ps[i] = p
			}
			return ps
		})
	}
}
