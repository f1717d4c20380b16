// Package dicebot is the computer player of dice chess (package
// variant/dice). It plans the rest of a turn: every order in which the dice
// left can be used, with the rules of a turn (a die lost when its type has
// no move left, a check ending the turn at once, a pass after the first
// move), and scores the position each plan ends in.
//
// Level 1 scores an end position with engine.Evaluate, a mate of the
// opponent above everything and a stalemate or dead position as a draw.
// Level 2 also looks at the opponent's next turn: for each piece type the
// opponent may roll, the best single move of that type (what it captures,
// less the capturing piece when the square is defended; a mate above all),
// and the expectation of the best of the types that three dice show. Both
// are deterministic: the same arguments give the same answer, unless ctx
// ends the search early.
package dicebot

import (
	"context"
	"math"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/engine"
	"github.com/gambitchess/gambit/variant/dice"
)

// mateScore is the score of a plan that mates; above any evaluation.
const mateScore = 100000

// maxNodes bounds the moves a call tries, so that a call stays well under
// a second on a slow machine (three queen dice in an open position run to
// some tens of thousands of plans; transpositions are met once).
const maxNodes = 60000

// pieceValues are the material values the level-2 reply estimate uses.
var pieceValues = [chess.King + 1]int{0, 100, 320, 330, 500, 900, 0}

// Choose returns the next action of the side to move in pos, which is in
// the middle of a dice chess turn: dice are the dice still usable and
// movesThisTurn the moves already made this turn (a pass needs one). It
// returns the move to make, or pass true to pass the rest of the turn. With
// no die left or no move for any die, it passes if it may, and otherwise
// returns chess.MoveNone, false (at the start of a turn that means the game
// is over). level is 1 or 2 (values outside are clamped). It reads nothing
// but its arguments; ctx cuts the planning short, and the best plan found
// so far is played.
func Choose(ctx context.Context, pos chess.Position, dice []chess.PieceType, movesThisTurn int, level int) (move chess.Move, pass bool) {
	pl := planner{ctx: ctx, level: min(max(level, 1), 2), memo: map[state]int{}, leaves: map[uint64]int{}}
	best, bestMove := math.MinInt, chess.MoveNone
	// Several orders of the same moves score the same; trying captures and
	// checks first makes the first of them, which wins ties, the one that
	// takes its gain at once.
	for _, m := range forcingFirst(&pos, movesFor(&pos, dice)) {
		if v := pl.after(pos, dice, m); v > best {
			best, bestMove = v, m
		}
	}
	if movesThisTurn > 0 && (bestMove == chess.MoveNone || pl.passValue(pos) > best) {
		return chess.MoveNull, true
	}
	return bestMove, false
}

// movesFor returns the legal moves of p by a piece whose type is one of dice.
func movesFor(p *chess.Position, dice []chess.PieceType) []chess.Move {
	var ml chess.MoveList
	p.GenerateLegal(&ml)
	var out []chess.Move
	for _, m := range ml.Moves() {
		pt := p.PieceAt(m.From()).Type()
		for _, d := range dice {
			if d == pt {
				out = append(out, m)
				break
			}
		}
	}
	return out
}

// forcingFirst orders moves for the root: captures, the most valuable
// victim first, then checks, then the rest, each group in generation order.
func forcingFirst(p *chess.Position, moves []chess.Move) []chess.Move {
	rank := func(m chess.Move) int {
		switch {
		case m.Kind() == chess.EnPassant:
			return 1000 + pieceValues[chess.Pawn]
		case m.Kind() != chess.Castling && p.PieceAt(m.To()) != chess.NoPiece:
			return 1000 + pieceValues[p.PieceAt(m.To()).Type()]
		case p.GivesCheck(m):
			return 500
		}
		return 0
	}
	ranks := make([]int, len(moves))
	for i, m := range moves {
		ranks[i] = rank(m)
	}
	// insertion sort, stable (a few dozen moves)
	for i := 1; i < len(moves); i++ {
		for j := i; j > 0 && ranks[j] > ranks[j-1]; j-- {
			moves[j], moves[j-1] = moves[j-1], moves[j]
			ranks[j], ranks[j-1] = ranks[j-1], ranks[j]
		}
	}
	return moves
}

// state is a point within a turn: the board, the dice left (as counts, two
// bits a type), and whether a move was made (so that passing is allowed).
type state struct {
	key   uint64
	dice  uint16
	moved bool
}

func diceCode(dice []chess.PieceType) uint16 {
	var c uint16
	for _, d := range dice {
		c += 1 << (2 * (d - 1))
	}
	return c
}

