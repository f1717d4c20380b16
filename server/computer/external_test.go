package computer

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/variant/chessgame"
	"github.com/gambitchess/gambit/variant/xiangqigame"
)

// Debian's engines, really started: the tests fail (never skip) without them.
const (
	stockfishPath = "/usr/games/stockfish"
	fairyPath     = "/usr/games/fairy-stockfish"
)

// debian are Stockfish (two processes) and Fairy-Stockfish for xiangqi,
// opened once for the package's tests (a start costs a second or more on
// a busy machine) and closed by TestMain.
var debian struct {
	once      sync.Once
	sf, fairy *Engine
	err       error
}

func debianEngines(t *testing.T) (sf, fairy *Engine) {
	t.Helper()
	debian.once.Do(func() {
		ctx := context.Background()
		if debian.sf, debian.err = OpenEngine(ctx, EngineSpec{Name: "Stockfish", Path: stockfishPath}, 2); debian.err != nil {
			return
		}
		debian.fairy, debian.err = OpenEngine(ctx, EngineSpec{Name: "Fairy-Stockfish", Path: fairyPath, Variants: []game.Variant{xiangqigame.Xiangqi}}, 1)
	})
	if debian.err != nil {
		t.Fatal(debian.err)
	}
	return debian.sf, debian.fairy
}

func TestMain(m *testing.M) {
	code := m.Run()
	for _, e := range []*Engine{debian.sf, debian.fairy} {
		if e != nil {
			e.Close()
		}
	}
	os.Exit(code)
}

func openEngine(t *testing.T, spec EngineSpec, procs int) *Engine {
	t.Helper()
	e, err := OpenEngine(context.Background(), spec, procs)
	if err != nil {
		t.Fatalf("open %s: %v", spec.Path, err)
	}
	t.Cleanup(e.Close)
	return e
}

