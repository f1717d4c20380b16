package puzzle

import (
	"context"
	"fmt"
	"strings"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/review"
)

// The thresholds of the criteria (doc.go), after lichess's generator.
const (
	// StartCeiling: a solver already this far ahead (centipawns) before the
	// opponent's move finds no puzzle there, and an advantage puzzle must
	// lead by this much after it unless the solver was behind in material.
	StartCeiling = 400
	// SwingWin: the solver's Win% must rise by more than this many points
	// with the opponent's move (lichess: 0.5 in winning chances, −1 to 1).
	SwingWin = 25.0
	// OnlyMoveWin: the best move's Win% beats the second best's by more
	// than this many points (lichess: 0.42 in winning chances).
	OnlyMoveWin = 21.0
	// MateSoon: a mate puzzle mates within this many moves.
	MateSoon = 15
	// MinGain: an advantage puzzle wins at least this much material, in
	// centipawns (lichess: more than one pawn).
	MinGain = 200
	// MaxPlies bounds a solution's length.
	MaxPlies = 20
)

// Budget is how hard the finder searches: Scan for each position of a
// game, Solve for each position of a candidate's solution (two lines, the
// best and the second).
type Budget struct {
	Scan, Solve uint64 // nodes
}

// DefaultBudget is the command's: a game scanned in about a second on one
// core, a candidate solved in a few.
var DefaultBudget = Budget{Scan: 20_000, Solve: 200_000}

// Found is a puzzle found in a game: from the position after Ply plies,
// the opponent's move at Ply (the one that went wrong) and the solution.
type Found struct {
	Ply   int      // the opponent's move is move Ply of the game (0-based)
	Moves []string // coordinate text: the opponent's move, then the solution
	Mate  int      // the moves to mate of a mate puzzle; 0 for an advantage one
	// Evals are the solver's choices as the finder saw them, one per move
	// of the solver's: the best move's score and the second best's (nil
	// when there was no second legal move), for checks that read them
	// again.
	Evals []Choice
}

// Line is a line a search found: its first move (coordinate text) and its
// score from the side to move's view.
type Line struct {
	Moves []string
	Score review.Score
}

// Choice is a solver's decision: the best move and the second best line.
type Choice struct {
	Best   Line
	Second *Line
}

// Finder finds puzzles with an evaluator: Gambit's engines in process
// (review.Builtin, through each game's Engine) or a UCI engine
// (review.UCI: Stockfish for chess, Fairy-Stockfish for xiangqi, set up
// by the games' Dialect).
type Finder struct {
	Eval    review.Evaluator
	Dialect game.UCIDialect // how a UCI engine is told the games' variant
	Budget  Budget
}

// Find returns the puzzles of the game e reads, found by Gambit's own
// engines at budget b (Finder's Find).
func Find(ctx context.Context, e game.Engine, b Budget) ([]Found, error) {
	return Finder{Eval: review.NewBuiltin(), Budget: b}.Find(ctx, e)
}

// Find returns the puzzles of the game e reads: at most one for each
// mistake, scanned from the first move on. ctx ends it early with what it
// has found.
func (f Finder) Find(ctx context.Context, e game.Engine) ([]Found, error) {
	evals, err := f.scan(ctx, e)
	if err != nil {
		return nil, err
	}
	var out []Found
	for ply := 1; ply <= e.Plies() && ctx.Err() == nil; ply++ {
		p, ok, err := f.candidate(ctx, e, ply, evals)
		if err != nil {
			return out, err
		}
		if ok {
			out = append(out, p)
		}
	}
	return out, nil
}

// scan scores every position of the game from its side to move's view
// (a position with no move: its result).
func (f Finder) scan(ctx context.Context, e game.Engine) ([]Line, error) {
	evals := make([]Line, e.Plies()+1)
	for ply := range evals {
		if over, lost := e.Terminal(ply); over {
			if lost {
				evals[ply].Score = review.Mated(true) // from the side to move's view
			}
			continue
		}
		ls, err := f.lines(ctx, e, ply, 1, f.Budget.Scan)
		if err != nil {
			return nil, err
		}
		evals[ply] = ls[0]
	}
	return evals, nil
}

