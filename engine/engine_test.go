package engine

import (
	"context"
	"math"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/gambitchess/gambit/chess"
)

func mustFEN(t testing.TB, fen string) chess.Position {
	t.Helper()
	p, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return p
}

func search(t testing.TB, fen string, l Limits) Result {
	t.Helper()
	e := New(DefaultOptions())
	return e.Search(context.Background(), mustFEN(t, fen), nil, l, nil)
}

func TestMateScores(t *testing.T) {
	tests := []struct {
		fen  string
		best string
		mate int // moves, signed from the side to move
	}{
		{"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "d1d8", 1},
		{"7k/8/5K2/8/8/8/8/6Q1 w - - 0 1", "g1g7", 1},
		{"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", "h5f7", 1},
		{"2b3k1/4rrpp/p2p4/2pP2RQ/1pP1Pp1N/1P3P1P/1q6/6RK w - - 0 1", "h5h7", 6}, // WAC.049
		{"8/8/8/8/8/6k1/P4q2/7K w - - 0 1", "", -1},                              // mated next move
	}
	for _, tt := range tests {
		r := search(t, tt.fen, Limits{Depth: 16})
		if !r.Score.IsMate() || r.Score.MateIn() != tt.mate {
			t.Errorf("%s: score %d (mate %d), want mate %d", tt.fen, r.Score, r.Score.MateIn(), tt.mate)
		}
		if tt.best != "" && r.BestMove.String() != tt.best {
			t.Errorf("%s: best move %v, want %s", tt.fen, r.BestMove, tt.best)
		}
	}
}

func TestNoLegalMoves(t *testing.T) {
	mated := search(t, "6k1/5ppp/8/8/8/8/5PPP/3r2K1 w - - 0 1", Limits{Depth: 3})
	if mated.BestMove != chess.MoveNone || mated.Score != -Mate {
		t.Errorf("checkmated: got %v %d, want no move, -Mate", mated.BestMove, mated.Score)
	}
	stale := search(t, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", Limits{Depth: 3})
	if stale.BestMove != chess.MoveNone || stale.Score != 0 {
		t.Errorf("stalemate: got %v %d, want no move, 0", stale.BestMove, stale.Score)
	}
}

func TestDraws(t *testing.T) {
	// Insufficient material, whatever the side to move does.
	if r := search(t, "8/8/4k3/8/8/3NK3/8/8 w - - 0 1", Limits{Depth: 6}); r.Score != 0 {
		t.Errorf("K+N v K: score %d, want 0", r.Score)
	}
	// Fifty-move rule: a position at halfmove 99 where any quiet move draws.
	r := search(t, "6k1/8/8/8/8/8/4Q3/6K1 w - - 99 120", Limits{Depth: 6})
	if r.Score >= MateInMaxPly {
		t.Errorf("halfmove 99: score %d, want no mate", r.Score)
	}
}

func TestRepetitionFromHistory(t *testing.T) {
	// White is lost (queen v rook), but Black's last moves shuffled: if White
	// can reach a position seen in the game history, the search scores it 0.
	start := mustFEN(t, "7k/8/8/8/8/8/r7/6QK w - - 0 1")
	plies := []string{"g1g2", "a2a1", "g2g1", "a1a2"}
	var history []uint64
	pos := start
	for _, u := range plies {
		m, err := pos.ParseUCI(u)
		if err != nil {
			t.Fatal(err)
		}
		history = append(history, pos.Key())
		pos.Play(m)
	}
	e := New(DefaultOptions())
	w := &worker{e: e}
	e.sh = &shared{nodeLimit: math.MaxUint64}
	w.prepare(pos, history, nil)
	if !w.isDraw(0) {
		t.Errorf("position repeated from history: isDraw = false, want true")
	}
}

func TestSearchMovesAndMultiPV(t *testing.T) {
	pos := chess.StartPosition()
	a2a3, _ := pos.ParseUCI("a2a3")
	e := New(DefaultOptions())
	r := e.Search(context.Background(), pos, nil, Limits{Depth: 5, SearchMoves: []chess.Move{a2a3}}, nil)
	if r.BestMove != a2a3 {
		t.Errorf("searchmoves a2a3: got %v", r.BestMove)
	}
	var lines [4]bool
	e.Search(context.Background(), pos, nil, Limits{Depth: 5, MultiPV: 3}, func(i Info) {
		if i.Depth == 5 {
			lines[i.MultiPV] = true
		}
	})
	if !lines[1] || !lines[2] || !lines[3] {
		t.Errorf("MultiPV 3: lines at depth 5 = %v, want 1..3", lines)
	}
}

func TestStopByContext(t *testing.T) {
	e := New(DefaultOptions())
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	r := e.Search(ctx, chess.StartPosition(), nil, Limits{Infinite: true}, nil)
	if el := time.Since(start); el > time.Second {
		t.Errorf("infinite search stopped after %v, want ~100ms", el)
	}
	if r.BestMove == chess.MoveNone {
		t.Errorf("no best move after stop")
	}
}

func TestTimeManagement(t *testing.T) {
	tests := []Limits{
		{WTime: time.Second, WInc: 10 * time.Millisecond},
		{WTime: 100 * time.Millisecond},
		{WTime: 30 * time.Millisecond, WInc: 10 * time.Millisecond},
		{WTime: 5 * time.Second, MovesToGo: 1},
		{MoveTime: 100 * time.Millisecond},
		{BTime: 10 * time.Second}, // White to move, only Black's clock given
		{WTime: time.Millisecond, BTime: time.Minute},
	}
	for _, l := range tests {
		e := New(DefaultOptions())
		start := time.Now()
		r := e.Search(context.Background(), chess.StartPosition(), nil, l, nil)
		el := time.Since(start)
		budget := max(l.WTime, 200*time.Millisecond) // a floor for scheduling on a loaded machine
		if l.MoveTime > 0 {
			budget = l.MoveTime + 100*time.Millisecond // the same slack: a search that ignored it would run for seconds
		}
		if l.MovesToGo == 1 {
			budget = l.WTime * 9 / 10
		}
		if el > budget || r.BestMove == chess.MoveNone {
			t.Errorf("%+v: took %v with move %v, want a move within %v", l, el, r.BestMove, budget)
		}
	}
}

func TestPonderHit(t *testing.T) {
	e := New(DefaultOptions())
	done := make(chan Result)
	go func() {
		done <- e.Search(context.Background(), chess.StartPosition(), nil, Limits{Ponder: true, WTime: 200 * time.Millisecond, BTime: 200 * time.Millisecond}, nil)
	}()
	time.Sleep(300 * time.Millisecond) // longer than the clock: pondering ignores it
	select {
	case <-done:
		t.Fatal("pondering search returned before ponderhit")
	default:
	}
	e.PonderHit()
	select {
	case r := <-done:
		if r.BestMove == chess.MoveNone {
			t.Error("no move after ponderhit")
		}
	case <-time.After(2 * time.Second):
		t.Fatal("search did not finish after ponderhit")
	}
}

func TestLazySMP(t *testing.T) {
	opts := DefaultOptions()
	opts.Threads = 2
	e := New(opts)
	r := e.Search(context.Background(), mustFEN(t, "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"), nil, Limits{Depth: 8}, nil)
	if r.BestMove.String() != "d1d8" || r.Score.MateIn() != 1 {
		t.Errorf("2 threads: got %v %d, want d1d8 mate 1", r.BestMove, r.Score)
	}
	r = e.Search(context.Background(), chess.StartPosition(), nil, Limits{Nodes: 20000}, nil)
	if r.BestMove == chess.MoveNone || r.Nodes < 20000 || r.Nodes > 30000 {
		t.Errorf("2 threads, nodes 20000: move %v nodes %d", r.BestMove, r.Nodes)
	}
}

func TestSetOption(t *testing.T) {
	e := New(DefaultOptions())
	good := [][2]string{{"Hash", "1"}, {"threads", "2"}, {"MultiPV", "3"}, {"Skill Level", "5"},
		{"UCI_LimitStrength", "true"}, {"UCI_Elo", "1500"}, {"Move Overhead", "100"}, {"Algorithm", "minimax"}, {"Clear Hash", ""}}
	for _, kv := range good {
		if err := e.SetOption(kv[0], kv[1]); err != nil {
			t.Errorf("SetOption(%q, %q): %v", kv[0], kv[1], err)
		}
	}
	o := e.Options()
	if o.Hash != 1 || o.Threads != 2 || o.MultiPV != 3 || o.SkillLevel != 5 || !o.LimitStrength || o.Elo != 1500 ||
		o.MoveOverhead != 100*time.Millisecond || o.Algorithm != AlgorithmMinimax {
		t.Errorf("options after SetOption: %+v", o)
	}
	bad := [][2]string{{"Hash", "0"}, {"Hash", "x"}, {"Threads", "-1"}, {"Algorithm", "magic"}, {"UCI_Chess960", "maybe"}, {"Nonsense", "1"}}
	for _, kv := range bad {
		if err := e.SetOption(kv[0], kv[1]); err == nil {
			t.Errorf("SetOption(%q, %q): no error", kv[0], kv[1])
		}
	}
}

func TestScoreMateIn(t *testing.T) {
	tests := []struct {
		s    Score
		want int
	}{{Mate - 1, 1}, {Mate - 3, 2}, {Mate - 4, 2}, {-Mate, 0}, {-Mate + 2, -1}, {-Mate + 4, -2}}
	for _, tt := range tests {
		if got := tt.s.MateIn(); got != tt.want {
			t.Errorf("Score(%d).MateIn() = %d, want %d", tt.s, got, tt.want)
		}
	}
}

// mirrorFEN swaps the colours: ranks reversed, piece case swapped, side to move, castling and en passant mirrored.
func mirrorFEN(fen string) string {
	f := strings.Fields(fen)
	ranks := strings.Split(f[0], "/")
	slices.Reverse(ranks)
	swap := func(s string) string {
		return strings.Map(func(r rune) rune {
			if unicode.IsUpper(r) {
				return unicode.ToLower(r)
			}
			return unicode.ToUpper(r)
		}, s)
	}
	f[0] = swap(strings.Join(ranks, "/"))
	if f[1] == "w" {
		f[1] = "b"
	} else {
		f[1] = "w"
	}
	if f[2] != "-" {
		c := []rune(swap(f[2]))
		slices.SortFunc(c, func(a, b rune) int { return int(a) - int(b) })
		f[2] = string(c)
	}
	if len(f) > 3 && f[3] != "-" {
		f[3] = string(f[3][0]) + map[byte]string{'3': "6", '6': "3"}[f[3][1]]
	}
	return strings.Join(f, " ")
}

// TestEvaluateSymmetry: the evaluation of a position and of its colour mirror are equal.
func TestEvaluateSymmetry(t *testing.T) {
	for _, fen := range BenchPositions {
		p := mustFEN(t, fen)
		m := mustFEN(t, mirrorFEN(fen))
		if a, b := Evaluate(&p), Evaluate(&m); a != b {
			t.Errorf("%s: eval %d, mirrored %d", fen, a, b)
		}
	}
}