func newGame(t *testing.T, variant game.Variant, fen string) *game.Game {
	t.Helper()
	g, err := game.New(game.Options{ID: "e" + string(variant), Variant: variant, StartFEN: fen})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// level returns e's level n.
func level(t *testing.T, e *Engine, v game.Variant, n int) Level {
	t.Helper()
	l, err := NewRoster(NewEngineBot(1), e).LevelFor(v, e.levels()[n-1].Name)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// TestEnginesRegistered: what each Debian engine is found to play, and its
// levels as the dialog lists them.
func TestEnginesRegistered(t *testing.T) {
	sf, fairy := debianEngines(t)
	r := NewRoster(NewEngineBot(1), sf, fairy)
	tests := []struct {
		variant     game.Variant
		first, last string
	}{
		{chessgame.Chess, "stockfish-1", "stockfish-8"},
		{chessgame.Chess960, "stockfish-1", "stockfish-8"},
		{xiangqigame.Xiangqi, "fairy-stockfish-1", "fairy-stockfish-8"},
	}
	for _, tt := range tests {
		levels, err := r.LevelsFor(tt.variant)
		if err != nil {
			t.Fatal(err)
		}
		own, err := LevelsFor(tt.variant) // the built-in levels offered there
		if err != nil {
			t.Fatal(err)
		}
		builtIn := len(own)
		if len(levels) != builtIn+8 || levels[builtIn].Name != tt.first || levels[len(levels)-1].Name != tt.last {
			t.Errorf("%s: %d levels, %v ... %v", tt.variant, len(levels), levels[builtIn], levels[len(levels)-1])
		}
		l := levels[builtIn]
		if l.Number != 1 || l.SkillLevel != -9 || l.Depth != 5 || l.MoveTime != 50*time.Millisecond || l.Fallback != "beginner" {
			t.Errorf("%s level 1: %+v, want lichess's (skill -9, depth 5, 50 ms)", tt.variant, l)
		}
	}
	if got := sf.Variants(); len(got) != 2 {
		t.Errorf("stockfish plays %v, want chess and chess960", got)
	}
	all := openEngine(t, EngineSpec{Name: "fsf", Path: fairyPath}, 1)
	if got := all.Variants(); len(got) != 3 {
		t.Errorf("fairy-stockfish unrestricted plays %v, want chess, chess960 and xiangqi", got)
	}
	if _, err := OpenEngine(context.Background(), EngineSpec{Name: "sf", Path: stockfishPath, Variants: []game.Variant{xiangqigame.Xiangqi}}, 1); !errors.Is(err, ErrEngineSpec) {
		t.Errorf("stockfish for xiangqi: %v, want ErrEngineSpec", err)
	}
	if _, err := OpenEngine(context.Background(), EngineSpec{Name: "none", Path: "/nonexistent/engine"}, 1); err == nil {
		t.Error("an engine that does not exist opened")
	}
}

// TestEngineMoves: the engines answer legal moves in chess, Chess960 (its
// castling as king takes rook) and xiangqi (ranks 1-10 read back into
// ICCS), from the start and after moves; processes are reused.
func TestEngineMoves(t *testing.T) {
	sf, fairy := debianEngines(t)
	tests := []struct {
		e       *Engine
		variant game.Variant
		fen     string
		moves   []string
	}{
		{sf, chessgame.Chess, "", nil},
		{sf, chessgame.Chess, "", []string{"e2e4", "e7e5", "g1f3"}},
		// Chess960 with castling available at once: White may castle king takes rook.
		{sf, chessgame.Chess960, "rk4rb/pppppppp/8/8/8/8/PPPPPPPP/RK4RB w GAga - 0 1", []string{"b1a1"}},
		{fairy, xiangqigame.Xiangqi, "", nil},
		{fairy, xiangqigame.Xiangqi, "", []string{"h2e2", "h9g7"}},
	}
	for _, tt := range tests {
		g := newGame(t, tt.variant, tt.fen)
		for _, m := range tt.moves {
			if _, err := g.Move(g.Turn(), m); err != nil {
				t.Fatalf("%s %v: %v", tt.variant, tt.moves, err)
			}
		}
		for _, n := range []int{1, 4} {
			m, err := tt.e.Move(context.Background(), g, level(t, tt.e, tt.variant, n))
			if err != nil {
				t.Fatalf("%s after %v, level %d: %v", tt.variant, tt.moves, n, err)
			}
			if _, err := g.Clone().Move(g.Turn(), m); err != nil {
				t.Errorf("%s after %v, level %d: %q is not legal: %v", tt.variant, tt.moves, n, m, err)
			}
		}
	}
	if n := sf.Live(); n < 1 || n > 2 {
		t.Errorf("stockfish processes: %d, want 1 or 2 (reused, at most 2)", n)
	}
}

// TestEngineStopped: a long think stopped by its context answers at once
// with the best move so far.
func TestEngineStopped(t *testing.T) {
	sf := openEngine(t, EngineSpec{Name: "Stockfish", Path: stockfishPath}, 1)
	g := newGame(t, chessgame.Chess, "")
	if _, err := sf.Move(context.Background(), g, level(t, sf, chessgame.Chess, 1)); err != nil { // the process started
		t.Fatal(err)
	}
	long := level(t, sf, chessgame.Chess, 8)
	long.MoveTime, long.Depth = time.Minute, 0
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	m, err := sf.Move(ctx, g, long)
	if err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took > 3*time.Second {
		t.Errorf("a stopped minute's think took %v", took)
	}
	if _, err := g.Move(g.Turn(), m); err != nil {
		t.Errorf("%q: %v", m, err)
	}
	if n := sf.Live(); n != 1 {
		t.Errorf("stockfish processes: %d, want the one reused", n)
	}
	sf.Close()
	if n := sf.Live(); n != 0 {
		t.Errorf("after Close, %d processes live", n)
	}
	if _, err := sf.Move(context.Background(), g, level(t, sf, chessgame.Chess, 1)); !errors.Is(err, ErrEngineFailed) {
		t.Errorf("a move after Close: %v, want ErrEngineFailed", err)
	}
}

// TestEngineFailures: real processes that crash, hang or answer garbage
// fail with ErrEngineFailed within the move time and the margin, and
// leave no process behind.
func TestEngineFailures(t *testing.T) {
	tests := []struct {
		script string
		within time.Duration
	}{
		// A crash or garbage ends the move at once: well before the hang's
		// margin runs out (generous, on a loaded machine).
		{"crash-engine.sh", AnswerMargin},
		{"garbage-engine.sh", AnswerMargin},
		{"hang-engine.sh", AnswerMargin + 3*time.Second},
	}
	for _, tt := range tests {
		path, _ := filepath.Abs(filepath.Join("testdata", tt.script))
		e := openEngine(t, EngineSpec{Name: "bad", Path: path}, 1)
		g := newGame(t, chessgame.Chess, "")
		start := time.Now()
		_, err := e.Move(context.Background(), g, level(t, e, chessgame.Chess, 1))
		if !errors.Is(err, ErrEngineFailed) {
			t.Errorf("%s: %v, want ErrEngineFailed", tt.script, err)
		}
		if took := time.Since(start); took > tt.within {
			t.Errorf("%s: failed after %v, want within %v", tt.script, took, tt.within)
		}
		if n := e.Live(); n != 0 {
			t.Errorf("%s: %d processes left", tt.script, n)
		}
		if _, err := e.Score(context.Background(), g, 50*time.Millisecond); !errors.Is(err, ErrEngineFailed) {
			t.Errorf("%s: a score: %v, want ErrEngineFailed", tt.script, err)
		}
	}
}

// TestEnginesJudgeDraws: Stockfish and Fairy-Stockfish answer the draw
// offers of judge_test.go as the built-in engine does.
func TestEnginesJudgeDraws(t *testing.T) {
	sf, fairy := debianEngines(t)
	engines := map[string]*Engine{"chess": sf, "xiangqi": fairy}
	for _, tt := range drawCases {
		e := engines[tt.variant]
		g := newGame(t, game.Variant(tt.variant), tt.fen)
		got := judgeDraw(g, tt.bot, func(game.Engine) (int, bool) {
			s, err := e.Score(context.Background(), g, drawJudgeTime)
			if err != nil {
				t.Errorf("%s: %v", tt.name, err)
			}
			return s, err == nil
		})
		if got != tt.accept {
			t.Errorf("%s (%s): accepts %v, want %v", tt.name, e.Name(), got, tt.accept)
		}
	}
}

func TestParseEngineSpec(t *testing.T) {
	tests := []struct {
		in   string
		want string // String() of the result, "" for an error
	}{
		{"stockfish=/usr/games/stockfish", "stockfish=/usr/games/stockfish"},
		{"sf=/opt/sf,Threads=2,Hash=64", "sf=/opt/sf,Threads=2,Hash=64"},
		{"fsf=/usr/games/fairy-stockfish,variants=xiangqi+chess", "fsf=/usr/games/fairy-stockfish,variants=xiangqi+chess"},
		{"Skill Test=/x", ""},
		{"=/x", ""},
		{"sf=", ""},
		{"sf", ""},
		{"sf=/x,Threads", ""},
		{"sf=/x,=2", ""},
		{"sf=/x,variants=shogi", ""},
		{"averyveryveryveryverylongenginename=/x", ""},
	}
	for _, tt := range tests {
		got, err := ParseEngineSpec(tt.in)
		switch {
		case tt.want == "" && !errors.Is(err, ErrEngineSpec):
			t.Errorf("%q: got %v, %v; want ErrEngineSpec", tt.in, got, err)
		case tt.want != "" && (err != nil || got.String() != tt.want):
			t.Errorf("%q: got %q, %v; want %q", tt.in, got.String(), err, tt.want)
		}
	}
}

func FuzzParseEngineSpec(f *testing.F) {
	for _, s := range []string{"stockfish=/usr/games/stockfish", "sf=/opt/sf,Threads=2,variants=chess+chess960", "a=b,c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		spec, err := ParseEngineSpec(s)
		if err != nil {
			return
		}
		again, err := ParseEngineSpec(spec.String())
		if err != nil || again.String() != spec.String() {
			t.Errorf("%q: read back as %q: %v", spec.String(), again.String(), err)
		}
	})
}
