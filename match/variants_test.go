package match

import (
	"bytes"
	"cmp"
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/uci"
)

// TestMatchRefereesEveryEngineVariant: every registered variant the
// engines play is refereed by its own rules, through the registry alone.
// Two engines that play a mate in one or else their first legal move
// play a short game that ends by a rule of the game: a mate, or a draw.
// Each variant has at least one ending of its own here, and a game from
// its usual start (Chess960 draws one for the pair), which ends by one of
// its rules' endings, never by an illegal move or the ply limit.
func TestMatchRefereesEveryEngineVariant(t *testing.T) {
	type ending struct{ opening, result, reason string }
	endings := map[game.Variant][]ending{
		"chess": {
			{"7k/R7/6K1/8/8/8/8/8 w - - 0 1", "1-0", "checkmate"},
			{"7k/8/6Q1/8/8/8/8/K7 w - - 0 1", "1/2-1/2", "stalemate"},
			{"", "1/2-1/2", "threefold repetition"},
		},
		"chess960": {
			{"7k/R7/6K1/8/8/8/8/8 w - - 0 1", "1-0", "checkmate"},
			{"nrqkrbbn/pppppppp/8/8/8/8/PPPPPPPP/NRQKRBBN w EBeb - 0 1", "1/2-1/2", "threefold repetition"},
		},
		"xiangqi": {
			{"3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1", "1-0", "checkmate"}, // b0b9: the general may not face Red's
			{"", "1/2-1/2", "repetition"},
		},
	}
	played := Variants()
	for v := range endings {
		if !slices.Contains(played, v) {
			t.Errorf("%s is not played by the engines (Variants: %v)", v, played)
		}
	}
	for _, v := range played {
		spec, err := game.Lookup(v)
		if err != nil {
			t.Fatal(err)
		}
		if len(endings[v]) == 0 {
			t.Errorf("%s: no ending to referee here: add one", v)
		}
		for _, e := range append(endings[v], ending{}) {
			t.Run(string(v)+" "+cmp.Or(e.reason, "usual start"), func(t *testing.T) {
				results, pgnText := playPair(t, string(v), e.opening)
				first := results[0]
				if e.reason == "" { // the usual start: any ending of the rules
					if !slices.Contains(spec.Terminations, first.Reason) {
						t.Errorf("ended by %q, not by a rule of %s (%v)", first.Reason, v, spec.Terminations)
					}
					if results[1].Opening != first.Opening {
						t.Errorf("the pair started apart: %q, %q", first.Opening, results[1].Opening)
					}
				} else if first.Result != e.result || first.Reason != e.reason {
					t.Errorf("first game: %s (%s), want %s (%s)", first.Result, first.Reason, e.result, e.reason)
				}
				if want := `[Result "` + first.Result + `"]`; !strings.Contains(pgnText, want) || !strings.Contains(pgnText, "{+0.12/1 ") {
					t.Errorf("PGN lacks %s or the moves' comments:\n%s", want, pgnText)
				}
			})
		}
	}
}

// playPair plays a pair of games of variant v from opening ("" for the
// variant's usual start) between two engines that play their first legal
// move, and returns their results and their PGN.
func playPair(t *testing.T, v, opening string) ([]GameResult, string) {
	t.Helper()
	var out bytes.Buffer
	cfg := Config{Variant: v, Engines: [2]uci.ClientConfig{fake("first", v), fake("first", v)},
		Games: 2, Base: 2 * time.Second, Margin: time.Second, MaxPlies: 400, PGN: &out}
	if opening != "" {
		cfg.Openings = []string{opening}
	}
	var results []GameResult
	if _, err := Run(context.Background(), cfg, func(r GameResult) { results = append(results, r) }); err != nil {
		t.Fatal(err)
	}
	if len(results) != 2 {
		t.Fatalf("%d results", len(results))
	}
	return results, out.String()
}

// TestMatchRefusesVariantsEnginesDoNotPlay: an unknown variant, or one the
// engines do not read (the hidden ones, whose computer plays from what a
// seat sees), is refused before any engine starts, naming it and the
// variants a match plays.
func TestMatchRefusesVariantsEnginesDoNotPlay(t *testing.T) {
	refused := []string{"shogi"}
	hidden := 0
	for _, s := range game.Specs() {
		if s.Engine == nil {
			refused = append(refused, string(s.Name))
		}
		if s.Hidden {
			hidden++
		}
	}
	if hidden == 0 {
		t.Fatal("no hidden variant is registered to be refused")
	}
	for _, v := range refused {
		cfg := Config{Variant: v, Engines: [2]uci.ClientConfig{{Path: "/nonexistent/engine"}, {Path: "/nonexistent/engine"}},
			Games: 2, Base: time.Second}
		_, err := Run(context.Background(), cfg, nil)
		if err == nil || !strings.Contains(err.Error(), v) || !strings.Contains(err.Error(), "chess, chess960, xiangqi") {
			t.Errorf("%s: %v, want it refused, naming the variants engines play", v, err)
		}
		if CheckVariant(v) == nil {
			t.Errorf("CheckVariant(%q) accepts it", v)
		}
	}
	for _, v := range []string{"", "chess", "chess960", "xiangqi"} {
		if err := CheckVariant(v); err != nil {
			t.Errorf("CheckVariant(%q): %v", v, err)
		}
	}
}

// TestDialectOptions: an engine is told UCI_Variant for a variant other
// than chess and UCI_Chess960 for Chess960, where it has the option and its
// own options do not set it.
func TestDialectOptions(t *testing.T) {
	both := []uci.OptionInfo{{Name: "UCI_Variant", Type: "combo", Vars: []string{"chess", "xiangqi"}}, {Name: "UCI_Chess960", Type: "check"}}
	xq, c960, chess := &game.UCIDialect{Variant: "xiangqi"}, &game.UCIDialect{Variant: "chess", Chess960: true}, &game.UCIDialect{Variant: "chess"}
	tests := []struct {
		name     string
		d        *game.UCIDialect
		declared []uci.OptionInfo
		given    []uci.EngineOption
		want     []uci.EngineOption
		err      bool
	}{
		{"xiangqi", xq, both, nil, []uci.EngineOption{{Name: "UCI_Variant", Value: "xiangqi"}}, false},
		{"xiangqi set by the engine's options", xq, both, []uci.EngineOption{{Name: "uci_variant", Value: "xiangqi"}}, nil, false},
		{"xiangqi without the option", xq, nil, nil, nil, false},
		{"xiangqi not offered", xq, []uci.OptionInfo{{Name: "UCI_Variant", Type: "combo", Vars: []string{"chess", "shogi"}}}, nil, nil, true},
		{"chess960", c960, both, nil, []uci.EngineOption{{Name: "UCI_Chess960", Value: "true"}}, false},
		{"chess960 without the option", c960, both[:1], nil, nil, false},
		{"chess", chess, both, nil, nil, false},
	}
	for _, tt := range tests {
		got, err := dialectOptions(tt.d, tt.declared, tt.given)
		if (err != nil) != tt.err || !slices.Equal(got, tt.want) {
			t.Errorf("%s: %v, %v; want %v (error %v)", tt.name, got, err, tt.want, tt.err)
		}
	}
}
