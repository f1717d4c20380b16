package fog

import (
	"errors"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/chess"
)

// squares parses a space-separated list of squares into a set.
func squares(tb testing.TB, list string) chess.Bitboard {
	tb.Helper()
	var b chess.Bitboard
	for _, f := range strings.Fields(list) {
		s, err := chess.ParseSquare(f)
		if err != nil {
			tb.Fatal(err)
		}
		b |= s.Bitboard()
	}
	return b
}

func TestVisible(t *testing.T) {
	tests := []struct {
		name   string
		pos    Position
		viewer chess.Color
		want   string // every visible square
	}{
		{
			// Own pieces on ranks 1-2, pawn steps to ranks 3-4 (the knights'
			// squares are among them): exactly ranks 1 to 4.
			name: "start", pos: StartPosition(), viewer: chess.White,
			want: "a1 b1 c1 d1 e1 f1 g1 h1 a2 b2 c2 d2 e2 f2 g2 h2 a3 b3 c3 d3 e3 f3 g3 h3 a4 b4 c4 d4 e4 f4 g4 h4",
		},
		{
			// The e3 pawn sees the e4 pawn blocking it; d4 and f4 are empty,
			// so it could not move there and they stay fogged.
			name: "pawn's forward square", viewer: chess.White,
			pos:  mustFEN(t, "4k3/8/8/8/4p3/4P3/8/4K3 w - - 0 1"),
			want: "e1 e3 e4 d1 d2 e2 f1 f2",
		},
		{
			name: "forward square of the side not to move", viewer: chess.Black,
			pos:  mustFEN(t, "4k3/8/8/8/4p3/4P3/8/4K3 w - - 0 1"),
			want: "e8 e4 e3 d8 d7 e7 f7 f8",
		},
		{
			// bxc6 e.p. is possible: c6 and the c5 pawn are seen. The king
			// sees a4 a6 b4 b6; the pawn b6 (forward) and c6.
			name: "en passant", viewer: chess.White,
			pos:  mustFEN(t, "7k/8/8/KPp4r/8/8/8/8 w - c6 0 2"),
			want: "a5 b5 a4 a6 b4 b6 c6 c5",
		},
		{
			// Without the en-passant right c6 and c5 are fogged: the b5 pawn
			// could not move to the empty c6.
			name: "no en passant", viewer: chess.White,
			pos:  mustFEN(t, "7k/8/8/KPp4r/8/8/8/8 w - - 0 2"),
			want: "a5 b5 a4 a6 b4 b6",
		},
		{
			// The a1 rook is blocked by its own a2 pawn and stops at the c1
			// knight, which it could take: d1 and e1 stay fogged. The king
			// sees the h1 queen it could take.
			name: "blocked sliders and captures", viewer: chess.White,
			pos:  mustFEN(t, "4k3/8/8/8/8/8/P7/R1n3Kq w - - 0 1"),
			want: "a1 a2 g1 b1 c1 a3 a4 f1 f2 g2 h2 h1",
		},
		{
			// Castling adds its landing squares g1 and f1 (already seen by
			// the king and rook here) even when f1 is attacked.
			name: "castling", viewer: chess.White,
			pos:  mustFEN(t, "5rk1/8/8/8/8/8/8/4K2R w K - 0 1"),
			want: "e1 h1 d1 d2 e2 f1 f2 g1 h2 h3 h4 h5 h6 h7 h8",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, want := tt.pos.Visible(tt.viewer), squares(t, tt.want)
			if got != want {
				t.Errorf("Visible = %v, want %v (extra %v, missing %v)", got.Squares(), want.Squares(),
					(got &^ want).Squares(), (want &^ got).Squares())
			}
		})
	}
}

func TestView(t *testing.T) {
	p := mustFEN(t, "4k3/8/8/8/4p3/4P3/8/4K3 w - - 0 1")
	v := p.View(chess.White)
	if got, want := v.Placement(), "????????/????????/????????/????????/????p???/????P???/???3??/???1K1??"; got != want {
		t.Errorf("Placement = %q, want %q", got, want)
	}
	if v.Board[chess.E8] != chess.NoPiece {
		t.Errorf("the fogged black king shows in White's view")
	}
	if v.Board[chess.E4] != chess.NewPiece(chess.Black, chess.Pawn) {
		t.Errorf("the blocking e4 pawn is missing from White's view")
	}
	s := StartPosition()
	if got := s.View(chess.Black).Castling; got != chess.BlackKingSide|chess.BlackQueenSide {
		t.Errorf("Black's view castling = %v, want Black's rights only", got)
	}
}

