package xq

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/gambitchess/gambit/xiangqi"

	"github.com/gambitchess/gambit/internal/cputime"
)

var mateTests = []struct {
	name string
	fen  string
	in   int // moves to mate for the side to move
}{
	{"chariot on the file", "3k5/9/9/9/9/9/9/9/R8/4K4 w", 1},
	{"two chariots", "3k5/9/9/9/9/9/9/9/R8/1R2K4 w", 1},
	{"two chariots, king in the middle", "4k4/9/9/9/9/9/9/9/R8/1R1K5 w", 2},
	{"two chariots against an advisor", "3ak4/9/9/9/9/9/9/9/9/RR1K5 w", 3},
	// Wins by stalemate: the side left without a legal move loses.
	{"stalemate with a chariot", "4ka3/4a4/9/9/9/9/9/2H6/R8/3K5 w", 1},
	{"stalemate after a king move", "2bak4/4a4/4b4/9/9/9/9/9/4C4/R3K4 w", 2},
	{"stalemate against two advisors", "3ak4/4a4/9/9/9/9/9/9/R8/3K5 w", 3},
}

// TestMate checks that the engine finds each mate with the exact score,
// for Red and, on the mirrored board, for Black, and that the forced
// mate really exists at that distance and not sooner.
func TestMate(t *testing.T) {
	for _, tc := range mateTests {
		for _, fen := range []string{tc.fen, mirrorFEN(tc.fen)} {
			p := mustFEN(t, fen)
			if tc.in > 1 && forcedMate(&p, tc.in-1) {
				t.Fatalf("%s: %s has a mate in %d", tc.name, fen, tc.in-1)
			}
			if !forcedMate(&p, tc.in) {
				t.Fatalf("%s: %s has no mate in %d", tc.name, fen, tc.in)
			}
			e := New(DefaultOptions())
			r := e.Search(context.Background(), p, nil, Limits{Depth: 2*tc.in + 4}, nil)
			if want := Score(mateIn(2*tc.in - 1)); r.Score != want {
				t.Errorf("%s (%s): score %v, want %v (pv %v)", tc.name, fen, r.Score, want, r.PV)
			}
			if r.Score.MateIn() != tc.in {
				t.Errorf("%s: MateIn %d, want %d", tc.name, r.Score.MateIn(), tc.in)
			}
			if !p.IsLegal(r.BestMove) || len(r.PV) != 2*tc.in-1 {
				t.Errorf("%s: best %v pv %v", tc.name, r.BestMove, r.PV)
			}
			checkMatingLine(t, p, r.PV)
		}
	}
}

// checkMatingLine plays pv and checks that it ends in a position with no
// legal move: checkmate or stalemate, both won by the side that moved first.
func checkMatingLine(t *testing.T, p xiangqi.Position, pv []xiangqi.Move) {
	t.Helper()
	g := xiangqi.NewGameFrom(p)
	for _, m := range pv {
		if err := g.Push(m); err != nil {
			t.Fatalf("pv %v: %v", pv, err)
		}
	}
	o := g.Outcome()
	if o.Termination != xiangqi.Checkmate && o.Termination != xiangqi.Stalemate || o.Winner != p.SideToMove() {
		t.Errorf("pv %v ends with %v, want a win for %v", pv, o, p.SideToMove())
	}
}

// TestMated checks the score of the side being mated.
func TestMated(t *testing.T) {
	p := mustFEN(t, "4k4/9/9/9/9/9/9/9/R8/1R1K5 w")
	var child xiangqi.Position
	p.MakeMove(xiangqi.NewMove(xiangqi.B0, xiangqi.B8), &child) // the first move of the mate in 2
	r := New(DefaultOptions()).Search(context.Background(), child, nil, Limits{Depth: 6}, nil)
	if want := Score(matedIn(2)); r.Score != want || r.Score.MateIn() != -1 {
		t.Errorf("score %v (MateIn %d), want %v", r.Score, r.Score.MateIn(), want)
	}
}

