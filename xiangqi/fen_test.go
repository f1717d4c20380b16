package xiangqi

import (
	"errors"
	"strings"
	"testing"
)

func TestParseFENAccepts(t *testing.T) {
	tests := []struct{ in, want string }{
		{StartFEN, StartFEN},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR", StartFEN},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r", StartFEN},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - -", StartFEN},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR  w  -  -  0  1 ", StartFEN},
		{"rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1", StartFEN},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
			"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"},
		{"3k5/9/9/9/9/9/9/9/9/4K4 b - - 7", "3k5/9/9/9/9/9/9/9/9/4K4 b - - 7 1"},
	}
	for _, tt := range tests {
		p, err := ParseFEN(tt.in)
		if err != nil {
			t.Errorf("ParseFEN(%q): %v", tt.in, err)
			continue
		}
		if got := p.FEN(); got != tt.want {
			t.Errorf("ParseFEN(%q).FEN() = %q, want %q", tt.in, got, tt.want)
		}
		if p.Key() != p.computeKey() {
			t.Errorf("ParseFEN(%q): key mismatch", tt.in)
		}
	}
}

func TestParseFENErrors(t *testing.T) {
	tests := []struct {
		in    string
		field int
		err   error
	}{
		{"", 1, ErrFENEmpty},
		{"   ", 1, ErrFENEmpty},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR", 1, ErrRankCount},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR", 1, ErrRankLength},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN", 1, ErrRankLength},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/82/RNBAKABNR", 1, ErrRankLength},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX", 1, ErrPieceChar},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN0", 1, ErrPieceChar},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x", 2, ErrSideToMove},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w KQ", 3, ErrUnusedField},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - e3", 4, ErrUnusedField},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - -1 1", 5, ErrClock},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 99999 1", 5, ErrClock},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 x", 6, ErrClock},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 0", 6, ErrFullmoveZero},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 x", 7, ErrFENFields},
		// Counts.
		{"3k5/9/9/9/9/9/9/9/9/RRR1K4", 1, ErrTooManyPieces},
		{"3k5/9/9/9/P1P1P1P1P/P8/9/9/9/4K4", 1, ErrTooManyPieces},
		{"3k5/9/9/9/9/9/9/9/9/3KK4", 1, ErrTooManyPieces},
		{"9/9/9/9/9/9/9/9/9/4K4", 1, ErrKings},
		// Placement.
		{"4k4/9/9/9/9/9/9/9/9/K8", 1, ErrKingSquare},
		{"4k4/9/9/9/9/9/9/9/9/3KA4", 1, ErrAdvisorSquare},
		{"4k4/9/9/9/9/9/9/9/3A5/3K5", 1, ErrAdvisorSquare},
		{"4k4/9/9/9/9/9/9/3B5/9/3K5", 1, ErrElephantSquare},
		{"4k4/9/9/9/9/3B5/9/9/9/3K5", 1, ErrElephantSquare},
		{"4k4/9/9/9/3b5/9/9/9/9/3K5", 1, ErrElephantSquare},
		{"4k4/9/9/9/9/9/9/P8/9/3K5", 1, ErrSoldierSquare},
		{"4k4/9/9/9/9/9/1P7/9/9/3K5", 1, ErrSoldierSquare},
		{"4k4/9/9/1p7/9/9/9/9/9/3K5", 1, ErrSoldierSquare},
		{"4k4/p8/9/9/9/9/9/9/9/3K5", 1, ErrSoldierSquare},
		// Generals and checks.
		{"4k4/9/9/9/9/9/9/9/9/4K4 w", 1, ErrFacingGenerals},
		{"4k4/4R4/9/9/9/9/9/9/9/3K5 w", 2, ErrOppositeCheck},
		{"4k4/9/9/9/9/9/9/9/9/3K1r3 b", 2, ErrOppositeCheck},
	}
	for _, tt := range tests {
		_, err := ParseFEN(tt.in)
		if !errors.Is(err, tt.err) {
			t.Errorf("ParseFEN(%q) error = %v, want %v", tt.in, err, tt.err)
			continue
		}
		if want := "xiangqi: fen: field " + string(rune('0'+tt.field)) + ": "; !strings.HasPrefix(err.Error(), want) {
			t.Errorf("ParseFEN(%q) error = %q, want prefix %q", tt.in, err, want)
		}
	}
}

