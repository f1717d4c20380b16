package match

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"maps"
	"math"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/engine/xq"
	"github.com/gambitchess/gambit/internal/elo"
	"github.com/gambitchess/gambit/uci"
	"github.com/gambitchess/gambit/xiangqi"
	xqpgn "github.com/gambitchess/gambit/xiangqi/pgn"
)

// The test binary doubles as a scripted UCI engine: with GAMBIT_FAKE_ENGINE
// set it speaks UCI on stdin/stdout instead of running tests.
func TestMain(m *testing.M) {
	if mode := os.Getenv("GAMBIT_FAKE_ENGINE"); mode != "" {
		fakeEngine(mode)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// fakeEngine plays a mate in one or else the first legal move in generation
// order ("first"), or
// misbehaves on its first move: "illegal", "crash" or "slow". It has the
// options UCI_Variant and UCI_Chess960, and plays nothing ("0000", an
// illegal move) unless the match set them as its variant needs.
func fakeEngine(mode string) {
	variant := os.Getenv("GAMBIT_FAKE_VARIANT")
	sc := bufio.NewScanner(os.Stdin)
	var position []string
	told := map[string]string{}
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "uci":
			fmt.Println("id name fake-" + mode)
			fmt.Println("option name UCI_Variant type combo default chess var chess var xiangqi")
			fmt.Println("option name UCI_Chess960 type check default false")
			fmt.Println("uciok")
		case "isready":
			fmt.Println("readyok")
		case "setoption":
			if len(f) == 5 && f[1] == "name" && f[3] == "value" {
				told[f[2]] = f[4]
			}
		case "position":
			position = f[1:]
		case "go":
			if !setUpFor(variant, told) {
				fmt.Println("bestmove 0000")
				continue
			}
			switch mode {
			case "crash":
				os.Exit(3)
			case "slow":
				time.Sleep(time.Second)
			case "illegal":
				fmt.Println("bestmove a1a1")
				continue
			}
			fmt.Println("info depth 1 score cp 12 nodes 1")
			fmt.Println("bestmove " + firstMove(variant, position))
		case "quit":
			return
		}
	}
}

// setUpFor reports whether the options told set the engine up for variant
// as a match must: UCI_Variant for xiangqi, UCI_Chess960 for Chess960,
// neither for chess.
func setUpFor(variant string, told map[string]string) bool {
	want := map[string]string{}
	switch variant {
	case "xiangqi":
		want["UCI_Variant"] = "xiangqi"
	case "chess960":
		want["UCI_Chess960"] = "true"
	}
	return maps.Equal(told, want)
}

func firstMove(variant string, position []string) string {
	fen, moves := "startpos", []string(nil)
	for i, w := range position {
		if w == "fen" {
			fen = strings.Join(position[i+1:min(i+7, len(position))], " ")
		}
		if w == "moves" {
			moves = position[i+1:]
		}
	}
	if variant == "xiangqi" {
		g, err := xq.GameFromUCI(fen, moves)
		if err != nil {
			return "0000"
		}
		p := g.Position()
		for _, m := range g.LegalMoves() { // a mate in one if there is one
			var after xiangqi.Position
			p.MakeMove(m, &after)
			if after.IsCheckmate() {
				return xq.FormatFairy(m)
			}
		}
		return xq.FormatFairy(g.LegalMoves()[0])
	}
	g := chess.NewGame()
	if fen != "startpos" {
		parse := chess.ParseFEN
		if variant == "chess960" { // Shredder-FEN castling, castling as the king takes its rook
			parse = chess.ParseFEN960
		}
		p, _ := parse(fen)
		g = chess.NewGameFrom(p)
	}
	for _, m := range moves {
		g.PushUCI(m)
	}
	p := g.Position()
	for _, m := range g.LegalMoves() { // a mate in one if there is one
		var after chess.Position
		p.MakeMove(m, &after)
		if after.IsCheckmate() {
			return p.UCI(m)
		}
	}
	return p.UCI(g.LegalMoves()[0])
}

func fake(mode, variant string) uci.ClientConfig {
	return uci.ClientConfig{Path: os.Args[0], Env: []string{"GAMBIT_FAKE_ENGINE=" + mode, "GAMBIT_FAKE_VARIANT=" + variant}}
}

