package server

import (
	"context"
	"testing"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
)

func gameFrom(t *testing.T, fen string) *game.Game {
	t.Helper()
	g, err := game.New(game.Options{ID: "b", StartFEN: fen})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestGreedyLevel: the web app's first level plays the engine's greedy
// search: the most material at once, mate first.
func TestGreedyLevel(t *testing.T) {
	tests := []struct {
		name, fen, want string
	}{
		{"takes the hanging queen", "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", "d2d5"},
		{"mates rather than grabs", "6k1/5ppp/8/8/8/8/8/Rb2K3 w - - 0 1", "a1a8"},
		{"promotes to a queen", "8/P6k/8/8/8/8/8/K7 w - - 0 1", "a7a8q"},
	}
	greedy, _ := levelFor(game.Chess, "greedy")
	bot := NewEngineBot(3)
	for _, tt := range tests {
		m, err := bot.Move(context.Background(), gameFrom(t, tt.fen), greedy)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if m != tt.want {
			t.Errorf("%s: got %s, want %s", tt.name, m, tt.want)
		}
	}
	if !bot.AcceptsDraw(context.Background(), gameFrom(t, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"), chess.Black) {
		t.Error("a queen down, Black refuses a draw")
	}
	if bot.AcceptsDraw(context.Background(), gameFrom(t, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"), chess.White) {
		t.Error("a queen up, White accepts a draw")
	}
}

func TestPoolRejectsWhenFull(t *testing.T) {
	p := NewPool(1, 1)
	block := make(chan struct{})
	started := make(chan struct{})
	if err := p.Submit(func() { close(started); <-block }); err != nil {
		t.Fatal(err)
	}
	<-started
	if err := p.Submit(func() {}); err != nil { // queued
		t.Fatal(err)
	}
	if err := p.Submit(func() {}); err != ErrBusy {
		t.Errorf("third job: %v, want ErrBusy", err)
	}
	close(block)
	p.Close()
}