func TestValidate(t *testing.T) {
	p := StartPosition()
	if err := p.Validate(); err != nil {
		t.Errorf("start position: %v", err)
	}
	// Validate sees problems made after parsing, such as a piece put
	// where it cannot be.
	q := p
	q.board[E0], q.board[E4] = NoPiece, NoPiece
	q.put(RedAdvisor, E4)
	if err := q.Validate(); !errors.Is(err, ErrAdvisorSquare) {
		t.Errorf("advisor on e4: %v, want ErrAdvisorSquare", err)
	}
}

func TestZobristIncremental(t *testing.T) {
	for _, c := range loadPerft(t) {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		walkCheck(t, &p, 3)
	}
}

// walkCheck verifies at every node that the incremental key equals a
// recomputed one, that DoMove/UndoMove restore the position exactly and
// agree with MakeMove, and that the position stays valid.
func walkCheck(t *testing.T, p *Position, depth int) {
	t.Helper()
	if p.key != p.computeKey() {
		t.Fatalf("%s: incremental key differs", p.FEN())
	}
	if err := p.problem(); err != nil {
		t.Fatalf("%s: %v", p.FEN(), err)
	}
	if depth == 0 {
		return
	}
	var ml MoveList
	p.GenerateLegal(&ml)
	for _, m := range ml.Moves() {
		var child Position
		p.MakeMove(m, &child)
		before := *p
		u := p.DoMove(m)
		if *p != child {
			t.Fatalf("%s %s: DoMove differs from MakeMove", before.FEN(), m)
		}
		p.UndoMove(m, u)
		if *p != before {
			t.Fatalf("%s %s: UndoMove did not restore", before.FEN(), m)
		}
		walkCheck(t, &child, depth-1)
	}
}

func TestPseudoVersusLegal(t *testing.T) {
	// Every legal move is pseudo-legal, and a pseudo-legal move is legal
	// exactly when it leaves the general safe.
	for _, c := range loadPerft(t) {
		p, _ := ParseFEN(c.fen)
		var legal, pseudo, caps, quiets, evasions MoveList
		p.GenerateLegal(&legal)
		p.generatePseudo(All, &pseudo)
		p.Generate(Captures, &caps)
		p.Generate(Quiets, &quiets)
		p.Generate(Evasions, &evasions)
		n := 0
		for _, m := range pseudo.Moves() {
			var child Position
			p.MakeMove(m, &child)
			ok := !child.IsAttacked(child.kings[p.side], child.side)
			if ok != legal.Contains(m) {
				t.Errorf("%s %s: legal %v, generated %v", c.fen, m, ok, legal.Contains(m))
			}
			if ok {
				n++
			}
			if ok && p.board[m.To()] != NoPiece && !caps.Contains(m) {
				t.Errorf("%s %s: legal capture missing from Generate(Captures)", c.fen, m)
			}
			if ok && p.board[m.To()] == NoPiece && !quiets.Contains(m) {
				t.Errorf("%s %s: legal quiet move missing from Generate(Quiets)", c.fen, m)
			}
			if ok != p.IsLegal(m) {
				t.Errorf("%s %s: IsLegal %v", c.fen, m, p.IsLegal(m))
			}
		}
		if n != legal.Len() {
			t.Errorf("%s: %d legal of pseudo, generated %d", c.fen, n, legal.Len())
		}
		for _, m := range caps.Moves() {
			if p.board[m.To()] == NoPiece {
				t.Errorf("%s %s: quiet move in Generate(Captures)", c.fen, m)
			}
		}
		if caps.Len()+quiets.Len() != legal.Len() || evasions.Len() != legal.Len() {
			t.Errorf("%s: %d captures + %d quiets, %d evasions; want %d legal moves", c.fen, caps.Len(), quiets.Len(), evasions.Len(), legal.Len())
		}
	}
}

func TestGenerateAllocs(t *testing.T) {
	p := StartPosition()
	var ml MoveList
	var child Position
	allocs := testing.AllocsPerRun(100, func() {
		p.GenerateLegal(&ml)
		for i := 0; i < ml.Len(); i++ {
			p.MakeMove(ml.At(i), &child)
			var inner MoveList
			child.GenerateLegal(&inner)
		}
		p.Generate(Captures, &ml)
		u := p.DoMove(ml.At(0))
		p.UndoMove(ml.At(0), u)
	})
	if allocs != 0 {
		t.Errorf("generate+make allocates %v times per run, want 0", allocs)
	}
}