func TestMatchRefereesEndings(t *testing.T) {
	tests := []struct {
		name       string
		variant    string
		a, b       string
		opening    string
		wantResult string // of the first game (engine a moves first)
		wantReason string
	}{
		// Both play their first legal move: the game ends by a rule of the game.
		{"chess rules", "chess", "first", "first", "", "", ""},
		{"chess mate in one", "chess", "first", "first", "7k/R7/6K1/8/8/8/8/8 w - - 0 1", "1-0", "checkmate"},
		{"illegal move loses", "chess", "illegal", "first", "", "0-1", "illegal move"},
		{"crash loses", "chess", "first", "crash", "", "1-0", "crashed"},
		{"flag loses", "chess", "slow", "first", "", "0-1", "timeout"},
		{"flag against a lone king draws", "chess", "slow", "first", "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1", "1/2-1/2", "timeout"},
		{"xiangqi rules", "xiangqi", "first", "first", "", "", ""},
		{"xiangqi illegal move loses", "xiangqi", "first", "illegal", "", "1-0", "illegal move"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var pgnOut bytes.Buffer
			cfg := Config{Variant: tt.variant, Engines: [2]uci.ClientConfig{fake(tt.a, tt.variant), fake(tt.b, tt.variant)},
				Games: 2, Base: 400 * time.Millisecond, Margin: 100 * time.Millisecond, MaxPlies: 300, PGN: &pgnOut}
			if tt.opening != "" {
				cfg.Openings = []string{tt.opening}
			}
			var results []GameResult
			sum, err := Run(context.Background(), cfg, func(r GameResult) { results = append(results, r) })
			if err != nil {
				t.Fatal(err)
			}
			if len(results) != 2 || sum.Games() != 2 {
				t.Fatalf("got %d results, summary %v", len(results), sum)
			}
			first := results[0]
			if first.White != "fake-"+tt.a || results[1].White != "fake-"+tt.b {
				t.Errorf("colours not swapped: %q then %q", first.White, results[1].White)
			}
			if tt.wantResult != "" && (first.Result != tt.wantResult || !strings.Contains(first.Reason, tt.wantReason)) {
				t.Errorf("first game: %s (%s), want %s (%s)", first.Result, first.Reason, tt.wantResult, tt.wantReason)
			}
			if first.Result == "" || first.Reason == "" {
				t.Errorf("first game has no result: %+v", first)
			}
			if n := strings.Count(pgnOut.String(), "[Event "); n != 2 {
				t.Errorf("PGN has %d games, want 2:\n%s", n, pgnOut.String())
			}
			if !strings.Contains(pgnOut.String(), `[Result "`+first.Result+`"]`) {
				t.Errorf("PGN lacks the result %s:\n%s", first.Result, pgnOut.String())
			}
		})
	}
}

// TestMatchPGNReplays checks that the PGN of a played xiangqi game reads back
// to the same final position.
func TestMatchPGNReplays(t *testing.T) {
	var out bytes.Buffer
	cfg := Config{Variant: "xiangqi", Engines: [2]uci.ClientConfig{fake("first", "xiangqi"), fake("first", "xiangqi")},
		Games: 1, Base: time.Second, MaxPlies: 40, PGN: &out}
	var res GameResult
	if _, err := Run(context.Background(), cfg, func(r GameResult) { res = r }); err != nil {
		t.Fatal(err)
	}
	games, err := xqpgn.ReadAll(&out)
	if err != nil || len(games) != 1 {
		t.Fatalf("read back: %d games, %v\n%s", len(games), err, out.String())
	}
	if got := len(games[0].MainlineMoves()); got != res.Plies {
		t.Errorf("PGN has %d moves, the game had %d", got, res.Plies)
	}
}

func TestSummaryElo(t *testing.T) {
	even := Summary{Wins: 10, Draws: 10, Losses: 10}
	if d, m := even.Elo(); d != 0 || m <= 0 {
		t.Errorf("even score: %v ± %v", d, m)
	}
	s := Summary{Wins: 60, Draws: 20, Losses: 20}
	d, m := s.Elo()
	if math.Abs(d-147.19) > 0.1 {
		t.Errorf("70%% score: Elo %.2f, want 147.19", d)
	}
	// Variance per game: 0.6*0.09 + 0.2*0.04 + 0.2*0.49 = 0.16; se = 0.04.
	lo, hi := eloOf(0.7-1.959964*0.04), eloOf(0.7+1.959964*0.04)
	if math.Abs(m-(hi-lo)/2) > 1e-9 {
		t.Errorf("margin %.3f, want %.3f", m, (hi-lo)/2)
	}
	if d, m := (Summary{Wins: 3}).Elo(); !math.IsInf(d, 1) || !math.IsInf(m, 1) {
		t.Errorf("all wins: %v ± %v", d, m)
	}
	// 1 win, 2 draws, 7 losses: the lower bound of the score interval is
	// below zero, so the interval is unbounded below but not above.
	lopsided := Summary{Wins: 1, Draws: 2, Losses: 7}
	if lo, hi := lopsided.EloInterval(); !math.IsInf(lo, -1) || math.IsInf(hi, 0) || hi >= 0 {
		t.Errorf("+1 =2 -7: interval %v .. %v", lo, hi)
	}
	if got := s.String(); !strings.Contains(got, "+60 =20 -20") || !strings.Contains(got, "Elo +147.2") {
		t.Errorf("String() = %q", got)
	}
	if got := s.String(); strings.Contains(got, "pairs") {
		t.Errorf("String() of a match without pairs gives them: %q", got)
	}
	s.Pairs = elo.Pentanomial{2, 4, 8, 20, 16}
	lo, hi = s.Pairs.Interval()
	want := fmt.Sprintf("\npairs [2 4 8 20 16] (95%% over pairs: %+.1f .. %+.1f)", lo, hi)
	if got := s.String(); !strings.HasSuffix(got, want) || lo >= hi {
		t.Errorf("String() = %q, want it to end %q", got, want)
	}
}