func TestOutcome(t *testing.T) {
	tests := []struct {
		name string
		pos  Position
		want Outcome
	}{
		{"start", StartPosition(), Outcome{}},
		{
			"king capture",
			played(t, "k7/8/8/8/8/8/8/1R2K3 b - - 0 1", "a8b8", "b1b8"),
			Outcome{Termination: KingCaptured, Winner: chess.White},
		},
		{
			// White's pawns stand under its bishops and king, which stand on
			// the pawns' capture squares: no move at all.
			"stalemate", mustFEN(t, "BBBBBBBK/PPPPPPPP/8/8/8/8/8/k7 w - - 0 1"),
			Outcome{Termination: Stalemate, Draw: true},
		},
		{"bare kings", mustFEN(t, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"), Outcome{Termination: BareKings, Draw: true}},
		{"75-move rule", mustFEN(t, "4k3/8/8/8/8/8/8/4K2R w - - 150 100"), Outcome{Termination: SeventyFiveMoves, Draw: true}},
		{"149 plies", mustFEN(t, "4k3/8/8/8/8/8/8/4K2R w - - 149 100"), Outcome{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.pos.Outcome(); got != tt.want {
				t.Errorf("Outcome = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestGameFivefold(t *testing.T) {
	g := NewGame(StartPosition())
	shuffle := []string{"g1f3", "g8f6", "f3g1", "f6g8"}
	for i := 0; i < 4; i++ {
		if o := g.Outcome(); o.Over() {
			t.Fatalf("over after %d shuffles: %v", i, o)
		}
		for _, m := range shuffle {
			if err := g.PushUCI(m); err != nil {
				t.Fatal(err)
			}
		}
	}
	// The start position has now stood five times.
	if got, want := g.Outcome(), (Outcome{Termination: FivefoldRepetition, Draw: true}); got != want {
		t.Errorf("Outcome = %v, want %v", got, want)
	}
	if err := g.PushUCI("g1f3"); !errors.Is(err, ErrGameOver) {
		t.Errorf("move after the end: err = %v, want ErrGameOver", err)
	}
}

func TestGameIllegal(t *testing.T) {
	g := NewGame(StartPosition())
	if err := g.PushUCI("e2e5"); !errors.Is(err, ErrIllegalMove) {
		t.Errorf("e2e5: err = %v, want ErrIllegalMove", err)
	}
	if err := g.Push(chess.NewMove(chess.E2, chess.E5)); !errors.Is(err, ErrIllegalMove) {
		t.Errorf("Push e2e5: err = %v, want ErrIllegalMove", err)
	}
	g = NewGame(played(t, "k7/8/8/8/8/8/8/1R2K3 b - - 0 1", "a8b8", "b1b8"))
	if err := g.PushUCI("e1e2"); !errors.Is(err, ErrGameOver) {
		t.Errorf("after the king's capture: err = %v, want ErrGameOver", err)
	}
}

// TestKingCapturedFEN: the final position of a game won by taking the king
// (the side to move has no king) loads from its FEN, has no move, and its
// outcome is the capturer's win; it also starts a Game that is over.
func TestKingCapturedFEN(t *testing.T) {
	blackWins := Outcome{Termination: KingCaptured, Winner: chess.Black}
	tests := []struct {
		name, fen string
		want      Outcome
	}{
		// 1. f3 e5 2. g4 Qh4 3. a3 Qxe1: White's king taken on its square,
		// White's castling rights gone with it.
		{"queen takes king on e1", "rnb1kbnr/pppp1ppp/8/4p3/6P1/P4P2/1PPPP2P/RNBQqBNR w kq - 0 4", blackWins},
		{"rook takes king, bare", "4k3/8/8/8/8/8/8/4r3 w - - 0 1", blackWins},
		{"knight takes king, five-field FEN", "4k3/8/8/8/8/8/8/4n3 w - - 0", blackWins},
		{"black's king taken", "4R3/8/8/8/8/8/8/4K3 b - - 0 1", Outcome{Termination: KingCaptured, Winner: chess.White}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := ParseFEN(tt.fen)
			if err != nil {
				t.Fatalf("ParseFEN: %v", err)
			}
			var ml chess.MoveList
			if p.Generate(&ml); ml.Len() != 0 {
				t.Errorf("moves %v, want none", ml.Moves())
			}
			if got := p.Outcome(); got != tt.want {
				t.Errorf("Outcome = %v, want %v", got, tt.want)
			}
			g := NewGame(p)
			if got := g.Outcome(); got != tt.want || got.Result() != tt.want.Result() {
				t.Errorf("Game.Outcome = %v (%s), want %v", got, got.Result(), tt.want)
			}
			if err := g.PushUCI("e8e7"); !errors.Is(err, ErrGameOver) {
				t.Errorf("move after the end: err = %v, want ErrGameOver", err)
			}
			back, err := ParseFEN(p.FEN())
			if err != nil || back.FEN() != p.FEN() || back.Key() != p.Key() {
				t.Errorf("FEN %q reads back as %q, %v", p.FEN(), back.FEN(), err)
			}
		})
	}
	if got := blackWins.Result(); got != "0-1" {
		t.Errorf("Result = %q, want 0-1", got)
	}

	// The first position is the one the game reaches.
	final := played(t, chess.StartFEN, "f2f3", "e7e5", "g2g4", "d8h4", "a2a3", "h4e1")
	if got := final.FEN(); got != tests[0].fen {
		t.Errorf("after 3...Qxe1: FEN %q, want %q", got, tests[0].fen)
	}

	for _, bad := range []string{
		"4k3/8/8/8/8/8/8/4r3 b - - 0 1",    // the king missing is not the mover's: no move took it
		"8/8/8/8/8/8/8/4r3 w - - 0 1",      // no king at all
		"4k3/8/8/8/8/8/8/R3r2R w KQ - 0 1", // castling rights without a king
		"4k3/8/8/8/8/8/8/4r3 w - e3 0 1",   // impossible en-passant square
	} {
		if _, err := ParseFEN(bad); err == nil {
			t.Errorf("ParseFEN(%q) accepted", bad)
		}
	}
}

// FuzzPlay parses arbitrary FENs and plays the moves the bytes choose,
// checking that nothing panics and the basic invariants hold: among them
// that each position's FEN, a final one with a king taken included, reads
// back as the same position (parse, FEN, parse round-trip).
func FuzzPlay(f *testing.F) {
	f.Add(chess.StartFEN, []byte{1, 2, 3, 4, 5})
	f.Add("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", []byte{9, 200, 17, 3})
	f.Add("7k/8/8/KPp4r/8/8/8/8 w - c6 0 2", []byte{5, 0, 0})
	f.Add("k7/8/8/8/8/8/8/1R2K3 b - - 0 1", []byte{0, 3, 1})
	f.Add("BBBBBBBK/PPPPPPPP/8/8/8/8/8/k7 w - - 0 1", []byte{0})
	f.Add("rnb1kbnr/pppp1ppp/8/4p3/6P1/P4P2/1PPPP2P/RNBQqBNR w kq - 0 4", []byte{0})
	f.Add("rnb1kbnr/pppp1ppp/8/4p3/6P1/P4P2/1PPPP2P/RNBQKBNR b KQkq - 0 3", []byte{0}) // Qh4 to move, then Qxe1 on the next byte
	f.Fuzz(func(t *testing.T, fen string, choices []byte) {
		p, err := ParseFEN(fen)
		if err != nil {
			return
		}
		roundTrip := func(p Position) {
			back, err := ParseFEN(p.FEN())
			if err != nil {
				t.Fatalf("%s does not read back: %v", p.FEN(), err)
			}
			if back.FEN() != p.FEN() || back.Key() != p.Key() {
				t.Fatalf("%s reads back as %s (key %x, want %x)", p.FEN(), back.FEN(), back.Key(), p.Key())
			}
		}
		roundTrip(p)
		var ml chess.MoveList
		for _, c := range choices {
			for col := chess.White; col <= chess.Black; col++ {
				if v := p.Visible(col); v&p.board.ByColor(col) != p.board.ByColor(col) {
					t.Fatalf("%s: %v does not see all its pieces", p.FEN(), col)
				}
				v := p.View(col)
				_ = v.Placement()
			}
			o := p.Outcome()
			p.Generate(&ml)
			if ml.Len() == 0 {
				if !o.Over() {
					t.Fatalf("%s: no moves but the game goes on", p.FEN())
				}
				return
			}
			p = p.Play(ml.At(int(c) % ml.Len()))
			roundTrip(p)
		}
	})
}

func TestViewFEN(t *testing.T) {
	p := StartPosition()
	v := p.View(chess.White)
	got := v.FEN()
	// White sees its two ranks, the squares in front of its pawns (ranks 3
	// and 4) and the knights' squares; ranks 5 to 8 are fog, so empty here.
	want := "8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1"
	if got != want {
		t.Fatalf("View(White).FEN() = %q, want %q", got, want)
	}
}

func TestSAN(t *testing.T) {
	tests := []struct{ fen, uci, want string }{
		// the knight on b1 is pinned in chess; here it may move, so the
		// other knight's move must be told apart
		{"4k3/8/8/8/8/8/8/rN1K1N2 w - - 0 1", "f1d2", "Nfd2"},
		{"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e2e4", "e4"},
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "O-O"},
		{"4k3/8/8/8/8/8/8/4K2R w - - 0 1", "h1h8", "Rh8"}, // no check sign in fog
		{"k7/3P4/8/8/8/8/8/4K3 w - - 0 1", "d7d8q", "d8=Q"},
		{"4k3/8/8/8/8/8/8/4K2Q w - - 0 1", "h1e4", "Qe4"},
		{"3k4/8/8/3r4/8/8/8/3QK3 w - - 0 1", "d1d5", "Qxd5"},
		{"3k4/8/8/8/8/8/8/3QK3 w - - 0 1", "d1d8", "Qxd8"}, // the king en prise, taken,
	}
	for _, tt := range tests {
		p, err := ParseFEN(tt.fen)
		if err != nil {
			t.Fatalf("%s: %v", tt.fen, err)
		}
		var m chess.Move
		var ml chess.MoveList
		p.Generate(&ml)
		for _, o := range ml.Moves() {
			if p.UCI(o) == tt.uci {
				m = o
			}
		}
		if m == 0 {
			t.Fatalf("%s: no move %s", tt.fen, tt.uci)
		}
		if got := p.SAN(m); got != tt.want {
			t.Errorf("%s %s: SAN = %q, want %q", tt.fen, tt.uci, got, tt.want)
		}
	}
}
