package uci

import (
	"strconv"
	"strings"
	"time"
)

// infoLine is a search report of either engine, ready to print: the one
// format of "info depth ..." for chess and xiangqi.
type infoLine struct {
	depth, selDepth int
	multiPV         int    // 1-based; 0 is the first line
	score           string // scoreText
	bound           string // "", "lowerbound" or "upperbound"
	nodes, nps      uint64
	hashFull        int // permille
	time            time.Duration
	pv              []string // move text in the variant's notation
}

// String renders "info depth D seldepth S [multipv M] score cp X|mate N
// [lowerbound|upperbound] nodes N nps N hashfull H time T [pv M...]".
func (in *infoLine) String() string {
	var b strings.Builder
	b.WriteString("info depth " + strconv.Itoa(in.depth) + " seldepth " + strconv.Itoa(in.selDepth))
	b.WriteString(" multipv " + strconv.Itoa(max(in.multiPV, 1)))
	b.WriteString(" score " + in.score)
	if in.bound != "" {
		b.WriteString(" " + in.bound)
	}
	b.WriteString(" nodes " + strconv.FormatUint(in.nodes, 10) + " nps " + strconv.FormatUint(in.nps, 10))
	b.WriteString(" hashfull " + strconv.Itoa(in.hashFull) + " time " + strconv.FormatInt(in.time.Milliseconds(), 10))
	if len(in.pv) > 0 {
		b.WriteString(" pv " + strings.Join(in.pv, " "))
	}
	return b.String()
}

// engineScore is the search score of either engine (engine.Score,
// xq.Score): centipawns, or a mate distance when IsMate.
type engineScore interface {
	~int
	IsMate() bool
	MateIn() int
}

// scoreText writes a score as UCI does: "cp 35", or "mate 3" (the side to
// move mates in 3 moves) and "mate -2" (it is mated in 2).
func scoreText[S engineScore](s S) string {
	if s.IsMate() {
		return "mate " + strconv.Itoa(s.MateIn())
	}
	return "cp " + strconv.Itoa(int(s))
}

// boundText names the bound of a score that failed low or high.
func boundText(lower, upper bool) string {
	switch {
	case lower:
		return "lowerbound"
	case upper:
		return "upperbound"
	}
	return ""
}
