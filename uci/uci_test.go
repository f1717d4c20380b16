package uci

import (
	"context"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/engine"
)

// run feeds script to a fresh engine and returns the output lines.
func run(t testing.TB, script string) []string {
	t.Helper()
	var out strings.Builder
	if err := Run(context.Background(), strings.NewReader(script), &out, engine.New(engine.DefaultOptions())); err != nil {
		t.Fatalf("Run: %v", err)
	}
	return strings.Split(strings.TrimSpace(out.String()), "\n")
}

func has(lines []string, re string) bool {
	r := regexp.MustCompile(re)
	for _, l := range lines {
		if r.MatchString(l) {
			return true
		}
	}
	return false
}

func last(lines []string) string { return lines[len(lines)-1] }

// countPrefix counts the lines that start with prefix.
func countPrefix(lines []string, prefix string) int {
	n := 0
	for _, l := range lines {
		if strings.HasPrefix(l, prefix) {
			n++
		}
	}
	return n
}

func TestHandshake(t *testing.T) {
	lines := run(t, "uci\nisready\nquit\n")
	for _, want := range []string{`^id name Gambit$`, `^id author `, `^option name Hash type spin default 16 min 1 max \d+$`,
		`^option name Threads type spin`, `^option name MultiPV type spin`, `^option name Ponder type check`,
		`^option name UCI_Chess960 type check default false$`, `^option name UCI_LimitStrength type check`,
		`^option name UCI_Elo type spin`, `^option name Skill Level type spin default 20 min 0 max 20$`,
		`^option name Move Overhead type spin`, `^option name Algorithm type combo default full( var \w+)+$`,
		`^uciok$`, `^readyok$`} {
		if !has(lines, want) {
			t.Errorf("no line matching %q in\n%s", want, strings.Join(lines, "\n"))
		}
	}
}

func TestGoNodes(t *testing.T) {
	lines := run(t, "position startpos moves e2e4\ngo nodes 1000\nisready\n")
	if !has(lines, `^info depth \d+ seldepth \d+ multipv 1 score cp -?\d+ nodes \d+ nps \d+ hashfull \d+ time \d+ pv( [a-h][1-8][a-h][1-8][qrbn]?)+$`) {
		t.Errorf("no well-formed info line in\n%s", strings.Join(lines, "\n"))
	}
	if !has(lines, `^bestmove [a-h][1-8][a-h][1-8]`) {
		t.Errorf("no bestmove in\n%s", strings.Join(lines, "\n"))
	}
}

func TestIllegalMoveKeepsLastLegalPosition(t *testing.T) {
	lines := run(t, "position startpos moves e2e4 e7e5 e1e3 d7d5\nd\nposition fen not a fen\nd\nposition startpos moves e2e4 e7e5 g1f3 0000\nd\n")
	want := []string{
		`^info string position: .*illegal move.*e1e3`,
		`^info string fen rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2$`,
		`^info string position: `,
		`^info string fen rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2$`,
	}
	for _, w := range want {
		if !has(lines, w) {
			t.Errorf("no line matching %q in\n%s", w, strings.Join(lines, "\n"))
		}
	}
}

func TestMalformedInput(t *testing.T) {
	lines := run(t, "foo bar\nposition\nposition moves e2e4\ngo depth x\ngo wtime\nsetoption value 3\nsetoption name Hash value -5\nsetoption name Nope value 1\n\n   \nisready\n")
	if last(lines) != "readyok" {
		t.Errorf("last line %q, want readyok", last(lines))
	}
	if n := countPrefix(lines, "info string "); n != 8 {
		t.Errorf("%d info string lines, want 8:\n%s", n, strings.Join(lines, "\n"))
	}
	if has(lines, `^bestmove`) {
		t.Errorf("a malformed go started a search:\n%s", strings.Join(lines, "\n"))
	}
}

func TestReproducible(t *testing.T) {
	script := "ucinewgame\nposition startpos moves d2d4 g8f6\ngo nodes 20000\nisready\n"
	a := run(t, script)
	b := run(t, script)
	strip := func(lines []string) []string {
		var out []string
		re := regexp.MustCompile(` (nps|time|hashfull) \d+`)
		for _, l := range lines {
			if l != "readyok" { // answered at once, even mid-search
				out = append(out, re.ReplaceAllString(l, ""))
			}
		}
		return out
	}
	if strings.Join(strip(a), "\n") != strings.Join(strip(b), "\n") {
		t.Errorf("two runs differ:\n%s\n---\n%s", strings.Join(a, "\n"), strings.Join(b, "\n"))
	}
	// In one session, ucinewgame makes the second search repeat the first.
	c := run(t, script+script)
	var best []string
	for _, l := range strip(c) {
		if strings.HasPrefix(l, "bestmove") || strings.Contains(l, " pv ") {
			best = append(best, l)
		}
	}
	if len(best)%2 != 0 || strings.Join(best[:len(best)/2], "\n") != strings.Join(best[len(best)/2:], "\n") {
		t.Errorf("same search after ucinewgame differs:\n%s", strings.Join(best, "\n"))
	}
}

