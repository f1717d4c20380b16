package xq

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/xiangqi"
)

// A match against a UCI xiangqi engine such as Fairy-Stockfish, off by
// default. It checks the UCI move convention (FormatUCI, ParseUCI)
// against a real engine and measures strength at equal nodes:
//
//	go test -run FairyStockfish ./engine/xq/ -args -fsf /usr/games/fairy-stockfish -nodes 20000
var (
	fsfPath  = flag.String("fsf", "", "path of a UCI engine playing xiangqi (UCI_Variant xiangqi)")
	fsfNodes = flag.Int("fsfnodes", 0, "nodes per move of the UCI engine (default: -nodes, or 20000)")
)

// uciEngine is a UCI engine process.
type uciEngine struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
}

func startUCI(t *testing.T, path string) *uciEngine {
	t.Helper()
	cmd := exec.Command(path)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", path, err)
	}
	u := &uciEngine{cmd: cmd, in: in, out: bufio.NewScanner(out)}
	u.send("uci")
	u.waitFor(t, "uciok")
	u.send("setoption name UCI_Variant value " + UCIVariant)
	u.send("setoption name Threads value 1")
	u.send("isready")
	u.waitFor(t, "readyok")
	return u
}

func (u *uciEngine) send(s string) { fmt.Fprintln(u.in, s) }

// waitFor reads lines until one starts with prefix and returns it.
func (u *uciEngine) waitFor(t *testing.T, prefix string) string {
	t.Helper()
	for u.out.Scan() {
		if line := u.out.Text(); strings.HasPrefix(line, prefix) {
			return line
		}
	}
	t.Fatalf("engine output ended before %q", prefix)
	return ""
}

func (u *uciEngine) close() {
	u.send("quit")
	u.in.Close()
	u.cmd.Wait()
}

// bestMove asks the UCI engine for its move in g.
func (u *uciEngine) bestMove(t *testing.T, g *xiangqi.Game, nodes int) xiangqi.Move {
	t.Helper()
	moves := make([]string, 0, g.Ply())
	for _, m := range g.Moves() {
		moves = append(moves, FormatUCI(m))
	}
	start := g.Start()
	u.send("position fen " + start.FEN() + " moves " + strings.Join(moves, " "))
	u.send(fmt.Sprintf("go nodes %d", nodes))
	f := strings.Fields(u.waitFor(t, "bestmove"))
	pos := g.Position()
	m, err := ParseUCI(&pos, f[1])
	if err != nil {
		t.Fatalf("bestmove %q in %s: %v", f[1], pos.FEN(), err)
	}
	return m
}

func TestFairyStockfish(t *testing.T) {
	if *fsfPath == "" {
		t.Skip("enable with -fsf PATH")
	}
	ours := uint64(20000)
	if *abNodes > 0 {
		ours = *abNodes
	}
	theirs := int(ours)
	if *fsfNodes > 0 {
		theirs = *fsfNodes
	}
	u := startUCI(t, *fsfPath)
	defer u.close()
	var score [3]int // wins, draws, losses of xq
	for i, op := range selfPlayOpenings {
		for _, xqIsRed := range []bool{true, false} {
			u.send("ucinewgame")
			e := New(DefaultOptions())
			g := xiangqi.NewGame()
			for _, m := range op {
				if _, err := g.PushICCS(m); err != nil {
					t.Fatal(err)
				}
			}
			ourColor := xiangqi.Black
			if xqIsRed {
				ourColor = xiangqi.Red
			}
			for g.Ply() < *selfPlayPlies && !g.Outcome().Finished() {
				var m xiangqi.Move
				if pos := g.Position(); pos.SideToMove() == ourColor {
					m = e.SearchGame(context.Background(), g, Limits{Nodes: ours}, nil).BestMove
				} else {
					m = u.bestMove(t, g, theirs)
				}
				if err := g.Push(m); err != nil {
					t.Fatalf("opening %d ply %d: %v", i, g.Ply(), err)
				}
			}
			o := g.Outcome()
			switch {
			case !o.Finished() || o.Winner == xiangqi.NoColor:
				score[1]++
			case o.Winner == ourColor:
				score[0]++
			default:
				score[2]++
			}
			t.Logf("opening %d, xq red=%v: %v after %d plies", i, xqIsRed, o, g.Ply())
		}
	}
	t.Logf("xq (%d nodes) vs %s (%d nodes): +%d =%d -%d", ours, *fsfPath, theirs, score[0], score[1], score[2])
}
