package uci

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"
)

func TestParseOptionLine(t *testing.T) {
	tests := []struct {
		in   string
		want OptionInfo
	}{
		{"option name Skill Level type spin default 20 min -20 max 20", OptionInfo{Name: "Skill Level", Type: "spin", Default: "20", Min: -20, Max: 20}},
		{"option name UCI_Chess960 type check default false", OptionInfo{Name: "UCI_Chess960", Type: "check", Default: "false"}},
		{"option name UCI_Variant type combo default chess var chess var xiangqi", OptionInfo{Name: "UCI_Variant", Type: "combo", Default: "chess", Vars: []string{"chess", "xiangqi"}}},
		{"option name Debug Log File type string default ", OptionInfo{Name: "Debug Log File", Type: "string"}},
		{"option name Clear Hash type button", OptionInfo{Name: "Clear Hash", Type: "button"}},
	}
	for _, tt := range tests {
		got, err := ParseOptionLine(tt.in)
		if err != nil {
			t.Errorf("%q: %v", tt.in, err)
			continue
		}
		if got.Name != tt.want.Name || got.Type != tt.want.Type || got.Default != tt.want.Default ||
			got.Min != tt.want.Min || got.Max != tt.want.Max || !slices.Equal(got.Vars, tt.want.Vars) {
			t.Errorf("%q: got %+v, want %+v", tt.in, got, tt.want)
		}
	}
	for _, bad := range []string{"", "option", "option name", "option name X", "id name X", "option name X type spin min z", "option name type spin"} {
		if _, err := ParseOptionLine(bad); !errors.Is(err, ErrEngineOutput) {
			t.Errorf("%q: got %v, want ErrEngineOutput", bad, err)
		}
	}
}

func TestParseInfoScore(t *testing.T) {
	tests := []struct {
		in   string
		want Score
		cp   int
	}{
		{"info depth 10 seldepth 12 multipv 1 score cp 35 nodes 100 pv e2e4", Score{CP: 35}, 35},
		{"info depth 3 score cp -120 upperbound nodes 5", Score{CP: -120}, -120},
		{"info depth 9 score mate 3 pv a1a8", Score{Mate: 3}, MateScore - 3},
		{"info depth 9 score mate -2", Score{Mate: -2}, -MateScore + 2},
		{"info depth 0 score mate 0", Score{Mate: -1}, -MateScore + 1},
	}
	for _, tt := range tests {
		got, err := ParseInfoScore(tt.in)
		if err != nil || got != tt.want || got.Centipawns() != tt.cp {
			t.Errorf("%q: got %+v (%d), %v; want %+v (%d)", tt.in, got, got.Centipawns(), err, tt.want, tt.cp)
		}
	}
	for _, bad := range []string{"", "bestmove e2e4", "info depth 3", "info score cp", "info score cp x", "info score wdl 1 2 3", "info score cp 99999999999"} {
		if _, err := ParseInfoScore(bad); !errors.Is(err, ErrEngineOutput) {
			t.Errorf("%q: got %v, want ErrEngineOutput", bad, err)
		}
	}
}

func FuzzParseOptionLine(f *testing.F) {
	for _, s := range []string{"option name Skill Level type spin default 20 min -20 max 20", "option name UCI_Variant type combo default chess var chess var xiangqi", "option name a type"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		o, err := ParseOptionLine(s)
		if err == nil && (o.Name == "" || o.Type == "") {
			t.Errorf("%q: accepted without a name or type: %+v", s, o)
		}
	})
}

func FuzzParseInfoScore(f *testing.F) {
	for _, s := range []string{"info depth 10 score cp 35 pv e2e4", "info score mate -3", "info score"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sc, err := ParseInfoScore(s)
		if err == nil && (sc.Centipawns() > MateScore || sc.Centipawns() < -MateScore) {
			t.Errorf("%q: score out of range: %+v", s, sc)
		}
	})
}

// TestClientStoppableAndOptions: Debian's Stockfish, really started,
// declares its options in the handshake, and an infinite search stopped by
// its context still answers bestmove.
func TestClientStoppableAndOptions(t *testing.T) {
	c, err := StartClient(context.Background(), ClientConfig{Path: "/usr/games/stockfish", Handshake: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	var skill *OptionInfo
	for _, o := range c.Options() {
		if o.Name == "Skill Level" {
			skill = &o
		}
	}
	if skill == nil || skill.Type != "spin" || skill.Max != 20 {
		t.Errorf("Skill Level: %+v", skill)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	res, err := c.GoStoppable(ctx, "startpos", []string{"e2e4"}, "infinite", time.Now().Add(10*time.Second))
	if err != nil || len(res.BestMove) < 4 {
		t.Fatalf("stopped search: %+v, %v", res, err)
	}
	if _, err := ParseInfoScore(res.Info); err != nil {
		t.Errorf("its last score line %q: %v", res.Info, err)
	}
}
