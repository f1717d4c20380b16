package uci

import (
	"strings"
	"testing"

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
	if _, err := xq.ParseUCI(&p, best); err != nil {
		t.Errorf("bestmove %q is not a legal reply to h3e3: %v\n%s", best, err, strings.Join(lines, "\n"))
	}
	if !has(lines, `^info depth 4 seldepth \d+ score cp -?\d+ nodes \d+`) {
		t.Errorf("no depth-4 info line in\n%s", strings.Join(lines, "\n"))
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
