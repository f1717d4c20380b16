package jieqi

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/variant/fair"
	"github.com/gambitchess/gambit/xiangqi"
)

func TestFENRoundTrip(t *testing.T) {
	tests := []string{
		StartFEN,
		"3k5/9/1x7/9/1p7/9/9/1X7/9/4K4 w - - 0 1",
		"5k3/9/6n2/9/4B4/3P5/9/9/9/4K4 w - - 0 1",
		"4k4/9/9/9/2A6/9/9/9/2a6/3K5 w - - 0 1",
		"xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5XP/9/XXXXKXXX1 b - - 1 1",
		"r1xakxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX b - - 12 34",
	}
	for _, fen := range tests {
		p := mustFEN(t, fen)
		if got := p.FEN(); got != fen {
			t.Errorf("ParseFEN(%q).FEN() = %q", fen, got)
		}
	}
	// E and H read as B and N; short forms get the default fields.
	p := mustFEN(t, "4k4/9/9/9/2E6/9/9/9/2h6/3K5")
	if got, want := p.FEN(), "4k4/9/9/9/2B6/9/9/9/2n6/3K5 w - - 0 1"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestParseFENErrors(t *testing.T) {
	tests := []struct {
		fen     string
		wantErr error
		where   string // text the error must contain
	}{
		{"", ErrFENEmpty, "field 1"},
		{"4k4/9/9/9/9/9/9/9/9", ErrRankCount, "field 1"},
		{"4k4/9/9/9/4X4/9/9/9/9/4K4", ErrHiddenSquare, "X on e5"},
		{"4k4/9/9/9/9/9/9/9/9/4Kx3", ErrHiddenSquare, "x on f0"},
		{"3k5/9/9/9/9/9/9/9/9/3XK4 w", nil, ""},
		{"4k4/9/9/9/9/9/9/9/4X4/4K4", ErrHiddenSquare, "X on e1"},
		{"4k4/9/9/9/9/9/9/9/9/4K3Z", ErrPieceChar, `"Z"`},
		{"4k4/9/9/9/9/9/9/9/9/4K5", ErrRankLength, "field 1"},
		{"4k4/9/9/9/9/9/9/9/9/K8", ErrKingSquare, "K on a0"},
		{"4k4/9/9/9/9/9/9/9/9/4K4 x", ErrSideToMove, "field 2"},
		{"4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 0", ErrFullmoveZero, "field 6"},
		{"4k4/9/9/9/9/9/9/9/9/4K4 w", ErrFacingGenerals, "e0 and e9"},
		{"4k4/9/9/9/9/9/9/9/4R4/3K5 w", ErrOppositeCheck, "black general on e9"},
		{"4k4/9/9/9/9/9/PPPPPP3/9/9/3K5", ErrTooManyPieces, "more than 5 P"},
		{"4k4/9/9/9/RR7/RR7/9/9/9/3K5", ErrTooManyPieces, "more than 2 R"},
	}
	for _, tt := range tests {
		_, err := ParseFEN(tt.fen)
		if tt.wantErr == nil {
			if err != nil {
				t.Errorf("ParseFEN(%q): %v", tt.fen, err)
			}
			continue
		}
		if !errors.Is(err, tt.wantErr) || !strings.Contains(err.Error(), tt.where) {
			t.Errorf("ParseFEN(%q) = %v, want %v naming %q", tt.fen, err, tt.wantErr, tt.where)
		}
	}
}

func FuzzParseFEN(f *testing.F) {
	for _, s := range []string{StartFEN, "3k5/9/1x7/9/1p7/9/9/1X7/9/4K4 w - - 0 1", "4k4/9/9/9/4X4/9/9/9/9/4K4", "x", "9/9/9"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := ParseFEN(fen)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "jieqi: fen: field ") {
				t.Fatalf("error %q does not say which field", err)
			}
			return
		}
		out := p.FEN()
		q, err := ParseFEN(out)
		if err != nil {
			t.Fatalf("FEN() of a parsed position does not parse: %q: %v", out, err)
		}
		if q.FEN() != out || q.Key() != p.Key() {
			t.Fatalf("round trip: %q -> %q", out, q.FEN())
		}
		var ml MoveList
		p.GenerateLegal(&ml)
	})
}

func TestDealDeterministic(t *testing.T) {
	a := NewGame(fair.Seed{7}).StartPosition()
	b := NewGame(fair.Seed{7}).StartPosition()
	c := NewGame(fair.Seed{8}).StartPosition()
	la, lb, lc := LayoutText(&a), LayoutText(&b), LayoutText(&c)
	if la != lb {
		t.Errorf("the same seed dealt %q and %q", la, lb)
	}
	if la == lc {
		t.Errorf("seeds 7 and 8 dealt the same layout %q", la)
	}
	// Each side gets exactly its 15 pieces.
	for _, half := range strings.Split(la, "/") {
		counts := map[rune]int{}
		for _, r := range strings.ToUpper(half) {
			counts[r]++
		}
		want := map[rune]int{'A': 2, 'B': 2, 'N': 2, 'R': 2, 'C': 2, 'P': 5}
		if len(half) != 15 || len(counts) != len(want) {
			t.Fatalf("layout half %q", half)
		}
		for r, n := range want {
			if counts[r] != n {
				t.Errorf("layout half %q has %d %c, want %d", half, counts[r], r, n)
			}
		}
	}
	// The documented draw: point j gets pool[Shuffle(...)[j]].
	seed := fair.Seed{7}
	pool := "AABBNNRRCCPPPPP"
	for j, k := range seed.Shuffle("jieqi red", 15, 15) {
		if la[j] != pool[k] {
			t.Fatalf("red point %d: dealt %c, the documented draw gives %c", j, la[j], pool[k])
		}
	}
}

