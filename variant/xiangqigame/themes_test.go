package xiangqigame

import (
	"slices"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/xiangqi"
)

// themeCase is a puzzle: the position before the opponent's move, that
// move and the solution (ICCS), and the board themes it shows.
type themeCase struct {
	name  string
	fen   string
	moves string
	end   xiangqi.Termination // how the solution ends the game, if it does
	want  []string
}

// Black's opening move in most cases is a soldier's step, a5 from a6 (i5
// from i6), a move that changes nothing: the solver, Red, then plays.
var themeCases = []themeCase{
	// The finder's test puzzle: ...Ra8?? hangs the chariot, Rxa8, and the
	// general, alone, has no move after Re8: stalemate, a loss.
	{name: "stalemate", fen: "4k4/8r/9/9/9/9/9/9/R8/3K5 b - - 0 1",
		moves: "i8a8 a1a8 e9f9 a8e8", end: xiangqi.Stalemate, want: []string{"stalemate", "hangingPiece", "endgame"}},
	// 沉炮悶宮: the cannon drops to c9 and checks over the advisor on d9;
	// the other advisor on e8 blocks the general's way up.
	{name: "smothered palace", fen: "3ak4/4a4/9/p8/2C6/9/9/9/9/3K5 b - - 0 1",
		moves: "a6a5 c5c9", end: xiangqi.Checkmate, want: []string{"smotheredPalace", "endgame"}},
	// 重炮: the cannon on e1 checks over the cannon on e4, the advisors on
	// d9 and f9 shut the general in (a smothered palace too).
	{name: "double cannon", fen: "3aka3/9/9/p8/9/4C4/9/9/1C7/3K5 b - - 0 1",
		moves: "a6a5 b1e1", end: xiangqi.Checkmate, want: []string{"smotheredPalace", "doubleCannon", "endgame"}},
	// 馬後炮: the cannon on e2 checks over the horse on e7, which holds d9
	// and f9.
	{name: "horse and cannon", fen: "4k4/9/4N4/p8/9/9/9/C8/9/4K4 b - - 0 1",
		moves: "a6a5 a2e2", end: xiangqi.Checkmate, want: []string{"horseCannon", "endgame"}},
	// 棄車 then 馬後炮: Rxe8+ gives the chariot for the advisor, the
	// general takes it, and the cannon mates over the horse on e6.
	{name: "chariot sacrifice, horse and cannon", fen: "3ak4/R3a4/9/p3N4/9/9/9/1C7/9/4K4 b - - 0 1",
		moves: "a6a5 a8e8 e9e8 b2e2", end: xiangqi.Checkmate, want: []string{"horseCannon", "sacrifice", "endgame"}},
	// 雙車錯: the chariot on b9 checks along rank 9, the one on h8 holds
	// rank 8.
	{name: "two chariots", fen: "4k4/7R1/9/8p/3P5/9/9/9/1R7/3K5 b - - 0 1",
		moves: "i6i5 b1b9", end: xiangqi.Checkmate, want: []string{"twoChariots", "endgame"}},
	// 鐵門栓: the central cannon holds e9 over the elephant on e7, the
	// chariot mates the general on the f-file.
	{name: "iron bolt", fen: "5k3/9/4b4/p8/9/R8/9/4C4/9/3K5 b - - 0 1",
		moves: "a6a5 a4f4", end: xiangqi.Checkmate, want: []string{"ironBolt", "endgame"}},
	// 臥槽馬 with 白臉將: the horse checks from c8, the advisors block
	// f9 and e8, and d9 would face Red's general.
	{name: "corner horse, facing generals", fen: "4ka3/4a4/9/p2N5/9/9/9/9/9/3K5 b - - 0 1",
		moves: "a6a5 d6c8", end: xiangqi.Checkmate, want: []string{"cornerHorse", "facingGenerals", "endgame"}},
	// 掛角馬: the horse checks from the palace's corner f7; the advisor on
	// e8 may not take it, or the generals would face each other.
	{name: "palace corner horse", fen: "3ak1P2/4a4/9/p6N1/9/9/9/9/9/4K4 b - - 0 1",
		moves: "a6a5 h6f7", end: xiangqi.Checkmate, want: []string{"palaceCornerHorse", "endgame"}},
	// 雙將: the horse leaves the e-file to check from d7 and the cannon on
	// e2 checks over the black horse on e8: a double, discovered check.
	{name: "double check", fen: "3aka3/4n4/9/p8/4N4/9/9/4C4/9/3K5 b - - 0 1",
		moves: "a6a5 e5d7", end: xiangqi.Checkmate,
		want: []string{"smotheredPalace", "palaceCornerHorse", "doubleCheck", "discoveredAttack", "endgame"}},
	// 捉雙: the horse on e6 attacks both chariots.
	{name: "fork", fen: "4k4/9/2r3r2/p8/9/3N5/9/9/9/3K5 b - - 0 1",
		moves: "a6a5 d4e6 c7c3 e6g7", want: []string{"fork", "endgame"}},
	// 牽制: the chariot on e3 pins the horse on e7 to the general, and the
	// soldier on d7 attacks it.
	{name: "pin", fen: "4k4/9/3Pn4/p8/9/9/R8/9/9/3K5 b - - 0 1",
		moves: "a6a5 a3e3", want: []string{"pin", "endgame"}},
	// ...Nc7?? puts the horse where the chariot takes it for nothing.
	{name: "hanging piece", fen: "1n2k4/9/9/9/9/9/9/9/2R6/3K5 b - - 0 1",
		moves: "b9c7 c1c7", want: []string{"hangingPiece", "endgame"}},
	// An opening: no motif.
	{name: "nothing", fen: "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
		moves: "h7e7 h0g2", want: []string{}},
}

