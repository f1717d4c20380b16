package server

import (
	"context"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/round"
	"github.com/gambitchess/gambit/server/wire"
)

// BenchmarkComputerFairness measures the first computer move of a game at
// the weakest level from one address while 200 games at the strongest
// level, flooded in from another address, wait for the engine (one worker,
// the real engine). Run it with -benchtime=10x: the flood's first moves
// keep the engine busy for about half a minute, and every round must fall
// inside it. It reports the mean and the slowest wait.
func BenchmarkComputerFairness(b *testing.B) {
	s := New(Config{Store: openStore(b, b.TempDir()), Workers: 1,
		ComputerGamesPerClient: 1000, ComputerGames: 1000, CreatePerMinute: 1000})
	if err := s.Start(context.Background()); err != nil {
		b.Fatal(err)
	}
	srv := httptestServer(b, s)
	if err := flood(clientFrom(b, 2), srv, "full", 200); err != nil {
		b.Fatal(err)
	}
	person := clientFrom(b, 3)
	var waits []time.Duration
	for b.Loop() {
		d, err := firstComputerMove(person, srv, "greedy")
		if err != nil {
			b.Fatal(err)
		}
		waits = append(waits, d)
	}
	if s.sched.Pending() == 0 {
		b.Fatal("the flood was over before the measurement: fewer rounds (-benchtime=10x)")
	}
	var sum time.Duration
	for _, d := range waits {
		sum += d
	}
	b.ReportMetric(float64(sum.Milliseconds())/float64(len(waits)), "ms/first-move")
	b.ReportMetric(float64(slices.Max(waits).Milliseconds()), "max-ms")
}

// BenchmarkMemoryPerGame measures the memory of 1,000 games between people
// held live (a hub each: the game, its goroutine, its recent events), then
// the same games after they have left memory (unwatched, nothing
// running): what stays per game is the store's. Run with -benchtime=1x.
func BenchmarkMemoryPerGame(b *testing.B) {
	const n = 1000
	var live, idle float64
	for b.Loop() {
		live, idle = gameMemory(b, n)
	}
	b.ReportMetric(live, "B/live-game")
	b.ReportMetric(idle, "B/idle-game")
}

// gameMemory creates n games, reads the memory they take live and after
// they leave memory, per game.
func gameMemory(b *testing.B, n int) (live, idle float64) {
	s := New(Config{Store: openStore(b, b.TempDir()), Hub: round.Settings{IdleGrace: time.Hour}})
	if err := s.Start(context.Background()); err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	before := inUse()
	for range n {
		opts := game.Options{ID: wire.NewID(), Mode: game.ModeLocal, Now: s.now, Public: true,
			Seats: [2]game.Seat{{Kind: game.SeatHuman, Player: "p"}, {Kind: game.SeatHuman, Player: "p"}}}
		if _, err := s.newGame(ctx, opts, "p", "192.0.2.1"); err != nil {
			b.Fatal(err)
		}
	}
	live = float64(inUse()-before) / float64(n)
	for _, h := range s.live.All() {
		_ = h.Send(ctx, round.IdleCmd{}) // as the idle grace ending would
	}
	for deadline := time.Now().Add(time.Minute); len(liveGames(s)) > 0; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			b.Fatal("games did not leave memory")
		}
	}
	idle = float64(inUse()-before) / float64(n)
	return live, idle
}

// inUse is the heap and the goroutine stacks in use, after a collection.
func inUse() int64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc + m.StackInuse)
}
