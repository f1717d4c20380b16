package xiangqi

import (
	"errors"
	"testing"
)

func mustGame(t *testing.T, fen string) *Game {
	t.Helper()
	g, err := NewGameFromFEN(fen)
	if err != nil {
		t.Fatalf("NewGameFromFEN(%q): %v", fen, err)
	}
	return g
}

func pushAll(t *testing.T, g *Game, moves ...string) {
	t.Helper()
	for _, m := range moves {
		if _, err := g.PushUCI(m); err != nil {
			t.Fatalf("push %s: %v", m, err)
		}
	}
}

func TestOutcomePositions(t *testing.T) {
	tests := []struct {
		name string
		fen  string
		want Outcome
	}{
		{"start", StartFEN, Outcome{}},
		// Black king e9 has no move: d9 faces the red general, f9 is
		// covered by the horse, e8 by the chariot. Not in check: it loses.
		{"stalemate", "4k4/R8/6N2/9/9/9/9/9/9/3K5 b", win(Stalemate, Red)},
		{"checkmate", "3k5/3R5/3R5/9/9/9/9/9/9/4K4 b", win(Checkmate, Red)},
		{"insufficient", "3aka3/9/4b4/9/9/9/9/4B4/4A4/3AK4 w", draw(InsufficientMaterial)},
		{"soldier is enough", "3aka3/9/4b4/9/4P4/9/9/4B4/4A4/3AK4 w", Outcome{}},
		{"move limit", "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 120 70", draw(MoveLimit)},
		{"below move limit", "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 119 70", Outcome{}},
	}
	for _, tt := range tests {
		g := mustGame(t, tt.fen)
		if got := g.Outcome(); got != tt.want {
			t.Errorf("%s: got %v, want %v", tt.name, got, tt.want)
		}
		// The position alone knows every ending here but the move limit.
		p := g.Position()
		want := tt.want
		if want.Termination == MoveLimit {
			want = Outcome{}
		}
		if got := p.Outcome(); got != want {
			t.Errorf("%s: Position.Outcome() = %v, want %v", tt.name, got, want)
		}
		if p.IsCheckmate() != (want.Termination == Checkmate) || p.IsStalemate() != (want.Termination == Stalemate) {
			t.Errorf("%s: IsCheckmate %v, IsStalemate %v, want %v", tt.name, p.IsCheckmate(), p.IsStalemate(), want)
		}
	}
}

func TestStalemateLoses(t *testing.T) {
	g := mustGame(t, "4k4/R8/6N2/9/9/9/9/9/9/3K5 b")
	o := g.Outcome()
	if o.Result() != "1-0" || o.Termination != Stalemate {
		t.Errorf("got %v, want 1-0 by stalemate", o)
	}
	if p := g.Position(); p.InCheck() {
		t.Error("stalemated side is in check")
	}
}

func TestPerpetualCheck(t *testing.T) {
	g := mustGame(t, "4k4/9/9/9/9/9/9/9/9/R2K5 w")
	// The red chariot checks from a9 and a8 while the black general steps
	// between e9 and e8.
	cycle := []string{"a0a9", "e9e8", "a9a8", "e8e9", "a8a9", "e9e8", "a9a8", "e8e9"}
	for i, m := range cycle {
		pushAll(t, g, m)
		if o := g.Outcome(); o.Over() {
			t.Fatalf("after ply %d (%s): finished early: %v", i+1, m, o)
		}
	}
	pushAll(t, g, "a8a9") // the position after ply 1, a third time: five checks
	if o := g.Outcome(); o != win(PerpetualCheck, Black) || o.Result() != "0-1" {
		t.Errorf("got %v, want 0-1 by perpetual check", o)
	}
	if _, from := g.Ruling(); from != 1 {
		t.Errorf("judged from ply %d, want 1", from)
	}
	// Taking the move back resumes the game.
	if m, ok := g.Pop(); !ok || m.String() != "a8a9" {
		t.Errorf("Pop = %s, %v; want a8a9, true", m, ok)
	}
	if o := g.Outcome(); o.Over() {
		t.Errorf("after Pop: %v, want game on", o)
	}
}

func TestRepetitionDraw(t *testing.T) {
	g := mustGame(t, "4k4/9/9/9/9/9/9/9/9/R2K5 w")
	pushAll(t, g, "a0a1", "e9e8", "a1a0", "e8e9")
	if o := g.Outcome(); o.Over() {
		t.Fatalf("second occurrence: %v, want game on", o)
	}
	pushAll(t, g, "a0a1", "e9e8", "a1a0", "e8e9")
	if o := g.Outcome(); o != draw(Repetition) || o.Result() != "1/2-1/2" {
		t.Errorf("third occurrence: got %v, want draw by repetition", o)
	}
	g.SetRepetitions(0)
	if o := g.Outcome(); o.Over() {
		t.Errorf("repetition draw disabled: got %v", o)
	}
}

