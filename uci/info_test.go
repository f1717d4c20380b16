package uci

import (
	"testing"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/engine"
	"github.com/gambitchess/gambit/engine/xq"
	"github.com/gambitchess/gambit/xiangqi"
)

func TestInfoLine(t *testing.T) {
	base := infoLine{depth: 7, selDepth: 11, score: "cp 35", nodes: 12345, nps: 600000, hashFull: 12, time: 1500 * time.Millisecond}
	withPV := base
	withPV.multiPV, withPV.pv = 2, []string{"e2e4", "e7e5"}
	bound := base
	bound.multiPV, bound.bound = 1, "lowerbound"
	tests := []struct {
		in   infoLine
		want string
	}{
		{base, "info depth 7 seldepth 11 multipv 1 score cp 35 nodes 12345 nps 600000 hashfull 12 time 1500"}, // no line named: the first
		{withPV, "info depth 7 seldepth 11 multipv 2 score cp 35 nodes 12345 nps 600000 hashfull 12 time 1500 pv e2e4 e7e5"},
		{bound, "info depth 7 seldepth 11 multipv 1 score cp 35 lowerbound nodes 12345 nps 600000 hashfull 12 time 1500"},
	}
	for _, tt := range tests {
		if got := tt.in.String(); got != tt.want {
			t.Errorf("got  %s\nwant %s", got, tt.want)
		}
	}
}

func TestScoreText(t *testing.T) {
	tests := []struct{ chess, xiangqi, want string }{
		{scoreText(engine.Score(35)), scoreText(xq.Score(35)), "cp 35"},
		{scoreText(engine.Score(-120)), scoreText(xq.Score(-120)), "cp -120"},
		{scoreText(engine.Score(engine.Mate - 1)), scoreText(xq.Score(xq.Mate - 1)), "mate 1"},
		{scoreText(engine.Score(engine.Mate - 5)), scoreText(xq.Score(xq.Mate - 5)), "mate 3"},
		{scoreText(engine.Score(-engine.Mate + 4)), scoreText(xq.Score(-xq.Mate + 4)), "mate -2"},
	}
	for _, tt := range tests {
		if tt.chess != tt.want || tt.xiangqi != tt.want {
			t.Errorf("chess %q, xiangqi %q, want %q", tt.chess, tt.xiangqi, tt.want)
		}
	}
}

// TestFormatInfo: both variants print the same line for the same report;
// a report that names no line is the first.
func TestFormatInfo(t *testing.T) {
	pos := chess.StartPosition()
	c := formatInfo(&pos, engine.Info{Depth: 3, SelDepth: 5, Score: engine.Mate - 3, Bound: engine.BoundUpper, Nodes: 10, NPS: 20, HashFull: 1,
		Time: 4 * time.Millisecond, PV: []chess.Move{chess.NewMove(chess.E2, chess.E4)}})
	x := formatXiangqiInfo(xq.Info{Depth: 3, SelDepth: 5, Score: xq.Mate - 3, Bound: xq.BoundUpper, Nodes: 10, NPS: 20, HashFull: 1,
		Time: 4 * time.Millisecond, PV: []xiangqi.Move{xiangqi.NewMove(xiangqi.H2, xiangqi.E2)}})
	if want := "info depth 3 seldepth 5 multipv 1 score mate 2 upperbound nodes 10 nps 20 hashfull 1 time 4 pv e2e4"; c != want {
		t.Errorf("chess:\ngot  %s\nwant %s", c, want)
	}
	if want := "info depth 3 seldepth 5 multipv 1 score mate 2 upperbound nodes 10 nps 20 hashfull 1 time 4 pv h3e3"; x != want {
		t.Errorf("xiangqi:\ngot  %s\nwant %s", x, want)
	}
}
