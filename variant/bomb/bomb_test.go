package bomb

import (
	"errors"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/variant/fair"
)

// gameWithMines starts a game from fen with the mines on the given squares
// instead of a seed's, so that a test can put a mine where it needs one.
func gameWithMines(t *testing.T, fen string, mines ...chess.Square) *Game {
	t.Helper()
	p, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	g := NewGame(p, fair.Seed{})
	g.mines = 0
	for _, s := range mines {
		g.mines |= s.Bitboard()
	}
	g.hidden = g.mines
	return g
}

func squares(ss ...chess.Square) chess.Bitboard {
	var b chess.Bitboard
	for _, s := range ss {
		b |= s.Bitboard()
	}
	return b
}

func TestBlasts(t *testing.T) {
	tests := []struct {
		name    string
		fen     string
		mines   []chess.Square
		move    string
		blast   Blast
		san     string
		want    string // FEN after the move
		outcome Outcome
	}{
		{
			name: "next to both kings", fen: "8/8/8/3ppk2/8/2NK1P2/8/8 w - - 7 30", mines: []chess.Square{chess.E4},
			move: "c3e4", san: "Ne4",
			blast:   Blast{Square: chess.E4, Cleared: squares(chess.E4, chess.F3, chess.D5, chess.E5), Exploded: true},
			want:    "8/8/8/5k2/8/3K4/8/8 b - - 0 30",
			outcome: Outcome{Termination: InsufficientMaterial, Draw: true},
		},
		{
			name: "king steps on a mine", fen: "4k3/8/8/8/5N2/3p4/3K4/R7 w - - 30 40", mines: []chess.Square{chess.E3},
			move: "d2e3", san: "Ke3",
			blast: Blast{Square: chess.E3, Cleared: squares(chess.D3, chess.F4), Exploded: true},
			want:  "4k3/8/8/8/8/4K3/8/R7 b - - 0 40",
		},
		{
			name: "king steps on a lone mine", fen: "4k3/8/8/8/8/8/3K4/R7 w - - 30 40", mines: []chess.Square{chess.E3},
			move: "d2e3", san: "Ke3",
			blast: Blast{Square: chess.E3, Exploded: true},
			want:  "4k3/8/8/8/8/4K3/8/R7 b - - 0 40",
		},
		{
			name: "no mine", fen: "4k3/8/8/8/8/8/3K4/R7 w - - 30 40", mines: []chess.Square{chess.E4},
			move: "d2e3", san: "Ke3",
			want: "4k3/8/8/8/8/4K3/8/R7 b - - 31 40",
		},
		{
			name: "mover's king exposed", fen: "4r2k/8/8/8/8/8/4B3/4K1N1 w - - 0 1", mines: []chess.Square{chess.F3},
			move: "g1f3", san: "Nf3",
			blast:   Blast{Square: chess.F3, Cleared: squares(chess.F3, chess.E2), Exploded: true},
			want:    "4r2k/8/8/8/8/8/8/4K3 b - - 0 1",
			outcome: Outcome{Termination: KingExposed, Winner: chess.Black},
		},
		{
			name: "double-stepped pawn destroyed", fen: "4k3/8/8/8/3p4/8/4P3/R3K3 w - - 0 1", mines: []chess.Square{chess.E4},
			move: "e2e4", san: "e4",
			blast: Blast{Square: chess.E4, Cleared: squares(chess.E4, chess.D4), Exploded: true},
			want:  "4k3/8/8/8/8/8/8/R3K3 b - - 0 1",
		},
		{
			name: "en passant onto a mine", fen: "4k3/8/8/3pP3/8/8/8/R3K3 w - d6 0 2", mines: []chess.Square{chess.D6},
			move: "e5d6", san: "exd6",
			blast: Blast{Square: chess.D6, Cleared: squares(chess.D6), Exploded: true},
			want:  "4k3/8/8/8/8/8/8/R3K3 b - - 0 2",
		},
		{
			name: "opponent mated by the blast", fen: "6rk/6p1/7n/8/4N3/8/8/K6R w - - 0 1", mines: []chess.Square{chess.G5},
			move: "e4g5", san: "Ng5#",
			blast:   Blast{Square: chess.G5, Cleared: squares(chess.G5, chess.H6), Exploded: true},
			want:    "6rk/6p1/8/8/8/8/8/K6R b - - 0 1",
			outcome: Outcome{Termination: Checkmate, Winner: chess.White},
		},
		{
			name: "opponent stalemated by the blast", fen: "k7/p1K5/P7/4n3/8/8/8/4R3 w - - 0 1", mines: []chess.Square{chess.E4},
			move: "e1e4", san: "Re4",
			blast:   Blast{Square: chess.E4, Cleared: squares(chess.E4, chess.E5), Exploded: true},
			want:    "k7/p1K5/P7/8/8/8/8/8 b - - 0 1",
			outcome: Outcome{Termination: Stalemate, Draw: true},
		},
		{
			name: "check lost in the blast", fen: "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", mines: []chess.Square{chess.A5},
			move: "a1a5", san: "Ra5",
			blast: Blast{Square: chess.A5, Cleared: squares(chess.A5), Exploded: true},
			want:  "4k3/8/8/8/8/8/8/4K3 b - - 0 1", outcome: Outcome{Termination: InsufficientMaterial, Draw: true},
		},
		{
			name: "check by chess rules stays", fen: "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", mines: []chess.Square{chess.A5},
			move: "a1a8", san: "Ra8+",
			want: "R3k3/8/8/8/8/8/8/4K3 b - - 1 1",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := gameWithMines(t, tt.fen, tt.mines...)
			blast, err := g.PushUCI(tt.move)
			if err != nil {
				t.Fatal(err)
			}
			if blast != tt.blast {
				t.Errorf("blast %+v, want %+v", blast, tt.blast)
			}
			p := g.Position()
			if got := p.FEN(); got != tt.want {
				t.Errorf("FEN %s, want %s", got, tt.want)
			}
			if got := g.Outcome(); got != tt.outcome {
				t.Errorf("outcome %v, want %v", got, tt.outcome)
			}
			step := g.Steps()[0]
			if step.SAN != tt.san || step.UCI != tt.move || step.FEN != tt.want || step.Blast != blast || step.Exploded != blast.Exploded {
				t.Errorf("step %+v", step)
			}
			if blast.Exploded {
				if g.Exploded() != blast.Square.Bitboard() || g.Hidden().Has(blast.Square) {
					t.Errorf("exploded %v, hidden %v", g.Exploded(), g.Hidden())
				}
			} else if g.Exploded() != 0 || g.Hidden() != g.mines {
				t.Errorf("exploded %v, hidden %v with no blast", g.Exploded(), g.Hidden())
			}
			if dest, _ := chess.ParseSquare(tt.move[2:4]); !g.KnownSafe().Has(dest) {
				t.Errorf("%v not known safe after a move onto it", dest)
			}
			if g.Outcome().Over() && g.Legal() != nil {
				t.Errorf("legal moves %v after the end", g.Legal())
			}
		})
	}
}