func TestViewHidesIdentities(t *testing.T) {
	// Red's b2 piece takes Black's b9 piece, face down.
	g := NewGame(fair.Seed{1, 2, 3})
	pl, err := g.PushUCI("b2b9")
	if err != nil {
		t.Fatal(err)
	}
	if pl.Revealed != Horse || !pl.CapturedDown || pl.Captured.Color() != Black {
		t.Fatalf("b2b9 = %+v", pl)
	}
	taken := pl.Captured.Type()
	for _, tt := range []struct {
		seer    Color
		known   int
		unknown int
	}{{Red, 1, 0}, {Black, 0, 1}, {NoColor, 0, 1}} {
		s := g.View(tt.seer)
		if got := len(s.Captured(Black)); got != tt.known {
			t.Errorf("%v sees %d black pieces taken, want %d", tt.seer, got, tt.known)
		}
		if got := s.CapturedUnknown(Black); got != tt.unknown {
			t.Errorf("%v sees %d unknown black pieces taken, want %d", tt.seer, got, tt.unknown)
		}
		if tt.known == 1 && s.Captured(Black)[0].Type() != taken {
			t.Errorf("%v sees %v taken, want %v", tt.seer, s.Captured(Black)[0], taken)
		}
		for sq := Square(0); sq < NumSquares; sq++ {
			if s.Position.Identity(sq) != NoPieceType {
				t.Fatalf("%v sees the identity of %v", tt.seer, sq)
			}
		}
		if s.FEN() != g.FEN() {
			t.Errorf("%v sees %q, the public FEN is %q", tt.seer, s.FEN(), g.FEN())
		}
		if seen := pl.SeenBy(tt.seer); (seen.Captured != xiangqi.NoPiece) != (tt.known == 1) {
			t.Errorf("%v sees the move as %v", tt.seer, seen)
		}
	}
	// The public sight has the true position's moves.
	var a, b MoveList
	tp, sp := g.Position(), g.View(Black).Position
	tp.GenerateLegal(&a)
	sp.GenerateLegal(&b)
	if a.Len() != b.Len() {
		t.Errorf("true position has %d moves, the sight %d", a.Len(), b.Len())
	}
}

