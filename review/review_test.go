package review

import (
	"context"
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/uci"
)

// The engines the tests really start (Debian's packages, installed by
// .ci/run): never mocked.
const (
	stockfishPath = "/usr/games/stockfish"
	fairyPath     = "/usr/games/fairy-stockfish"
)

// scholarsMate is 1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6?? 4.Qxf7#: Black's third
// move lets the mate in.
func scholarsMate(t *testing.T) *Game {
	t.Helper()
	return openGame(t, "chess", "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#")
}

// hangingRook is a xiangqi game where Black's second move puts its rook
// where Red's rook takes it for nothing: 1. a0a1 a9a8 2. a1d1 a8d8?? 3. d1d8.
func hangingRook(t *testing.T) *Game {
	t.Helper()
	return openGame(t, "xiangqi", "", strings.Fields("a0a1 a9a8 a1d1 a8d8 d1d8")...)
}

// TestReviewFindsTheBlunder reviews both games with each engine, really
// started, at small budgets: the losing move is a blunder with a better
// move shown, the mover's accuracy suffers, the other side's does not.
func TestReviewFindsTheBlunder(t *testing.T) {
	tests := []struct {
		name    string
		game    func(*testing.T) *Game
		ev      func() Evaluator
		budget  Budget
		blunder int // 0-based ply of the losing move
		mated   bool
	}{
		{"chess/gambit", scholarsMate, func() Evaluator { return NewBuiltin() }, Budget{Nodes: 20000}, 5, true},
		{"chess/stockfish", scholarsMate, func() Evaluator { return NewUCI(uci.ClientConfig{Path: stockfishPath}) }, Budget{Depth: 8}, 5, true},
		{"xiangqi/gambit", hangingRook, func() Evaluator { return NewBuiltin() }, Budget{Nodes: 20000}, 3, false},
		{"xiangqi/fairy-stockfish", hangingRook, func() Evaluator { return NewUCI(uci.ClientConfig{Path: fairyPath}) }, Budget{Depth: 8}, 3, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			g := tt.game(t)
			ev := tt.ev()
			defer ev.Close()
			var progress []int
			r, err := Run(ctx, g, ev, Options{Budget: tt.budget, Progress: func(done, total int) {
				if total != g.Plies()+1 {
					t.Errorf("progress total %d, want %d", total, g.Plies()+1)
				}
				progress = append(progress, done)
			}})
			if err != nil {
				t.Fatal(err)
			}
			if len(progress) != g.Plies()+1 || progress[len(progress)-1] != g.Plies()+1 {
				t.Errorf("progress %v", progress)
			}
			if len(r.Moves) != g.Plies() {
				t.Fatalf("%d moves reviewed, want %d", len(r.Moves), g.Plies())
			}
			b := r.Moves[tt.blunder]
			if b.Class != ClassBlunder || b.BestUCI == "" || b.BestUCI == b.UCI || b.BestSAN == "" || b.Side != "black" {
				t.Errorf("the losing move: %+v, want a blunder by black with a better move", b)
			}
			if b.WinAfter-b.WinBefore < BlunderDrop { // Black's loss is White's gain
				t.Errorf("the losing move took White's Win%% from %.1f to %.1f only", b.WinBefore, b.WinAfter)
			}
			for i, m := range r.Moves {
				if m.Ply != i+1 || (m.Side == "white") != (i%2 == 0) || m.SAN == "" || m.UCI == "" {
					t.Errorf("move %d: %+v", i, m)
				}
				if i > 0 && (m.Before != r.Moves[i-1].After || m.MateBefore != r.Moves[i-1].MateAfter) {
					t.Errorf("move %d: before %d (mate %d), the previous move's after %d", i, m.Before, m.MateBefore, r.Moves[i-1].After)
				}
			}
			if tt.mated && r.Moves[len(r.Moves)-1].After != MateCP {
				t.Errorf("the final position, Black mated: after %d, want %d", r.Moves[len(r.Moves)-1].After, MateCP)
			}
			if r.Black.Blunders < 1 || r.Black.Accuracy >= r.White.Accuracy || r.Black.ACPL <= r.White.ACPL {
				t.Errorf("white %+v, black %+v: want Black's blunder to show", r.White, r.Black)
			}
			if r.Engine == "" || r.Budget != tt.budget.String() {
				t.Errorf("engine %q budget %q", r.Engine, r.Budget)
			}
			if _, err := json.Marshal(r); err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: white %+v black %+v", r.Engine, r.White, r.Black)
		})
	}
}