// TestCastlingRookOutOfReach checks why the rule "a castling right dies with
// its rook" never comes into play in a game: no blast reaches rank 1 or 8.
// RemovePieces's own tests cover the rule.
func TestCastlingRookOutOfReach(t *testing.T) {
	for b := MineZone; b != 0; {
		s := b.PopFirst()
		if a := BlastArea(s) & (chess.Rank1BB | chess.Rank8BB); a != 0 {
			t.Errorf("a mine on %v reaches %v", s, a)
		}
	}
}

func TestCastlingNeverExplodes(t *testing.T) {
	g := gameWithMines(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", chess.A3, chess.H6)
	for _, m := range []string{"e1g1", "e8c8"} {
		if blast, err := g.PushUCI(m); err != nil || blast.Exploded {
			t.Fatalf("%s: blast %+v, err %v", m, blast, err)
		}
	}
	safe := squares(chess.G1, chess.F1, chess.C8, chess.D8)
	if g.landed != safe {
		t.Errorf("landed %v, want %v", g.landed, safe)
	}
}

func TestMines(t *testing.T) {
	for i := range 50 {
		var seed fair.Seed
		seed[0], seed[31] = byte(i), byte(3*i)
		var want chess.Bitboard
		for _, n := range seed.Shuffle("mines", 32, 8) {
			// n counts a3=0 ... h3=7, a4=8 ... h6=31.
			want |= chess.NewSquare(chess.File(n%8), chess.Rank(2+n/8)).Bitboard()
		}
		got := Mines(seed)
		if got != want || got.Count() != 8 || got&^MineZone != 0 {
			t.Fatalf("seed %v: mines %v, want %v", seed, got, want)
		}
		g := NewGame(chess.StartPosition(), seed)
		if g.Hidden() != want || g.Exploded() != 0 || g.KnownSafe() != BackRanks {
			t.Fatalf("new game: hidden %v, exploded %v, safe %v", g.Hidden(), g.Exploded(), g.KnownSafe())
		}
	}
}

func TestPushErrors(t *testing.T) {
	g := gameWithMines(t, "4r2k/8/8/8/8/8/4B3/4K1N1 w - - 0 1", chess.F3)
	for _, s := range []string{"", "e2e4", "0000", "zz", "e1e2", "g1f3q"} {
		if _, err := g.PushUCI(s); !errors.Is(err, ErrIllegalMove) {
			t.Errorf("PushUCI(%q): %v, want ErrIllegalMove", s, err)
		}
	}
	if _, err := g.Push(chess.MoveNull); !errors.Is(err, ErrIllegalMove) {
		t.Errorf("Push(null): %v", err)
	}
	if len(g.Steps()) != 0 {
		t.Fatalf("steps after failed moves: %v", g.Steps())
	}
	if _, err := g.PushUCI("g1f3"); err != nil {
		t.Fatal(err)
	}
	if _, err := g.PushUCI("e8e1"); !errors.Is(err, ErrGameOver) {
		t.Errorf("move after the end: %v, want ErrGameOver", err)
	}
}

func TestRepetitionAndClaims(t *testing.T) {
	g := gameWithMines(t, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", chess.A5)
	shuffle := []string{"e1d1", "e8d8", "d1e1", "d8e8"}
	for round := 1; ; round++ {
		for _, m := range shuffle {
			if _, err := g.PushUCI(m); err != nil {
				t.Fatalf("round %d: %v", round, err)
			}
		}
		claim, ok := g.Claimable()
		switch {
		case round < 2 && ok:
			t.Fatalf("round %d: claim %v", round, claim)
		case round >= 2 && round < 4 && (!ok || claim != ThreefoldRepetition):
			t.Fatalf("round %d: claim %v %v, want threefold repetition", round, claim, ok)
		case round == 4:
			if o := g.Outcome(); o.Termination != FivefoldRepetition || !o.Draw {
				t.Fatalf("round 4: outcome %v", o)
			}
			if _, ok := g.Claimable(); ok {
				t.Fatal("claimable after the end")
			}
			return
		}
	}
}

func TestFiftyMoves(t *testing.T) {
	g := gameWithMines(t, "4k3/8/8/8/8/8/8/R3K3 w - - 99 80", chess.A5)
	if _, ok := g.Claimable(); ok {
		t.Fatal("claimable at 99")
	}
	if _, err := g.PushUCI("a1b1"); err != nil {
		t.Fatal(err)
	}
	if c, ok := g.Claimable(); !ok || c != FiftyMoves {
		t.Fatalf("claim %v %v, want 50-move rule", c, ok)
	}
	g = gameWithMines(t, "4k3/8/8/8/8/8/8/R3K3 w - - 149 80", chess.A5)
	if _, err := g.PushUCI("a1b1"); err != nil {
		t.Fatal(err)
	}
	if o := g.Outcome(); o.Termination != SeventyFiveMoves {
		t.Fatalf("outcome %v, want 75-move rule", o)
	}
}

func TestCanMate(t *testing.T) {
	g := gameWithMines(t, "4k3/8/8/8/8/8/8/R3K1N1 b - - 0 1")
	if !g.CanMate(chess.White) || g.CanMate(chess.Black) {
		t.Errorf("CanMate white %v, black %v", g.CanMate(chess.White), g.CanMate(chess.Black))
	}
}

func TestTerminationString(t *testing.T) {
	o := Outcome{Termination: KingExposed, Winner: chess.Black}
	if got := o.String(); got != "0-1 (king exposed by a mine)" {
		t.Errorf("got %q", got)
	}
	if got := Termination(200).String(); got != "unknown" {
		t.Errorf("got %q", got)
	}
	if got := (Outcome{}).String(); got != "*" {
		t.Errorf("got %q", got)
	}
}

// seedWithMine returns the first of the seeds 0, 1, 2, ... (the number in
// the first byte) whose mines include s and exclude every square of avoid.
func seedWithMine(t *testing.T, s chess.Square, avoid chess.Bitboard) fair.Seed {
	t.Helper()
	for i := range 1 << 16 {
		var seed fair.Seed
		seed[0], seed[1] = byte(i), byte(i>>8)
		if m := Mines(seed); m.Has(s) && m&avoid == 0 {
			return seed
		}
	}
	t.Fatalf("no seed with a mine on %v", s)
	return fair.Seed{}
}

func TestWritePGN(t *testing.T) {
	seed := seedWithMine(t, chess.E5, squares(chess.E4, chess.F3, chess.C6))
	g := NewGame(chess.StartPosition(), seed)
	for _, m := range []string{"e2e4", "e7e5", "g1f3", "b8c6"} {
		if _, err := g.PushUCI(m); err != nil {
			t.Fatal(err)
		}
	}
	tags := [][2]string{{"Event", "Test"}, {"White", `A "quoted" \ name`}, {"Variant", "dropped"}}
	var hidden, shown strings.Builder
	if err := g.WritePGN(&hidden, tags, false); err != nil {
		t.Fatal(err)
	}
	want := "[Event \"Test\"]\n[White \"A \\\"quoted\\\" \\\\ name\"]\n[Result \"*\"]\n[Variant \"Bomb chess\"]\n" +
		"[SeedHash \"" + seed.Commitment() + "\"]\n\n1. e4 e5 {[%blast e5]} 2. Nf3 Nc6 *\n"
	if hidden.String() != want {
		t.Errorf("PGN:\n%s\nwant:\n%s", hidden.String(), want)
	}
	if err := g.WritePGN(&shown, append(tags, [2]string{"Result", "1-0"}), true); err != nil {
		t.Fatal(err)
	}
	mines := squareList(Mines(seed))
	for _, line := range []string{
		"[Result \"1-0\"]\n[Variant \"Bomb chess\"]\n",
		"[Seed \"" + seed.String() + "\"]\n",
		"[Mines \"" + mines + "\"]\n",
		"\n1. e4 e5 {[%blast e5]} 2. Nf3 Nc6 1-0\n",
	} {
		if !strings.Contains(shown.String(), line) {
			t.Errorf("PGN with the mines lacks %q:\n%s", line, shown.String())
		}
	}
	if strings.Count(mines, " ") != 7 || !strings.Contains(mines, "e5") {
		t.Errorf("Mines tag %q", mines)
	}
	if strings.Contains(hidden.String(), seed.String()) || strings.Contains(hidden.String(), "Mines") {
		t.Error("PGN without reveal gives the seed or mines away")
	}
}

func TestWritePGNFromFEN(t *testing.T) {
	g := gameWithMines(t, "4k3/8/8/8/8/8/4B3/4K1N1 b - - 0 12", chess.D6)
	for _, m := range []string{"e8d7", "g1f3", "d7d6", "e1d2"} {
		if _, err := g.PushUCI(m); err != nil {
			t.Fatal(err)
		}
	}
	var sb strings.Builder
	if err := g.WritePGN(&sb, nil, false); err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{
		"[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4B3/4K1N1 b - - 0 12\"]\n",
		"\n12... Kd7 13. Nf3 Kd6 {[%blast d6]} 14. Kd2 *\n",
	} {
		if !strings.Contains(sb.String(), line) {
			t.Errorf("PGN lacks %q:\n%s", line, sb.String())
		}
	}
}

func TestWritePGNLines(t *testing.T) {
	g := NewGame(chess.StartPosition(), fair.Seed{7})
	for i := 0; i < 40 && !g.Outcome().Over(); i++ {
		if _, err := g.Push(g.Legal()[i%len(g.Legal())]); err != nil {
			t.Fatal(err)
		}
	}
	var sb strings.Builder
	if err := g.WritePGN(&sb, nil, true); err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(sb.String(), "\n") {
		if len(line) > 80 {
			t.Errorf("line of %d characters: %q", len(line), line)
		}
	}
}
