package review

import (
	"context"
	"fmt"
	"math"
)

// Review is a game's review: the JSON the server stores and sends
// (GET /api/games/{id}/review) and `gambit review --json` prints. Scores
// are centipawns from White's (Red's) side, mates as ±(MateCP − moves).
type Review struct {
	Engine string `json:"engine"` // "gambit" or the UCI engine's name
	Budget string `json:"budget"` // "nodes 200000" or "depth 12"
	Moves  []Move `json:"moves"`
	White  Side   `json:"white"`
	Black  Side   `json:"black"` // Black in xiangqi too; White is Red there
}

// Move is one move's judgement. Before is the evaluation of the position
// before the move, After of the one after it; Win% is White's (Red's),
// Accuracy the mover's (lichess's formula from the mover's Win%).
type Move struct {
	Ply        int     `json:"ply"`  // 1 for the first move
	Side       string  `json:"side"` // "white" or "black" (Red is "white")
	SAN        string  `json:"san"`  // Chinese notation in xiangqi
	UCI        string  `json:"uci"`  // ICCS in xiangqi
	Before     int     `json:"before"`
	After      int     `json:"after"`
	MateBefore int     `json:"mate_before"`
	MateAfter  int     `json:"mate_after"`
	WinBefore  float64 `json:"win_before"`
	WinAfter   float64 `json:"win_after"`
	Accuracy   float64 `json:"accuracy"`
	Class      Class   `json:"class"`
	Book       bool    `json:"book"`
	BestSAN    string  `json:"best_san"`
	BestUCI    string  `json:"best_uci"`
}

// Side sums up one side's moves (book moves left out).
type Side struct {
	Accuracy     float64 `json:"accuracy"` // lichess's game accuracy
	ACPL         int     `json:"acpl"`     // average centipawn loss
	Inaccuracies int     `json:"inaccuracies"`
	Mistakes     int     `json:"mistakes"`
	Blunders     int     `json:"blunders"`
	// Judged counts the side's moves judged: none (all book, or no move)
	// leaves Accuracy and ACPL without meaning, shown as "—".
	Judged int `json:"judged"`
}

// Options says how to review.
type Options struct {
	Budget Budget
	// Book, when not nil, says whether the move of the given ply (0-based
	// index into the game's moves) is still in the opening book: such a
	// move is evaluated (for the graph) but not judged: no class, and it
	// counts in neither side's accuracy nor ACPL.
	Book func(ply int) bool
	// Progress, when not nil, hears after each evaluated position how
	// many of the total are done.
	Progress func(done, total int)
}

// BookPlies returns a Book hook marking the first n plies as book: the
// stand-in until an opening table says which moves are known.
func BookPlies(n int) func(int) bool { return func(ply int) bool { return ply < n } }

// Run reviews g with ev: it evaluates the position before every move and
// the final one (Plies()+1 evaluations; a position with no legal move is
// scored by the rules, not searched), then judges each move.
func Run(ctx context.Context, g *Game, ev Evaluator, opt Options) (*Review, error) {
	if err := opt.Budget.Check(); err != nil {
		return nil, err
	}
	n := g.Plies()
	evals := make([]Line, n+1)
	for ply := 0; ply <= n; ply++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		l, err := EvaluatePosition(ctx, g, ev, ply, opt.Budget)
		if err != nil {
			return nil, err
		}
		evals[ply] = l
		if opt.Progress != nil {
			opt.Progress(ply+1, n+1)
		}
	}
	return Judge(g, evals, ev.Name(), opt), nil
}

