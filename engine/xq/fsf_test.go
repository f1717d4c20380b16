//go:build strength

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
	"time"

	"github.com/gambitchess/gambit/xiangqi"
)

// A match against a UCI xiangqi engine such as Fairy-Stockfish, off by
// default. It checks the UCI move convention (FormatFairy, ParseFairy)
// against a real engine and measures strength at fixed nodes, or on a
// clock, where it also checks that xq never loses on time:
//
//	go test -run FairyStockfish ./engine/xq/ -args -fsf /usr/games/fairy-stockfish -nodes 20000
//	go test -run FairyStockfish ./engine/xq/ -args -fsf /usr/games/fairy-stockfish -tc 1s+10ms
var (
	fsfPath  = flag.String("fsf", "", "path of a UCI engine playing xiangqi (UCI_Variant xiangqi)")
	fsfNodes = flag.Int("fsfnodes", 0, "nodes per move of the UCI engine (default: -nodes, or 20000)")
	fsfTC    = flag.String("tc", "", "time control BASE+INC (Go durations, e.g. 2s+20ms) instead of nodes")
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

// bestMove asks the UCI engine for its move in g with the go command goCmd.
func (u *uciEngine) bestMove(t *testing.T, g *xiangqi.Game, goCmd string) xiangqi.Move {
	t.Helper()
	moves := make([]string, 0, g.Ply())
	for _, m := range g.Moves() {
		moves = append(moves, FormatFairy(m))
	}
	start := g.StartPosition()
	u.send("position fen " + start.FEN() + " moves " + strings.Join(moves, " "))
	u.send(goCmd)
	f := strings.Fields(u.waitFor(t, "bestmove"))
	pos := g.Position()
	m, err := ParseFairy(&pos, f[1])
	if err != nil {
		t.Fatalf("bestmove %q in %s: %v", f[1], pos.FEN(), err)
	}
	return m
}

func TestFairyStockfish(t *testing.T) {
	if *fsfPath == "" {
		t.Fatal("the match needs Fairy-Stockfish: -fsf PATH")
	}
	ours := uint64(20000)
	if *abNodes > 0 {
		ours = *abNodes
	}
	theirs := int(ours)
	if *fsfNodes > 0 {
		theirs = *fsfNodes
	}
	tc, timed := parseTC(t, *fsfTC)
	timeLosses := map[bool]int{}
	u := startUCI(t, *fsfPath)
	defer u.close()
	var score [3]int // wins, draws, losses of xq
	for i, op := range selfPlayOpenings {
		for _, xqIsRed := range []bool{true, false} {
			u.send("ucinewgame")
			e := New(DefaultOptions())
			g := xiangqi.NewGame()
			for _, m := range op {
				if _, err := g.PushUCI(m); err != nil {
					t.Fatal(err)
				}
			}
			ourColor := xiangqi.Black
			if xqIsRed {
				ourColor = xiangqi.Red
			}
			clock := tc
			for g.Ply() < *selfPlayPlies && !g.Outcome().Over() {
				var m xiangqi.Move
				pos := g.Position()
				us := pos.SideToMove()
				l := Limits{Nodes: ours}
				goCmd := fmt.Sprintf("go nodes %d", theirs)
				if timed {
					l = Limits{WTime: clock.left[0], BTime: clock.left[1], WInc: clock.inc, BInc: clock.inc}
					goCmd = fmt.Sprintf("go wtime %d btime %d winc %d binc %d", clock.left[0].Milliseconds(),
						clock.left[1].Milliseconds(), clock.inc.Milliseconds(), clock.inc.Milliseconds())
				}
				start := time.Now()
				if us == ourColor {
					m = e.SearchGame(context.Background(), g, l, nil).BestMove
				} else {
					m = u.bestMove(t, g, goCmd)
				}
				if timed {
					clock.left[us] -= time.Since(start)
					if clock.left[us] <= 0 {
						timeLosses[us == ourColor]++
						t.Logf("opening %d: %v (xq=%v) lost on time at ply %d", i, us, us == ourColor, g.Ply())
						break
					}
					clock.left[us] += clock.inc
				}
				if err := g.Push(m); err != nil {
					t.Fatalf("opening %d ply %d: %v", i, g.Ply(), err)
				}
			}
			o := g.Outcome()
			switch {
			case !o.Over() || o.Draw:
				score[1]++
			case o.Winner == ourColor:
				score[0]++
			default:
				score[2]++
			}
			t.Logf("opening %d, xq red=%v: %v after %d plies", i, xqIsRed, o, g.Ply())
		}
	}
	if timed {
		t.Logf("xq vs %s at %s: +%d =%d -%d (games cut by a fallen flag count as draws); time losses: xq %d, other %d",
			*fsfPath, *fsfTC, score[0], score[1], score[2], timeLosses[true], timeLosses[false])
		if timeLosses[true] > 0 {
			t.Errorf("xq lost %d games on time", timeLosses[true])
		}
		return
	}
	t.Logf("xq (%d nodes) vs %s (%d nodes): +%d =%d -%d", ours, *fsfPath, theirs, score[0], score[1], score[2])
}

// gameClock is the time left of each side and the increment.
type gameClock struct {
	left [2]time.Duration
	inc  time.Duration
}

// parseTC reads "BASE+INC" (Go durations); "" means no clock.
func parseTC(t *testing.T, s string) (gameClock, bool) {
	if s == "" {
		return gameClock{}, false
	}
	base, inc, _ := strings.Cut(s, "+")
	b, err := time.ParseDuration(base)
	if err != nil {
		t.Fatalf("-tc %q: %v", s, err)
	}
	var i time.Duration
	if inc != "" {
		if i, err = time.ParseDuration(inc); err != nil {
			t.Fatalf("-tc %q: %v", s, err)
		}
	}
	return gameClock{left: [2]time.Duration{b, b}, inc: i}, true
}
