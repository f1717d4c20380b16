package round

import (
	"context"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/store"
)

// playRandom plays seeded random moves that keep the game going until it
// reaches ply n, and returns them.
func playRandom(tb testing.TB, g *game.Game, n int) []string {
	tb.Helper()
	rng := rand.New(rand.NewPCG(uint64(n), 1))
	var moves []string
	for g.Ply() < n {
		moved := false
		for _, u := range shuffled(rng, g.DestsFor(game.Viewer{Seats: [2]bool{true, true}})) {
			if u, ok := goesOn(tb, moves, u); ok {
				if _, err := g.Move(g.Turn(), u); err != nil {
					tb.Fatal(err)
				}
				moves, moved = append(moves, u), true
				break
			}
		}
		if !moved {
			tb.Fatalf("no move keeps the game going at ply %d", g.Ply())
		}
	}
	return moves
}

// goesOn reports whether move u (a promotion named by its squares becomes
// one to a queen), played after moves from the start, leaves the game
// going. It tries it on a copy: a finished game takes nothing back.
func goesOn(tb testing.TB, moves []string, u string) (string, bool) {
	tb.Helper()
	try := func(u string) (*game.Game, error) {
		return game.New(game.Options{ID: "try", Mode: game.ModeLocal, MoveText: append(slices.Clip(moves), u)})
	}
	g, err := try(u)
	if err != nil {
		u += "q"
		if g, err = try(u); err != nil {
			tb.Fatal(err)
		}
	}
	return u, !g.Status().Finished()
}

func shuffled(rng *rand.Rand, dests map[string][]string) []string {
	var out []string
	for from, tos := range dests {
		for _, to := range tos {
			out = append(out, from+to)
		}
	}
	slices.Sort(out) // map order is random; the seed alone decides the game
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// discardLog is a store that keeps nothing: the benchmark below measures
// the hub's own work (store.BenchmarkAppend measures the store's).
type discardLog struct{ store.Log }

func (discardLog) Append(context.Context, string, int64, []store.Event, store.Summary) error {
	return nil
}

// BenchmarkMoveLoop is one move through the hub as a player's message takes
// it: the game command, encoding its event and the store's summary for the
// append, and the message for every kind of viewer. It costs the same at
// ply 10 as at ply 300: nothing replays the history. (Each round is taken
// back, untimed, to stay at the same ply.)
func BenchmarkMoveLoop(b *testing.B) {
	for _, ply := range []int{10, 300} {
		b.Run("ply="+strconv.Itoa(ply), func(b *testing.B) {
			g, err := game.New(game.Options{ID: "bench", Mode: game.ModeLocal,
				Seats: [2]game.Seat{{Kind: game.SeatHuman}, {Kind: game.SeatHuman}}})
			if err != nil {
				b.Fatal(err)
			}
			moves := playRandom(b, g, ply)
			h := New(benchEnv(), g, "")
			var u string
			for _, m := range shuffled(rand.New(rand.NewPCG(1, 2)), g.DestsFor(game.Viewer{Seats: [2]bool{true, true}})) {
				if m, ok := goesOn(b, moves, m); ok { // taken back each round: it must not end the game
					u = m
					break
				}
			}
			ctx := context.Background()
			b.ReportAllocs()
			for b.Loop() {
				h.apply(ctx, nil, func(g *game.Game) ([]game.Event, error) { return g.Move(g.Turn(), u) })
				b.StopTimer()
				if _, err := g.TakeBack(g.Turn().Other()); err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
			}
		})
	}
}

// benchServer is a server whose store keeps nothing.
type benchServer struct{ errors prometheus.Counter }

func (s benchServer) AppendEvents(ctx context.Context, g *game.Game, evs []game.Event) error {
	return AppendEvents(ctx, discardLog{}, s.errors, g, evs)
}
func (benchServer) LoadGame(context.Context, string) (*game.Game, error) {
	return nil, store.ErrNotFound
}
func (benchServer) Retire(*Hub) bool           { return true }
func (benchServer) Disown(string)              {}
func (benchServer) TakeCreation(string) error  { return nil }
func (benchServer) TakeChatLine(*Client) error { return nil }
func (benchServer) CreateRematch(context.Context, *game.Game) (string, error) {
	return "", nil
}

// benchEnv is what a server with default settings gives its hubs.
func benchEnv() *Env {
	return Env{Server: benchServer{errors: prometheus.NewCounter(prometheus.CounterOpts{Name: "errors"})},
		Settings: Settings{ClaimAfter: time.Minute, ComputerIdle: time.Minute}}.WithDefaults()
}