// EvaluatePosition returns the best line of the position after ply plies:
// the rules' verdict when it has no legal move, else the evaluator's. Run
// calls it for every position; a caller sharing its engine time among
// several reviews (the server) calls it one position at a time, then Judge.
func EvaluatePosition(ctx context.Context, g *Game, ev Evaluator, ply int, b Budget) (Line, error) {
	if s, over := g.terminal(ply); over {
		return Line{Score: s}, nil
	}
	lines, err := ev.Evaluate(ctx, g, ply, b, 1)
	if err != nil {
		return Line{}, err
	}
	if len(lines) == 0 {
		return Line{}, fmt.Errorf("review: %s gave no line at ply %d", ev.Name(), ply)
	}
	return lines[0], nil
}

// Judge builds the review of g from the best line of every position
// (evals[i] after i plies, len(evals) = Plies()+1).
func Judge(g *Game, evals []Line, engine string, opt Options) *Review {
	n := g.Plies()
	r := &Review{Engine: engine, Budget: opt.Budget.String(), Moves: make([]Move, n)}
	cps := make([]int, n)
	skip := make([]bool, n)
	var loss [2]int
	var counted [2]int
	for i := range n {
		white := g.whiteToMove(i)
		before, after := evals[i].Score, evals[i+1].Score
		san, coord := g.Move(i)
		m := Move{Ply: i + 1, Side: sideName(white), SAN: san, UCI: coord,
			Before: before.CP, After: after.CP, MateBefore: before.Mate, MateAfter: after.Mate,
			WinBefore: round1(WinPercent(before.CP)), WinAfter: round1(WinPercent(after.CP)),
			Book: opt.Book != nil && opt.Book(i)}
		if len(evals[i].Moves) > 0 {
			m.BestUCI = evals[i].Moves[0]
			m.BestSAN = g.Notate(i, m.BestUCI)
		}
		mb, ma := before.For(white), after.For(white)
		m.Accuracy = round1(MoveAccuracy(WinPercent(mb.CP), WinPercent(ma.CP)))
		side := 0
		if !white {
			side = 1
		}
		cps[i] = after.CP
		skip[i] = m.Book
		if !m.Book {
			m.Class = Classify(mb, ma)
			if m.BestUCI == m.UCI {
				m.Class = ClassNone // the engine's own choice, seen from a little deeper
			}
			loss[side] += CPLoss(mb.CP, ma.CP)
			counted[side]++
			count(sideOf(r, side), m.Class)
		}
		r.Moves[i] = m
	}
	for s := range 2 {
		sideOf(r, s).Judged = counted[s]
		if counted[s] > 0 {
			sideOf(r, s).ACPL = loss[s] / counted[s]
		}
	}
	if w, b, ok := GameAccuracy(g.whiteFirst(), cps, skip); ok {
		r.White.Accuracy, r.Black.Accuracy = round1(w), round1(b)
	}
	return r
}

// sideOf returns White's (s = 0) or Black's summary.
func sideOf(r *Review, s int) *Side {
	if s == 0 {
		return &r.White
	}
	return &r.Black
}

// count adds c to the side's counts.
func count(s *Side, c Class) {
	switch c {
	case ClassInaccuracy:
		s.Inaccuracies++
	case ClassMistake:
		s.Mistakes++
	case ClassBlunder:
		s.Blunders++
	}
}

// sideName names the mover for the JSON: "white" or "black", Red being
// "white" in xiangqi as in the summaries' keys and UCI's "wtime".
func sideName(white bool) string {
	if white {
		return "white"
	}
	return "black"
}

// round1 rounds to one decimal, as the JSON shows percentages.
func round1(x float64) float64 { return math.Round(x*10) / 10 }

// MapNotation returns r with its moves' notation (SAN and BestSAN)
// rewritten by f: a xiangqi review's Chinese notation, written in
// traditional characters when reviewed, read again in simplified ones
// (xiangqi.ConvertScript), or back. r is not changed.
func (r Review) MapNotation(f func(san string) string) Review {
	moves := make([]Move, len(r.Moves))
	for i, m := range r.Moves {
		m.SAN, m.BestSAN = f(m.SAN), f(m.BestSAN)
		moves[i] = m
	}
	r.Moves = moves
	return r
}
