package uci

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/engine"
)

// EPDResult is the score of a test suite run.
type EPDResult struct {
	Total  int // positions with a bm or am operation
	Solved int
	Failed []string // ids (or line numbers) of the positions not solved
	Nodes  uint64
	Time   time.Duration
}

// EPDLine is the outcome of one test position, passed to RunEPD's progress callback.
type EPDLine struct {
	ID     string
	FEN    string
	Best   []string // bm moves in SAN
	Avoid  []string // am moves in SAN
	Played string   // the engine's move in SAN
	Solved bool
	Result engine.Result
}

// RunEPD runs a test suite in EPD format (four FEN fields, then operations
// such as bm, am and id) with movetime per position and returns how many it
// solved: the engine's move is one of bm, and none of am. Each position is
// searched after NewGame. Lines without bm or am, and lines that do not
// parse, are skipped (reported through progress with an empty FEN only if
// they fail to parse). For "gambit epd FILE --movetime MS".
func RunEPD(ctx context.Context, r io.Reader, e *engine.Engine, movetime time.Duration, progress func(EPDLine)) (EPDResult, error) {
	return RunEPDLimits(ctx, r, e, engine.Limits{MoveTime: movetime}, progress)
}

// RunEPDLimits is RunEPD with any search limits, for example a node count,
// which makes the result independent of machine load and reproducible.
func RunEPDLimits(ctx context.Context, r io.Reader, e *engine.Engine, limits engine.Limits, progress func(EPDLine)) (EPDResult, error) {
	var res EPDResult
	start := time.Now()
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	lineNo := 0
	for sc.Scan() {
		lineNo++
		if ctx.Err() != nil {
			return res, ctx.Err()
		}
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		t, err := parseEPD(line)
		if err != nil {
			if progress != nil {
				progress(EPDLine{ID: fmt.Sprintf("line %d: %v", lineNo, err)})
			}
			continue
		}
		if len(t.bm) == 0 && len(t.am) == 0 {
			continue
		}
		if t.id == "" {
			t.id = fmt.Sprintf("line %d", lineNo)
		}
		e.NewGame()
		out := e.Search(ctx, t.pos, nil, limits, nil)
		res.Total++
		res.Nodes += out.Nodes
		played := ""
		if out.BestMove != chess.MoveNone {
			played = sanKey(t.pos.SAN(out.BestMove))
		}
		solved := played != "" &&
			(len(t.bm) == 0 || slices.Contains(t.bmKeys, played)) &&
			!slices.Contains(t.amKeys, played)
		if solved {
			res.Solved++
		} else {
			res.Failed = append(res.Failed, t.id)
		}
		if progress != nil {
			progress(EPDLine{ID: t.id, FEN: t.pos.FEN(), Best: t.bm, Avoid: t.am, Played: t.pos.SAN(out.BestMove), Solved: solved, Result: out})
		}
	}
	res.Time = time.Since(start)
	return res, sc.Err()
}

type epdTest struct {
	pos            chess.Position
	id             string
	bm, am         []string
	bmKeys, amKeys []string
}

// parseEPD reads one EPD line. bm/am moves are matched through the
// position's own SAN so that suites that omit "+" or add "!" still compare.
func parseEPD(line string) (epdTest, error) {
	var t epdTest
	f := strings.Fields(line)
	if len(f) < 4 {
		return t, fmt.Errorf("%w: EPD needs four FEN fields", ErrSyntax)
	}
	pos, err := chess.ParseFEN(strings.Join(f[:4], " "))
	if err != nil {
		return t, err
	}
	t.pos = pos
	rest := strings.Join(f[4:], " ")
	for _, op := range strings.Split(rest, ";") {
		op = strings.TrimSpace(op)
		name, arg, _ := strings.Cut(op, " ")
		arg = strings.TrimSpace(arg)
		switch name {
		case "id":
			t.id = strings.Trim(arg, "\"")
		case "bm", "am":
			for _, san := range strings.Fields(arg) {
				m, err := pos.ParseSAN(san)
				if err != nil {
					return t, fmt.Errorf("%s %s: %w", name, san, err)
				}
				key := sanKey(pos.SAN(m))
				if name == "bm" {
					t.bm, t.bmKeys = append(t.bm, san), append(t.bmKeys, key)
				} else {
					t.am, t.amKeys = append(t.am, san), append(t.amKeys, key)
				}
			}
		}
	}
	return t, nil
}

// sanKey strips check marks so that moves compare by identity.
func sanKey(s string) string { return strings.TrimRight(s, "+#") }