// playRandom plays up to n random moves of a seeded game.
func playRandom(t *testing.T, seed fair.Seed, n int, rng *rand.Rand) *Game {
	t.Helper()
	g := NewGame(seed)
	for i := 0; i < n && !g.Outcome().Over(); i++ {
		moves := g.LegalMoves()
		if _, err := g.Push(moves[rng.IntN(len(moves))]); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

func TestVerify(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 20 {
		g := playRandom(t, fair.Seed{byte(i), 42}, 300, rng)
		var buf bytes.Buffer
		if err := g.WritePGN(&buf, [][2]string{{"Event", "Test"}}, true); err != nil {
			t.Fatal(err)
		}
		pgn := buf.String()
		plies, reveals, err := Verify(strings.NewReader(pgn))
		if err != nil {
			t.Fatalf("game %d: %v\n%s", i, err, pgn)
		}
		want := 0
		for _, pl := range g.History() {
			if pl.Revealed != NoPieceType {
				want++
			}
		}
		if plies != g.Ply() || reveals != want {
			t.Errorf("game %d: Verify = %d plies, %d reveals; want %d, %d", i, plies, reveals, g.Ply(), want)
		}
		if i > 0 {
			continue
		}
		// Tampering: a reveal changed, a move changed, the seed changed,
		// a reveal dropped, the result changed.
		first := g.History()[0]
		firstReveal := "[%reveal " + xiangqi.NewPiece(first.Color, first.Revealed).String() + "]"
		other := "[%reveal R]"
		if first.Revealed == Chariot {
			other = "[%reveal C]"
		}
		seedLine := "[Seed \"" + g.Seed().String() + "\"]"
		badSeed := "[Seed \"" + fair.Seed{99}.String() + "\"]"
		tampered := []struct {
			name    string
			pgn     string
			wantErr error
		}{
			{"reveal", strings.Replace(pgn, firstReveal, other, 1), ErrWrongLayout},
			{"dropped reveal", strings.Replace(pgn, "{"+firstReveal+"}", "", 1), ErrBadPGN},
			{"move", strings.Replace(pgn, " "+first.Move.String()+" ", " e0e0 ", 1), ErrBadPGN},
			{"seed", strings.Replace(pgn, seedLine, badSeed, 1), fair.ErrMismatch},
			{"no seed", strings.Replace(pgn, seedLine, "", 1), ErrBadSeed},
		}
		for _, tt := range tampered {
			if tt.pgn == pgn {
				t.Fatalf("%s: the tampering changed nothing", tt.name)
			}
			if _, _, err := Verify(strings.NewReader(tt.pgn)); !errors.Is(err, tt.wantErr) {
				t.Errorf("%s: Verify = %v, want %v", tt.name, err, tt.wantErr)
			}
		}
	}
}

func TestPushErrors(t *testing.T) {
	g := NewGame(fair.Seed{})
	if _, err := g.PushUCI("e0e2"); !errors.Is(err, ErrIllegalMove) {
		t.Errorf("e0e2: %v, want ErrIllegalMove", err)
	}
	if _, err := g.PushUCI("z9"); !errors.Is(err, ErrInvalidMove) {
		t.Errorf("z9: %v, want ErrInvalidMove", err)
	}
	if _, err := g.PushUCI("h9g7"); !errors.Is(err, ErrIllegalMove) {
		t.Errorf("black move on red's turn: %v, want ErrIllegalMove", err)
	}
}

func TestOutcomes(t *testing.T) {
	// Mate: the chariot on a9 checks the general on d9 along the back
	// rank, the one on b8 holds rank 8, and e9 is on the chariot's rank
	// and faces the red general. Two generals alone draw; a soldier more
	// plays on.
	tests := []struct {
		fen  string
		want Outcome
	}{
		{"R2k5/1R7/9/9/9/9/9/9/9/4K4 b", Outcome{Termination: Checkmate, Winner: Red}},
		{"3k5/9/9/9/9/9/9/9/9/4K4 w", Outcome{Termination: InsufficientMaterial, Winner: NoColor, Draw: true}},
		{"3k5/9/9/9/9/9/9/9/9/4K3P w", Outcome{}},
	}
	for _, tt := range tests {
		p := mustFEN(t, tt.fen)
		if got := p.Outcome(); got != tt.want {
			t.Errorf("%s: %v, want %v", tt.fen, got, tt.want)
		}
	}
}

func TestPerpetualCheckLoses(t *testing.T) {
	// The chariot checks from a9 and a8 in turn while the black general
	// steps between e9 and e8: the position after a0a9 comes back a third
	// time with every red move a check and no black one: Red loses.
	g, err := NewGameFromFEN("4k4/9/9/9/9/9/9/9/9/R2K5 w", fair.Seed{})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"a0a9", "e9e8", "a9a8", "e8e9", "a8a9", "e9e8", "a9a8", "e8e9", "a8a9"} {
		if g.Outcome().Over() {
			break
		}
		if _, err := g.PushUCI(m); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
	if o := g.Outcome(); o.Termination != PerpetualCheck || o.Winner != Black {
		t.Errorf("outcome %v, want Black winning by perpetual check", o)
	}
}

// TestSightOf: a sight rebuilt from what was sent keeps what the seer
// knows of the pieces taken, and an impossible one is refused.
func TestSightOf(t *testing.T) {
	var known [2][8]int
	known[Black][Horse] = 1
	s, err := SightOf("xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w - - 0 1", Red, known, [2]int{0, 1})
	if err == nil {
		t.Fatalf("30 face-down pieces and 2 taken: %+v", s)
	}
	s, err = SightOf("xxxxkx1xx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w - - 0 1", Red, known, [2]int{})
	if err != nil {
		t.Fatal(err)
	}
	if got, unknown := s.Position.Lost(Black); got[Horse] != 1 || unknown != 0 {
		t.Errorf("Lost(Black) = %v, %d", got, unknown)
	}
	for _, tt := range []struct {
		known   [2][8]int
		unknown [2]int
	}{
		{[2][8]int{Black: {King: 1}}, [2]int{}},
		{[2][8]int{Red: {Soldier: 6}}, [2]int{}},
		{[2][8]int{}, [2]int{-1, 0}},
	} {
		if _, err := SightOf("xxxxkx1xx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w - - 0 1", Red, tt.known, tt.unknown); !errors.Is(err, ErrSight) {
			t.Errorf("SightOf(%v, %v) = %v, want ErrSight", tt.known, tt.unknown, err)
		}
	}
}

// TestLast: Last is the last of History, and nothing before a move.
func TestLast(t *testing.T) {
	g := NewGame(fair.Seed{9})
	if _, ok := g.Last(); ok {
		t.Error("a last move before any")
	}
	for _, u := range []string{"h2e2", "h9g7"} {
		if _, err := g.PushUCI(u); err != nil {
			t.Fatal(err)
		}
	}
	h := g.History()
	if last, ok := g.Last(); !ok || last != h[len(h)-1] || last.UCI() != "h9g7" {
		t.Errorf("Last = %+v, %v; History ends %+v", last, ok, h[len(h)-1])
	}
}
