package xq

import (
	"errors"
	"testing"

	"github.com/gambitchess/gambit/xiangqi"
)

func TestFormatFairy(t *testing.T) {
	for _, tc := range []struct {
		from, to xiangqi.Square
		want     string
	}{
		{xiangqi.H2, xiangqi.E2, "h3e3"},
		{xiangqi.A9, xiangqi.A8, "a10a9"},
		{xiangqi.I0, xiangqi.I1, "i1i2"},
		{xiangqi.B9, xiangqi.C7, "b10c8"},
	} {
		if got := FormatFairy(xiangqi.NewMove(tc.from, tc.to)); got != tc.want {
			t.Errorf("FormatFairy(%v%v) = %q, want %q", tc.from, tc.to, got, tc.want)
		}
	}
	if got := FormatFairy(xiangqi.MoveNone); got != "0000" {
		t.Errorf("FormatFairy(MoveNone) = %q", got)
	}
}

func TestParseFairy(t *testing.T) {
	pos := xiangqi.StartPosition()
	var black xiangqi.Position
	pos.MakeMove(xiangqi.NewMove(xiangqi.H2, xiangqi.E2), &black)
	for _, tc := range []struct {
		pos     *xiangqi.Position
		in      string
		want    string // ICCS
		wantErr error
	}{
		{&pos, "h3e3", "h2e2", nil},
		{&pos, "b1c3", "b0c2", nil},
		{&black, "b10c8", "b9c7", nil},
		{&black, "a10a9", "a9a8", nil},
		{&pos, "h2e2", "", xiangqi.ErrIllegalMove},
		{&pos, "a11a9", "", xiangqi.ErrInvalidMove},
		{&pos, "a0a1", "", xiangqi.ErrInvalidMove},
		{&pos, "j1j2", "", xiangqi.ErrInvalidMove},
		{&pos, "h3e3x", "", xiangqi.ErrInvalidMove},
		{&pos, "", "", xiangqi.ErrInvalidMove},
	} {
		m, err := ParseFairy(tc.pos, tc.in)
		if tc.wantErr != nil {
			if !errors.Is(err, tc.wantErr) {
				t.Errorf("ParseFairy(%q) error %v, want %v", tc.in, err, tc.wantErr)
			}
			continue
		}
		if err != nil || m.String() != tc.want {
			t.Errorf("ParseFairy(%q) = %v, %v; want %s", tc.in, m, err, tc.want)
		}
		if back := FormatFairy(m); back != tc.in {
			t.Errorf("FormatFairy(ParseFairy(%q)) = %q", tc.in, back)
		}
	}
}

func TestFairyToICCS(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		ok       bool
	}{
		{"h3e3", "h2e2", true},
		{"a10a9", "a9a8", true},
		{"i10i1", "i9i0", true},
		{"z1a1", "", false},
		{"a1", "", false},
	} {
		if got, ok := FairyToICCS(tc.in); got != tc.want || ok != tc.ok {
			t.Errorf("FairyToICCS(%q) = %q, %v; want %q, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

// TestTTPacking: xiangqi moves and the engine's scores fit the table's
// fields. The table itself is tested in internal/tt.
func TestTTPacking(t *testing.T) {
	tt := newTable(1)
	for _, d := range []ttData{
		{Move: xiangqi.NewMove(xiangqi.H2, xiangqi.E2), Score: -Mate + 3, Eval: -1234, Depth: 17, Bound: BoundExact},
		{Move: xiangqi.MoveNone, Score: 32000, Eval: 0, Depth: -1, Bound: BoundUpper},
		{Move: xiangqi.NewMove(xiangqi.I9, xiangqi.I0), Score: 12, Eval: 31000, Depth: 0, Bound: BoundLower},
	} {
		key := uint64(d.Depth+100) * 0x9e3779b97f4a7c15
		tt.Store(key, d)
		got, ok := tt.Probe(key)
		if !ok || got != d {
			t.Errorf("stored %+v, probed %+v (%v)", d, got, ok)
		}
		if _, ok := tt.Probe(key ^ 1<<40); ok {
			t.Errorf("probe of another key hit")
		}
	}
}

func TestPlanTime(t *testing.T) {
	const ms = 1_000_000
	for _, tc := range []struct {
		l        Limits
		us       xiangqi.Color
		maxHard  int64 // ms
		positive bool
	}{
		{Limits{WTime: 1000 * ms, WInc: 10 * ms}, xiangqi.Red, 250, true},
		{Limits{WTime: 40 * ms, WInc: 10 * ms}, xiangqi.Red, 11, true},
		{Limits{BTime: 5 * ms, BInc: 100 * ms}, xiangqi.Black, 2, true},
		{Limits{WTime: 60000 * ms, MovesToGo: 1}, xiangqi.Red, 20000, true},
		{Limits{MoveTime: 500 * ms}, xiangqi.Black, 470, true},
		{Limits{BTime: 1000 * ms}, xiangqi.Red, 0, false},
	} {
		b := planTime(tc.l, tc.us, 30*ms)
		if tc.positive != (b.hard > 0) || int64(b.hard/ms) > tc.maxHard || b.soft > b.hard {
			t.Errorf("%+v: soft %v hard %v", tc.l, b.soft, b.hard)
		}
	}
}

func TestGameFromUCI(t *testing.T) {
	g, err := GameFromUCI("startpos", []string{"h3e3", "h10g8", "h1g3"})
	if err != nil {
		t.Fatal(err)
	}
	if got := g.FEN(); got != "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2" {
		t.Errorf("FEN %s", got)
	}
	if _, err := GameFromUCI("startpos", []string{"h3e3", "h3e3"}); !errors.Is(err, xiangqi.ErrIllegalMove) {
		t.Errorf("illegal second move: %v", err)
	}
	if _, err := GameFromUCI("9/9 w", nil); err == nil {
		t.Error("bad FEN accepted")
	}
	g, err = GameFromUCI("3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1", []string{"a2d2"})
	if err != nil || g.Outcome().Termination != xiangqi.Checkmate {
		t.Errorf("mate by FEN and move: %v, %v", err, g.Outcome())
	}
}