// planner searches the plans of one turn.
type planner struct {
	ctx     context.Context
	level   int
	nodes   int
	stopped bool // the node budget is spent or ctx is done: no more expansion
	memo    map[state]int
	leaves  map[uint64]int // end-of-turn scores by position key
}

// after scores the best plan that starts with the move m in p.
func (pl *planner) after(p chess.Position, ds []chess.PieceType, m chess.Move) int {
	pl.nodes++
	if pl.nodes >= maxNodes || pl.nodes%1024 == 0 && pl.ctx.Err() != nil {
		pl.stopped = true
	}
	next, left, over := dice.Step(p, ds, m)
	if over {
		return pl.leaf(next)
	}
	return pl.value(next, left)
}

// value scores the best plan from p, mid-turn after a move, with dice left.
func (pl *planner) value(p chess.Position, left []chess.PieceType) int {
	st := state{key: p.Key(), dice: diceCode(left), moved: true}
	if v, ok := pl.memo[st]; ok {
		return v
	}
	best := pl.passValue(p)
	if !pl.stopped {
		for _, m := range movesFor(&p, left) {
			best = max(best, pl.after(p, left, m))
		}
	}
	pl.memo[st] = best
	return best
}

// passValue scores passing in p, mid-turn: the turn ends on this board.
// PlayAgain is the cheap way to hand the move on here; the fullmove number
// it leaves is off by one after a Black turn, which no score looks at.
func (pl *planner) passValue(p chess.Position) int {
	p.PlayAgain()
	return pl.leaf(p)
}

// leaf scores end, a position at the end of our turn (the opponent to
// move), for us.
func (pl *planner) leaf(end chess.Position) int {
	if v, ok := pl.leaves[end.Key()]; ok {
		return v
	}
	var v int
	switch {
	case !end.HasLegalMove() && end.InCheck():
		v = mateScore
	case !end.HasLegalMove(), end.IsInsufficientMaterial():
		v = 0
	default:
		v = -engine.Evaluate(&end)
		if pl.level >= 2 {
			v -= expectedReply(&end)
		}
	}
	pl.leaves[end.Key()] = v
	return v
}

// expectedReply estimates what the opponent, to move in p, gains on its
// turn: for each type it may roll, the best single move of that type, and
// the expectation of the best type among three dice drawn uniformly from
// its movable types.
func expectedReply(p *chess.Position) int {
	var ml chess.MoveList
	p.GenerateLegal(&ml)
	var best [chess.King + 1]int
	var movable [chess.King + 1]bool
	them := p.SideToMove()
	for _, m := range ml.Moves() {
		pt := p.PieceAt(m.From()).Type()
		movable[pt] = true
		best[pt] = max(best[pt], replyGain(p, m, them))
	}
	var gains []int
	for pt := chess.Pawn; pt <= chess.King; pt++ {
		if movable[pt] {
			gains = append(gains, best[pt])
		}
	}
	// sort descending (at most six values)
	for i := 1; i < len(gains); i++ {
		for j := i; j > 0 && gains[j] > gains[j-1]; j-- {
			gains[j], gains[j-1] = gains[j-1], gains[j]
		}
	}
	// The best type among three dice is the i-th best with probability
	// ((n-i)^3 - (n-i-1)^3) / n^3: all three dice fall among the n-i best,
	// not all among the n-i-1 best.
	n := len(gains)
	sum := 0
	for i, g := range gains {
		a, b := n-i, n-i-1
		sum += g * (a*a*a - b*b*b)
	}
	if n == 0 {
		return 0
	}
	return sum / (n * n * n)
}

// replyGain is what the opponent's move m in p wins at once: a mate, or the
// material it captures and promotes, less the capturing piece when we
// defend the square.
func replyGain(p *chess.Position, m chess.Move, them chess.Color) int {
	child := *p
	child.Play(m)
	if child.InCheck() && !child.HasLegalMove() {
		return mateScore
	}
	gain := 0
	switch {
	case m.Kind() == chess.EnPassant:
		gain = pieceValues[chess.Pawn]
	case m.Kind() != chess.Castling:
		gain = pieceValues[p.PieceAt(m.To()).Type()]
	}
	if m.Kind() == chess.Promotion {
		gain += pieceValues[m.Promotion()] - pieceValues[chess.Pawn]
	}
	if gain > 0 && child.IsAttacked(m.To(), them.Other(), child.Occupied()) {
		gain = max(0, gain-pieceValues[child.PieceAt(m.To()).Type()])
	}
	return gain
}
