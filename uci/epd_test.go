package uci

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/engine"
)

func TestRunEPD(t *testing.T) {
	suite := `6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Rd8#; id "mate1";
r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - bm Qxf7+; id "scholar";
4k3/8/8/3q4/8/8/3R4/4K3 w - - am Kd1; id "avoid";
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id "no opcode";
not an epd line
`
	var lines []EPDLine
	res, err := RunEPD(context.Background(), strings.NewReader(suite), engine.New(engine.DefaultOptions()), 50*time.Millisecond, func(l EPDLine) { lines = append(lines, l) })
	if err != nil {
		t.Fatal(err)
	}
	if res.Total != 3 || res.Solved != 3 {
		t.Errorf("got %d/%d solved (failed %v), want 3/3", res.Solved, res.Total, res.Failed)
	}
	if len(lines) != 4 || lines[0].Played != "Rd8#" || lines[3].FEN != "" {
		t.Errorf("progress lines: %+v", lines)
	}
}
