package round

import (
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/wire"
)

// TestBerserkMessage: a seat's {"t":"berserk"} makes its side go berserk,
// a spectator's is refused; every viewer's state shows who went berserk,
// and berserkable only to a seat that may still.
func TestBerserkMessage(t *testing.T) {
	g, err := game.New(game.Options{ID: "arena1", Mode: game.ModeOnline, Berserkable: true,
		Clock: game.ClockConfig{Initial: 3 * time.Minute, Increment: 2 * time.Second},
		Seats: [2]game.Seat{{Kind: game.SeatHuman, Player: "ann"}, {Kind: game.SeatHuman, Player: "bob"}}, Now: time.Now})
	if err != nil {
		t.Fatal(err)
	}
	h := &Hub{g: g}
	msg, err := ParseClientMsg([]byte(`{"t":"berserk"}`))
	if err != nil {
		t.Fatal(err)
	}
	white, black := game.SeatViewer(chess.White), game.SeatViewer(chess.Black)
	if _, err := h.command(g, game.Spectator, msg); !errors.Is(err, wire.ErrSpectator) {
		t.Fatalf("a spectator's berserk: %v", err)
	}
	evs, err := h.command(g, black, msg) // black may go berserk while white is to move
	if err != nil || len(evs) != 1 || evs[0].Type != game.EventBerserk || evs[0].Color != chess.Black {
		t.Fatalf("black's berserk: %+v, %v", evs, err)
	}
	if _, err := h.command(g, black, msg); !errors.Is(err, game.ErrCannotBerserk) {
		t.Fatalf("black's second berserk: %v", err)
	}
	var p published
	h.encodeForViewers(&p, evs[0], "state", true)
	want := map[game.Viewer]bool{game.Spectator: false, white: true, black: false}
	for v, berserkable := range want {
		var env struct {
			D StateJSON `json:"d"`
		}
		if err := json.Unmarshal(p.msgs[viewerIndex(v)], &env); err != nil {
			t.Fatal(err)
		}
		if env.D.Berserkable != berserkable || env.D.Berserk != [2]bool{false, true} {
			t.Errorf("viewer %v: berserkable %v berserk %v, want %v [false true]", v, env.D.Berserkable, env.D.Berserk, berserkable)
		}
		if s := Snapshot(g, v); s.Berserkable != berserkable || s.Berserk != [2]bool{false, true} {
			t.Errorf("viewer %v's snapshot: berserkable %v berserk %v", v, s.Berserkable, s.Berserk)
		}
	}
	if k := g.Clock(); k.Remaining(chess.Black) != 90*time.Second || k.Remaining(chess.White) != 3*time.Minute {
		t.Errorf("clocks white %v black %v after black's berserk", k.Remaining(chess.White), k.Remaining(chess.Black))
	}
}
