package uci

import (
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/engine"
	"github.com/gambitchess/gambit/engine/xq"
	"github.com/gambitchess/gambit/xiangqi"
)

// goCommand is a parsed "go" command, the same for chess and xiangqi: one
// parser, one meaning for every parameter.
//
// The shape: the protocol's limits are those engine.Limits names, so
// parseGo fills an engine.Limits (all of it but SearchMoves) and keeps the
// searchmoves as text, which each variant reads in its own notation.
// chessLimits and xiangqiLimits then build each engine's Limits; xq.Limits
// has the same fields with the same meaning, less Ponder (the xiangqi
// engine does not ponder); MultiPV comes with "setoption", not "go", for
// both. In particular
// "go mate N" is a mate search in both: the search stops at the end of the
// first iteration that finds a mate in N moves or fewer, with no depth cap
// of its own (Stockfish's meaning), and goes on until another limit or
// "stop" if there is no such mate.
type goCommand struct {
	limits      engine.Limits // SearchMoves is left empty
	searchMoves []string      // as written, in the variant's notation
}

// goKeywords are the parameters of "go"; searchmoves takes every token up
// to the next of them.
var goKeywords = map[string]bool{
	"searchmoves": true, "ponder": true, "wtime": true, "btime": true, "winc": true, "binc": true,
	"movestogo": true, "depth": true, "nodes": true, "mate": true, "movetime": true, "infinite": true,
}

// Bounds of the numbers of "go": larger values are clamped, so that no
// conversion overflows (maxGoMillis is about 35 years).
const (
	maxGoCount  = 1 << 20
	maxGoMillis = 1 << 40
)

// parseGo reads the arguments of "go" (the tokens after it). A later
// parameter overrides an earlier one of the same name. Negative clock
// times and increments (a GUI reporting an overdrawn clock) count as 0,
// and a clock given as 0 as 1 ms, since an empty clock is still a clock;
// the other numbers must not be negative. Errors wrap ErrSyntax and say
// which argument (1 for the first token after "go") is wrong and why.
func parseGo(args []string) (goCommand, error) {
	var c goCommand
	l := &c.limits
	for i := 0; i < len(args); i++ {
		key := args[i]
		switch key {
		case "infinite":
			l.Infinite = true
			continue
		case "ponder":
			l.Ponder = true
			continue
		case "searchmoves":
			c.searchMoves = c.searchMoves[:0]
			for i+1 < len(args) && !goKeywords[args[i+1]] {
				c.searchMoves = append(c.searchMoves, args[i+1])
				i++
			}
			continue
		}
		if !goKeywords[key] {
			return c, fmt.Errorf("%w: go: unknown parameter %q (argument %d)", ErrSyntax, truncate(key), i+1)
		}
		if i+1 >= len(args) {
			return c, fmt.Errorf("%w: go: %s needs a value (argument %d)", ErrSyntax, key, i+2)
		}
		i++
		clock := key == "wtime" || key == "btime" || key == "winc" || key == "binc"
		n, err := strconv.ParseInt(args[i], 10, 64)
		if errors.Is(err, strconv.ErrRange) {
			err = nil // n is the largest or smallest int64: clamped below
		}
		if err != nil || n < 0 && !clock {
			want := "a whole number"
			if !clock {
				want = "a whole number, 0 or more"
			}
			return c, fmt.Errorf("%w: go: %s wants %s, got %q (argument %d)", ErrSyntax, key, want, truncate(args[i]), i+1)
		}
		n = max(n, 0)
		count := int(min(n, maxGoCount))
		ms := time.Duration(min(n, maxGoMillis)) * time.Millisecond
		switch key {
		case "wtime":
			l.WTime = max(ms, time.Millisecond)
		case "btime":
			l.BTime = max(ms, time.Millisecond)
		case "winc":
			l.WInc = ms
		case "binc":
			l.BInc = ms
		case "movetime":
			l.MoveTime = ms
		case "movestogo":
			l.MovesToGo = count
		case "depth":
			l.Depth = count
		case "mate":
			l.Mate = count
		case "nodes":
			l.Nodes = uint64(n)
		}
	}
	return c, nil
}

// chessLimits returns the chess engine's limits, reading the searchmoves
// in pos (UCI move text, king-takes-rook castling in Chess960).
func (c *goCommand) chessLimits(pos *chess.Position) (engine.Limits, error) {
	l := c.limits
	for _, s := range c.searchMoves {
		m, err := pos.ParseUCI(s)
		if err == nil && !m.IsValid() {
			err = fmt.Errorf("%w: null move %q", chess.ErrIllegalMove, s)
		}
		if err != nil {
			return l, fmt.Errorf("go: searchmoves: %w", err)
		}
		l.SearchMoves = append(l.SearchMoves, m)
	}
	return l, nil
}

// xiangqiLimits returns the xiangqi engine's limits, reading the
// searchmoves in pos (UCI ranks 1-10, as xq.ParseFairy). Ponder has no
// counterpart: the xiangqi search runs on its limits from the start.
func (c *goCommand) xiangqiLimits(pos *xiangqi.Position) (xq.Limits, error) {
	l := c.limits
	x := xq.Limits{
		Depth: l.Depth, Nodes: l.Nodes, MoveTime: l.MoveTime,
		WTime: l.WTime, BTime: l.BTime, WInc: l.WInc, BInc: l.BInc, MovesToGo: l.MovesToGo,
		Mate: l.Mate, Infinite: l.Infinite,
	}
	for _, s := range c.searchMoves {
		m, err := xq.ParseFairy(pos, s)
		if err != nil {
			return x, fmt.Errorf("go: searchmoves: %w", err)
		}
		x.SearchMoves = append(x.SearchMoves, m)
	}
	return x, nil
}