func TestMateScore(t *testing.T) {
	lines := run(t, "position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1\ngo depth 6\nisready\n")
	if !has(lines, `score mate 1 `) || !has(lines, `^bestmove d1d8`) {
		t.Errorf("mate in 1 not reported:\n%s", strings.Join(lines, "\n"))
	}
	lines = run(t, "position fen 8/8/8/8/8/6k1/P4q2/7K w - - 0 1\ngo depth 6\nisready\n")
	if !has(lines, `score mate -1 `) {
		t.Errorf("mated in 1 not reported:\n%s", strings.Join(lines, "\n"))
	}
	lines = run(t, "position fen 6k1/5ppp/8/8/8/8/5PPP/3r2K1 w - - 0 1\ngo depth 3\nisready\n")
	if !has(lines, `^bestmove 0000$`) {
		t.Errorf("checkmated side: want bestmove 0000:\n%s", strings.Join(lines, "\n"))
	}
}

func TestGoParameters(t *testing.T) {
	lines := run(t, "position startpos\ngo wtime 1000 btime 1000 winc 10 binc 10 movestogo 20\nisready\n"+
		"go movetime 50\nisready\ngo depth 3 searchmoves a2a3 h2h3\nisready\n"+
		"position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1\ngo mate 1\nisready\n")
	n := 0
	for _, l := range lines {
		if strings.HasPrefix(l, "bestmove") {
			n++
		}
	}
	if n != 4 {
		t.Errorf("%d bestmoves, want 4:\n%s", n, strings.Join(lines, "\n"))
	}
	if !has(lines, `^bestmove (a2a3|h2h3)`) {
		t.Errorf("searchmoves ignored:\n%s", strings.Join(lines, "\n"))
	}
}

func TestMultiPV(t *testing.T) {
	lines := run(t, "setoption name MultiPV value 3\nposition startpos\ngo depth 4\nisready\n")
	for _, k := range []string{"1", "2", "3"} {
		if !has(lines, `^info depth 4 .*multipv `+k+` `) {
			t.Errorf("no multipv %s line at depth 4:\n%s", k, strings.Join(lines, "\n"))
		}
	}
}

func TestChess960Castling(t *testing.T) {
	// King f1, rook h1: castling is written king-takes-rook in Chess960 mode.
	lines := run(t, "setoption name UCI_Chess960 value true\nposition fen 4k3/8/8/8/8/8/8/5K1R w H - 0 1 moves f1h1\nd\n")
	if !has(lines, `^info string fen 4k3/8/8/8/8/8/8/5RK1 b - - 1 1$`) {
		t.Errorf("Chess960 castling f1h1 not played:\n%s", strings.Join(lines, "\n"))
	}
	// The engine's own castling move is written king-takes-rook too.
	lines = run(t, "setoption name UCI_Chess960 value true\nposition fen 4k3/8/8/8/8/8/8/5K1R w H - 0 1\ngo depth 2 searchmoves f1h1\n")
	if !has(lines, `^bestmove f1h1`) {
		t.Errorf("Chess960 bestmove not king-takes-rook:\n%s", strings.Join(lines, "\n"))
	}
	lines = run(t, "position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1\ngo depth 2 searchmoves e1g1\n")
	if !has(lines, `^bestmove e1g1`) {
		t.Errorf("standard castling bestmove:\n%s", strings.Join(lines, "\n"))
	}
}

// pipeEngine runs Run in the background over a pipe, so tests can wait between commands.
type pipeEngine struct {
	w    *io.PipeWriter
	out  *syncBuffer
	done chan error
}

type syncBuffer struct {
	ch chan string
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	for _, l := range strings.Split(strings.TrimRight(string(p), "\n"), "\n") {
		s.ch <- l
	}
	return len(p), nil
}

func startPipe(t *testing.T) *pipeEngine {
	r, w := io.Pipe()
	pe := &pipeEngine{w: w, out: &syncBuffer{ch: make(chan string, 10000)}, done: make(chan error, 1)}
	go func() { pe.done <- Run(context.Background(), r, pe.out, engine.New(engine.DefaultOptions())) }()
	return pe
}

func (pe *pipeEngine) send(s string) { io.WriteString(pe.w, s+"\n") }

func (pe *pipeEngine) expect(t *testing.T, prefix string, within time.Duration) string {
	t.Helper()
	deadline := time.After(within)
	for {
		select {
		case l := <-pe.out.ch:
			if strings.HasPrefix(l, prefix) {
				return l
			}
		case <-deadline:
			t.Fatalf("no %q within %v", prefix, within)
			return ""
		}
	}
}

