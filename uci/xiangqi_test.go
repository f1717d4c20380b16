package uci

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/engine/xq"
	"github.com/gambitchess/gambit/xiangqi"
)

func TestXiangqiVariant(t *testing.T) {
	lines := run(t, "uci\nsetoption name UCI_Variant value xiangqi\nposition startpos moves h3e3\ngo depth 4\nisready\n")
	if !has(lines, `^option name UCI_Variant type combo default chess var chess var xiangqi$`) {
		t.Errorf("no UCI_Variant option in\n%s", strings.Join(lines, "\n"))
	}
	best := ""
	for _, l := range lines {
		if rest, ok := strings.CutPrefix(l, "bestmove "); ok {
			best = strings.Fields(rest)[0]
		}
	}
	g, err := xq.GameFromUCI("startpos", []string{"h3e3"})
	if err != nil {
		t.Fatal(err)
	}
	p := g.Position()
	if _, err := xq.ParseFairy(&p, best); err != nil {
		t.Errorf("bestmove %q is not a legal reply to h3e3: %v\n%s", best, err, strings.Join(lines, "\n"))
	}
	if !has(lines, `^info depth 4 seldepth \d+ multipv 1 score cp -?\d+ nodes \d+`) {
		t.Errorf("no depth-4 info line in\n%s", strings.Join(lines, "\n"))
	}
}

// TestXiangqiMultiPV: "setoption name MultiPV" asks the xiangqi engine for
// that many lines, reported at each depth as "multipv 1", "multipv 2" ...,
// each beginning with a move of its own.
func TestXiangqiMultiPV(t *testing.T) {
	lines := run(t, "setoption name UCI_Variant value xiangqi\nsetoption name MultiPV value 3\nposition startpos\ngo depth 3\nisready\n")
	re := regexp.MustCompile(`^info depth (\d+) seldepth \d+ multipv (\d) score .* pv (\S+)`)
	first := map[string][]string{} // depth -> the lines' first moves, in the order reported
	for _, l := range lines {
		if m := re.FindStringSubmatch(l); m != nil {
			if want := strconv.Itoa(len(first[m[1]]) + 1); m[2] != want {
				t.Errorf("multipv %s where %s was due: %q", m[2], want, l)
			}
			first[m[1]] = append(first[m[1]], m[3])
		}
	}
	for _, d := range []string{"1", "2", "3"} {
		if moves := first[d]; len(moves) != 3 || moves[0] == moves[1] || moves[1] == moves[2] || moves[0] == moves[2] {
			t.Errorf("depth %s: lines beginning %v, want 3 different moves\n%s", d, moves, strings.Join(lines, "\n"))
		}
	}
}

func TestXiangqiIllegalMoveKeepsLegalPrefix(t *testing.T) {
	lines := run(t, "setoption name UCI_Variant value xiangqi\nposition startpos moves h3e3 h10g8 h3e4\nd\n")
	if !has(lines, `^info string .*illegal move`) {
		t.Errorf("no illegal-move report in\n%s", strings.Join(lines, "\n"))
	}
	g, _ := xq.GameFromUCI("startpos", []string{"h3e3", "h10g8"})
	if !has(lines, "^info string fen "+regexpQuote(g.FEN())+"$") {
		t.Errorf("position is not the legal prefix %s:\n%s", g.FEN(), strings.Join(lines, "\n"))
	}
}

func TestXiangqiMateAndBackToChess(t *testing.T) {
	// Red mates at once: the chariot takes the d-file while the red general
	// holds the e-file.
	mate := "3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1"
	if _, err := xiangqi.ParseFEN(mate); err != nil {
		t.Fatal(err)
	}
	lines := run(t, "setoption name UCI_Variant value xiangqi\nposition fen "+mate+"\ngo depth 3\nisready\n"+
		"setoption name UCI_Variant value chess\nposition startpos\ngo depth 2\nisready\n")
	if !has(lines, `score mate 1 `) {
		t.Errorf("no mate-in-1 score in\n%s", strings.Join(lines, "\n"))
	}
	if !has(lines, `^bestmove [a-h][1-8][a-h][1-8]`) {
		t.Errorf("no chess bestmove after switching back:\n%s", strings.Join(lines, "\n"))
	}
}

func regexpQuote(s string) string {
	r := strings.NewReplacer("/", "/", ".", `\.`, "+", `\+`, "-", `\-`)
	return r.Replace(s)
}

// xiangqiMatesIn reports whether the side to move in p wins in n moves or
// fewer (leaving the opponent no legal move: mate or stalemate, both lost
// in xiangqi), by an exhaustive search with the rules library.
func xiangqiMatesIn(p *xiangqi.Position, n int) bool {
	var ml xiangqi.MoveList
	p.GenerateLegal(&ml)
	for _, m := range ml.Moves() {
		if xiangqiMoveMates(p, m, n) {
			return true
		}
	}
	return false
}

// xiangqiMoveMates reports whether m wins in n moves or fewer.
func xiangqiMoveMates(p *xiangqi.Position, m xiangqi.Move, n int) bool {
	var c xiangqi.Position
	p.MakeMove(m, &c)
	var replies xiangqi.MoveList
	c.GenerateLegal(&replies)
	if replies.Len() == 0 {
		return true
	}
	if n == 1 {
		return false
	}
	for _, r := range replies.Moves() {
		var g xiangqi.Position
		c.MakeMove(r, &g)
		if !xiangqiMatesIn(&g, n-1) {
			return false
		}
	}
	return true
}

