package review

import (
	"slices"
	"strings"
	"testing"
)

func TestParseInfo(t *testing.T) {
	tests := []struct {
		in     string
		want   Info
		scored bool
	}{
		{"info depth 12 seldepth 18 multipv 2 score cp -35 nodes 1000 nps 9 hashfull 1 time 3 pv e7e5 g1f3",
			Info{Depth: 12, MultiPV: 2, CP: -35, PV: []string{"e7e5", "g1f3"}}, true},
		{"info depth 5 score mate -2 pv h7h8", Info{Depth: 5, MultiPV: 1, Mate: -2, HasMate: true, PV: []string{"h7h8"}}, true},
		{"info depth 9 score cp 20 lowerbound nodes 5", Info{Depth: 9, MultiPV: 1, CP: 20, Bound: "lowerbound"}, true},
		{"info depth 9 currmove e2e4 currmovenumber 1", Info{Depth: 9, MultiPV: 1}, false},
		{"info string NNUE evaluation using nn.nnue", Info{MultiPV: 1}, false},
	}
	for _, tt := range tests {
		got, ok, err := ParseInfo(tt.in)
		if err != nil || ok != tt.scored || got.Depth != tt.want.Depth || got.MultiPV != tt.want.MultiPV || got.CP != tt.want.CP ||
			got.Mate != tt.want.Mate || got.HasMate != tt.want.HasMate || got.Bound != tt.want.Bound || !slices.Equal(got.PV, tt.want.PV) {
			t.Errorf("ParseInfo(%q) = %+v, %v, %v; want %+v, %v", tt.in, got, ok, err, tt.want, tt.scored)
		}
	}
	for _, bad := range []string{"", "bestmove e2e4", "info depth x", "info score cp", "info score pawns 3", "info multipv -1"} {
		if _, _, err := ParseInfo(bad); err == nil {
			t.Errorf("ParseInfo(%q): no error", bad)
		}
	}
}

// FuzzParseInfo: any line is read or refused with an error, never a panic;
// a scored line's PV is the words after "pv".
func FuzzParseInfo(f *testing.F) {
	for _, s := range []string{"info depth 12 multipv 2 score cp -35 pv e7e5", "info score mate 0", "info string x", "info depth"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		in, ok, err := ParseInfo(line)
		if err != nil && ok {
			t.Fatalf("error %v with a score", err)
		}
		if ok && len(in.PV) > 0 && !strings.Contains(line, "pv") {
			t.Fatalf("a PV %v from a line without pv", in.PV)
		}
		_ = in.score()
	})
}
