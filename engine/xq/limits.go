package xq

import (
	"time"

	"github.com/gambitchess/gambit/xiangqi"
)

// Limits says when a search stops. Zero fields mean "no limit"; with no
// limit at all the search runs to the maximum depth, or until ctx is
// cancelled when Infinite is set. The fields are those of engine.Limits
// with the same meaning, so that one UCI "go" command drives either engine;
// engine.Limits' Ponder has no counterpart, as this engine does not ponder.
type Limits struct {
	Depth       int            // maximum depth in plies
	Nodes       uint64         // maximum nodes (deterministic: checked at every node)
	MoveTime    time.Duration  // time for this move
	WTime       time.Duration  // Red's clock ("white" in UCI)
	BTime       time.Duration  // Black's clock
	WInc        time.Duration  // Red's increment per move
	BInc        time.Duration  // Black's increment per move
	MovesToGo   int            // moves to the next time control; 0 means sudden death
	Mate        int            // stop after finding a mate in this many moves (no depth cap of its own)
	Infinite    bool           // search until ctx is cancelled, even after the depth or mate limit
	SearchMoves []xiangqi.Move // restrict the root to these moves (the illegal ones are ignored)
	MultiPV     int            // overrides Options.MultiPV when > 0
}

// Info is a progress report, sent after each completed iteration.
type Info struct {
	Depth    int
	SelDepth int
	Score    Score
	Bound    Bound // always BoundExact: reports come from completed iterations
	Nodes    uint64
	NPS      uint64
	HashFull int // permille
	Time     time.Duration
	PV       []xiangqi.Move
	MultiPV  int // the line's rank, 1 for the best
}

// Result is the outcome of a search.
type Result struct {
	BestMove xiangqi.Move // MoveNone when the side to move has no legal move
	Ponder   xiangqi.Move // expected reply, or MoveNone
	Score    Score
	Depth    int
	SelDepth int
	Nodes    uint64
	Time     time.Duration
	PV       []xiangqi.Move
}

// Time-management constants.
const (
	defaultMovesToGo = 35 // expected moves still to play in sudden death
	minThinkTime     = time.Millisecond
)

// budget is the time plan of one search: the search stops at the hard
// limit wherever it is, and does not start an iteration it is unlikely to
// finish once softFrac of the soft limit is gone. Zero means no limit.
type budget struct {
	soft, hard time.Duration
}

// planTime turns the limits into a budget for side us. It keeps the
// overhead back, never plans more than the clock holds (a quarter of it
// when the clock is shorter than four overheads), and spends about a
// MovesToGo-th of the clock plus most of the increment per move.
func planTime(l Limits, us xiangqi.Color, overhead time.Duration) budget {
	if l.MoveTime > 0 {
		t := l.MoveTime - overhead
		if t < l.MoveTime/2 {
			t = l.MoveTime / 2
		}
		t = max(t, minThinkTime)
		return budget{soft: t, hard: t}
	}
	t, inc := l.WTime, l.WInc
	if us == xiangqi.Black {
		t, inc = l.BTime, l.BInc
	}
	if t <= 0 {
		return budget{}
	}
	mtg := l.MovesToGo
	if mtg <= 0 || mtg > defaultMovesToGo {
		mtg = defaultMovesToGo
	}
	avail := max(t-overhead, t/4)
	soft := avail/time.Duration(mtg) + inc*3/4
	hard := min(soft*4, avail/3+inc/2, avail)
	soft = min(soft, hard)
	return budget{soft: max(soft, minThinkTime), hard: max(hard, minThinkTime)}
}