// TestXiangqiGoMate: "go mate N" means in xiangqi what it means in chess
// (TestGoMate): a mate search that stops once a mate in N moves or fewer is
// found and plays it, not a depth limit; a longer mate does not stop it.
func TestXiangqiGoMate(t *testing.T) {
	tests := []struct {
		fen  string
		n    int // the shortest mate, checked with the rules library
		best string
	}{
		{"3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1", 1, "a2d2"}, // the chariot takes the d-file; the generals face on e
		{"4k4/9/9/9/9/9/9/9/R8/1R1K5 w - - 0 1", 2, ""},   // two chariots: several mates in 2
	}
	for _, tt := range tests {
		g, err := xq.GameFromUCI(tt.fen, nil)
		if err != nil {
			t.Fatal(err)
		}
		p := g.Position()
		if !xiangqiMatesIn(&p, tt.n) || tt.n > 1 && xiangqiMatesIn(&p, tt.n-1) {
			t.Fatalf("%s is not a mate in exactly %d", tt.fen, tt.n)
		}
		setup := "setoption name UCI_Variant value xiangqi\nposition fen " + tt.fen + "\n"
		lines := run(t, setup+fmt.Sprintf("go mate %d\n", tt.n))
		info, depth := lastInfo(t, lines)
		if !strings.Contains(info, fmt.Sprintf(" score mate %d ", tt.n)) || depth > 2*tt.n+4 {
			t.Errorf("go mate %d: last info %q, want score mate %d by depth %d", tt.n, info, tt.n, 2*tt.n+4)
		}
		best := bestMove(t, lines)
		m, err := xq.ParseFairy(&p, best)
		if err != nil || tt.best != "" && best != tt.best || !xiangqiMoveMates(&p, m, tt.n) {
			t.Errorf("go mate %d: bestmove %s does not mate in %d", tt.n, best, tt.n)
		}
		if tt.n > 1 {
			// The old xiangqi meaning, depth 2N, stopped at depth 2 here.
			lines = run(t, setup+fmt.Sprintf("go mate %d\n", tt.n-1))
			if info, depth := lastInfo(t, lines); depth <= 2*tt.n+4 || !strings.Contains(info, fmt.Sprintf(" score mate %d ", tt.n)) {
				t.Errorf("go mate %d in a mate in %d stopped early: %q", tt.n-1, tt.n, info)
			}
		}
	}
}

// TestXiangqiInfiniteStop: the xiangqi session shares the chess session's
// search lifecycle: go infinite runs until stop, and a switch of variant
// stops it too.
func TestXiangqiInfiniteStop(t *testing.T) {
	pe := startPipe(t)
	pe.send("setoption name UCI_Variant value xiangqi")
	pe.send("position startpos")
	pe.send("go infinite")
	time.Sleep(100 * time.Millisecond)
	pe.send("isready")
	pe.expect(t, "readyok", time.Second)
	pe.send("stop")
	pe.expect(t, "bestmove", time.Second)
	pe.send("go infinite")
	time.Sleep(50 * time.Millisecond)
	pe.send("setoption name UCI_Variant value chess")
	pe.expect(t, "bestmove", time.Second)
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

// TestXiangqiMalformedInput: the xiangqi session answers bad commands as
// the chess one does (TestMalformedInput), and accepts debug and register.
func TestXiangqiMalformedInput(t *testing.T) {
	lines := run(t, "setoption name UCI_Variant value xiangqi\ndebug on\nregister later\nfoo bar\nposition\nposition moves h3e3\n"+
		"position startpos h3e3\ngo depth x\ngo wtime\ngo searchmoves e2e4\nsetoption value 3\nsetoption name Hash value -5\n\nisready\n")
	if last(lines) != "readyok" {
		t.Errorf("last line %q, want readyok", last(lines))
	}
	var info []string
	for _, l := range lines {
		if strings.HasPrefix(l, "info string ") {
			info = append(info, l)
		}
	}
	if len(info) != 9 {
		t.Errorf("%d info string lines, want 9:\n%s", len(info), strings.Join(info, "\n"))
	}
	if has(lines, `^bestmove`) || has(lines, `unknown command: (debug|register)`) {
		t.Errorf("unexpected reply:\n%s", strings.Join(lines, "\n"))
	}
}

// TestXiangqiRulesOption: "uci" announces the rule set that judges
// xiangqi repetitions; it may be set in either variant, and a value that is
// not a rule set is refused with a message.
func TestXiangqiRulesOption(t *testing.T) {
	lines := run(t, "uci\nsetoption name Xiangqi Rules value chinese\nsetoption name Xiangqi Rules value local\n"+
		"setoption name UCI_Variant value xiangqi\nsetoption name Xiangqi Rules value wxf\nsetoption name xiangqi rules value nonsense\nisready\n")
	if !has(lines, `^option name Xiangqi Rules type combo default wxf var wxf var chinese$`) {
		t.Errorf("no Xiangqi Rules option in\n%s", strings.Join(lines, "\n"))
	}
	for _, bad := range []string{`^info string .*unknown rules "local"`, `^info string .*unknown rules "nonsense"`} {
		if !has(lines, bad) {
			t.Errorf("no refusal %s in\n%s", bad, strings.Join(lines, "\n"))
		}
	}
	if n := countPrefix(lines, "info string "); n != 2 {
		t.Errorf("%d info strings, want the 2 refusals:\n%s", n, strings.Join(lines, "\n"))
	}
}
