package xq

import (
	"slices"
	"sync/atomic"
	"time"

	"github.com/gambitchess/gambit/xiangqi"
)

// maxGameKeys bounds how much game history a search keeps for repetition
// detection: 120 plies without capture end the game, so older positions
// can never repeat in a game that goes on.
const maxGameKeys = 256

// Check states of the positions in the repetition history.
const (
	checkNo      int8 = 0
	checkYes     int8 = 1
	checkUnknown int8 = -1 // a game-history position whose check state was not given
	checkNull    int8 = 2  // reached by a null move: repetitions never reach past it
)

// scoredMove is a move with its ordering score (Stockfish ExtMove); the
// score lives beside the move, never packed into it.
type scoredMove struct {
	move  xiangqi.Move
	score int32
}

// plyState is one entry of a worker's search stack. It is pointer-free and
// reused for every node at that ply, so the search allocates nothing.
type plyState struct {
	pos     xiangqi.Position
	ml      xiangqi.MoveList
	moves   [xiangqi.MaxMoves]scoredMove
	n       int
	quiets  [64]xiangqi.Move // quiet moves tried, for the history malus
	pv      [MaxPly]xiangqi.Move
	pvLen   int
	killers [2]xiangqi.Move
	eval    int
	inCheck bool
	null    bool // this node was reached by a null move
}

// worker is one search thread: its stack, history tables and counters.
type worker struct {
	tt      *table
	weights *evalWeights
	params  *searchParams
	stack   [MaxPly + 2]plyState
	keys    [maxGameKeys + MaxPly + 2]uint64
	checks  [maxGameKeys + MaxPly + 2]int8
	base    int // index in keys of the root position
	// moves[i] is the move into position i, acts[i] what it did by the
	// repetition rules when actKnown[i]: given for the game's moves (by
	// SearchGame), worked out for the search's when a cycle needs them.
	moves    [maxGameKeys + MaxPly + 2]xiangqi.Move
	acts     [maxGameKeys + MaxPly + 2]xiangqi.Act
	actKnown [maxGameKeys + MaxPly + 2]bool
	rules    xiangqi.Rules
	history  [16][xiangqi.NumSquares]int32

	nodes     uint64
	selDepth  int
	rootDepth int
	stopped   bool

	stop      *atomic.Bool
	nodeLimit uint64
	mate      int // stop iterating once a mate in this many moves is found; 0: no limit
	start     time.Time
	hard      time.Duration

	// The root moves the search may play (Limits.SearchMoves, legal ones
	// only); nRoot is 0 when every legal move may be played.
	rootMoves [xiangqi.MaxMoves]xiangqi.Move
	nRoot     int

	// MultiPV: how many lines to report, the lines of the last iteration
	// (best first), and the root moves the line being searched may not
	// play, those of the lines before it.
	multiPV   int
	lines     []line
	excluded  [xiangqi.MaxMoves]xiangqi.Move
	nExcluded int
}

// line is one principal variation of an iteration, for MultiPV.
type line struct {
	score    int
	depth    int
	selDepth int
	pv       [MaxPly]xiangqi.Move
	pvLen    int
}

// clearStats forgets move-ordering statistics (for a new game).
func (w *worker) clearStats() {
	clear(w.history[:])
	for i := range w.stack {
		w.stack[i].killers = [2]xiangqi.Move{}
	}
}

// history is what a search knows of the game before its root: keys are
// the game's earlier positions (oldest first) and checks, when not nil,
// whether the side to move was in check in each; acts and moves, when not
// nil, hold for each of keys and then the root the move into it and what
// it did (index 0 is not read).
type history struct {
	keys   []uint64
	checks []bool
	acts   []xiangqi.Act
	moves  []xiangqi.Move
}