// TestNoLegalMove: a side with no legal move has lost; the search returns
// MoveNone and a mated score.
func TestNoLegalMove(t *testing.T) {
	// Stalemate: the chariot holds rank 8, the red general the e-file.
	p := mustFEN(t, "3k5/R8/9/9/9/9/9/9/9/R3K4 b")
	if p.HasLegalMove() || p.InCheck() {
		t.Fatal("test position is not a stalemate")
	}
	r := New(DefaultOptions()).Search(context.Background(), p, nil, Limits{Depth: 3}, nil)
	if r.BestMove != xiangqi.MoveNone || r.Score != Score(matedIn(0)) {
		t.Errorf("got %v %v, want 0000 and %v", r.BestMove, r.Score, Score(matedIn(0)))
	}
}

// perpetualGame plays the cycle of checks of fen (Red to move): the red
// chariot checks from i9, the general steps down, the chariot checks from
// i8, the general steps back, and the cycle starts again. The game ends
// before the first check of the second cycle.
func perpetualGame(t *testing.T, fen string, moves ...string) *xiangqi.Game {
	t.Helper()
	g, err := xiangqi.NewGameFromFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range moves {
		if _, err := g.PushUCI(m); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
	return g
}

// Red is a chariot and two horses up, and has checked twice in a cycle.
// Checking again with i8i9 repeats a position with every red move a check:
// perpetual check, which loses.
const perpetualFEN = "3k5/8R/4b4/9/2b6/9/9/2H3H2/9/4K4 w"

var perpetualCycle = []string{"i8i9", "d9d8", "i9i8", "d8d9"}

func TestAvoidsPerpetualCheck(t *testing.T) {
	g := perpetualGame(t, perpetualFEN, perpetualCycle...)
	bad := xiangqi.NewMove(xiangqi.I8, xiangqi.I9)
	if pos := g.Position(); !pos.IsLegal(bad) {
		t.Fatal("i8i9 not legal")
	}
	// The referee agrees that repeating the cycle loses.
	g2 := perpetualGame(t, perpetualFEN, append(perpetualCycle, perpetualCycle...)...)
	if o := g2.Outcome(); o.Termination != xiangqi.PerpetualCheck || o.Winner != xiangqi.Black {
		t.Fatalf("referee after two cycles: %v", o)
	}
	for _, mode := range []string{"SearchGame", "Search"} {
		e := New(DefaultOptions())
		var r Result
		if mode == "SearchGame" {
			r = e.SearchGame(context.Background(), g, Limits{Depth: 6}, nil)
		} else {
			keys := g.Keys()
			r = e.Search(context.Background(), g.Position(), keys[:len(keys)-1], Limits{Depth: 6}, nil)
		}
		if r.BestMove == bad {
			t.Errorf("%s: plays the perpetual check %v (score %v)", mode, bad, r.Score)
		}
		if r.Score <= 0 {
			t.Errorf("%s: score %v, want Red winning", mode, r.Score)
		}
	}
}

// Black, far behind, checks perpetually; Red claims the win by stepping
// back into the repetition (d0d1) rather than blocking with the elephant.
func TestClaimsOpponentPerpetual(t *testing.T) {
	fen := mirrorFEN(perpetualFEN)
	g := perpetualGame(t, fen, "i1i0", "d0d1", "i0i1", "d1d0", "i1i0")
	want := xiangqi.NewMove(xiangqi.D0, xiangqi.D1)
	for _, mode := range []string{"SearchGame", "Search"} {
		e := New(DefaultOptions())
		var r Result
		if mode == "SearchGame" {
			r = e.SearchGame(context.Background(), g, Limits{Depth: 6}, nil)
		} else {
			keys := g.Keys()
			r = e.Search(context.Background(), g.Position(), keys[:len(keys)-1], Limits{Depth: 6}, nil)
		}
		if r.BestMove != want || !r.Score.IsMate() || r.Score < 0 {
			t.Errorf("%s: %v %v, want %v with a winning score", mode, r.BestMove, r.Score, want)
		}
	}
}

// TestRepetitionDraw: a repetition without perpetual check scores as a draw.
func TestRepetitionDraw(t *testing.T) {
	w := &worker{}
	p := xiangqi.StartPosition()
	w.prepare(p, history{})
	// Four quiet plies returning to the start: keys 0..4 with 4 == 0.
	for i, m := range []string{"b0c2", "b9c7", "c2b0", "c7b9"} {
		mv, err := p.ParseUCI(m)
		if err != nil {
			t.Fatal(err)
		}
		var c xiangqi.Position
		p.MakeMove(mv, &c)
		p = c
		w.stack[i+1].pos = p
		w.push(i+1, p.Key(), boolCheck(p.InCheck()), mv)
	}
	if v, ok := w.repetition(4, 4); !ok || v != 0 {
		t.Errorf("repetition = %d, %v; want 0, true", v, ok)
	}
}

// TestRule60: 60 moves without a capture is a draw in the search.
func TestRule60(t *testing.T) {
	p := mustFEN(t, "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 119 80")
	r := New(DefaultOptions()).Search(context.Background(), p, nil, Limits{Depth: 4}, nil)
	// Every move but a mate reaches 120 plies: the best is a mate in 1 if
	// there is one, else 0.
	if r.Score != 0 && r.Score != Score(mateIn(1)) {
		t.Errorf("score %v, want 0 or mate 1", r.Score)
	}
	p = mustFEN(t, "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 80")
	r = New(DefaultOptions()).Search(context.Background(), p, nil, Limits{Depth: 4}, nil)
	if r.Score <= 500 {
		t.Errorf("without the rule: score %v, want a big advantage", r.Score)
	}
}

// TestReproducible: the same node-limited search after NewGame gives the
// same move, score and node count.
func TestReproducible(t *testing.T) {
	e := New(DefaultOptions())
	pos := xiangqi.StartPosition()
	var first Result
	for i := 0; i < 3; i++ {
		e.NewGame()
		r := e.Search(context.Background(), pos, nil, Limits{Nodes: 30000}, nil)
		if r.Nodes != 30000 {
			t.Errorf("nodes %d, want 30000", r.Nodes)
		}
		if i == 0 {
			first = r
			continue
		}
		if r.BestMove != first.BestMove || r.Nodes != first.Nodes || r.Score != first.Score || r.Depth != first.Depth {
			t.Errorf("run %d: %v %v %d nodes depth %d; first %v %v %d depth %d", i,
				r.BestMove, r.Score, r.Nodes, r.Depth, first.BestMove, first.Score, first.Nodes, first.Depth)
		}
	}
}

func TestMoveTime(t *testing.T) {
	e := New(DefaultOptions())
	start := time.Now()
	r := e.Search(context.Background(), xiangqi.StartPosition(), nil, Limits{MoveTime: 200 * time.Millisecond}, nil)
	if el := time.Since(start); el > 400*time.Millisecond {
		t.Errorf("took %v for movetime 200ms", el)
	}
	if r.BestMove == xiangqi.MoveNone || r.Depth < 2 {
		t.Errorf("result %+v", r)
	}
}

func TestCancel(t *testing.T) {
	e := New(DefaultOptions())
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	r := e.Search(ctx, xiangqi.StartPosition(), nil, Limits{Infinite: true}, nil)
	if el := time.Since(start); el > 300*time.Millisecond {
		t.Errorf("infinite search cancelled after 100ms took %v", el)
	}
	if r.BestMove == xiangqi.MoveNone {
		t.Error("no move")
	}
	go func() { time.Sleep(50 * time.Millisecond); e.Stop() }()
	start = time.Now()
	e.Search(context.Background(), xiangqi.StartPosition(), nil, Limits{Infinite: true}, nil)
	if el := time.Since(start); el > 300*time.Millisecond {
		t.Errorf("Stop after 50ms took %v", el)
	}
}

// TestClock1s10ms plays a fast game of engine against itself at 1 s + 10
// ms per side and checks that neither flag falls. Each move is charged the
// CPU time the process spent on it (the wall clock where that is not
// known): on a loaded machine the wall clock also counts the time other
// programs had the cores, which says nothing of the engine's own timing,
// while an engine overrunning its budget overruns it in CPU time too.
// With -short it plays the first 16 plies only, with the same checks.
func TestClock1s10ms(t *testing.T) {
	plies := 100
	if testing.Short() {
		plies = 16
	}
	e := New(DefaultOptions())
	g := xiangqi.NewGame()
	clock := [2]time.Duration{time.Second, time.Second}
	const inc = 10 * time.Millisecond
	for ply := 0; ply < plies && !g.Outcome().Over(); ply++ {
		pos := g.Position()
		us := pos.SideToMove()
		start, startCPU := time.Now(), cputime.Process()
		r := e.SearchGame(context.Background(), g, Limits{WTime: clock[0], BTime: clock[1], WInc: inc, BInc: inc}, nil)
		used := cputime.Process() - startCPU
		if startCPU == 0 {
			used = time.Since(start)
		}
		clock[us] -= used
		if clock[us] <= 0 {
			t.Fatalf("ply %d: %v lost on time", ply, us)
		}
		clock[us] += inc
		if err := g.Push(r.BestMove); err != nil {
			t.Fatalf("ply %d: %v", ply, err)
		}
	}
	t.Logf("clocks left: red %v, black %v after %d plies (%v)", clock[0], clock[1], g.Ply(), g.Outcome())
}

func TestSetOption(t *testing.T) {
	e := New(DefaultOptions())
	for _, tc := range []struct {
		name, value string
		err         error
	}{
		{"Hash", "32", nil},
		{"hash", "1", nil},
		{"Threads", "1", nil},
		{"Skill Level", "10", nil},
		{"skill level", "21", ErrOptionValue},
		{"Hash", "x", ErrOptionValue},
		{"Ponder", "true", ErrUnknownOption},
		{"Move Overhead", "50", nil},
	} {
		if err := e.SetOption(tc.name, tc.value); !errors.Is(err, tc.err) {
			t.Errorf("SetOption(%q, %q) = %v, want %v", tc.name, tc.value, err, tc.err)
		}
	}
	o := e.Options()
	if o.Hash != 1 || o.SkillLevel != 10 || o.MoveOverhead != 50*time.Millisecond {
		t.Errorf("options %+v", o)
	}
}

// TestSkillLevel: weak levels still play legal moves, deterministically.
func TestSkillLevel(t *testing.T) {
	pos := xiangqi.StartPosition()
	for _, lvl := range []string{"0", "5", "19"} {
		e := New(DefaultOptions())
		if err := e.SetOption("Skill Level", lvl); err != nil {
			t.Fatal(err)
		}
		r1 := e.Search(context.Background(), pos, nil, Limits{}, nil)
		e.NewGame()
		r2 := e.Search(context.Background(), pos, nil, Limits{}, nil)
		if !pos.IsLegal(r1.BestMove) || r1.BestMove != r2.BestMove {
			t.Errorf("level %s: %v then %v", lvl, r1.BestMove, r2.BestMove)
		}
	}
}

// TestInfoAndPV: reports come once per depth, in order, with legal PVs
// whose first move is the reported best move.
func TestInfoAndPV(t *testing.T) {
	e := New(DefaultOptions())
	for _, fen := range BenchPositions[:8] {
		pos := mustFEN(t, fen)
		last := 0
		r := e.Search(context.Background(), pos, nil, Limits{Depth: 6}, func(i Info) {
			if i.Depth != last+1 || i.Bound != BoundExact || i.Nodes == 0 || len(i.PV) == 0 {
				t.Errorf("%s: info %+v after depth %d", fen, i, last)
			}
			last = i.Depth
			checkLine(t, pos, i.PV)
		})
		if last != 6 || r.Depth != 6 || len(r.PV) == 0 || r.PV[0] != r.BestMove {
			t.Errorf("%s: result %+v, last info depth %d", fen, r, last)
		}
		if len(r.PV) > 1 && r.Ponder != r.PV[1] {
			t.Errorf("%s: ponder %v, pv %v", fen, r.Ponder, r.PV)
		}
	}
}

// checkLine plays a line of moves from p and fails if one is illegal.
func checkLine(t *testing.T, p xiangqi.Position, line []xiangqi.Move) {
	t.Helper()
	for i, m := range line {
		if !p.IsLegal(m) {
			t.Errorf("move %d (%v) of %v is illegal in %s", i, m, line, p.FEN())
			return
		}
		var c xiangqi.Position
		p.MakeMove(m, &c)
		p = c
	}
}

// TestHashResize: a new hash size takes effect and searches still work.
func TestHashResize(t *testing.T) {
	e := New(DefaultOptions())
	for _, mb := range []string{"1", "2", "64", "16"} {
		if err := e.SetOption("Hash", mb); err != nil {
			t.Fatal(err)
		}
		r := e.Search(context.Background(), xiangqi.StartPosition(), nil, Limits{Depth: 5}, nil)
		if r.BestMove == xiangqi.MoveNone {
			t.Errorf("Hash %s: no move", mb)
		}
	}
	if got, want := e.tt.Len(), 16<<20/16; got != want {
		t.Errorf("16 MB table has %d entries, want %d", got, want)
	}
}

func TestOptionSpecs(t *testing.T) {
	d := DefaultOptions()
	for _, s := range OptionSpecs() {
		var o Options
		if err := parseOption(&o, s.Name, s.Default); err != nil {
			t.Errorf("%s default %q: %v", s.Name, s.Default, err)
		}
	}
	if o := sanitize(Options{}); o.Hash != MinHash || o.Threads != 1 || o.SkillLevel != 0 {
		t.Errorf("sanitize(zero) = %+v", o)
	}
	if d.SkillLevel != MaxSkill || d.Hash != 16 {
		t.Errorf("defaults %+v", d)
	}
}

// TestForcedMoveIsQuick: with a clock and a single legal move the search
// answers at once.
func TestForcedMoveIsQuick(t *testing.T) {
	p := mustFEN(t, "3k5/9/9/9/9/9/9/9/9/r3K4 w") // in check on rank 0: only e0e1
	var ml xiangqi.MoveList
	p.GenerateLegal(&ml)
	if ml.Len() != 1 {
		t.Fatalf("%d legal moves, want 1", ml.Len())
	}
	r := New(DefaultOptions()).Search(context.Background(), p, nil, Limits{WTime: time.Minute, BTime: time.Minute}, nil)
	if r.BestMove != ml.At(0) || r.Depth != 1 {
		t.Errorf("result %+v, want %v at depth 1", r, ml.At(0))
	}
}

// TestRandomGames mixes random moves with short searches through whole
// games (long quiet stretches, repetitions, bare endgames) and checks that
// every search returns a legal move.
func TestRandomGames(t *testing.T) {
	games := 12
	if testing.Short() {
		games = 3
	}
	e := New(DefaultOptions())
	rng := uint64(12345)
	for n := 0; n < games; n++ {
		g := xiangqi.NewGame()
		for g.Ply() < 300 && !g.Outcome().Over() {
			var m xiangqi.Move
			if legal := g.LegalMoves(); splitmix(&rng)%3 == 0 {
				m = legal[splitmix(&rng)%uint64(len(legal))]
			} else {
				r := e.SearchGame(context.Background(), g, Limits{Nodes: 400}, nil)
				m = r.BestMove
			}
			if err := g.Push(m); err != nil {
				t.Fatalf("game %d ply %d (%s): %v", n, g.Ply(), g.FEN(), err)
			}
		}
	}
}

// TestQuietChecksVariant: the optional quiet checks of quiescence (off by
// default) keep mate scores exact.
func TestQuietChecksVariant(t *testing.T) {
	p := defaultParams
	p.qChecks = true
	for _, tc := range mateTests {
		pos := mustFEN(t, tc.fen)
		e := New(DefaultOptions())
		e.w.params = &p
		r := e.Search(context.Background(), pos, nil, Limits{Depth: 2*tc.in + 4}, nil)
		if want := Score(mateIn(2*tc.in - 1)); r.Score != want {
			t.Errorf("%s: score %v, want %v", tc.name, r.Score, want)
		}
	}
	pos := mustFEN(t, BenchPositions[4])
	e := New(DefaultOptions())
	e.w.params = &p
	if r := e.Search(context.Background(), pos, nil, Limits{Depth: 6}, nil); !pos.IsLegal(r.BestMove) {
		t.Errorf("best move %v", r.BestMove)
	}
}

// TestMateLimit: with Limits.Mate alone the search stops at the first
// iteration that finds a mate in that many moves or fewer, as engine's
// does; a shorter limit than the mate, or Infinite, does not stop it.
func TestMateLimit(t *testing.T) {
	for _, tc := range mateTests {
		p := mustFEN(t, tc.fen)
		r := New(DefaultOptions()).Search(context.Background(), p, nil, Limits{Mate: tc.in}, nil)
		if want := Score(mateIn(2*tc.in - 1)); r.Score != want || !p.IsLegal(r.BestMove) {
			t.Errorf("%s: mate %d: %v %v, want a move with %v", tc.name, tc.in, r.BestMove, r.Score, want)
		}
		// It stops at the first iteration that finds the mate, no later than
		// TestMate's depth; a search without the limit would go on to MaxPly.
		if r.Depth > 2*tc.in+4 {
			t.Errorf("%s: mate %d: stopped at depth %d, want <= %d", tc.name, tc.in, r.Depth, 2*tc.in+4)
		}
		// The move played mates in n (the PV of that first iteration may be
		// cut short by the hash table, so check the move, not the line).
		var c xiangqi.Position
		p.MakeMove(r.BestMove, &c)
		var replies xiangqi.MoveList
		c.GenerateLegal(&replies)
		if replies.Len() > 0 && (tc.in == 1 || !allReplies(&c, &replies, tc.in-1)) {
			t.Errorf("%s: %v does not mate in %d", tc.name, r.BestMove, tc.in)
		}
	}
	// A mate in 2 is not a mate in 1: the limit does not act, depth does.
	p := mustFEN(t, "4k4/9/9/9/9/9/9/9/R8/1R1K5 w")
	r := New(DefaultOptions()).Search(context.Background(), p, nil, Limits{Mate: 1, Depth: 6}, nil)
	if r.Depth != 6 || r.Score.MateIn() != 2 {
		t.Errorf("mate 1 in a mate in 2: depth %d score %v, want depth 6 and mate 2", r.Depth, r.Score)
	}
	// Infinite overrides Mate: the search goes on to its depth and waits.
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	r = New(DefaultOptions()).Search(ctx, p, nil, Limits{Mate: 2, Depth: 7, Infinite: true}, nil)
	if r.Depth != 7 {
		t.Errorf("mate 2 infinite: depth %d, want 7", r.Depth)
	}
}

// TestSearchMoves: Limits.SearchMoves restricts the root, at full strength
// and at a weak level; with no legal move among them there is no best move.
func TestSearchMoves(t *testing.T) {
	start := xiangqi.StartPosition()
	only := xiangqi.NewMove(xiangqi.A3, xiangqi.A4) // a soldier push, not the engine's choice
	weak := DefaultOptions()
	weak.SkillLevel = 3
	for _, o := range []Options{DefaultOptions(), weak} {
		r := New(o).Search(context.Background(), start, nil, Limits{Depth: 4, SearchMoves: []xiangqi.Move{only}}, nil)
		if r.BestMove != only {
			t.Errorf("skill %d: best %v, want the only search move %v", o.SkillLevel, r.BestMove, only)
		}
	}
	two := []xiangqi.Move{only, xiangqi.NewMove(xiangqi.B2, xiangqi.E2), xiangqi.NewMove(xiangqi.A0, xiangqi.A9)} // the last is illegal
	r := New(DefaultOptions()).Search(context.Background(), start, nil, Limits{Depth: 4, SearchMoves: two}, nil)
	if r.BestMove != two[0] && r.BestMove != two[1] {
		t.Errorf("best %v, want one of %v", r.BestMove, two[:2])
	}
	r = New(DefaultOptions()).Search(context.Background(), start, nil, Limits{Depth: 4, SearchMoves: two[2:]}, nil)
	if r.BestMove != xiangqi.MoveNone || r.Score != 0 {
		t.Errorf("no legal search move: %v %v, want no move and 0", r.BestMove, r.Score)
	}
	// Kept from mating at once, Red finds the mate in 2 instead.
	p := mustFEN(t, "3k5/9/9/9/9/9/9/9/R8/1R2K4 w")
	var ml xiangqi.MoveList
	p.GenerateLegal(&ml)
	var slow []xiangqi.Move
	for _, m := range ml.Moves() {
		var c xiangqi.Position
		p.MakeMove(m, &c)
		if c.HasLegalMove() {
			slow = append(slow, m)
		}
	}
	r = New(DefaultOptions()).Search(context.Background(), p, nil, Limits{Depth: 6, SearchMoves: slow}, nil)
	if !slices.Contains(slow, r.BestMove) || r.Score.MateIn() != 2 {
		t.Errorf("without the mates in 1: %v %v, want a mate in 2", r.BestMove, r.Score)
	}
}

// multiPVLines runs a search of p reporting many lines and returns the
// lines of its last depth, by rank, checking on the way that every depth
// reports ranks 1, 2, ... in order, best first, each a legal line whose
// first move no better line has.
func multiPVLines(t *testing.T, e *Engine, p xiangqi.Position, limits Limits) ([]Info, Result) {
	t.Helper()
	var last []Info
	r := e.Search(context.Background(), p, nil, limits, func(in Info) {
		if in.MultiPV == 1 {
			last = last[:0]
		}
		if in.MultiPV != len(last)+1 {
			t.Fatalf("depth %d: line %d after %d lines", in.Depth, in.MultiPV, len(last))
		}
		if len(last) > 0 {
			prev := last[len(last)-1]
			if in.Depth != prev.Depth || in.Score > prev.Score {
				t.Errorf("depth %d line %d (%v) below line %d of depth %d (%v)", in.Depth, in.MultiPV, in.Score, prev.MultiPV, prev.Depth, prev.Score)
			}
			for _, l := range last {
				if l.PV[0] == in.PV[0] {
					t.Errorf("depth %d: lines %d and %d both begin with %v", in.Depth, l.MultiPV, in.MultiPV, in.PV[0])
				}
			}
		}
		pos := p
		for i, m := range in.PV {
			if !pos.IsLegal(m) {
				t.Fatalf("depth %d line %d: move %d (%v) is illegal", in.Depth, in.MultiPV, i, m)
			}
			var next xiangqi.Position
			pos.MakeMove(m, &next)
			pos = next
		}
		last = append(last, in)
	})
	return last, r
}

// TestMultiPV: the engine reports the lines asked for, best first, each
// with a first move of its own; as many as there are legal moves at most
// (then one for each), or as many search moves; the result is the best
// line's.
func TestMultiPV(t *testing.T) {
	p := mustFEN(t, "3k5/9/9/9/9/9/9/9/R8/4K4 w") // Red's chariot leaves Black no move two ways
	var ml xiangqi.MoveList
	p.GenerateLegal(&ml)

	lines, r := multiPVLines(t, New(DefaultOptions()), p, Limits{Depth: 3, MultiPV: MaxMultiPV})
	if len(lines) != ml.Len() {
		t.Fatalf("%d lines, want one for each of the %d legal moves", len(lines), ml.Len())
	}
	for _, m := range ml.Moves() {
		if !slices.ContainsFunc(lines, func(in Info) bool { return in.PV[0] == m }) {
			t.Errorf("no line begins with the legal move %v", m)
		}
	}
	// The moves that leave Black none come first, each scored a mate in 1.
	var mates []xiangqi.Move
	for _, m := range ml.Moves() {
		var c xiangqi.Position
		p.MakeMove(m, &c)
		if !c.HasLegalMove() {
			mates = append(mates, m)
		}
	}
	for i, in := range lines {
		if first := i < len(mates); first != (in.Score.MateIn() == 1) || first != slices.Contains(mates, in.PV[0]) {
			t.Errorf("line %d: %v %v; want the %d moves that mate (%v) first, and only they a mate in 1", in.MultiPV, in.PV[0], in.Score, len(mates), mates)
		}
	}
	if r.BestMove != lines[0].PV[0] || r.Score != lines[0].Score || r.Depth != 3 {
		t.Errorf("result %v %v at depth %d, want the best line's %v %v at 3", r.BestMove, r.Score, r.Depth, lines[0].PV[0], lines[0].Score)
	}

	// The option, on an engine that searched before; each depth reports 3.
	o := DefaultOptions()
	o.MultiPV = 3
	e := New(o)
	e.Search(context.Background(), xiangqi.StartPosition(), nil, Limits{Depth: 2}, nil)
	start := xiangqi.StartPosition()
	if lines, _ = multiPVLines(t, e, start, Limits{Depth: 5}); len(lines) != 3 || lines[0].Depth != 5 {
		t.Errorf("MultiPV 3 from the start: %d lines at depth %d, want 3 at 5", len(lines), lines[0].Depth)
	}

	// Cut short by a node limit within an iteration: every depth reported
	// has its 4 lines, none a line of two depths, and the result plays.
	for _, nodes := range []uint64{14_000, 15_500, 17_000} {
		perDepth := map[int][]xiangqi.Move{}
		r := New(DefaultOptions()).Search(context.Background(), start, nil, Limits{Nodes: nodes, MultiPV: 4}, func(in Info) {
			perDepth[in.Depth] = append(perDepth[in.Depth], in.PV[0])
		})
		for d, firsts := range perDepth {
			if len(firsts) != 4 {
				t.Errorf("nodes %d: depth %d reported %d lines (%v), want 4", nodes, d, len(firsts), firsts)
			}
		}
		if !start.IsLegal(r.BestMove) {
			t.Errorf("nodes %d: best move %v is not legal", nodes, r.BestMove)
		}
	}

	// Two search moves: two lines, those moves.
	two := []xiangqi.Move{xiangqi.NewMove(xiangqi.A3, xiangqi.A4), xiangqi.NewMove(xiangqi.B2, xiangqi.E2)}
	lines, _ = multiPVLines(t, New(DefaultOptions()), start, Limits{Depth: 4, MultiPV: 3, SearchMoves: two})
	if len(lines) != 2 || !slices.Contains(two, lines[0].PV[0]) || !slices.Contains(two, lines[1].PV[0]) {
		t.Errorf("MultiPV 3 over two search moves: %v", lines)
	}

	// A weak level picks among every move again after its lines, and a
	// later search of one line sees every move: the mate is found.
	weak := DefaultOptions()
	weak.SkillLevel, weak.MultiPV = 3, 4
	e = New(weak)
	if r := e.Search(context.Background(), p, nil, Limits{Depth: 3}, nil); !slices.Contains(mates, r.BestMove) {
		t.Errorf("weak with 4 lines: %v, want a mate of %v (a mate outweighs its errors)", r.BestMove, mates)
	}
	if err := e.SetOption("Skill Level", "20"); err != nil {
		t.Fatal(err)
	}
	if r := e.Search(context.Background(), p, nil, Limits{Depth: 3, MultiPV: 1}, nil); !slices.Contains(mates, r.BestMove) {
		t.Errorf("one line after four: %v, want a mate of %v", r.BestMove, mates)
	}
}

// TestMultiPVRootEntry: the lines after the first, searched without the
// better moves, leave the root's table entry as the first line stored it.
func TestMultiPVRootEntry(t *testing.T) {
	e := New(DefaultOptions())
	w := e.w
	start := xiangqi.StartPosition()
	w.prepare(start, history{})
	w.stack[0].pos.GenerateLegal(&w.stack[0].ml)
	w.lines = make([]line, 3)
	for depth := 1; depth <= 5; depth++ {
		w.rootDepth = depth
		if done := w.searchLines(depth); done != 3 {
			t.Fatalf("depth %d: %d lines", depth, done)
		}
	}
	d, ok := e.tt.Probe(start.Key())
	if first := w.lines[0]; !ok || d.Move != first.pv[0] || d.Depth != 5 || int(d.Score) != first.score {
		t.Errorf("the root's entry: %v %v at depth %d (found %v); want the first line's %v %v at 5 (the last line's: %v %v)",
			d.Move, d.Score, d.Depth, ok, first.pv[0], first.score, w.lines[2].pv[0], w.lines[2].score)
	}
}

// TestRulesJudgeChases: Red's cannon chases Black's unprotected chariot
// back and forth (Fairy-Stockfish's "direct chase by cannon" case). After
// two cycles, going on with the chase repeats the position a third time
// and loses by both rule sets; the engine scores it so, and with the
// game's moves it never plays it.
func TestRulesJudgeChases(t *testing.T) {
	const fen = "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1"
	g := perpetualGame(t, fen, "c2a2", "a7b7", "a2b2", "b7a7", "b2a2", "a7b7", "a2b2", "b7a7")
	chase := xiangqi.NewMove(xiangqi.B2, xiangqi.A2)
	for _, rules := range []xiangqi.Rules{xiangqi.RulesWXF, xiangqi.RulesChinese} {
		opts := DefaultOptions()
		opts.Rules = rules
		r := New(opts).SearchGame(context.Background(), g, Limits{Depth: 3, SearchMoves: []xiangqi.Move{chase}}, nil)
		if r.Score > -MateInMaxPly {
			t.Errorf("%v: the chase scores %v, want a loss", rules, r.Score)
		}
		if r := New(opts).SearchGame(context.Background(), g, Limits{Depth: 5}, nil); r.BestMove == chase {
			t.Errorf("%v: plays the losing chase (score %v)", rules, r.Score)
		}
	}
	// The referee agrees.
	if err := g.Push(chase); err != nil {
		t.Fatal(err)
	}
	if o := g.Outcome(); o.Termination != xiangqi.PerpetualChase || o.Winner != xiangqi.Black {
		t.Errorf("referee: %v, want 0-1 by perpetual chase", o)
	}
}
