//go:build strength

// The strength experiments (self-play, A/B of evaluation variants, and in
// fsf_test.go a match against Fairy-Stockfish) play hundreds of games:
// they are built only with -tags strength, so that no test in the
// ordinary run depends on a flag to assert anything:
//
//	go test -tags strength -run SelfPlay ./engine/xq/ -args -depth 5
//	go test -tags strength -run AB ./engine/xq/ -args -ab nosafety
//	go test -tags strength -run FairyStockfish ./engine/xq/ -args -fsf /usr/games/fairy-stockfish
package xq

import (
	"context"
	"flag"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/xiangqi"
)

// Self-play strength check, off by default:
//
//	go test -run SelfPlay -selfplay -depth 5 ./engine/xq/
//
// plays the engine at -depth against itself at -depth minus 2, each side
// of every opening once, with xiangqi.Game as referee.
var (
	selfPlayDepth = flag.Int("depth", 5, "depth of the stronger side in the self-play test")
	selfPlayPlies = flag.Int("plies", 200, "plies after which a self-play game is scored a draw")
	abVariant     = flag.String("ab", "", "evaluation or search variant to play against the defaults at -depth")
	abNodes       = flag.Uint64("nodes", 0, "nodes per move in the -ab test instead of -depth")
)

// selfPlayOpenings are the first moves of the self-play games.
var selfPlayOpenings = [][]string{
	{"h2e2", "h9g7"},
	{"h2e2", "b9c7", "h0g2", "h9g7"},
	{"c3c4", "g6g5"},
	{"c0e2", "h7e7"},
	{"b2e2", "b7e7"},
	{"h0g2", "c6c5", "c3c4"},
	{"g3g4", "h9g7", "h0g2"},
	{"b2d2", "h9g7"},
	{"h2e2", "b7e7"},
	{"h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"},
	{"c0e2", "c6c5"},
	{"b0c2", "h9g7"},
	{"h2f2", "b9c7"},
	{"h2e2", "b9c7", "h0g2", "c6c5"},
	{"g3g4", "c6c5"},
	{"c3c4", "b7c7"},
}

func TestSelfPlay(t *testing.T) {
	deep := *selfPlayDepth
	var score [3]int // wins, draws, losses of the deeper side
	for i, op := range selfPlayOpenings {
		for _, deepIsRed := range []bool{true, false} {
			o := playGame(t, op, deep, deep-2, deepIsRed, *selfPlayPlies)
			switch {
			case !o.Over() || o.Draw:
				score[1]++
			case (o.Winner == xiangqi.Red) == deepIsRed:
				score[0]++
			default:
				score[2]++
			}
			t.Logf("opening %d, depth %d as red=%v: %v", i, deep, deepIsRed, o)
		}
	}
	t.Logf("depth %d vs depth %d: +%d =%d -%d", deep, deep-2, score[0], score[1], score[2])
	if score[0] <= score[2] {
		t.Errorf("the deeper search does not win more games: +%d =%d -%d", score[0], score[1], score[2])
	}
}

// playGame plays one game from the opening moves; the engine searching
// deepDepth plays Red if deepIsRed. It returns the referee's outcome, or
// the zero Outcome if the game reached maxPlies.
func playGame(t *testing.T, opening []string, deepDepth, shallowDepth int, deepIsRed bool, maxPlies int) xiangqi.Outcome {
	t.Helper()
	engines := [2]*Engine{New(DefaultOptions()), New(DefaultOptions())}
	depths := [2]int{shallowDepth, deepDepth}
	if deepIsRed {
		depths = [2]int{deepDepth, shallowDepth}
	}
	return playEngines(t, opening, engines, depths, maxPlies)
}

// playEngines plays engines[Red] against engines[Black], each at its
// depth (a negative depth -n means n nodes per move), from the opening
// moves, with xiangqi.Game as referee.
func playEngines(t *testing.T, opening []string, engines [2]*Engine, depths [2]int, maxPlies int) xiangqi.Outcome {
	t.Helper()
	g := xiangqi.NewGame()
	for _, m := range opening {
		if _, err := g.PushUCI(m); err != nil {
			t.Fatal(err)
		}
	}
	for g.Ply() < maxPlies {
		if o := g.Outcome(); o.Over() {
			return o
		}
		pos := g.Position()
		us := pos.SideToMove()
		l := Limits{Depth: depths[us]}
		if depths[us] < 0 {
			l = Limits{Nodes: uint64(-depths[us])}
		}
		r := engines[us].SearchGame(context.Background(), g, l, nil)
		if err := g.Push(r.BestMove); err != nil {
			t.Fatalf("ply %d: %v", g.Ply(), err)
		}
	}
	return g.Outcome()
}

