package banqigame

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/variant/banqi"
)

func newGame(t *testing.T, setup string) *game.Game {
	t.Helper()
	g, err := game.New(game.Options{ID: "b", Mode: game.ModeLocal, Variant: Banqi, Setup: setup,
		Seats: [2]game.Seat{{Kind: game.SeatHuman}, {Kind: game.SeatHuman}}})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func move(t *testing.T, g *game.Game, moves ...string) {
	t.Helper()
	for _, m := range moves {
		if _, err := g.Move(g.Turn(), m); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
}

// TestEveryoneSeesTheSame: both seats and a spectator get the same sight,
// the public board with the seed's commitment and not the seed; the start
// offers the 32 flips, each a square to itself.
func TestEveryoneSeesTheSame(t *testing.T) {
	g := newGame(t, "")
	move(t, g, "c2c2", "d3d3")
	spectator := g.Sight(game.Spectator, true)
	for _, v := range []game.Viewer{game.SeatViewer(chess.White), game.SeatViewer(chess.Black), {Seats: [2]bool{true, true}}} {
		if s := g.Sight(v, true); !reflect.DeepEqual(s, spectator) {
			t.Errorf("viewer %+v sees\n%+v\nthe spectator\n%+v", v, s, spectator)
		}
	}
	if board := strings.Fields(spectator.FEN)[0]; strings.Count(board, "x") != 30 || board[12] == 'x' || board[20] == 'x' {
		t.Errorf("the board: %s", spectator.FEN)
	}
	if spectator.Fair == nil || spectator.Fair.Seed != "" || spectator.Fair.Commitment == "" {
		t.Errorf("fairness %+v", spectator.Fair)
	}
	start := newGame(t, "")
	dests := start.DestsFor(game.Viewer{Seats: [2]bool{true, true}})
	if len(dests) != 32 || !reflect.DeepEqual(dests["c2"], []string{"c2"}) {
		t.Errorf("the start's dests: %v", dests)
	}
}

// TestFlipStep: a flip's step has the coordinate text of the square twice,
// its SAN says what it turned up, and its extension is {"reveal": "K"}
// with the letter of the piece, whose colour the FEN's third field gives
// the first player.
func TestFlipStep(t *testing.T) {
	g := newGame(t, "")
	evs, err := g.Move(chess.White, "c2c2")
	if err != nil {
		t.Fatal(err)
	}
	var st game.Step
	for _, e := range evs {
		if e.Step != nil {
			st = *e.Step
		}
	}
	turned, ok := game.ExtAs[Turned](st.Ext)
	if !ok || len(turned.Reveal) != 1 || st.UCI != "c2c2" || st.SAN != "c2="+turned.Reveal || st.Color != game.SideOf(chess.White) {
		t.Fatalf("the flip's step: %+v", st)
	}
	raw, err := json.Marshal(st.Ext)
	if err != nil || string(raw) != `{"reveal":"`+turned.Reveal+`"}` {
		t.Errorf("the extension's JSON: %s, %v", raw, err)
	}
	colour := "r"
	if turned.Reveal[0] >= 'a' {
		colour = "b"
	}
	if fields := strings.Fields(st.FEN); fields[1] != "b" || fields[2] != colour {
		t.Errorf("after %s the FEN is %s: want the second player to move and the first playing %s", st.SAN, st.FEN, colour)
	}
	if _, err := g.Move(chess.Black, "c2c3"); err == nil {
		t.Error("the second player moved the first player's piece")
	}
	// A move in SAN is refused whatever it claims: a flip refused for
	// naming the wrong piece would tell what the piece is not.
	for _, text := range []string{"d3=K", "d3=k", "d3=P", "d3=p"} {
		if _, err := g.Move(chess.Black, text); !errors.Is(err, game.ErrInvalidMove) {
			t.Errorf("Move(%q) = %v, want ErrInvalidMove", text, err)
		}
	}
}

// TestComputerPlaysFromItsSight: the computer, given a seat's sight,
// plays a legal move at each level, from the start and after flips.
func TestComputerPlaysFromItsSight(t *testing.T) {
	spec, err := game.Lookup(Banqi)
	if err != nil {
		t.Fatal(err)
	}
	g := newGame(t, "")
	for i := 0; i < 6; i++ {
		c := g.Turn()
		level := spec.Computer.Levels[i%2]
		m, err := spec.Computer.Play(t.Context(), g.Sight(game.SeatViewer(c), false), c, level)
		if err != nil {
			t.Fatalf("ply %d, %s: %v", i, level.Name, err)
		}
		if _, err := g.Move(c, m); err != nil {
			t.Fatalf("ply %d: the computer's %s: %v", i, m, err)
		}
	}
	if _, err := spec.Computer.Play(t.Context(), g.Sight(game.Spectator, false), g.Turn().Other(), spec.Computer.Levels[0]); err == nil {
		t.Error("the computer played out of turn")
	}
}

// TestPGNOnceOverVerifies: the PGN of a finished game carries the seed and
// the layout, and the registered verifier accepts it; while the game is
// played the seed stays out. A tampered flip fails.
func TestPGNOnceOverVerifies(t *testing.T) {
	g := newGame(t, "")
	move(t, g, "a1a1", "h4h4", "b1b1")
	pgn, _ := g.View(game.Spectator).PGN()
	if strings.Contains(pgn, "[Seed ") || strings.Contains(pgn, "[Layout ") || !strings.Contains(pgn, "[SeedHash ") || !strings.Contains(pgn, `[Variant "Banqi"]`) {
		t.Fatalf("PGN in play:\n%s", pgn)
	}
	if _, err := g.Resign(chess.Black); err != nil {
		t.Fatal(err)
	}
	pgn, _ = g.View(game.Spectator).PGN()
	spec, _ := game.Lookup(Banqi)
	summary, err := spec.Verify.Run(strings.NewReader(pgn))
	if err != nil || !strings.Contains(summary, "3 moves, 3 flips") {
		t.Errorf("verify: %q, %v\n%s", summary, err, pgn)
	}
	s := g.Sight(game.Spectator, false)
	seen, _ := game.ExtAs[Seen](s.Ext)
	if s.Fair.Seed == "" || len(seen.Layout) != 35 || strings.Contains(seen.Layout, "x") {
		t.Errorf("once over: seed %q, layout %q", s.Fair.Seed, seen.Layout)
	}
	i := strings.Index(pgn, "1. a1=") + len("1. a1=")
	other := "K"
	if pgn[i] == 'K' {
		other = "k"
	}
	tampered := pgn[:i] + other + pgn[i+1:]
	if _, err := spec.Verify.Run(strings.NewReader(tampered)); err == nil {
		t.Errorf("a tampered flip verified:\n%s", tampered)
	}
}

// TestSetup: a pasted FEN starts the game, its face-down pieces dealt
// from the seed; a bad one is refused naming the field.
func TestSetup(t *testing.T) {
	g := newGame(t, "Kxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxk w r 0 1")
	if g.View(game.Spectator).FEN() != "Kxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxk w r 0 1" {
		t.Errorf("set up %s", g.View(game.Spectator).FEN())
	}
	_, err := game.New(game.Options{ID: "b", Mode: game.ModeLocal, Variant: Banqi, Setup: "8/8/8/KK6 w r",
		Seats: [2]game.Seat{{Kind: game.SeatHuman}, {Kind: game.SeatHuman}}})
	if err == nil || !strings.Contains(err.Error(), "field 1") {
		t.Errorf("New = %v; want the two generals refused", err)
	}
}

// TestTreeAndEndings: the command line's tree counts the public start; a
// game that ends on the board ends with banqi's termination and status.
func TestTreeAndEndings(t *testing.T) {
	spec, _ := game.Lookup(Banqi)
	ms, err := spec.Tree.Moves("", game.MoveOptions{})
	if err != nil || len(ms) != 32 || ms[0] != "a1a1" {
		t.Errorf("Moves = %v, %v", ms, err)
	}
	div, total, err := spec.Tree.Perft("", 2)
	if err != nil || total != 13888 || len(div) != 32 || div[0].Nodes != 14*31 {
		t.Errorf("Perft(2) = %d in %d moves (%v), %v", total, len(div), div[:1], err)
	}
	g := newGame(t, "8/8/8/Kr6 w r 0 1")
	move(t, g, "a1b1")
	o := g.Outcome()
	if o.Termination != banqi.NoPieces.String() || o.Winner != chess.White || g.Status() != game.Mate || g.Result() != "1-0" {
		t.Errorf("the last black piece taken: %+v, status %v, result %s", o, g.Status(), g.Result())
	}
}

// TestRecurringPositions: the computer is told the positions since the
// last flip or capture, which its moves could repeat.
func TestRecurringPositions(t *testing.T) {
	g := newGame(t, "8/8/8/Kc5k w r 0 1")
	move(t, g, "a1b1", "h1h2", "b1a1", "h2h1")
	s := g.Sight(game.SeatViewer(chess.White), true)
	p, _ := banqi.ParseFEN(s.FEN)
	keys := recurring(s, p.HalfmoveClock())
	want := []string{s.Moves[0].FEN, s.Moves[1].FEN, s.Moves[2].FEN} // from the capture on, the current one aside
	if len(keys) != len(want) {
		t.Fatalf("%d positions, want %d", len(keys), len(want))
	}
	for i, fen := range want {
		q, _ := banqi.ParseFEN(fen)
		if keys[i] != q.Key() {
			t.Errorf("position %d: key %x, want %s's", i, keys[i], fen)
		}
	}
	if recurring(game.Sight{FEN: s.FEN}, 5) != nil {
		t.Error("a sight without its moves gave positions")
	}
}

// TestSetupHoldsEveryPiece: a set position whose face-down squares are
// fewer than the pieces not face up is refused. The seed would deal some of
// those pieces and not others, and the game, which reads the pieces dealt,
// would end or move differently by which: from the same public position
// one seed's game was over ("no pieces left") and another's went on.
func TestSetupHoldsEveryPiece(t *testing.T) {
	spec, err := game.Lookup(Banqi)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		fen string
		ok  bool
	}{
		{"K7/8/8/7x b r 0 1", false},
		{"xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxx1 w - 0 1", false},
		{"K7/8/8/7k w r 0 1", true}, // an ending: nothing face down, nothing dealt
		{"xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx w - 0 1", true},
		{"Kxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx b r 0 2", true},
	} {
		_, _, err := spec.Setup(tt.fen)
		if (err == nil) != tt.ok || err != nil && !errors.Is(err, game.ErrBadSetup) {
			t.Errorf("Setup(%q) = %v, want ok %v", tt.fen, err, tt.ok)
		}
	}
}