// TestReviewBook: moves marked as book are evaluated but not judged.
func TestReviewBook(t *testing.T) {
	g := scholarsMate(t)
	r, err := Run(context.Background(), g, NewBuiltin(), Options{Budget: Budget{Nodes: 5000}, Book: BookPlies(6)})
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range r.Moves {
		if m.Book != (i < 6) || (m.Book && m.Class != ClassNone) {
			t.Errorf("move %d: book %v class %q", i, m.Book, m.Class)
		}
	}
	if r.Black.Blunders != 0 || r.Black.ACPL != 0 {
		t.Errorf("black %+v: its only judged move is none (every black move is book)", r.Black)
	}
	if r.White.Judged != 1 || r.Black.Judged != 0 {
		t.Errorf("judged: white %d, black %d; want 1 (Qxf7#) and 0 (every black move is book)", r.White.Judged, r.Black.Judged)
	}
}

// TestAnalyseMultiPV: three lines from each variant's two engines (ours,
// and Stockfish or Fairy-Stockfish), best first, from the first player's
// side, each beginning with a move of its own, a mate in 1 first: Ra8 in
// chess; in xiangqi the chariot to d1 (or to a8, which leaves Black no move
// and so mates too).
func TestAnalyseMultiPV(t *testing.T) {
	tests := []struct {
		name   string
		g      *Game
		engine string   // the UCI engine beside ours
		mates  []string // the first moves that mate in 1
	}{
		{"chess", openGame(t, "chess", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"), stockfishPath, []string{"a1a8"}},
		{"xiangqi", openGame(t, "xiangqi", "3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1"), fairyPath, []string{"a1d1", "a1a8"}},
	}
	for _, tt := range tests {
		for _, ev := range []Evaluator{NewBuiltin(), NewUCI(uci.ClientConfig{Path: tt.engine})} {
			lines, err := ev.Evaluate(context.Background(), tt.g, 0, Budget{Depth: 6}, 3)
			ev.Close()
			if err != nil {
				t.Fatal(err)
			}
			if len(lines) != 3 || lines[0].Score.Mate != 1 || !slices.Contains(tt.mates, lines[0].Moves[0]) || !bestFirstApart(lines) {
				t.Errorf("%s, %s: %+v; want 3 lines of different first moves, best first, a mate in 1 (%v) first", tt.name, ev.Name(), lines, tt.mates)
			}
		}
	}
}

// bestFirstApart reports whether lines are best first, each beginning with
// a move of its own.
func bestFirstApart(lines []Line) bool {
	for i := 1; i < len(lines); i++ {
		if lines[i].Score.CP > lines[i-1].Score.CP {
			return false
		}
		for _, l := range lines[:i] {
			if l.Moves[0] == lines[i].Moves[0] {
				return false
			}
		}
	}
	return true
}

// TestAnnotatePGN: a reviewed game's PGN carries [%eval] and the NAGs, and
// reads back.
func TestAnnotatePGN(t *testing.T) {
	g := scholarsMate(t)
	r, err := Run(context.Background(), g, NewBuiltin(), Options{Budget: Budget{Nodes: 20000}})
	if err != nil {
		t.Fatal(err)
	}
	text := "[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 {a comment} 4. Qxf7# 1-0\n"
	out, err := AnnotatePGN(text, r, false)
	if err != nil {
		t.Fatal(err)
	}
	out = strings.Join(strings.Fields(out), " ") // the writer wraps lines
	for _, want := range []string{"[%eval 0.", "Nf6 $4 {[%eval #1] a comment Blunder. Best move was", "Qxf7# 1-0", `[Event "x"]`} {
		if !strings.Contains(out, want) {
			t.Errorf("annotated PGN lacks %q:\n%s", want, out)
		}
	}
	if strings.Count(out, "%eval") != 6 {
		t.Errorf("want 6 evals (none after the mate):\n%s", out)
	}

	xg := hangingRook(t)
	xr, err := Run(context.Background(), xg, NewBuiltin(), Options{Budget: Budget{Nodes: 20000}})
	if err != nil {
		t.Fatal(err)
	}
	xtext := "[Game \"Chinese Chess\"]\n[Result \"*\"]\n\n1. 俥九进一 車1进1 2. 俥九平六 車1平4 3. 俥六进七 *\n"
	xout, err := AnnotatePGN(xtext, xr, true)
	if err != nil {
		t.Fatal(err)
	}
	xout = strings.Join(strings.Fields(xout), " ")
	if !strings.Contains(xout, "車１平４ {[%eval") || !strings.Contains(xout, "Blunder (??). Best move was") {
		t.Errorf("annotated xiangqi PGN:\n%s", xout)
	}
}

// TestBookFrom: moves are book up to the first position the table lacks.
func TestBookFrom(t *testing.T) {
	g := scholarsMate(t)
	known := map[string]bool{}
	c := openGame(t, "chess", "1. e4 e5 2. Qh5")
	for ply := 1; ply <= c.Plies(); ply++ {
		known[c.fenAfter(ply)] = true
	}
	book := g.BookFrom(func(fen string) bool { return known[fen] })
	for ply, want := range []bool{true, true, true, false, false, false, false} {
		if book(ply) != want {
			t.Errorf("ply %d: book %v, want %v", ply, book(ply), want)
		}
	}
}

// TestSettle: the lines begin with the search's best move; when the last
// report did not, the best takes line 1 and a line of the depth before
// that begins with its move goes, as do the lines no report filled.
func TestSettle(t *testing.T) {
	l := func(cp int, moves ...string) Line { return Line{Score: Score{CP: cp}, Moves: moves} }
	tests := []struct {
		name  string
		lines []Line
		best  Line
		want  []Line
	}{
		{"reports end with it", []Line{l(30, "a", "x"), l(20, "b"), {}}, l(25, "a"), []Line{l(30, "a", "x"), l(20, "b")}},
		{"no report", []Line{{}, {}}, l(25, "a"), []Line{l(25, "a")}},
		{"cut short", []Line{l(30, "a"), l(20, "b"), l(10, "c")}, l(40, "b"), []Line{l(40, "b"), l(10, "c")}},
	}
	for _, tt := range tests {
		if got := settle(tt.lines, tt.best); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: %+v, want %+v", tt.name, got, tt.want)
		}
	}
}

// TestUCIDialect: a UCI engine is set up as the game's variant says
// (UCI_Variant beside chess, UCI_Chess960 for a Chess960 start, an option
// the configuration sets kept as it is), and a Chess960 game's start goes
// to it in Shredder-FEN.
func TestUCIDialect(t *testing.T) {
	tests := []struct {
		name  string
		g     *Game
		kind  string
		opts  []uci.EngineOption
		given []uci.EngineOption
		fen   string
	}{
		{"chess", scholarsMate(t), "chess", nil, nil, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
		{"chess960", openGame(t, "chess960", "518", "e2e4"), "chess960",
			[]uci.EngineOption{{Name: "UCI_Chess960", Value: "true"}, {Name: "Threads", Value: "1"}},
			[]uci.EngineOption{{Name: "Threads", Value: "1"}}, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"},
		{"xiangqi", hangingRook(t), "xiangqi", []uci.EngineOption{{Name: "UCI_Variant", Value: "xiangqi"}}, nil,
			"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"},
		{"set by hand", hangingRook(t), "xiangqi", []uci.EngineOption{{Name: "UCI_Variant", Value: "janggi"}},
			[]uci.EngineOption{{Name: "UCI_Variant", Value: "janggi"}}, ""},
	}
	for _, tt := range tests {
		if got := kindOf(tt.g); got != tt.kind {
			t.Errorf("%s: kind %q, want %q", tt.name, got, tt.kind)
		}
		if got := setup(tt.given, tt.g.Dialect()); !reflect.DeepEqual(got, tt.opts) && len(got)+len(tt.opts) > 0 {
			t.Errorf("%s: options %+v, want %+v", tt.name, got, tt.opts)
		}
		if pos := tt.g.uciPosition(1); tt.fen != "" && (pos.FEN != tt.fen || len(pos.Moves) != 1) {
			t.Errorf("%s: position %+v, want fen %q and one move", tt.name, pos, tt.fen)
		}
	}
}