func TestInfiniteStopPonderhit(t *testing.T) {
	pe := startPipe(t)
	pe.send("position startpos")
	pe.send("go infinite")
	time.Sleep(100 * time.Millisecond)
	pe.send("isready")
	pe.expect(t, "readyok", time.Second) // isready is answered during a search
	pe.send("stop")
	pe.expect(t, "bestmove", time.Second)

	pe.send("go ponder wtime 500 btime 500")
	time.Sleep(700 * time.Millisecond) // pondering ignores the clock
	pe.send("ponderhit")
	pe.expect(t, "bestmove", 2*time.Second)
	pe.send("quit")
	select {
	case err := <-pe.done:
		if err != nil {
			t.Errorf("Run: %v", err)
		}
	case <-time.After(2 * time.Second):
		t.Fatal("Run did not return after quit")
	}
}

func TestLongPositionLine(t *testing.T) {
	// A long game line (knights shuffling: 400 plies), as a GUI sends late in a game.
	moves := strings.Repeat(" g1f3 g8f6 f3g1 f6g8", 100)
	lines := run(t, "position startpos moves"+moves+"\nd\n")
	if !has(lines, `^info string fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 400 201$`) {
		t.Errorf("long line not read:\n%s", strings.Join(lines, "\n"))
	}
}

func FuzzUCI(f *testing.F) {
	for _, s := range []string{
		"uci\nisready\n", "position startpos moves e2e4 e7e5\ngo depth 2\n", "position fen 8/8/8/8/8/8/8/8 w - - 0 1\ngo depth 1\n",
		"setoption name Hash value 1\n", "go nodes 100 searchmoves e2e4\n", "position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1 moves d1d8\ngo depth 2\n",
		"go wtime -100 btime 5 movestogo 0\n", "position startpos moves e7e5\n", "setoption name Algorithm value greedy\ngo depth 1\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, script string) {
		// Keep each search tiny whatever the input asks for.
		var b strings.Builder
		for _, l := range strings.Split(script, "\n") {
			if strings.HasPrefix(strings.TrimSpace(l), "go") {
				l = "go nodes 200"
			}
			if strings.Contains(l, "Hash") || strings.Contains(l, "Threads") || strings.Contains(l, "MultiPV") {
				continue
			}
			b.WriteString(l + "\n")
		}
		var out strings.Builder
		if err := Run(context.Background(), strings.NewReader(b.String()), &out, engine.New(engine.Options{Hash: 1})); err != nil {
			t.Fatalf("Run: %v", err)
		}
	})
}

func TestAlgorithmsAndStrength(t *testing.T) {
	for _, a := range []string{"greedy", "minimax", "negamax", "alphabeta", "full"} {
		lines := run(t, "setoption name Algorithm value "+a+"\nposition startpos moves e2e4\ngo depth 2\n")
		if !has(lines, `^bestmove [a-h][1-8][a-h][1-8]`) || !has(lines, `^info depth \d`) {
			t.Errorf("Algorithm %s:\n%s", a, strings.Join(lines, "\n"))
		}
	}
	lines := run(t, "setoption name UCI_LimitStrength value true\nsetoption name UCI_Elo value 600\nposition startpos\ngo wtime 1000 btime 1000\n")
	if !has(lines, `^bestmove [a-h][1-8][a-h][1-8]`) {
		t.Errorf("UCI_Elo 600:\n%s", strings.Join(lines, "\n"))
	}
}

func TestWeakLevelReportsOneLine(t *testing.T) {
	lines := run(t, "setoption name Skill Level value 0\nposition startpos\ngo depth 3\n")
	for _, l := range lines {
		if strings.Contains(l, " multipv 2 ") {
			t.Fatalf("skill 0 with MultiPV 1 printed a second line: %s", l)
		}
	}
}

// lastInfo returns the last "info depth" line and its depth.
func lastInfo(t *testing.T, lines []string) (string, int) {
	t.Helper()
	for i := len(lines) - 1; i >= 0; i-- {
		var d int
		if _, err := fmt.Sscanf(lines[i], "info depth %d", &d); err == nil {
			return lines[i], d
		}
	}
	t.Fatalf("no info line in\n%s", strings.Join(lines, "\n"))
	return "", 0
}

// bestMove returns the move of the last bestmove line.
func bestMove(t *testing.T, lines []string) string {
	t.Helper()
	for i := len(lines) - 1; i >= 0; i-- {
		if rest, ok := strings.CutPrefix(lines[i], "bestmove "); ok {
			return strings.Fields(rest)[0]
		}
	}
	t.Fatalf("no bestmove in\n%s", strings.Join(lines, "\n"))
	return ""
}

