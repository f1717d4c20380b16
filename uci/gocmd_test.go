package uci

import (
	"errors"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/engine"
	"github.com/gambitchess/gambit/engine/xq"
	"github.com/gambitchess/gambit/xiangqi"
)

func TestParseGo(t *testing.T) {
	const ms = time.Millisecond
	tests := []struct {
		in    string
		want  engine.Limits
		moves []string
	}{
		{"", engine.Limits{}, nil},
		{"infinite", engine.Limits{Infinite: true}, nil},
		{"ponder wtime 1000 btime 2000 winc 10 binc 20 movestogo 30",
			engine.Limits{Ponder: true, WTime: 1000 * ms, BTime: 2000 * ms, WInc: 10 * ms, BInc: 20 * ms, MovesToGo: 30}, nil},
		{"depth 5 nodes 1000 movetime 250", engine.Limits{Depth: 5, Nodes: 1000, MoveTime: 250 * ms}, nil},
		{"mate 3", engine.Limits{Mate: 3}, nil},
		{"mate 0", engine.Limits{}, nil}, // 0 is no limit, as for every field
		// An empty or overdrawn clock is still a clock; a negative increment is none.
		{"wtime 0 btime -50 winc -5", engine.Limits{WTime: ms, BTime: ms}, nil},
		{"depth 5 depth 7", engine.Limits{Depth: 7}, nil},
		// Huge numbers are clamped, even beyond int64.
		{"depth 99999999 mate 99999999 movestogo 99999999", engine.Limits{Depth: 1 << 20, Mate: 1 << 20, MovesToGo: 1 << 20}, nil},
		{"nodes 99999999999999999999", engine.Limits{Nodes: math.MaxInt64}, nil},
		{"movetime 99999999999999999999 wtime -99999999999999999999", engine.Limits{MoveTime: maxGoMillis * ms, WTime: ms}, nil},
		{"depth +4", engine.Limits{Depth: 4}, nil},
		// searchmoves runs to the next parameter; a second one replaces the first.
		{"searchmoves e2e4 d2d4 depth 3", engine.Limits{Depth: 3}, []string{"e2e4", "d2d4"}},
		{"depth 3 searchmoves h3e3 a10a9", engine.Limits{Depth: 3}, []string{"h3e3", "a10a9"}},
		{"searchmoves infinite", engine.Limits{Infinite: true}, nil},
		{"searchmoves", engine.Limits{}, nil},
		{"searchmoves e2e4 searchmoves d2d4 ponder", engine.Limits{Ponder: true}, []string{"d2d4"}},
	}
	for _, tt := range tests {
		c, err := parseGo(strings.Fields(tt.in))
		if err != nil {
			t.Errorf("parseGo(%q): %v", tt.in, err)
			continue
		}
		if !reflect.DeepEqual(c.limits, tt.want) {
			t.Errorf("parseGo(%q) limits = %+v, want %+v", tt.in, c.limits, tt.want)
		}
		if !slices.Equal(c.searchMoves, tt.moves) {
			t.Errorf("parseGo(%q) searchmoves = %q, want %q", tt.in, c.searchMoves, tt.moves)
		}
	}
}

func TestParseGoErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"foo", `go: unknown parameter "foo" (argument 1)`},
		{"depth 3 bar", `go: unknown parameter "bar" (argument 3)`},
		{"depth", `go: depth needs a value (argument 2)`},
		{"wtime 100 binc", `go: binc needs a value (argument 4)`},
		{"depth x", `go: depth wants a whole number, 0 or more, got "x" (argument 2)`},
		{"depth -1", `go: depth wants a whole number, 0 or more, got "-1" (argument 2)`},
		{"mate -2", `go: mate wants a whole number, 0 or more, got "-2" (argument 2)`},
		{"nodes -99999999999999999999", `go: nodes wants a whole number, 0 or more, got "-99999999999999999999" (argument 2)`},
		{"movetime 1e3", `go: movetime wants a whole number, 0 or more, got "1e3" (argument 2)`},
		{"infinite wtime 1.5", `go: wtime wants a whole number, got "1.5" (argument 3)`},
		{"depth infinite", `go: depth wants a whole number, 0 or more, got "infinite" (argument 2)`},
	}
	for _, tt := range tests {
		_, err := parseGo(strings.Fields(tt.in))
		if err == nil {
			t.Errorf("parseGo(%q): no error, want %q", tt.in, tt.want)
			continue
		}
		if !errors.Is(err, ErrSyntax) {
			t.Errorf("parseGo(%q): error %v does not wrap ErrSyntax", tt.in, err)
		}
		if got := strings.TrimPrefix(err.Error(), ErrSyntax.Error()+": "); got != tt.want {
			t.Errorf("parseGo(%q): error %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestGoSearchMoves(t *testing.T) {
	start := chess.StartPosition()
	xstart := xiangqi.StartPosition()
	tests := []struct {
		in              string
		chess, xiangqi  string // the moves read
		chessErr, xqErr error  // or the error they give
	}{
		{"searchmoves e2e4 g1f3", "e2e4 g1f3", "", nil, xiangqi.ErrIllegalMove},
		{"searchmoves h3e3 a4a5", "", "h3e3 a4a5", chess.ErrIllegalMove, nil},
		{"searchmoves a10a9", "", "", chess.ErrInvalidMove, xiangqi.ErrIllegalMove},
		{"searchmoves e2e5", "", "", chess.ErrIllegalMove, xiangqi.ErrIllegalMove},
		{"searchmoves 0000", "", "", chess.ErrIllegalMove, xiangqi.ErrInvalidMove},
		{"depth 1", "", "", nil, nil},
	}
	check := func(in, variant string, got []string, err error, want string, wantErr error) {
		t.Helper()
		switch {
		case wantErr != nil && !errors.Is(err, wantErr):
			t.Errorf("%q in %s: error %v, want %v", in, variant, err, wantErr)
		case wantErr != nil && !strings.HasPrefix(err.Error(), "go: searchmoves: "):
			t.Errorf("%q in %s: error %q does not say where", in, variant, err)
		case wantErr == nil && err != nil:
			t.Errorf("%q in %s: %v", in, variant, err)
		case wantErr == nil && strings.Join(got, " ") != want:
			t.Errorf("%q in %s: moves %q, want %q", in, variant, got, want)
		}
	}
	for _, tt := range tests {
		c, err := parseGo(strings.Fields(tt.in))
		if err != nil {
			t.Fatal(err)
		}
		l, err := c.chessLimits(&start)
		var got []string
		for _, m := range l.SearchMoves {
			got = append(got, start.UCI(m))
		}
		check(tt.in, "chess", got, err, tt.chess, tt.chessErr)
		x, err := c.xiangqiLimits(&xstart)
		got = nil
		for _, m := range x.SearchMoves {
			got = append(got, xq.FormatFairy(m))
		}
		check(tt.in, "xiangqi", got, err, tt.xiangqi, tt.xqErr)
	}
}

// TestXiangqiLimitsFields checks that every field of xq.Limits is filled
// from the engine.Limits field of the same name, so that a field added to
// both is not forgotten here.
func TestXiangqiLimitsFields(t *testing.T) {
	c, err := parseGo(strings.Fields("wtime 1 btime 2 winc 3 binc 4 movestogo 5 depth 6 nodes 7 mate 8 movetime 9 infinite searchmoves h3e3"))
	if err != nil {
		t.Fatal(err)
	}
	pos := xiangqi.StartPosition()
	x, err := c.xiangqiLimits(&pos)
	if err != nil {
		t.Fatal(err)
	}
	xv, cv := reflect.ValueOf(x), reflect.ValueOf(c.limits)
	for i := 0; i < xv.NumField(); i++ {
		name := xv.Type().Field(i).Name
		if name == "SearchMoves" {
			if len(x.SearchMoves) != 1 || xq.FormatFairy(x.SearchMoves[0]) != "h3e3" {
				t.Errorf("SearchMoves %v, want [h3e3]", x.SearchMoves)
			}
			continue
		}
		if name == "MultiPV" {
			continue // set by "setoption", not "go", for both engines
		}
		f := cv.FieldByName(name)
		if !f.IsValid() {
			t.Errorf("xq.Limits.%s has no engine.Limits counterpart", name)
			continue
		}
		if f.IsZero() || !reflect.DeepEqual(f.Interface(), xv.Field(i).Interface()) {
			t.Errorf("%s: xq %v, engine %v (want equal and set)", name, xv.Field(i), f)
		}
	}
}

func FuzzParseGo(f *testing.F) {
	for _, s := range []string{
		"wtime 1000 btime 1000 winc 10 binc 10 movestogo 20", "searchmoves e2e4 d2d4 depth 3", "searchmoves h3e3 a10a9 mate 2",
		"mate 2", "depth -1", "nodes 99999999999999999999", "ponder infinite", "movetime", "wtime -100 btime 5 movestogo 0",
		"searchmoves 0000 e1g1 e7e8q", "depth 3 bar",
	} {
		f.Add(s)
	}
	start, xstart := chess.StartPosition(), xiangqi.StartPosition()
	f.Fuzz(func(t *testing.T, s string) {
		c, err := parseGo(strings.Fields(s))
		if err != nil {
			if !errors.Is(err, ErrSyntax) {
				t.Fatalf("parseGo(%q): error %v does not wrap ErrSyntax", s, err)
			}
			return
		}
		l := c.limits
		for _, d := range []time.Duration{l.WTime, l.BTime, l.WInc, l.BInc, l.MoveTime} {
			if d < 0 {
				t.Fatalf("parseGo(%q): negative duration in %+v", s, l)
			}
		}
		for _, n := range []int{l.Depth, l.Mate, l.MovesToGo} {
			if n < 0 || n > maxGoCount {
				t.Fatalf("parseGo(%q): count out of range in %+v", s, l)
			}
		}
		if cl, err := c.chessLimits(&start); err == nil && len(cl.SearchMoves) != len(c.searchMoves) {
			t.Fatalf("parseGo(%q): %d chess searchmoves, want %d", s, len(cl.SearchMoves), len(c.searchMoves))
		}
		if xl, err := c.xiangqiLimits(&xstart); err == nil && (xl.Mate != l.Mate || xl.Depth != l.Depth || len(xl.SearchMoves) != len(c.searchMoves)) {
			t.Fatalf("parseGo(%q): xiangqi limits %+v differ from %+v", s, xl, l)
		}
	})
}