// replayed checks with xiangqi.Game that c's moves are legal from its
// FEN, and how the solution ends.
func replayed(t *testing.T, c themeCase) {
	t.Helper()
	g, err := xiangqi.NewGameFromFEN(c.fen)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range strings.Fields(c.moves) {
		if _, err := g.PushUCI(m); err != nil {
			t.Fatal(err)
		}
	}
	if o := g.Outcome(); o.Termination != c.end {
		t.Fatalf("ends in %v, want %v", o, c.end)
	}
}

func TestPuzzleThemes(t *testing.T) {
	for _, c := range themeCases {
		t.Run(c.name, func(t *testing.T) {
			replayed(t, c)
			if got := xiangqiSpec.PuzzleThemes(c.fen, strings.Fields(c.moves)); got == nil || !slices.Equal(got, c.want) {
				t.Errorf("themes %q, want %q", got, c.want)
			}
		})
	}
}

// TestPuzzleThemesRefused: nil for what is not a puzzle replayed.
func TestPuzzleThemesRefused(t *testing.T) {
	const fen = "1n2k4/9/9/9/9/9/9/9/2R6/3K5 b - - 0 1"
	for _, c := range []struct {
		name, fen, moves string
	}{
		{"a FEN that does not parse", "1n2k4/9 b", "b9c7 c1c7"},
		{"an illegal move", fen, "b9c7 c1d2"},
		{"text that is no move", fen, "b9c7 c1"},
		{"a null move", fen, "b9c7 0000"},
		{"no solution", fen, "b9c7"},
		{"a solution that ends on the opponent's move", fen, "b9c7 c1c7 e9f9"},
		{"no moves", fen, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := xiangqiSpec.PuzzleThemes(c.fen, strings.Fields(c.moves)); got != nil {
				t.Errorf("themes %q, want nil", got)
			}
		})
	}
}

func TestPuzzleThemesRegistered(t *testing.T) {
	spec, err := game.Lookup(Xiangqi)
	if err != nil || spec.PuzzleThemes == nil {
		t.Errorf("PuzzleThemes not set (%v)", err)
	}
}

// FuzzPuzzleThemes: any FEN and moves give themes or nil, never a panic,
// and no theme twice.
func FuzzPuzzleThemes(f *testing.F) {
	for _, c := range themeCases {
		f.Add(c.fen, c.moves)
	}
	f.Add("", "")
	f.Add(xiangqi.StartFEN, "h2e2 h7e7 0000 e9e8")
	f.Fuzz(func(t *testing.T, fen, moves string) {
		got := xiangqiSpec.PuzzleThemes(fen, strings.Fields(moves))
		seen := map[string]bool{}
		for _, k := range got {
			if seen[k] {
				t.Fatalf("%q: %s twice", got, k)
			}
			seen[k] = true
		}
	})
}
