package reviews

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/review"
	"github.com/gambitchess/gambit/server/guards"
	"github.com/gambitchess/gambit/server/sched"
	"github.com/gambitchess/gambit/server/servertest"
	"github.com/gambitchess/gambit/store"
	"github.com/gambitchess/gambit/uci"
)

// mateGame is 1.f3 e5 2.g4 Qh4#.
func mateGame(t *testing.T) *review.Game {
	return servertest.ReviewGame(t, "chess", "f2f3 e7e5 g2g4 d8h4")
}

// gated is an evaluator that waits for its gate to open before each
// position.
type gated struct {
	review.Evaluator
	gate <-chan struct{}
}

func (g gated) Evaluate(ctx context.Context, game *review.Game, ply int, budget review.Budget, multiPV int) ([]review.Line, error) {
	select {
	case <-g.gate:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	return g.Evaluator.Evaluate(ctx, game, ply, budget, multiPV)
}

// wait polls game id's review until it leaves the queue.
func wait(t *testing.T, rs *Reviews, id string) Status {
	t.Helper()
	for range 1000 {
		st, err := rs.Get(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		if st.State != StateQueued && st.State != StateRunning {
			return st
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("the review did not end")
	return Status{}
}

// TestReviewsInMemory: without a store a review is kept here; asking
// again returns it; an engine that cannot start fails the review, and
// asking again starts afresh; an address runs so many at once.
func TestReviewsInMemory(t *testing.T) {
	s := sched.New(sched.Config{Workers: 1})
	defer s.Close()
	broken := true
	gate := make(chan struct{}) // holds the second review of g1 running until the limit is seen
	rs := New(Config{Sched: s, Budget: review.Budget{Nodes: 3000}, PerClient: 1, Evaluator: func(*review.Game) review.Evaluator {
		if broken {
			return review.NewUCI(uci.ClientConfig{Path: "/nonexistent/engine"})
		}
		return gated{review.NewBuiltin(), gate}
	}})
	defer rs.Close()
	ctx := context.Background()
	if st, _ := rs.Get(ctx, "g1"); st.State != StateNone || st.Review != nil {
		t.Errorf("before: %+v", st)
	}
	if _, err := rs.Review(ctx, "g1"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Review before: %v", err)
	}
	st, started, err := rs.Start(ctx, "g1", "a", mateGame(t))
	if err != nil || !started || st.State != StateQueued || st.Total != 5 {
		t.Fatalf("Start: %+v %v %v", st, started, err)
	}
	if st := wait(t, rs, "g1"); st.State != StateFailed {
		t.Fatalf("with a broken engine: %+v", st)
	}
	broken = false
	if _, started, err := rs.Start(ctx, "g1", "a", mateGame(t)); err != nil || !started {
		t.Fatalf("Start after a failure: %v %v", started, err)
	}
	_, _, err = rs.Start(ctx, "g2", "a", mateGame(t))
	if _, ok := guards.RetryAfter(err); !ok {
		t.Errorf("a second review from the address while its first runs: %v, want a rate limit", err)
	}
	close(gate)
	done := wait(t, rs, "g1")
	if done.State != StateDone || done.Done != 5 || !strings.Contains(string(done.Review), `"san":"Qh4#"`) {
		t.Fatalf("done: %+v %s", done, done.Review)
	}
	r, err := rs.Review(ctx, "g1")
	if err != nil || len(r.Moves) != 4 || r.Moves[3].After != -review.MateCP {
		t.Errorf("Review: %+v %v", r, err)
	}
	if st, started, err := rs.Start(ctx, "g1", "b", mateGame(t)); err != nil || started || st.State != StateDone {
		t.Errorf("Start of a done review: %+v %v %v", st, started, err)
	}
}