func TestDraw(t *testing.T) {
	p := StartPosition()
	want := `9 r n b a k a b n r
8 . . . . . . . . .
7 . c . . . . . c .
6 p . p . p . p . p
5 . . . . . . . . .
4 . . . . . . . . .
3 P . P . P . P . P
2 . C . . . . . C .
1 . . . . . . . . .
0 R N B A K A B N R
  a b c d e f g h i
`
	if got := p.String(); got != want {
		t.Errorf("String() =\n%s\nwant\n%s", got, want)
	}
	got := p.Draw(DrawOptions{Unicode: true, Axis: AxisChinese})
	lines := strings.Split(got, "\n")
	if lines[0] != "１２３４５６７８９" || lines[1] != "車馬象士將士象馬車" || lines[10] != "俥傌相仕帥仕相傌俥" || lines[11] != "九八七六五四三二一" {
		t.Errorf("Unicode Chinese board:\n%s", got)
	}
	got = p.Draw(DrawOptions{Unicode: true})
	if lines := strings.Split(got, "\n"); lines[3] != "6 卒＋卒＋卒＋卒＋卒" || lines[10] != "  ａｂｃｄｅｆｇｈｉ" {
		t.Errorf("Unicode ICCS board:\n%s", got)
	}
	got = p.Draw(DrawOptions{Axis: AxisChinese})
	if lines := strings.Split(got, "\n"); lines[0] != "1 2 3 4 5 6 7 8 9" || lines[11] != "9 8 7 6 5 4 3 2 1" {
		t.Errorf("ASCII Chinese board:\n%s", got)
	}
}

// TestDrawFlip: a flipped board is the board turned half round, labels
// included; each side still numbers the files from its own right.
func TestDrawFlip(t *testing.T) {
	p, err := ParseFEN("3k5/9/9/9/9/9/9/9/4A4/3AK4 w")
	if err != nil {
		t.Fatal(err)
	}
	want := `0 . . . . K A . . .
1 . . . . A . . . .
2 . . . . . . . . .
3 . . . . . . . . .
4 . . . . . . . . .
5 . . . . . . . . .
6 . . . . . . . . .
7 . . . . . . . . .
8 . . . . . . . . .
9 . . . . . k . . .
  i h g f e d c b a
`
	if got := p.Draw(DrawOptions{Flip: true}); got != want {
		t.Errorf("flipped board =\n%s\nwant\n%s", got, want)
	}
	for _, tt := range []struct {
		o           DrawOptions
		first, last string
	}{
		{DrawOptions{Flip: true, Unicode: true}, "0 ＋＋＋＋帥仕＋＋＋", "  ｉｈｇｆｅｄｃｂａ"},
		{DrawOptions{Flip: true, Unicode: true, Axis: AxisChinese}, "一二三四五六七八九", "９８７６５４３２１"},
		{DrawOptions{Flip: true, Axis: AxisChinese}, "1 2 3 4 5 6 7 8 9", "9 8 7 6 5 4 3 2 1"},
		{DrawOptions{Flip: true, Axis: AxisNone}, ". . . . K A . . .", ". . . . . k . . ."},
	} {
		lines := strings.Split(strings.TrimSuffix(p.Draw(tt.o), "\n"), "\n")
		if lines[0] != tt.first || lines[len(lines)-1] != tt.last {
			t.Errorf("Draw(%+v): first line %q, last %q; want %q, %q", tt.o, lines[0], lines[len(lines)-1], tt.first, tt.last)
		}
	}
}

// bruteLegal lists the legal moves the slow way: every pseudo-legal move
// whose result leaves the mover's general unattacked.
func bruteLegal(p *Position) map[Move]bool {
	var pseudo MoveList
	p.generatePseudo(All, &pseudo)
	out := map[Move]bool{}
	for _, m := range pseudo.Moves() {
		var child Position
		p.MakeMove(m, &child)
		if !child.IsAttacked(child.kings[p.side], child.side) {
			out[m] = true
		}
	}
	return out
}