// searchVariants are search variants for the -ab test.
var searchVariants = map[string]func(p *searchParams){
	"nonull":  func(p *searchParams) { p.nullMinDepth = 0 },
	"nolmr":   func(p *searchParams) { p.lmr = false },
	"norfp":   func(p *searchParams) { p.rfpDepth = 0 },
	"nolmp":   func(p *searchParams) { p.lmpDepth = 0 },
	"nofut":   func(p *searchParams) { p.futilityDepth = 0 },
	"rfp60":   func(p *searchParams) { p.rfpMargin = 60 },
	"rfp120":  func(p *searchParams) { p.rfpMargin = 120 },
	"fut200":  func(p *searchParams) { p.futilityBase = 200 },
	"lmp6":    func(p *searchParams) { p.lmpDepth = 6 },
	"null2":   func(p *searchParams) { p.nullMinDepth = 2 },
	"null4":   func(p *searchParams) { p.nullMinDepth = 4 },
	"nullR2":  func(p *searchParams) { p.nullBase = 2 },
	"nullF1":  func(p *searchParams) { p.nullFloor = 1 },
	"nullF2":  func(p *searchParams) { p.nullFloor = 2 },
	"nullM80": func(p *searchParams) { p.nullMargin = 80 },
	"qchecks": func(p *searchParams) { p.qChecks = true },
	"lmr75":   func(p *searchParams) { p.lmrScale = 75 },
	"lmr150":  func(p *searchParams) { p.lmrScale = 150 },
}

// abVariants are evaluation variants for the -ab test.
var abVariants = map[string]func(w *evalWeights){
	"nosafety":  func(w *evalWeights) { w.safety = 0 },
	"safety200": func(w *evalWeights) { w.safety = 200 },
	"nomob":     func(w *evalWeights) { w.chariotMob, w.horseMob, w.cannonMob, w.trappedHorse = 0, 0, 0, 0 },
	"mob2x": func(w *evalWeights) {
		w.chariotMob, w.horseMob, w.cannonMob = 2*w.chariotMob, 2*w.horseMob, 2*w.cannonMob
	},
	"tempo20":   func(w *evalWeights) { w.tempo = 20 },
	"safety150": func(w *evalWeights) { w.safety = 150 },
	"mob150":    func(w *evalWeights) { w.chariotMob, w.horseMob, w.cannonMob = 6, 13, 3 },
	"cmob0":     func(w *evalWeights) { w.cannonMob = 0 },
	"cmob1":     func(w *evalWeights) { w.cannonMob = 1 },
	"hmob12":    func(w *evalWeights) { w.horseMob = 12 },
}

// TestAB plays an evaluation variant (one or more abVariants, separated
// by commas) against the default weights at equal depth, each side of
// every opening once:
//
//	go test -run AB ./engine/xq/ -args -ab nosafety -depth 5
func TestAB(t *testing.T) {
	if *abVariant == "" {
		t.Fatal("name the variant to play: -ab VARIANT")
	}
	variant, params := defaultWeights, defaultParams
	for _, name := range strings.Split(*abVariant, ",") {
		if change, ok := abVariants[name]; ok {
			change(&variant)
		} else if change, ok := searchVariants[name]; ok {
			change(&params)
		} else {
			t.Fatalf("unknown variant %q", name)
		}
	}
	depth := *selfPlayDepth
	if *abNodes > 0 {
		depth = -int(*abNodes)
	}
	var score [3]int // wins, draws, losses of the variant
	for _, op := range selfPlayOpenings {
		for _, variantIsRed := range []bool{true, false} {
			engines := [2]*Engine{New(DefaultOptions()), New(DefaultOptions())}
			vc := xiangqi.Black
			if variantIsRed {
				vc = xiangqi.Red
			}
			engines[vc].w.weights = &variant
			engines[vc].w.params = &params
			o := playEngines(t, op, engines, [2]int{depth, depth}, *selfPlayPlies)
			switch {
			case !o.Over() || o.Draw:
				score[1]++
			case o.Winner == vc:
				score[0]++
			default:
				score[2]++
			}
		}
	}
	t.Logf("%s vs default at depth %d (-n: nodes): +%d =%d -%d", *abVariant, depth, score[0], score[1], score[2])
}