func TestJudgeRepetition(t *testing.T) {
	keys := []uint64{1, 2, 3, 4, 1, 2, 3, 4, 1}
	tests := []struct {
		name   string
		checks []bool // checks[i]: position i is check
		want   Outcome
	}{
		{"no checks", []bool{false, false, false, false, false, false, false, false, false}, draw(Repetition)},
		// Moves 1,3,5,7 are Red's; position i is check after move i.
		{"red checks four times", []bool{false, true, false, true, false, true, false, true, false}, win(PerpetualCheck, Black)},
		{"red checks three times", []bool{false, false, false, true, false, true, false, true, false}, draw(Repetition)},
		{"red checks on", []bool{false, true, false, true, false, true, false, true, false, true}, win(PerpetualCheck, Black)},
		{"both check", []bool{false, true, true, true, true, true, true, true, true}, draw(Repetition)},
		{"black checks", []bool{false, false, true, false, true, false, true, false, true}, win(PerpetualCheck, Red)},
	}
	for _, tt := range tests {
		k := keys
		if len(tt.checks) > len(keys) {
			k = append(append([]uint64{}, keys...), 2)
		}
		got := JudgeRepetition(k, tt.checks, Red, 0, 3)
		if got != tt.want {
			t.Errorf("%s: got %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestMoveLimit(t *testing.T) {
	g := mustGame(t, "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 118 60")
	pushAll(t, g, "a0a1")
	if o := g.Outcome(); o.Over() {
		t.Fatalf("119 plies: %v, want game on", o)
	}
	pushAll(t, g, "e9e8")
	if o := g.Outcome(); o != draw(MoveLimit) {
		t.Errorf("120 plies: got %v, want draw by move limit", o)
	}
	g.SetMoveLimit(0)
	if o := g.Outcome(); o.Over() {
		t.Errorf("limit disabled: got %v", o)
	}
	g.SetMoveLimit(61)
	if o := g.Outcome(); o.Over() {
		t.Errorf("limit 61: got %v", o)
	}
	// A capture resets the count.
	g = mustGame(t, "4k4/9/9/9/9/9/9/9/p8/R2K5 w - - 119 60")
	pushAll(t, g, "a0a1")
	if p := g.Position(); p.HalfmoveClock() != 0 {
		t.Errorf("after capture: halfmove %d, want 0", p.HalfmoveClock())
	}
}

func TestGamePushPop(t *testing.T) {
	g := NewGame()
	if _, err := g.PushChinese("炮二平五"); err != nil {
		t.Fatal(err)
	}
	if _, err := g.PushWXF("H8+7"); err != nil {
		t.Fatal(err)
	}
	if _, err := g.PushUCI("h0g2"); err != nil {
		t.Fatal(err)
	}
	if err := g.Push(NewMove(E0, E2)); !errors.Is(err, ErrIllegalMove) {
		t.Errorf("Push(e0e2) = %v, want ErrIllegalMove", err)
	}
	if _, err := g.PushChinese("车1进3"); !errors.Is(err, ErrIllegalMove) {
		t.Errorf("PushChinese = %v, want ErrIllegalMove", err)
	}
	if g.Ply() != 3 || len(g.Keys()) != 4 {
		t.Errorf("ply %d keys %d, want 3 and 4", g.Ply(), len(g.Keys()))
	}
	want := "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2"
	if g.FEN() != want {
		t.Errorf("FEN %s, want %s", g.FEN(), want)
	}
	for g.Ply() > 0 {
		g.Pop()
	}
	if g.FEN() != StartFEN || g.Ply() != 0 {
		t.Errorf("after popping all: %s", g.FEN())
	}
	if n := len(g.LegalMoves()); n != 44 {
		t.Errorf("LegalMoves = %d, want 44", n)
	}
}

// TestGameHistory checks the history accessors: copies the caller may keep
// or change, one more position and key than moves.
func TestGameHistory(t *testing.T) {
	g := NewGame()
	pushAll(t, g, "h2e2", "h9g7", "h0g2")
	moves, positions, keys := g.Moves(), g.Positions(), g.Keys()
	if len(moves) != 3 || len(positions) != 4 || len(keys) != 4 || g.Ply() != 3 {
		t.Fatalf("%d moves, %d positions, %d keys, ply %d; want 3, 4, 4, 3", len(moves), len(positions), len(keys), g.Ply())
	}
	for i := range positions {
		if keys[i] != positions[i].Key() {
			t.Errorf("key %d differs from its position's", i)
		}
	}
	if start := g.StartPosition(); positions[0] != start || g.FEN() != positions[3].FEN() || g.Turn() != Black {
		t.Errorf("start %s, FEN %s, turn %v", start.FEN(), g.FEN(), g.Turn())
	}
	moves[0], positions[0], keys[0] = MoveNone, Position{}, 0
	if g.Moves()[0] == MoveNone || g.Positions()[0] != StartPosition() || g.Keys()[0] == 0 {
		t.Error("changing a returned slice changed the game")
	}
	if m, ok := g.Pop(); !ok || m.String() != "h0g2" || g.Ply() != 2 {
		t.Errorf("Pop = %v, %v; want h0g2, true", m, ok)
	}
	for g.Ply() > 0 {
		g.Pop()
	}
	if m, ok := g.Pop(); ok || m != MoveNone {
		t.Errorf("Pop on an empty game = %v, %v; want MoveNone, false", m, ok)
	}
}

// TestNullMove: the copy-make and in-place null moves agree, keep the
// Zobrist key exact and pass the turn.
func TestNullMove(t *testing.T) {
	p := StartPosition()
	var child Position
	p.MakeNullMove(&child)
	q := p
	q.PlayNull()
	if child != q || q.SideToMove() != Black || q.Key() != q.computeKey() || q.HalfmoveClock() != p.HalfmoveClock() {
		t.Errorf("null move from the start: %s, key ok %v", q.FEN(), q.Key() == q.computeKey())
	}
	q.PlayNull()
	if q.FEN() != "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 2" || q.Key() != p.Key() {
		t.Errorf("two null moves: %s", q.FEN())
	}
	var ml MoveList
	ml.Add(NewMove(H2, E2))
	if ml.Len() != 1 || !ml.Contains(NewMove(H2, E2)) {
		t.Errorf("MoveList.Add: %v", ml.Moves())
	}
}