// prepare loads the root position and the repetition history h.
func (w *worker) prepare(pos xiangqi.Position, h history) {
	keys, checks, acts := h.keys, h.checks, h.acts
	keep := min(len(keys), maxGameKeys, pos.HalfmoveClock())
	off := len(keys) - keep
	for i := 0; i < keep; i++ {
		w.keys[i] = keys[off+i]
		w.checks[i] = checkUnknown
		if checks != nil {
			w.checks[i] = boolCheck(checks[off+i])
		}
	}
	w.base = keep
	for i := 0; i <= keep; i++ {
		w.actKnown[i] = acts != nil && i > 0
		if w.actKnown[i] {
			w.acts[i], w.moves[i] = acts[off+i], h.moves[off+i]
		}
	}
	root := &w.stack[0]
	root.pos = pos
	root.inCheck = pos.InCheck()
	root.null = false
	w.keys[w.base] = pos.Key()
	w.checks[w.base] = boolCheck(root.inCheck)
	w.nodes, w.selDepth, w.stopped = 0, 0, false
	w.mate, w.nRoot, w.nExcluded = 0, 0, 0
}

// restrictRoot limits the root to the legal moves of moves; nil or empty
// means every legal move. It must follow prepare.
func (w *worker) restrictRoot(moves []xiangqi.Move) {
	w.nRoot = 0
	if len(moves) == 0 {
		return
	}
	root := &w.stack[0]
	root.pos.GenerateLegal(&root.ml)
	for i := 0; i < root.ml.Len(); i++ {
		if m := root.ml.At(i); slices.Contains(moves, m) {
			w.rootMoves[w.nRoot] = m
			w.nRoot++
		}
	}
	if w.nRoot == 0 {
		w.nRoot = -1 // none of them is legal: nothing to search
	}
}

// rootAllowed reports whether the root move m may be played: one of
// Limits.SearchMoves, if given, and not the move of an earlier line.
func (w *worker) rootAllowed(m xiangqi.Move) bool {
	if slices.Contains(w.excluded[:w.nExcluded], m) {
		return false
	}
	return w.nRoot == 0 || w.nRoot > 0 && slices.Contains(w.rootMoves[:w.nRoot], m)
}

// rootFirst is the root move to try first: the first move of the line
// being searched as the iteration before found it (for the first line, the
// best move so far); else the table's move, hashMove.
func (w *worker) rootFirst(hashMove xiangqi.Move) xiangqi.Move {
	if w.nExcluded < len(w.lines) {
		if l := &w.lines[w.nExcluded]; l.depth == w.rootDepth-1 && l.pvLen > 0 && w.rootAllowed(l.pv[0]) {
			return l.pv[0]
		}
	}
	return hashMove
}

// restrictsRoot reports whether some legal root move may not be played.
func (w *worker) restrictsRoot() bool { return w.nRoot != 0 || w.nExcluded > 0 }

// keepRootMoves drops from the scored root moves those the limits exclude.
func (w *worker) keepRootMoves(ss *plyState) {
	n := 0
	for i := 0; i < ss.n; i++ {
		if w.rootAllowed(ss.moves[i].move) {
			ss.moves[n] = ss.moves[i]
			n++
		}
	}
	ss.n = n
}

func boolCheck(b bool) int8 {
	if b {
		return checkYes
	}
	return checkNo
}

// push records the position at ply, reached by m (MoveNone for a null
// move), for repetition detection.
func (w *worker) push(ply int, key uint64, check int8, m xiangqi.Move) {
	w.keys[w.base+ply] = key
	w.checks[w.base+ply] = check
	w.moves[w.base+ply] = m
	w.actKnown[w.base+ply] = false
}

// checkStop reports whether the search must stop: node limit (checked at
// every node so node-limited searches are reproducible), then every 1024
// nodes the stop flag (set by ctx or Stop) and the hard time limit.
func (w *worker) checkStop() bool {
	if w.stopped {
		return true
	}
	if w.nodeLimit > 0 && w.nodes >= w.nodeLimit {
		w.stopped = true
	} else if w.nodes&1023 == 0 {
		if w.stop.Load() || w.hard > 0 && time.Since(w.start) >= w.hard {
			w.stopped = true
		}
	}
	return w.stopped
}
