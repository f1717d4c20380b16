package game

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/chess"
)

// TestNullMoveRefusedUnlessARule: "0000" (UCI's null move, a pass) is
// refused by the command in every variant but dice chess, where passing is
// a rule; the hostile probe found chess and Chess960 playing it as "--".
func TestNullMoveRefusedUnlessARule(t *testing.T) {
	for _, v := range Variants() { // the built-in ones here; variant/all checks every registered variant
		t.Run(string(v), func(t *testing.T) {
			g, err := New(Options{ID: "n", Mode: ModeLocal, Variant: v, Seats: [2]Seat{{Kind: SeatHuman}, {Kind: SeatHuman}}, Now: time.Now})
			if err != nil {
				t.Fatal(err)
			}
			_, err = g.Move(g.Turn(), NullMove)
			spec, _ := Lookup(v)
			if spec.Pass {
				if err != nil && strings.Contains(err.Error(), "passing is not a move") {
					t.Fatalf("%s has passing as a rule, but the command refused it: %v", v, err)
				}
				return
			}
			if !errors.Is(err, ErrIllegalMove) || !strings.Contains(err.Error(), NullMove) {
				t.Fatalf("Move(%q) = %v, want ErrIllegalMove naming the move", NullMove, err)
			}
			if g.Ply() != 0 || g.Version() != 0 {
				t.Errorf("the refused pass changed the game: ply %d, version %d", g.Ply(), g.Version())
			}
		})
	}
}

// TestPastedPGNWithNullMoveRefused: a pasted PGN with a null move ("--",
// "Z0") is no game of chess; the error names the move.
func TestPastedPGNWithNullMoveRefused(t *testing.T) {
	tests := []struct{ pgn, where string }{
		{"1. -- -- 2. -- -- *", "move 1. --"},
		{"1. e4 -- 2. d4 *", "move 1... --"},
		{"1. e4 e5 2. Z0 *", "move 2. --"},
		{"[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 b - - 0 40\"]\n\n40... Kd7 41. Kd2 -- *", "move 41... --"},
	}
	for _, tt := range tests {
		for _, v := range []Variant{Chess, Chess960} {
			spec, _ := Lookup(v)
			_, _, err := spec.Setup(tt.pgn)
			if !errors.Is(err, ErrBadSetup) || !strings.Contains(err.Error(), tt.where) {
				t.Errorf("%s Setup(%q) = %v, want ErrBadSetup naming %q", v, tt.pgn, err, tt.where)
			}
		}
	}
	if _, moves, err := mustSpec(t, Chess).Setup("1. e4 e5 *"); err != nil || len(moves) != 2 {
		t.Errorf("a PGN without a null move: %v, %v", moves, err)
	}
}

// TestStoredNullMoveStillLoads: a chess game stored with a pass before
// passes were refused loads as it was; nothing already stored is lost.
func TestStoredNullMoveStillLoads(t *testing.T) {
	g := newLocal(t, ClockConfig{})
	play(t, g, "e2e4")
	if _, err := g.emit(Event{Type: EventMove, Color: chess.Black, Move: NullMove}); err != nil {
		t.Fatal(err) // the event as an old server stored it
	}
	header, err := json.Marshal(Record{Header: g.Header()})
	if err != nil {
		t.Fatal(err)
	}
	events := []Event{{V: 1, Type: EventMove, Color: chess.White, Move: "e2e4"}, {V: 2, Type: EventMove, Color: chess.Black, Move: NullMove}}
	loaded, err := Load(header, events, time.Now)
	if err != nil {
		t.Fatalf("a stored pass no longer loads: %v", err)
	}
	if loaded.fen() != g.fen() || loaded.Ply() != 2 {
		t.Errorf("loaded %s at ply %d, want %s at ply 2", loaded.fen(), loaded.Ply(), g.fen())
	}
}