// TestMatchStoppedKeepsItsGames stops a match after its second game: Run
// gives the context's error and the summary of the games it finished.
func TestMatchStoppedKeepsItsGames(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cfg := Config{Engines: [2]uci.ClientConfig{fake("first", "chess"), fake("illegal", "chess")},
		Games: 10, Base: 400 * time.Millisecond, Margin: 100 * time.Millisecond}
	played := 0
	sum, err := Run(ctx, cfg, func(GameResult) {
		if played++; played == 2 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("stopped match: err %v, want context.Canceled", err)
	}
	if sum.Games() != 2 || sum.Pairs.Pairs() != 1 || played != 2 {
		t.Errorf("stopped after 2 games: summary of %d games, %d pairs, %d reported", sum.Games(), sum.Pairs.Pairs(), played)
	}
}

// TestMatchStopsAtSPRTVerdict plays pairs whose scores differ (an engine
// that moves illegally loses both games from the start; a stalemate is
// drawn twice) until the SPRT accepts that engine 0 is the stronger.
func TestMatchStopsAtSPRTVerdict(t *testing.T) {
	test := &elo.SPRT{Elo0: 0, Elo1: 200, Alpha: 0.05, Beta: 0.05}
	cfg := Config{Engines: [2]uci.ClientConfig{fake("first", "chess"), fake("illegal", "chess")},
		Games: 40, Base: 400 * time.Millisecond, Margin: 100 * time.Millisecond, SPRT: test,
		Openings: []string{"", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"}}
	sum, err := Run(context.Background(), cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Verdict != elo.AcceptH1 || sum.Games() >= 40 || sum.Games()%2 != 0 {
		t.Fatalf("verdict %v after %d games (%v)", sum.Verdict, sum.Games(), sum)
	}
	if sum.Pairs[4] == 0 || sum.Pairs[2] == 0 || sum.Pairs.Pairs()*2 != sum.Games() {
		t.Errorf("pairs %v after %d games", sum.Pairs, sum.Games())
	}
	if !strings.Contains(sum.String(), "H1 accepted") {
		t.Errorf("summary does not give the verdict:\n%v", sum)
	}
	cfg.SPRT = &elo.SPRT{Elo0: 5, Elo1: 0, Alpha: 0.05, Beta: 0.05}
	if _, err := Run(context.Background(), cfg, nil); err == nil || !strings.Contains(err.Error(), "elo1") {
		t.Errorf("bad SPRT: %v", err)
	}
}

// TestMatchResumesSPRT goes on with a stopped test: its pairs count, so
// one pair more decides; the openings go on after its last; pairs that
// have decided already, or that no SPRT counts, are refused.
func TestMatchResumesSPRT(t *testing.T) {
	test := &elo.SPRT{Elo0: 0, Elo1: 200, Alpha: 0.05, Beta: 0.05}
	stalemate := "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"
	cfg := Config{Engines: [2]uci.ClientConfig{fake("first", "chess"), fake("illegal", "chess")},
		Games: 40, Base: 400 * time.Millisecond, Margin: 100 * time.Millisecond, SPRT: test,
		Openings: []string{"", stalemate, ""}, Resumed: elo.Pentanomial{0, 0, 3, 0, 4}} // 7 pairs: the next is opening 1
	if v := test.Decide(cfg.Resumed); v != elo.Continue {
		t.Fatalf("the resumed pairs decide already (%v): the test needs pairs that do not", v)
	}
	var openings []string
	sum, err := Run(context.Background(), cfg, func(r GameResult) { openings = append(openings, r.Opening) })
	if err != nil {
		t.Fatal(err)
	}
	if len(openings) == 0 || openings[0] != stalemate {
		t.Errorf("the resumed match began with %q, want the opening after the 7 resumed pairs (%q)", openings, stalemate)
	}
	if sum.Verdict != elo.AcceptH1 || sum.Resumed != 7 || sum.Pairs.Pairs() != 7+sum.Games()/2 {
		t.Errorf("verdict %v, pairs %v (%d resumed) after %d games", sum.Verdict, sum.Pairs, sum.Resumed, sum.Games())
	}
	if !strings.Contains(sum.String(), "7 of them resumed") {
		t.Errorf("the summary does not say what was resumed:\n%v", sum)
	}
	cfg.Resumed = elo.Pentanomial{0, 0, 0, 0, 30}
	if _, err := Run(context.Background(), cfg, nil); err == nil || !strings.Contains(err.Error(), "decided already") {
		t.Errorf("resumed pairs that decide: %v", err)
	}
	cfg.Resumed, cfg.SPRT = elo.Pentanomial{0, 0, 3, 0, 4}, nil
	if _, err := Run(context.Background(), cfg, nil); err == nil || !strings.Contains(err.Error(), "without an SPRT") {
		t.Errorf("resumed pairs without an SPRT: %v", err)
	}
}