// chessMatesIn reports whether the side to move in p mates in n moves or
// fewer: an exhaustive search with the rules library, to check the engine.
func chessMatesIn(p *chess.Position, n int) bool {
	var ml chess.MoveList
	p.GenerateLegal(&ml)
	for _, m := range ml.Moves() {
		if chessMoveMates(p, m, n) {
			return true
		}
	}
	return false
}

// chessMoveMates reports whether m mates in n moves or fewer.
func chessMoveMates(p *chess.Position, m chess.Move, n int) bool {
	var c chess.Position
	p.MakeMove(m, &c)
	var replies chess.MoveList
	c.GenerateLegal(&replies)
	if replies.Len() == 0 {
		return c.InCheck()
	}
	if n == 1 {
		return false
	}
	for _, r := range replies.Moves() {
		var g chess.Position
		c.MakeMove(r, &g)
		if !chessMatesIn(&g, n-1) {
			return false
		}
	}
	return true
}

// TestGoMate: "go mate N" is a mate search. It stops by itself at the
// first iteration that finds a mate in N moves or fewer (well before the
// search's maximum depth, where it goes without the limit), and plays it;
// a mate longer than N does not stop it.
func TestGoMate(t *testing.T) {
	tests := []struct {
		fen  string
		n    int // the shortest mate, checked with the rules library
		best string
	}{
		{"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 1, "d1d8"},
		{"2r3k1/5ppp/8/8/8/8/3R1PPP/3R2K1 w - - 0 1", 2, "d2d8"}, // Rd8+ Rxd8 Rxd8#
	}
	for _, tt := range tests {
		p, err := chess.ParseFEN(tt.fen)
		if err != nil {
			t.Fatal(err)
		}
		if !chessMatesIn(&p, tt.n) || tt.n > 1 && chessMatesIn(&p, tt.n-1) {
			t.Fatalf("%s is not a mate in exactly %d", tt.fen, tt.n)
		}
		lines := run(t, fmt.Sprintf("position fen %s\ngo mate %d\n", tt.fen, tt.n))
		info, depth := lastInfo(t, lines)
		if !strings.Contains(info, fmt.Sprintf(" score mate %d ", tt.n)) || depth > 2*tt.n+4 {
			t.Errorf("go mate %d: last info %q, want score mate %d by depth %d", tt.n, info, tt.n, 2*tt.n+4)
		}
		best := bestMove(t, lines)
		m, err := p.ParseUCI(best)
		if err != nil || best != tt.best || !chessMoveMates(&p, m, tt.n) {
			t.Errorf("go mate %d: bestmove %s, want the mate %s", tt.n, best, tt.best)
		}
		if tt.n > 1 {
			// A mate in 2 is not a mate in 1: the search goes on (here to its
			// maximum depth, which a mate position reaches in milliseconds).
			lines = run(t, fmt.Sprintf("position fen %s\ngo mate %d\n", tt.fen, tt.n-1))
			if info, depth := lastInfo(t, lines); depth <= 2*tt.n+4 || !strings.Contains(info, fmt.Sprintf(" score mate %d ", tt.n)) {
				t.Errorf("go mate %d in a mate in %d stopped early: %q", tt.n-1, tt.n, info)
			}
		}
	}
}

func TestPositionArgs(t *testing.T) {
	tests := []struct {
		in       string
		startpos bool
		fen      string
		moves    []string
		err      string
	}{
		{in: "startpos", startpos: true},
		{in: "startpos moves e2e4 e7e5", startpos: true, moves: []string{"e2e4", "e7e5"}},
		{in: "startpos moves", startpos: true, moves: []string{}},
		{in: "fen 8/8/8/8/8/8/8/K6k w - - 0 1", fen: "8/8/8/8/8/8/8/K6k w - - 0 1"},
		{in: "fen 3k5/9/9/9/9/9/9/9/R8/4K4 w moves a2d2", fen: "3k5/9/9/9/9/9/9/9/R8/4K4 w", moves: []string{"a2d2"}},
		{in: "fen", fen: ""},
		{in: "", err: `position: want startpos or fen`},
		{in: "moves e2e4", err: `position: want startpos or fen, got "moves"`},
		{in: "startpos e2e4", err: `position: want "moves", got "e2e4"`},
	}
	for _, tt := range tests {
		startpos, fen, moves, err := positionArgs(strings.Fields(tt.in))
		if tt.err != "" {
			if err == nil || err.Error() != ErrSyntax.Error()+": "+tt.err {
				t.Errorf("positionArgs(%q): error %v, want %q", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil || startpos != tt.startpos || fen != tt.fen || !slices.Equal(moves, tt.moves) {
			t.Errorf("positionArgs(%q) = %v %q %q %v, want %v %q %q", tt.in, startpos, fen, moves, err, tt.startpos, tt.fen, tt.moves)
		}
	}
}
