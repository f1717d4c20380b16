package engine

import (
	"bytes"
	"context"
	"math"
	"strings"
	"testing"
)

func TestSelfPlayDeterministic(t *testing.T) {
	cfg := SelfPlayConfig{Games: 3, Nodes: 300, Seed: 7, MaxPlies: 120}
	var a, b bytes.Buffer
	sa, err := SelfPlay(context.Background(), DefaultWeights(), cfg, &a, nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Workers = 2
	sb, err := SelfPlay(context.Background(), DefaultWeights(), cfg, &b, nil)
	if err != nil {
		t.Fatal(err)
	}
	if a.String() != b.String() || sa != sb {
		t.Fatalf("same seed, different data: %+v vs %+v", sa, sb)
	}
	if sa.Positions == 0 || sa.Games != 3 {
		t.Fatalf("stats %+v", sa)
	}
	samples, err := ReadTuningData(&a)
	if err != nil {
		t.Fatal(err)
	}
	if len(samples) != sa.Positions {
		t.Errorf("read %d samples, wrote %d", len(samples), sa.Positions)
	}
	for _, s := range samples {
		if !isQuiet(&s.Pos) {
			t.Errorf("%s is not quiet", s.Pos.FEN())
		}
	}
	var c bytes.Buffer
	cfg.Seed = 8
	if _, err := SelfPlay(context.Background(), DefaultWeights(), cfg, &c, nil); err != nil {
		t.Fatal(err)
	}
	if c.String() == b.String() {
		t.Error("another seed gave the same games")
	}
	t.Logf("%+v", sa)
}

func TestReadTuningData(t *testing.T) {
	in := "# comment\n" +
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;0.5\n\n" +
		"8/8/8/4k3/8/8/8/4K2R w K - 0 1;1-0\n" +
		"8/8/8/4k3/8/8/8/4K2R w K - 0 1; 0.0\n"
	s, err := ReadTuningData(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(s) != 3 || s[0].Result != 0.5 || s[1].Result != 1 || s[2].Result != 0 {
		t.Fatalf("got %+v", s)
	}
	for _, bad := range []string{"nofen;1.0", "8/8/8/4k3/8/8/8/4K2R w K - 0 1", "8/8/8/4k3/8/8/8/4K2R w K - 0 1;0.7"} {
		if _, err := ReadTuningData(strings.NewReader(bad)); err == nil || !strings.Contains(err.Error(), "line 1") {
			t.Errorf("%q: got error %v, want a line-1 error", bad, err)
		}
	}
}

func FuzzReadTuningData(f *testing.F) {
	f.Add("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;0.5\n")
	f.Add("8/8/8/4k3/8/8/8/4K2R w K - 0 1;1-0\n# x\n")
	f.Add(";;\n")
	f.Fuzz(func(t *testing.T, in string) {
		samples, err := ReadTuningData(strings.NewReader(in))
		if err != nil {
			return
		}
		var out bytes.Buffer
		for _, s := range samples {
			if err := WriteSample(&out, s); err != nil {
				t.Fatal(err)
			}
		}
		again, err := ReadTuningData(&out)
		if err != nil || len(again) != len(samples) {
			t.Fatalf("round trip: %d samples, then %d (%v)", len(samples), len(again), err)
		}
		for i := range again {
			if again[i].Result != samples[i].Result || again[i].Pos.FEN() != samples[i].Pos.FEN() {
				t.Fatalf("round trip changed sample %d", i)
			}
		}
	})
}

func TestMatchResultElo(t *testing.T) {
	tests := []struct {
		r           MatchResult
		elo, margin float64
		text        string
	}{
		// 70%: 400·log10(7/3); se 0.04, so the score runs 0.7 ∓ 1.96·0.04.
		{MatchResult{60, 20, 20}, 147.190714, 66.014639, "+60 =20 -20 (70.0%, +147 ± 66 Elo)"},
		// 50%: se sqrt(0.25/20), so 0.5 ∓ 0.2191.
		{MatchResult{10, 0, 10}, 0, 163.324830, "+10 =0 -10 (50.0%, -0 ± 163 Elo)"},
		// 25% with se sqrt(0.1875/2): the score interval is clipped at 1e-9.
		{MatchResult{0, 1, 1}, -190.848502, 1833.947002, "+0 =1 -1 (25.0%, -191 ± 1834 Elo)"},
		// Undefined: no games, or a score of 0 or 1; no spread at all.
		{MatchResult{}, 0, 0, "+0 =0 -0 (50.0%, +0 ± 0 Elo)"},
		{MatchResult{3, 0, 0}, 0, 0, "+3 =0 -0 (100.0%, +0 ± 0 Elo)"},
		{MatchResult{0, 10, 0}, 0, 0, "+0 =10 -0 (50.0%, -0 ± 0 Elo)"},
	}
	for _, tt := range tests {
		e, m := tt.r.Elo()
		if math.Abs(e-tt.elo) > 1e-6 || math.Abs(m-tt.margin) > 1e-6 {
			t.Errorf("%+v: Elo %.6f ± %.6f, want %.6f ± %.6f", tt.r, e, m, tt.elo, tt.margin)
		}
		if got := tt.r.String(); got != tt.text {
			t.Errorf("%+v: String() = %q, want %q", tt.r, got, tt.text)
		}
	}
}