// TestRandomPlayouts compares the fast legality test with the brute-force
// one along pseudo-random games (fixed seed) from every perft position.
func TestRandomPlayouts(t *testing.T) {
	seed := uint64(1)
	games := 40
	if testing.Short() {
		games = 5
	}
	for _, c := range loadPerft(t) {
		root, _ := ParseFEN(c.fen)
		for range games {
			p := root
			for ply := 0; ply < 150; ply++ {
				var ml MoveList
				p.GenerateLegal(&ml)
				want := bruteLegal(&p)
				if len(want) != ml.Len() {
					t.Fatalf("%s: %d legal moves, brute force %d", p.FEN(), ml.Len(), len(want))
				}
				for _, m := range ml.Moves() {
					if !want[m] {
						t.Fatalf("%s: %s generated but illegal", p.FEN(), m)
					}
				}
				if ml.Len() == 0 {
					break
				}
				var child Position
				p.MakeMove(ml.At(int(splitmix64(&seed)%uint64(ml.Len()))), &child)
				p = child
			}
		}
	}
}

func TestReadFENBoard(t *testing.T) {
	tests := []struct {
		in   string
		want map[string]byte // points holding a letter; all others empty
		err  error
	}{
		{"4k4/9/9/9/9/9/9/9/9/4K4", map[string]byte{"e9": 'k', "e0": 'K'}, nil},
		// Letters need not be pieces: which are is the caller's to say.
		{"x3k3x/9/9/9/9/9/9/9/9/Z3K3X", map[string]byte{"a9": 'x', "e9": 'k', "i9": 'x', "a0": 'Z', "e0": 'K', "i0": 'X'}, nil},
		{"", nil, ErrRankCount},
		{"9/9/9/9/9/9/9/9/9", nil, ErrRankCount},
		{"9/9/9/9/9/9/9/9/9/9/9", nil, ErrRankCount},
		{"9/9/9/9/9/9/9/9/9/8", nil, ErrRankLength},
		{"9/9/9/9/9/9/9/9/9/91", nil, ErrRankLength},
		{"9/9/9/9/9/9/9/9/9/4K5", nil, ErrRankLength},
		{"9/9/9/9/9/9/9/9/9/RNBAKABNRR", nil, ErrRankLength},
		{"9/9/9/9/9/9/9/9/9/4K30", nil, ErrPieceChar},
		{"9/9/9/9/9/9/9/9/9/4K3é", nil, ErrPieceChar},
		{"9/9/9/9/9/9/9/9/9/4K3-", nil, ErrPieceChar},
	}
	for _, tt := range tests {
		b, err := ReadFENBoard(tt.in, "test")
		if tt.err != nil {
			if !errors.Is(err, tt.err) || !strings.HasPrefix(err.Error(), "test: fen: field 1: ") {
				t.Errorf("ReadFENBoard(%q) = %v, want %v", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("ReadFENBoard(%q): %v", tt.in, err)
			continue
		}
		var want FENBoard
		for name, c := range tt.want {
			s, _ := ParseSquare(name)
			want[s] = c
		}
		if b != want {
			t.Errorf("ReadFENBoard(%q) = %q, want %q", tt.in, b[:], want[:])
		}
		if got := JoinFEN(&b, FENFields{Side: Black, Halfmove: 3, Fullmove: 12}); got != tt.in+" b - - 3 12" {
			t.Errorf("JoinFEN(ReadFENBoard(%q)) = %q", tt.in, got)
		}
	}
}

// FuzzReadFENBoard: what ReadFENBoard accepts, JoinFEN writes back to a
// board that reads the same.
func FuzzReadFENBoard(f *testing.F) {
	f.Add(StartFEN[:strings.IndexByte(StartFEN, ' ')])
	f.Add("xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX")
	f.Add("9/9/9/9/9/9/9/9/9/45")
	f.Fuzz(func(t *testing.T, s string) {
		b, err := ReadFENBoard(s, "test")
		if err != nil {
			return
		}
		fen := JoinFEN(&b, FENFields{Side: Red, Fullmove: 1})
		board, _, err := SplitFEN(fen, "test")
		if err != nil {
			t.Fatalf("SplitFEN(JoinFEN(%q)) = %v", s, err)
		}
		if c, err := ReadFENBoard(board, "test"); err != nil || c != b {
			t.Fatalf("%q: the board %q written back reads %q, %v", s, board, c[:], err)
		}
	})
}
