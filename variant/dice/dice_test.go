package dice

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/variant/fair"
)

func mustFEN(t testing.TB, fen string) chess.Position {
	t.Helper()
	p, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// testSeed returns the i-th of a fixed family of seeds.
func testSeed(i int) fair.Seed {
	var s fair.Seed
	s[0], s[1] = byte(i), byte(i>>8)
	return s
}

// seedFor returns a seed whose first roll from start satisfies ok.
func seedFor(t testing.TB, start chess.Position, ok func([3]chess.PieceType) bool) fair.Seed {
	t.Helper()
	for i := range 5000 {
		if ok(NewGame(start, testSeed(i)).Rolled()) {
			return testSeed(i)
		}
	}
	t.Fatal("no seed gives the roll wanted")
	return fair.Seed{}
}

func has(pt chess.PieceType) func([3]chess.PieceType) bool {
	return func(r [3]chess.PieceType) bool { return slices.Contains(r[:], pt) }
}

func push(t testing.TB, g *Game, uci string) {
	t.Helper()
	if err := g.PushUCI(uci); err != nil {
		t.Fatalf("%s: %v", uci, err)
	}
}

func TestRollFollowsLabels(t *testing.T) {
	seed := testSeed(42)
	g := NewGame(chess.StartPosition(), seed)
	for turn := 1; turn <= 6; turn++ {
		pos := g.Position()
		types := MovableTypes(&pos)
		var want [3]chess.PieceType
		for k := 1; k <= 3; k++ {
			want[k-1] = types[seed.Intn(fmt.Sprintf("dice %d %d", turn, k), len(types))]
		}
		if g.TurnNumber() != turn || g.Rolled() != want {
			t.Fatalf("turn %d (game at %d): rolled %v, want %v", turn, g.TurnNumber(), g.Rolled(), want)
		}
		if err := g.Push(g.Legal()[0]); err != nil {
			t.Fatal(err)
		}
		if g.TurnNumber() == turn {
			push(t, g, "0000")
		}
	}
}

func TestMovableTypes(t *testing.T) {
	tests := []struct {
		name, fen string
		want      []chess.PieceType
	}{
		{"start", chess.StartFEN, []chess.PieceType{chess.Pawn, chess.Knight}},
		// in check from the rook: the bishop can block on e6, the king can
		// step aside; the pawn and the knight cannot help
		{"in check", "2b1k3/p7/8/8/8/8/4R3/4K2n b - - 0 1", []chess.PieceType{chess.Bishop, chess.King}},
		{"mated", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", nil},
	}
	for _, tt := range tests {
		p := mustFEN(t, tt.fen)
		if got := MovableTypes(&p); !slices.Equal(got, tt.want) {
			t.Errorf("%s: got %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestDiceInCheckAnswerIt(t *testing.T) {
	start := mustFEN(t, "2b1k3/p7/8/8/8/8/4R3/4K2n b - - 0 1")
	for i := range 200 {
		g := NewGame(start, testSeed(i))
		for _, d := range g.Rolled() {
			if d != chess.Bishop && d != chess.King {
				t.Fatalf("seed %d: rolled %v in check", i, g.Rolled())
			}
		}
		for _, m := range g.Legal() {
			p := g.Position()
			if after := p; true {
				after.Play(m)
				if after.AttackersOf(after.KingSquare(chess.Black), chess.White) != 0 {
					t.Fatalf("seed %d: %v leaves the king in check", i, m)
				}
			}
		}
	}
}

func TestStep(t *testing.T) {
	P, N, K, Q := chess.Pawn, chess.Knight, chess.King, chess.Queen
	tests := []struct {
		name, fen, uci string
		dice           []chess.PieceType
		wantLeft       []chess.PieceType
		wantOver       bool
	}{
		// b2b3 takes the knight's last square: the knight die is lost
		{"die lost", "7k/8/8/8/8/8/1PP5/N3K3 w - - 0 1", "b2b3", []chess.PieceType{P, N, P}, []chess.PieceType{P}, false},
		{"die kept", "7k/8/8/8/8/8/1PP5/N3K3 w - - 0 1", "c2c3", []chess.PieceType{P, N, P}, []chess.PieceType{N, P}, false},
		{"last die lost ends the turn", "7k/8/8/8/8/8/1PP5/N3K3 w - - 0 1", "b2b3", []chess.PieceType{P, N}, nil, true},
		{"check ends the turn", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "d1e2", []chess.PieceType{Q, K, K}, nil, true},
		{"dice used up", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "d1d2", []chess.PieceType{Q}, nil, true},
	}
	for _, tt := range tests {
		p := mustFEN(t, tt.fen)
		m, err := p.ParseUCI(tt.uci)
		if err != nil {
			t.Fatal(err)
		}
		next, left, over := Step(p, tt.dice, m)
		if !slices.Equal(left, tt.wantLeft) || over != tt.wantOver {
			t.Errorf("%s: left %v over %v, want %v %v", tt.name, left, over, tt.wantLeft, tt.wantOver)
		}
		wantSide := p.SideToMove()
		if over {
			wantSide = wantSide.Other()
		}
		if next.SideToMove() != wantSide {
			t.Errorf("%s: %v to move, want %v", tt.name, next.SideToMove(), wantSide)
		}
	}
}

func TestTurns(t *testing.T) {
	t.Run("die lost mid-turn", func(t *testing.T) {
		start := mustFEN(t, "7k/8/8/8/8/8/1PP5/N3K3 w - - 0 1")
		seed := seedFor(t, start, func(r [3]chess.PieceType) bool {
			s := r[:]
			slices.Sort(s)
			return slices.Equal(s, []chess.PieceType{chess.Pawn, chess.Pawn, chess.Knight})
		})
		g := NewGame(start, seed)
		push(t, g, "b2b3")
		if !slices.Equal(g.Dice(), []chess.PieceType{chess.Pawn}) || g.Turn() != chess.White || g.TurnNumber() != 1 {
			t.Errorf("after b2b3: dice %v, %v to move in turn %d; want the knight die lost, the pawn die left", g.Dice(), g.Turn(), g.TurnNumber())
		}
		if err := g.PushUCI("a1b3"); err == nil {
			t.Error("a1b3 accepted")
		}
	})
	t.Run("check ends the turn", func(t *testing.T) {
		start := mustFEN(t, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1")
		seed := seedFor(t, start, func(r [3]chess.PieceType) bool { return r == [3]chess.PieceType{chess.Queen, chess.Queen, chess.Queen} })
		g := NewGame(start, seed)
		push(t, g, "d1e2")
		if g.TurnNumber() != 2 || g.Turn() != chess.Black || g.MovesThisTurn() != 0 {
			t.Errorf("after a check: turn %d, %v to move, %d moves", g.TurnNumber(), g.Turn(), g.MovesThisTurn())
		}
	})
	t.Run("pass", func(t *testing.T) {
		g := NewGame(chess.StartPosition(), testSeed(7))
		if err := g.Pass(); !errors.Is(err, ErrCannotPass) {
			t.Errorf("pass before a move: %v, want ErrCannotPass", err)
		}
		if err := g.PushUCI("0000"); !errors.Is(err, ErrCannotPass) {
			t.Errorf("0000 before a move: %v, want ErrCannotPass", err)
		}
		if g.CanPass() {
			t.Error("CanPass before a move")
		}
		if err := g.Push(g.Legal()[0]); err != nil {
			t.Fatal(err)
		}
		if !g.CanPass() {
			t.Fatal("cannot pass after a move")
		}
		push(t, g, "0000")
		if g.TurnNumber() != 2 || g.Turn() != chess.Black {
			t.Errorf("after a pass: turn %d, %v to move", g.TurnNumber(), g.Turn())
		}
		acts := g.Actions()
		if len(acts) != 2 || !acts[1].Pass || acts[1].SAN != "--" || acts[1].UCI != "0000" {
			t.Errorf("actions %+v", acts)
		}
	})
	t.Run("no die for the piece", func(t *testing.T) {
		start := chess.StartPosition()
		seed := seedFor(t, start, func(r [3]chess.PieceType) bool { return !slices.Contains(r[:], chess.Knight) })
		g := NewGame(start, seed)
		if err := g.PushUCI("g1f3"); !errors.Is(err, ErrNoDie) {
			t.Errorf("g1f3 with dice %v: %v, want ErrNoDie", g.Dice(), err)
		}
		if err := g.PushUCI("e2e5"); !errors.Is(err, ErrIllegalMove) {
			t.Errorf("e2e5: %v, want ErrIllegalMove", err)
		}
	})
}

func TestEnPassant(t *testing.T) {
	start := mustFEN(t, "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1")
	seed := seedFor(t, start, func(r [3]chess.PieceType) bool {
		return slices.Contains(r[:], chess.King) && slices.Contains(r[:], chess.Pawn)
	})
	g := NewGame(start, seed)
	push(t, g, "e2e4")
	push(t, g, "0000")
	if p := g.Position(); p.EnPassant() != chess.E3 {
		t.Errorf("double step then pass: en passant %v, want e3", p.EnPassant())
	}
	push(t, g, "d4e3")

	g = NewGame(start, seed)
	push(t, g, "e2e4")
	push(t, g, "e1d1")
	if g.Turn() != chess.Black {
		push(t, g, "0000")
	}
	if p := g.Position(); p.EnPassant() != chess.NoSquare {
		t.Errorf("double step then another move: en passant %v, want none", p.EnPassant())
	}
}

func TestOutcome(t *testing.T) {
	tests := []struct {
		name, fen string
		want      Outcome
	}{
		{"checkmate", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", Outcome{Termination: Checkmate, Winner: chess.Black}},
		{"stalemate", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", Outcome{Termination: Stalemate, Draw: true}},
		{"dead position", "7k/8/6K1/8/8/8/8/5B2 b - - 0 1", Outcome{Termination: InsufficientMaterial, Draw: true}},
		{"75 moves", "7k/8/6K1/8/8/8/8/R7 b - - 150 90", Outcome{Termination: SeventyFiveMoves, Draw: true}},
		{"goes on", chess.StartFEN, Outcome{}},
	}
	for _, tt := range tests {
		g := NewGame(mustFEN(t, tt.fen), testSeed(1))
		if got := g.Outcome(); got != tt.want {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
		if tt.want.Over() {
			if g.Rolled() != [3]chess.PieceType{} || len(g.Legal()) != 0 {
				t.Errorf("%s: rolled %v, legal %v after the end", tt.name, g.Rolled(), g.Legal())
			}
			if err := g.PushUCI("a1a2"); !errors.Is(err, ErrGameOver) {
				t.Errorf("%s: move after the end: %v", tt.name, err)
			}
		}
	}

	t.Run("mate in play", func(t *testing.T) {
		start := mustFEN(t, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
		g := NewGame(start, seedFor(t, start, has(chess.Rook)))
		push(t, g, "a1a8")
		if want := (Outcome{Termination: Checkmate, Winner: chess.White}); g.Outcome() != want {
			t.Errorf("after Ra8#: %v", g.Outcome())
		}
		if g.Outcome().Result() != "1-0" {
			t.Errorf("result %s", g.Outcome().Result())
		}
	})
}

// rookShuffle is a cycle of four turns from the start position of
// TestRepetition: the rooks step aside and back.
var rookShuffle = [4]string{"a1b1", "a8b8", "b1a1", "b8a8"}

// rookShuffleSeed returns the first test seed, in a fixed order, whose dice
// give the mover a rook on each of the first turns turns of rookShuffle
// from start; it fails t if none of the first 5000 does. (Each turn rolls a
// rook with probability 7/8 here, so about one seed in eight qualifies for
// 16 turns.)
func rookShuffleSeed(t *testing.T, start chess.Position, turns int) fair.Seed {
	t.Helper()
	for i := range 5000 {
		g := NewGame(start, testSeed(i))
		j := 0
		for ; j < turns && slices.Contains(g.Dice(), chess.Rook); j++ {
			if err := g.PushUCI(rookShuffle[j%4]); err != nil {
				t.Fatal(err)
			}
			if g.MovesThisTurn() > 0 {
				push(t, g, "0000")
			}
		}
		if j == turns {
			return testSeed(i)
		}
	}
	t.Fatalf("no seed of the first 5000 rolls a rook for %d turns running", turns)
	return fair.Seed{}
}

func TestRepetition(t *testing.T) {
	// Kings and rooks shuffle: the turn-start position repeats.
	start := mustFEN(t, "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1")
	g := NewGame(start, rookShuffleSeed(t, start, 16))
	for j := 0; j < 16; j++ {
		if g.Outcome().Over() {
			t.Fatalf("turn %d: over before the fifth repetition: %v", j+1, g.Outcome())
		}
		push(t, g, rookShuffle[j%4])
		if g.MovesThisTurn() > 0 {
			push(t, g, "0000")
		}
		if j == 7 { // start position again for the third time
			if term, claim := g.Claimable(); !claim || term != ThreefoldRepetition {
				t.Errorf("after two cycles: claimable %v %v", term, claim)
			}
		}
	}
	if want := (Outcome{Termination: FivefoldRepetition, Draw: true}); g.Outcome() != want {
		t.Errorf("after four cycles: %v, want %v", g.Outcome(), want)
	}
}

// playRandom plays a game by a fixed rule from seed i, passing now and then.
func playRandom(t testing.TB, seed fair.Seed, maxActions int) *Game {
	return playRandomFrom(t, chess.StartPosition(), seed, maxActions)
}

func playRandomFrom(t testing.TB, start chess.Position, seed fair.Seed, maxActions int) *Game {
	g := NewGame(start, seed)
	for n := 0; n < maxActions && !g.Outcome().Over(); n++ {
		if g.CanPass() && n%5 == 0 {
			push(t, g, "0000")
			continue
		}
		legal := g.Legal()
		if err := g.Push(legal[(n*7+3)%len(legal)]); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

func writePGN(t testing.TB, g *Game, reveal bool) string {
	var b bytes.Buffer
	if err := g.WritePGN(&b, [][2]string{{"Event", "test"}, {"White", "a"}, {"Black", "b"}}, reveal); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestVerify(t *testing.T) {
	g := playRandom(t, testSeed(3), 300)
	text := writePGN(t, g, true)
	turns, err := Verify(strings.NewReader(text))
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	if want := g.Actions()[len(g.Actions())-1].Turn; turns != want {
		t.Errorf("%d turns, want %d", turns, want)
	}

	// a game in progress has no seed to check
	if _, err := Verify(strings.NewReader(writePGN(t, g, false))); !errors.Is(err, ErrBadSeed) {
		t.Errorf("without the seed: %v", err)
	}

	// a tampered seed
	seedTag := `[Seed "` + g.Seed().String()
	other := testSeed(4).String()
	tampered := strings.Replace(text, seedTag, `[Seed "`+other, 1)
	if _, err := Verify(strings.NewReader(tampered)); !errors.Is(err, fair.ErrMismatch) {
		t.Errorf("tampered seed: %v", err)
	}

	// a tampered roll: the third turn's first die
	a := g.Actions()
	var roll [3]chess.PieceType
	for _, act := range a {
		if act.Turn == 3 {
			roll = act.Roll
			break
		}
	}
	swap := chess.Queen
	if roll[0] == chess.Queen {
		swap = chess.Rook
	}
	bad := append([]chess.PieceType{swap}, roll[1:]...)
	texts := strings.SplitN(text, "2. {", 2)
	if len(texts) != 2 || !strings.HasPrefix(texts[1], "[%dice "+diceText(roll[:])) {
		t.Fatalf("cannot find turn 3 in\n%s", text)
	}
	tampered = texts[0] + "2. {" + strings.Replace(texts[1], diceText(roll[:]), diceText(bad), 1)
	_, err = Verify(strings.NewReader(tampered))
	if !errors.Is(err, ErrWrongRoll) || !strings.Contains(err.Error(), "turn 3") || !strings.Contains(err.Error(), "die 1") {
		t.Errorf("tampered roll: %v", err)
	}
}

func TestVerifySetUp(t *testing.T) {
	// Black starts, from a position with its own fullmove number.
	start := mustFEN(t, "r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R b KQkq - 3 9")
	g := playRandomFrom(t, start, testSeed(9), 200)
	text := writePGN(t, g, true)
	if !strings.Contains(text, "[FEN \"r3k2r/") || !strings.Contains(text, "\n9... {") {
		t.Errorf("no FEN tag or no 9... in\n%s", text)
	}
	if _, err := Verify(strings.NewReader(text)); err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
}

func TestVerifyTamperedMove(t *testing.T) {
	start := chess.StartPosition()
	seed := seedFor(t, start, func(r [3]chess.PieceType) bool { return !slices.Contains(r[:], chess.Knight) })
	g := playRandom(t, seed, 60)
	text := writePGN(t, g, true)
	first := "]} " + g.Actions()[0].SAN + " "
	if !strings.Contains(text, first) {
		t.Fatalf("no %q in\n%s", first, text)
	}
	tampered := strings.Replace(text, first, "]} Nf3 ", 1)
	if _, err := Verify(strings.NewReader(tampered)); !errors.Is(err, ErrNoDie) || !strings.Contains(err.Error(), "turn 1") {
		t.Errorf("tampered move: %v", err)
	}
	// a move dropped: the turn no longer ends where the PGN says
	tampered = strings.Replace(text, first, "]} ", 1)
	if _, err := Verify(strings.NewReader(tampered)); err == nil {
		t.Error("dropped move accepted")
	}
}

func TestVerifyBadInput(t *testing.T) {
	g := playRandom(t, testSeed(5), 40)
	text := writePGN(t, g, true)
	head, _, _ := strings.Cut(text, "\n\n")
	tests := []struct{ name, in string }{
		{"empty", ""},
		{"no variant", strings.Replace(text, `[Variant "Dice chess"]`, "", 1)},
		{"no result", strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(text), "*"))},
		{"variation", head + "\n\n1. {[%dice P P P]} e4 (d4) *"},
		{"open comment", head + "\n\n1. {[%dice P P P] e4 *"},
		{"bad dice", head + "\n\n1. {[%dice P P]} e4 *"},
		{"move before dice", head + "\n\n1. e4 *"},
		{"wrong number", head + "\n\n3. {[%dice P P P]} e4 *"},
	}
	for _, tt := range tests {
		if _, err := Verify(strings.NewReader(tt.in)); err == nil {
			t.Errorf("%s: no error", tt.name)
		}
	}
}

func FuzzVerify(f *testing.F) {
	for i := range 3 {
		g := playRandom(f, testSeed(i), 30+30*i)
		f.Add(writePGN(f, g, true))
	}
	f.Add("[Variant \"Dice chess\"]\n\n1. {[%dice P N P]} e4 *")
	f.Add("{")
	f.Add("[a \"\\")
	f.Fuzz(func(t *testing.T, s string) {
		turns, err := Verify(strings.NewReader(s))
		if err == nil && turns < 0 {
			t.Errorf("%d turns", turns)
		}
	})
}

func FuzzPushUCI(f *testing.F) {
	f.Add(uint16(1), "e2e4 0000 e7e5 g8f6 0000")
	f.Add(uint16(2), "g1f3 b1c3 a2a4 0000 0000 e7e5")
	f.Add(uint16(3), "e2e4 e1e2 zz 0000 e2e3 e8e7 e7e6 a7a8q")
	f.Fuzz(func(t *testing.T, seed uint16, moves string) {
		g := NewGame(chess.StartPosition(), testSeed(int(seed)))
		for _, s := range strings.Fields(moves) {
			before := len(g.Actions())
			err := g.PushUCI(s)
			if (err == nil) != (len(g.Actions()) == before+1) {
				t.Fatalf("%s: err %v but %d actions after %d", s, err, len(g.Actions()), before)
			}
			for _, d := range g.Dice() {
				r := g.Rolled()
				if !slices.Contains(r[:], d) {
					t.Fatalf("die %v not rolled (%v)", d, r)
				}
			}
		}
		var b bytes.Buffer
		if err := g.WritePGN(&b, nil, true); err != nil {
			t.Fatal(err)
		}
		if _, err := Verify(&b); err != nil {
			t.Fatalf("%v\n%s", err, b.String())
		}
	})
}

func TestClaimFiftyMoves(t *testing.T) {
	g := NewGame(mustFEN(t, "7k/8/6K1/8/8/8/8/R7 w - - 100 90"), testSeed(2))
	if term, ok := g.Claimable(); !ok || term != FiftyMoves {
		t.Errorf("at 100 moves: %v %v, want FiftyMoves", term, ok)
	}
	if g.Outcome().Over() {
		t.Errorf("the 50-move rule ended the game by itself: %v", g.Outcome())
	}
	if err := g.Push(g.Legal()[0]); err != nil {
		t.Fatal(err)
	}
	if g.MovesThisTurn() > 0 {
		if _, ok := g.Claimable(); ok {
			t.Error("claimable mid-turn")
		}
	}
}