// lines evaluates the position after ply plies of e: its best n lines (n
// 1 or 2; fewer when it has fewer moves), scored from the side to move's
// view, searched to nodes.
func (f Finder) lines(ctx context.Context, e game.Engine, ply, n int, nodes uint64) ([]Line, error) {
	ls, err := f.Eval.Evaluate(ctx, review.New(e, f.Dialect), ply, review.Budget{Nodes: nodes}, n)
	if err != nil {
		return nil, fmt.Errorf("puzzle: ply %d: %w", ply, err)
	}
	white := e.WhiteToMove(ply)
	out := make([]Line, 0, len(ls))
	for _, l := range ls {
		if len(l.Moves) > 0 {
			out = append(out, Line{Moves: l.Moves, Score: l.Score.For(white)})
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("puzzle: ply %d: the engine gave no line", ply)
	}
	return out, nil
}

// candidate looks for a puzzle after move ply-1 of the game (the
// opponent's), whose position is after ply plies.
func (f Finder) candidate(ctx context.Context, e game.Engine, ply int, evals []Line) (Found, bool, error) {
	solver := side(e, ply)
	now, before := evals[ply].Score, evals[ply-1].Score.Neg()
	lead := e.DrawFacts(ply, solver).Material
	if over, _ := e.Terminal(ply); over || before.CP > StartCeiling || lead > 0 {
		return Found{}, false, nil // no move, already winning, or already ahead
	}
	var p Found
	var ok bool
	var err error
	switch {
	case now.Mate > 0 && now.Mate <= MateSoon:
		p, ok, err = f.solveMate(ctx, e, ply)
	case now.Mate == 0 && now.CP >= 0 && winPercent(now) > winPercent(before)+SwingWin:
		if now.CP < StartCeiling && lead > -100 {
			return Found{}, false, nil // better, not winning, and not a comeback
		}
		p, ok, err = f.solveAdvantage(ctx, e, ply)
	}
	if err != nil || !ok {
		return Found{}, false, err
	}
	_, last := e.Move(ply - 1)
	p.Ply, p.Moves = ply-1, append([]string{last}, p.Moves...)
	return p, true, nil
}

// step is one move of a solution: the move played, and for a solver's
// move the choice it was.
type step struct {
	move   string
	choice *Choice
}

// solveMate follows a mate from the position after ply plies: every
// solver's move the only one and still a mate within MateSoon, every
// reply the engine's best, to the mate.
func (f Finder) solveMate(ctx context.Context, e game.Engine, ply int) (Found, bool, error) {
	var line []string
	var evals []Choice
	for len(line) < MaxPlies {
		b, err := e.Branch(ply, line)
		if err != nil {
			return Found{}, false, err
		}
		if over, _ := b.Terminal(b.Plies()); over {
			return Found{Moves: line, Mate: (len(line) + 1) / 2, Evals: evals}, len(line)%2 == 1, nil
		}
		solverToMove := len(line)%2 == 0
		c, err := f.choose(ctx, b, solverToMove)
		switch {
		case err != nil:
			return Found{}, false, err
		case solverToMove && (c.Best.Score.Mate <= 0 || c.Best.Score.Mate > MateSoon || !onlyMove(c)):
			return Found{}, false, nil
		case solverToMove:
			evals = append(evals, c)
		}
		line = append(line, c.Best.Moves[0])
	}
	return Found{}, false, nil
}

// solveAdvantage follows the solver's only moves from the position after
// ply plies, the replies the engine's best, and keeps the solution up to
// the last of the solver's moves that had a second choice, when it won
// MinGain of material.
func (f Finder) solveAdvantage(ctx context.Context, e game.Engine, ply int) (Found, bool, error) {
	solver := side(e, ply)
	start := e.DrawFacts(ply, solver).Material
	var steps []step
	for len(steps) < MaxPlies {
		b, err := e.Branch(ply, moves(steps))
		if err != nil {
			return Found{}, false, err
		}
		if over, _ := b.Terminal(b.Plies()); over || repeats(b) {
			return Found{}, false, nil // a mate or a repetition on the way: not this kind of puzzle
		}
		solverToMove := len(steps)%2 == 0
		c, err := f.choose(ctx, b, solverToMove)
		switch {
		case err != nil:
			return Found{}, false, err
		case solverToMove && c.Best.Score.Mate > 0:
			return Found{}, false, nil // a mate after all: the mate search finds it from a deeper look
		case solverToMove && !onlyMove(c):
			return f.trimmed(ctx, e, ply, solver, start, steps)
		}
		s := step{move: c.Best.Moves[0]}
		if solverToMove {
			s.choice = &c
		}
		steps = append(steps, s)
	}
	return f.trimmed(ctx, e, ply, solver, start, steps)
}

// trimmed ends a solution on a solver's move that had a second choice,
// and keeps it when it won MinGain of material from start.
func (f Finder) trimmed(ctx context.Context, e game.Engine, ply int, solver chess.Color, start int, steps []step) (Found, bool, error) {
	for len(steps) > 0 && (len(steps)%2 == 0 || steps[len(steps)-1].choice.Second == nil) {
		steps = steps[:len(steps)-1]
	}
	if len(steps) == 0 {
		return Found{}, false, nil
	}
	b, err := e.Branch(ply, moves(steps))
	if err != nil {
		return Found{}, false, err
	}
	// Material after the opponent's best answer to the last move, when
	// there is one: a capture the opponent takes back wins nothing.
	end := b.DrawFacts(b.Plies(), solver).Material
	if over, _ := b.Terminal(b.Plies()); !over {
		if reply, err := f.lines(ctx, b, b.Plies(), 1, f.Budget.Scan); err == nil {
			if after, err := b.Branch(b.Plies(), reply[0].Moves[:1]); err == nil {
				end = after.DrawFacts(after.Plies(), solver).Material
			}
		}
	}
	if end-start < MinGain {
		return Found{}, false, nil
	}
	p := Found{Moves: moves(steps)}
	for _, s := range steps {
		if s.choice != nil {
			p.Evals = append(p.Evals, *s.choice)
		}
	}
	return p, true, nil
}

// choose searches the position b is at: the best two lines when the
// solver is to move (its choice), the best line for the opponent.
func (f Finder) choose(ctx context.Context, b game.Engine, solverToMove bool) (Choice, error) {
	n := 1
	if solverToMove {
		n = 2
	}
	ls, err := f.lines(ctx, b, b.Plies(), n, f.Budget.Solve)
	if err != nil {
		return Choice{}, err
	}
	c := Choice{Best: ls[0]}
	c.Best.Moves = ls[0].Moves[:1]
	if solverToMove && len(ls) > 1 && ls[1].Moves[0] != ls[0].Moves[0] {
		second := ls[1]
		second.Moves = second.Moves[:1]
		c.Second = &second
	}
	return c, nil
}

// onlyMove reports whether c's best move is the only one (doc.go).
func onlyMove(c Choice) bool {
	best := c.Best.Score
	switch {
	case c.Second == nil || best.Mate == 1:
		return true
	case best.Mate == 2:
		return c.Second.Score.CP < 500
	case best.Mate == 3:
		return c.Second.Score.CP < 300
	}
	return winPercent(best) > winPercent(c.Second.Score)+OnlyMoveWin
}

// moves are the steps' moves.
func moves(steps []step) []string {
	out := make([]string, len(steps))
	for i, s := range steps {
		out[i] = s.move
	}
	return out
}

// repeats reports whether b's position now has been on the board before
// (by its FEN's placement, side and rights: the counters aside).
func repeats(b game.Engine) bool {
	now := position(b.FEN(b.Plies()))
	for ply := b.Plies() - 1; ply >= 0; ply-- {
		if position(b.FEN(ply)) == now {
			return true
		}
	}
	return false
}

// position is a FEN without its move counters.
func position(fen string) string {
	f := strings.Fields(fen)
	return strings.Join(f[:min(len(f), 4)], " ")
}

// side is the side to move after ply plies.
func side(e game.Engine, ply int) chess.Color {
	if e.WhiteToMove(ply) {
		return chess.White
	}
	return chess.Black
}

// winPercent is s's Win% (review.WinPercent), a mate 100 or 0 as
// lichess's winning chances count it (review's curve stops at ±1000 cp).
func winPercent(s review.Score) float64 {
	switch {
	case s.Mate > 0:
		return 100
	case s.Mate < 0 || s.CP <= -review.MateCP:
		return 0
	}
	return review.WinPercent(s.CP)
}
