package chess

import (
	"errors"
	"testing"
)

// play pushes SAN moves, failing the test on the first error.
func play(t *testing.T, g *Game, moves ...string) {
	t.Helper()
	for _, m := range moves {
		if _, err := g.PushSAN(m); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
}

func gameFrom(t *testing.T, fen string) *Game {
	t.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return NewGameFrom(p)
}

func TestCheckmate(t *testing.T) {
	g := NewGame()
	play(t, g, "f3", "e5", "g4", "Qh4#")
	o := g.Outcome()
	if o.Termination != Checkmate || o.Winner != Black || o.Result() != "0-1" {
		t.Fatalf("fool's mate: %v", o)
	}
	if _, err := g.PushSAN("a3"); !errors.Is(err, ErrIllegalMove) {
		t.Errorf("move after mate: %v", err)
	}
	if err := g.Resign(White); !errors.Is(err, ErrGameOver) {
		t.Errorf("resign after mate: %v", err)
	}
	if g.LegalMoves() != nil {
		t.Errorf("legal moves after mate: %v", g.LegalMoves())
	}
}

func TestStalemate(t *testing.T) {
	g := gameFrom(t, "7k/8/6Q1/8/8/8/8/6K1 w - - 0 1")
	play(t, g, "Qf7")
	if o := g.Outcome(); o.Termination != Stalemate || o.Result() != "1/2-1/2" {
		t.Fatalf("stalemate: %v", o)
	}
}

func TestInsufficientMaterial(t *testing.T) {
	tests := []struct {
		fen  string
		dead bool
	}{
		{"8/8/8/4k3/8/8/8/4K3 w - - 0 1", true},
		{"8/8/8/4k3/8/8/8/3BK3 w - - 0 1", true},
		{"8/8/8/4k3/8/8/8/3NK3 b - - 0 1", true},
		{"8/8/1b6/4k3/8/8/8/2B1K3 w - - 0 1", true},  // b6 and c1: both dark
		{"8/8/2b5/4k3/8/8/8/2B1K3 w - - 0 1", false}, // c6 light, c1 dark
		{"8/8/8/3bk3/8/8/8/4KB2 w - - 0 1", true},    // d5 and f1: both light
		{"8/8/8/4k3/8/8/8/2BBK3 w - - 0 1", false},   // bishops on both colours
		{"8/8/8/4k3/8/8/8/2NNK3 w - - 0 1", false},   // two knights can mate with help
		{"8/8/8/4k3/8/8/8/3NK1n1 w - - 0 1", false},  // knight against knight
		{"8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", false},   // a pawn
		{"8/8/8/4k3/8/8/8/3RK3 w - - 0 1", false},    // a rook
	}
	for _, tt := range tests {
		p, err := ParseFEN(tt.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.IsInsufficientMaterial(); got != tt.dead {
			t.Errorf("IsInsufficientMaterial(%s) = %v, want %v", tt.fen, got, tt.dead)
		}
	}
	// The automatic ending: capturing the last pawn leaves K+B v K.
	g := gameFrom(t, "8/8/8/4k3/3p4/4B3/8/4K3 w - - 0 1")
	play(t, g, "Bxd4+")
	if o := g.Outcome(); o.Termination != InsufficientMaterial || !o.Draw {
		t.Fatalf("after Bxd4: %v", o)
	}
}

func TestSeventyFiveMoves(t *testing.T) {
	g := gameFrom(t, "8/8/8/4k3/8/8/8/R3K3 w - - 149 100")
	play(t, g, "Ra2")
	if o := g.Outcome(); o.Termination != SeventyFiveMoves || !o.Draw {
		t.Fatalf("75 moves: %v", o)
	}
	// Checkmate on the 150th ply takes precedence.
	g = gameFrom(t, "7k/R7/6K1/8/8/8/8/8 w - - 149 100")
	play(t, g, "Ra8#")
	if o := g.Outcome(); o.Termination != Checkmate {
		t.Fatalf("mate on the 75th move: %v", o)
	}
}

func TestFiftyMoveClaim(t *testing.T) {
	g := gameFrom(t, "8/8/8/4k3/8/8/8/R3K3 w - - 98 60")
	if g.CanClaimDraw() {
		t.Fatal("claim allowed at 98 plies")
	}
	play(t, g, "Ra2")
	// At 99 plies a claim is allowed by announcing a quiet move.
	if !g.CanClaimDraw() {
		t.Fatal("claim refused at 99 plies with a quiet move available")
	}
	play(t, g, "Kd5")
	if !g.CanClaimDraw() || g.Outcome().Over() {
		t.Fatal("claim at 100 plies")
	}
	if err := g.ClaimDraw(); err != nil {
		t.Fatal(err)
	}
	if o := g.Outcome(); o.Termination != FiftyMoves || o.Result() != "1/2-1/2" {
		t.Fatalf("claimed: %v", o)
	}
	if _, ok := g.Pop(); !ok || g.Outcome().Over() {
		t.Fatal("Pop must undo the move and the claim")
	}
}

func TestThreefoldRepetition(t *testing.T) {
	// The start position occurs for the third time after different move orders.
	orders := [][]string{
		{"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"},
		{"Nf3", "Nc6", "Nc3", "Nf6", "Nb1", "Nb8", "Ng1", "Ng8", "Nc3", "Nc6", "Nf3", "Nf6", "Ng1", "Nb8", "Nb1", "Ng8"},
	}
	for _, moves := range orders {
		g := NewGame()
		play(t, g, moves...)
		if n := g.RepetitionCount(); n != 3 {
			t.Fatalf("%v: repetition count %d, want 3", moves, n)
		}
		if g.Outcome().Over() {
			t.Fatalf("threefold must not end the game by itself")
		}
		if err := g.ClaimDraw(); err != nil {
			t.Fatal(err)
		}
		if o := g.Outcome(); o.Termination != ThreefoldRepetition {
			t.Fatalf("claimed: %v", o)
		}
	}
	// A claim may be made by announcing the move that repeats.
	g := NewGame()
	play(t, g, "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1")
	if g.RepetitionCount() != 2 || !g.CanClaimDraw() {
		t.Fatalf("claim by announcing Ng8: count %d, can %v", g.RepetitionCount(), g.CanClaimDraw())
	}
}

func TestRepetitionRespectsEnPassantAndCastling(t *testing.T) {
	// After 1.e4 d5 2.e5 f5 the e.p. capture exf6 is possible; when the
	// placement recurs later it is not, so it is a different position.
	g := NewGame()
	play(t, g, "e4", "Nf6", "e5", "d5", "Nf3", "Nc6", "Ng1", "Nb8", "Nf3", "Nc6", "Ng1", "Nb8")
	if n := g.RepetitionCount(); n != 2 {
		t.Errorf("with an e.p. right in the first occurrence: count %d, want 2", n)
	}
	// Losing castling rights makes the position different.
	g = gameFrom(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	play(t, g, "Kf1", "Kf8", "Ke1", "Ke8", "Kf1", "Kf8", "Ke1", "Ke8")
	if n := g.RepetitionCount(); n != 2 {
		t.Errorf("after losing castling rights: count %d, want 2", n)
	}
}

func TestFivefoldRepetition(t *testing.T) {
	g := NewGame()
	for i := 0; i < 4; i++ {
		play(t, g, "Nf3", "Nf6", "Ng1", "Ng8")
	}
	if o := g.Outcome(); o.Termination != FivefoldRepetition || !o.Draw {
		t.Fatalf("fivefold: %v (count %d)", o, g.RepetitionCount())
	}
	if _, err := g.PushSAN("e4"); !errors.Is(err, ErrGameOver) {
		t.Errorf("move after fivefold: %v", err)
	}
}

func TestDeclaredEndings(t *testing.T) {
	g := NewGame()
	if err := g.Resign(White); err != nil {
		t.Fatal(err)
	}
	if o := g.Outcome(); o.Termination != Resignation || o.Result() != "0-1" {
		t.Errorf("resign: %v", o)
	}
	g = NewGame()
	if err := g.AgreeDraw(); err != nil || g.Outcome().Termination != DrawAgreement || g.Outcome().Result() != "1/2-1/2" {
		t.Errorf("agreement: %v %v", err, g.Outcome())
	}
	if err := g.ClaimDraw(); err == nil {
		t.Error("claim after the game ended")
	}
	g = NewGame()
	if err := g.Timeout(Black); err != nil || g.Outcome().Result() != "1-0" || g.Outcome().Termination != Timeout {
		t.Errorf("timeout: %v %v", err, g.Outcome())
	}
	// FIDE 6.9: the flag falls, but the opponent has only a king and a knight.
	g = gameFrom(t, "8/8/8/4k3/8/8/8/3NK2q w - - 0 1")
	if err := g.Timeout(Black); err != nil || !g.Outcome().Draw {
		t.Errorf("timeout against K+N: %v", g.Outcome())
	}
	// ...while a lone knight can still mate a king hemmed in by its own pieces.
	g = gameFrom(t, "8/8/8/4k3/4r3/8/8/3NK3 w - - 0 1")
	if err := g.Timeout(Black); err != nil || g.Outcome().Draw || g.Outcome().Winner != White {
		t.Errorf("timeout against K+N with a black rook: %v", g.Outcome())
	}
}

func TestPushRejectsIllegal(t *testing.T) {
	g := NewGame()
	if err := g.Push(NewMove(E2, E5)); !errors.Is(err, ErrIllegalMove) {
		t.Errorf("e2e5: %v", err)
	}
	if err := g.Push(NewMove(E7, E5)); !errors.Is(err, ErrIllegalMove) {
		t.Errorf("black move with White to play: %v", err)
	}
	if g.Ply() != 0 {
		t.Errorf("ply %d after rejected moves", g.Ply())
	}
	if err := g.Push(MoveNull); err != nil {
		t.Errorf("null move: %v", err)
	}
	if got := g.Turn(); got != Black {
		t.Errorf("side after null move: %v", got)
	}
	play(t, g, "e5", "Nf3", "Nc6")
	if got := g.SANMoves(); len(got) != 4 || got[0] != "--" || got[3] != "Nc6" {
		t.Errorf("SAN moves %v", got)
	}
}

// TestGameHistory checks the history accessors: copies the caller may keep
// or change, one more position and key than moves.
func TestGameHistory(t *testing.T) {
	g := NewGame()
	play(t, g, "e4", "e5", "Nf3")
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
	if m, ok := g.Pop(); !ok || m.String() != "g1f3" || g.Ply() != 2 {
		t.Errorf("Pop = %v, %v; want g1f3, true", m, ok)
	}
	for g.Ply() > 0 {
		g.Pop()
	}
	if m, ok := g.Pop(); ok || m != MoveNone {
		t.Errorf("Pop on an empty game = %v, %v; want MoveNone, false", m, ok)
	}
}

// TestMakeNullMove: the copy-make null move is PlayNull on a copy.
func TestMakeNullMove(t *testing.T) {
	p, err := ParseFEN("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3")
	if err != nil {
		t.Fatal(err)
	}
	var child Position
	p.MakeNullMove(&child)
	q := p
	q.PlayNull()
	if child != q || child.SideToMove() != White || child.EnPassant() != NoSquare || child.Key() != child.computeKey() {
		t.Errorf("MakeNullMove gave %s, PlayNull %s", child.FEN(), q.FEN())
	}
}
