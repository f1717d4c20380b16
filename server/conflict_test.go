package server

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/round"
	"github.com/gambitchess/gambit/store"
)

// sneakingStore lets another writer (a node that owned the game before)
// append an event just before the hub's next append, once.
type sneakingStore struct {
	store.Log
	sneak atomic.Pointer[func()]
}

func (s *sneakingStore) Append(ctx context.Context, id string, expect int64, evs []store.Event, sum store.Summary) error {
	if f := s.sneak.Swap(nil); f != nil {
		(*f)()
	}
	return s.Log.Append(ctx, id, expect, evs, sum)
}

// TestConflictRetried: when another writer got to the game first, the
// hub reloads it and runs the player's command again on what is stored:
// a move still legal is kept, not lost, and the players see the other
// writer's change too.
func TestConflictRetried(t *testing.T) {
	inner := openStore(t, t.TempDir())
	st := &sneakingStore{Log: inner}
	s, srv, _ := serve(t, st, nil)
	g := create(t, s.Handler(), `{"mode":"local"}`)
	p := dial(t, srv, g.ID, g.Token)
	p.state("state")
	other := New(Config{Store: inner}) // the other writer, never started
	defer other.Close()
	sneak := func() {
		og, err := other.loadGame(context.Background(), g.ID)
		if err != nil {
			t.Error(err)
			return
		}
		evs, err := og.Offer(chess.White, game.OfferDraw)
		if err != nil {
			t.Error(err)
			return
		}
		if err := other.appendEvents(context.Background(), og, evs); err != nil {
			t.Error(err)
		}
	}
	st.sneak.Store(&sneak)
	p.send(`{"t":"move","d":{"u":"e2e4"}}`)
	got := p.until(func(st round.StateJSON) bool { return st.Ply == 1 })
	if got.V != 2 {
		t.Errorf("after the retried move: v%d, want 2 (the other writer's offer, then the move)", got.V)
	}
	stored, err := inner.Load(context.Background(), g.ID)
	if err != nil || len(stored.Events) != 2 || stored.Events[1].Type != string(game.EventMove) {
		t.Fatalf("stored: %+v, %v; want the offer and the move", stored.Events, err)
	}
}
