package server

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/computer"
)

// TestViewsPerViewer: the seat to move gets the legal destinations, a
// spectator sees the same moves without them, and anything a spectator
// sends is refused without changing the game.
func TestViewsPerViewer(t *testing.T) {
	s, srv, _ := serve(t, openStore(t, t.TempDir()), nil)
	g := create(t, s.Handler(), `{"mode":"computer","color":"white","level":"greedy"}`)
	player := dial(t, srv, g.ID, g.Token)
	watcher := dial(t, srv, g.ID, "")
	if st := player.state("state"); len(st.Dests) == 0 {
		t.Fatal("the player to move got no destinations")
	}
	if st := watcher.state("state"); len(st.Dests) != 0 || st.CanClaim {
		t.Fatalf("a spectator got destinations %v", st.Dests)
	}
	for _, msg := range []string{`{"t":"move","d":{"u":"e2e4"}}`, `{"t":"resign"}`, `{"t":"abort"}`, `{"t":"draw-offer"}`,
		`{"t":"takeback"}`, `{"t":"draw-claim"}`, `{"t":"takeback-offer"}`} {
		watcher.send(msg)
		watcher.wantError("not_your_seat")
	}
	player.send(`{"t":"move","d":{"u":"e2e4"}}`)
	if m := player.state("move"); m.Last.UCI != "e2e4" || len(m.Dests) != 0 {
		t.Fatalf("player after its move: %+v (the computer is to move: no dests)", m)
	}
	if m := watcher.state("move"); m.V != 1 || m.Last.UCI != "e2e4" || len(m.Dests) != 0 {
		t.Fatalf("spectator sees %+v", m)
	}
	reply := player.state("move") // the computer's
	if reply.V != 2 || len(reply.Dests) == 0 {
		t.Fatalf("after the computer's reply the player has dests %v (v%d)", reply.Dests, reply.V)
	}
}

// TestSecondWriterCannotOverwrite: two servers over one database both hold
// the same game; the second to write gets a conflict, reloads, runs its
// player's command again on the stored game (here no longer legal: it is
// Black's turn), and the stored game is the first writer's.
func TestSecondWriterCannotOverwrite(t *testing.T) {
	dir := t.TempDir()
	a, srvA, _ := serve(t, openStore(t, dir), nil)
	b, srvB, _ := serve(t, openStore(t, dir), nil)
	g := create(t, a.Handler(), `{"mode":"local"}`)
	pa := dial(t, srvA, g.ID, g.Token)
	pb := dial(t, srvB, g.ID, g.Token)
	pa.state("state")
	pb.state("state")
	pa.send(`{"t":"move","d":{"u":"e2e4"}}`)
	pa.state("move")
	pb.send(`{"t":"move","d":{"u":"d2d4"}}`) // b's game is still at version 0
	// b reloads and sends every client the stored game, unasked, then
	// refuses the move, judged again on it.
	if st := pb.state("state"); st.V != 1 || st.Ply != 1 || st.Turn != "black" {
		t.Fatalf("b after the conflict: v%d ply %d %s to move; want a's move reloaded", st.V, st.Ply, st.Turn)
	}
	pb.wantError("illegal_move")
	loaded, err := b.loadGame(context.Background(), g.ID)
	if err != nil || loaded.Version() != 1 || loaded.View(game.Spectator).FEN() != "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" {
		t.Fatalf("stored game: %v, %v", loaded, err)
	}
}

// panickyBot fails the way a bug would.
type panickyBot struct{}

func (panickyBot) Move(context.Context, *game.Game, computer.Level) (string, error) { panic("bug") }
func (panickyBot) AcceptsDraw(context.Context, *game.Game, chess.Color) bool {
	return false
}

// TestBotPanicIsAnError: a bot that panics in its worker neither takes the
// server down nor moves; the game waits and the server goes on serving.
func TestBotPanicIsAnError(t *testing.T) {
	s, srv, _ := serve(t, openStore(t, t.TempDir()), panickyBot{})
	g := create(t, s.Handler(), `{"mode":"computer","color":"black","level":"greedy"}`)
	p := dial(t, srv, g.ID, g.Token)
	p.state("state")
	time.Sleep(200 * time.Millisecond)
	h := create(t, s.Handler(), `{"mode":"local"}`)
	q := dial(t, srv, h.ID, h.Token)
	q.state("state")
	q.send(`{"t":"move","d":{"u":"e2e4"}}`)
	if m := q.state("move"); m.V != 1 {
		t.Fatalf("server after a bot panic: %+v", m)
	}
	if _, err := computer.LevelFor("fairy", "greedy"); !errors.Is(err, game.ErrBadSetup) {
		t.Errorf("levels of an unknown variant: %v", err)
	}
}
