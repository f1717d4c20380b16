package server

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
)

// Level is a computer strength the UI offers. Algorithm names the chess
// engine's search (greedy, minimax, alphabeta or full); Elo, when set,
// weakens the full search; Depth and MoveTime bound the thinking. In xiangqi
// the engine/xq search plays at Skill (0-20) to XiangqiDepth (0: no limit)
// within MoveTime.
type Level struct {
	Name         string        `json:"name"`
	Label        string        `json:"label"`
	Algorithm    string        `json:"algorithm"`
	Elo          int           `json:"elo,omitempty"`
	Depth        int           `json:"depth,omitempty"`
	MoveTime     time.Duration `json:"-"`
	Skill        int           `json:"-"`
	XiangqiDepth int           `json:"-"`
	XiangqiLabel string        `json:"-"` // Label in xiangqi
}

// Levels returns the computer levels, weakest first.
func Levels() []Level {
	return []Level{
		{Name: "greedy", Label: "Greedy (grabs material, 1 ply)", Algorithm: "greedy", Depth: 1, Skill: 0, XiangqiDepth: 1, XiangqiLabel: "Greedy (1 ply)"},
		{Name: "minimax", Label: "Minimax (3 plies)", Algorithm: "minimax", Depth: 3, MoveTime: 3 * time.Second, Skill: 2, XiangqiDepth: 2, XiangqiLabel: "Novice (2 plies)"},
		{Name: "alphabeta", Label: "Alpha-beta (4 plies)", Algorithm: "alphabeta", Depth: 4, MoveTime: 3 * time.Second, Skill: 4, XiangqiDepth: 3, XiangqiLabel: "Apprentice (3 plies)"},
		{Name: "beginner", Label: "Beginner (~800)", Algorithm: "full", Elo: 800, MoveTime: 300 * time.Millisecond, Skill: 3, XiangqiDepth: 2, XiangqiLabel: "Beginner (skill 3)"},
		{Name: "casual", Label: "Casual (~1200)", Algorithm: "full", Elo: 1200, MoveTime: 500 * time.Millisecond, Skill: 8, XiangqiLabel: "Casual (skill 8)"},
		{Name: "club", Label: "Club (~1600)", Algorithm: "full", Elo: 1600, MoveTime: 800 * time.Millisecond, Skill: 13, XiangqiLabel: "Club (skill 13)"},
		{Name: "strong", Label: "Strong (~2000)", Algorithm: "full", Elo: 2000, MoveTime: time.Second, Skill: 17, XiangqiLabel: "Strong (skill 17)"},
		{Name: "full", Label: "Full strength", Algorithm: "full", MoveTime: 2 * time.Second, Skill: 20, XiangqiLabel: "Full strength"},
	}
}

// LevelsFor returns the levels of variant v, labelled for it.
func LevelsFor(v game.Variant) []Level {
	levels := Levels()
	if v == game.Xiangqi {
		for i := range levels {
			levels[i].Label = levels[i].XiangqiLabel
		}
	}
	return levels
}

// levelByName returns the level called name.
func levelByName(name string) (Level, bool) {
	return levelFor(game.Chess, name)
}

// levelFor returns the level called name, labelled for variant v.
func levelFor(v game.Variant, name string) (Level, bool) {
	for _, l := range LevelsFor(v) {
		if l.Name == name {
			return l, true
		}
	}
	return Level{}, false
}

// Bot chooses moves for a computer seat, in the game's coordinate text
// (UCI for chess, ICCS for xiangqi). g is a private copy the bot may read
// freely. Implementations must return promptly when ctx ends.
type Bot interface {
	Move(ctx context.Context, g *game.Game, level Level) (string, error)
	// AcceptsDraw reports whether the bot playing c takes a draw offer:
	// when it judges the position even or worse for itself.
	AcceptsDraw(ctx context.Context, g *game.Game, c chess.Color) bool
}

// GreedyBot is the built-in fallback: it plays the move that wins the most
// material at once (mate first), breaking ties at random from its own
// seeded source. It ignores the level.
type GreedyBot struct {
	mu  sync.Mutex
	rng *rand.Rand
}

// NewGreedyBot returns a GreedyBot whose choices follow seed.
func NewGreedyBot(seed uint64) *GreedyBot {
	return &GreedyBot{rng: rand.New(rand.NewPCG(seed, seed^0x9E3779B97F4A7C15))}
}

var pieceValue = [7]int{chess.Pawn: 100, chess.Knight: 300, chess.Bishop: 300, chess.Rook: 500, chess.Queen: 900}

// Move implements Bot.
func (b *GreedyBot) Move(ctx context.Context, g *game.Game, _ Level) (string, error) {
	var best []string
	if xg, ok := g.XiangqiGame(); ok {
		best = greedyXiangqi(xg.Position())
	} else if cg, ok := g.ChessGame(); ok {
		best = greedyChess(cg.Position())
	}
	if len(best) == 0 {
		return "", fmt.Errorf("greedy bot: no legal move in %s", g.FEN())
	}
	if err := ctx.Err(); err != nil {
		return "", fmt.Errorf("greedy bot: %w", err)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return best[b.rng.IntN(len(best))], nil
}

// greedyChess returns the chess moves of p with the best greedyScore, as UCI.
func greedyChess(p chess.Position) []string {
	var ml chess.MoveList
	p.GenerateLegal(&ml)
	var best []string
	bestScore := -1 << 30
	for _, m := range ml.Moves() {
		s := greedyScore(&p, m)
		switch {
		case s > bestScore:
			best, bestScore = append(best[:0], p.UCI(m)), s
		case s == bestScore:
			best = append(best, p.UCI(m))
		}
	}
	return best
}

// greedyScore is the material m wins at once, with mate above everything
// and a penalty for moving onto an attacked square.
func greedyScore(p *chess.Position, m chess.Move) int {
	var after chess.Position
	p.MakeMove(m, &after)
	if after.IsCheckmate() {
		return 1 << 20
	}
	s := 0
	if m.Kind() == chess.EnPassant {
		s += pieceValue[chess.Pawn]
	} else if m.Kind() != chess.Castling {
		s += pieceValue[p.PieceAt(m.To()).Type()]
	}
	if m.Kind() == chess.Promotion {
		s += pieceValue[m.Promotion()] - pieceValue[chess.Pawn]
	}
	to := m.To()
	if m.Kind() == chess.Castling {
		return s
	}
	if after.IsAttacked(to, after.SideToMove(), after.Occupied()) {
		s -= pieceValue[after.PieceAt(to).Type()]
	}
	return s
}

// AcceptsDraw implements Bot: the fallback accepts when its material is not ahead.
func (b *GreedyBot) AcceptsDraw(_ context.Context, g *game.Game, c chess.Color) bool {
	if xg, ok := g.XiangqiGame(); ok {
		return xiangqiMaterial(xg.Position(), c) <= 0
	}
	cg, _ := g.ChessGame()
	return material(cg.Position(), c) <= 0
}

// material is c's material minus the opponent's, in centipawns.
func material(p chess.Position, c chess.Color) int {
	s := 0
	for pt := chess.Pawn; pt <= chess.Queen; pt++ {
		s += pieceValue[pt] * (p.Pieces(c, pt).Count() - p.Pieces(c.Other(), pt).Count())
	}
	return s
}

// Pool runs bot jobs on a fixed number of workers with a bounded queue, so
// that many games against the computer cannot swamp the machine.
type Pool struct {
	jobs chan func()
	wg   sync.WaitGroup
}

// NewPool starts workers goroutines taking jobs from a queue of the given size.
func NewPool(workers, queue int) *Pool {
	p := &Pool{jobs: make(chan func(), queue)}
	for range workers {
		p.wg.Add(1)
		go p.work()
	}
	return p
}

func (p *Pool) work() {
	defer p.wg.Done()
	for job := range p.jobs {
		job()
	}
}

// Submit queues job, or returns ErrBusy when the queue is full.
func (p *Pool) Submit(job func()) error {
	select {
	case p.jobs <- job:
		return nil
	default:
		return ErrBusy
	}
}

// Close stops taking jobs and waits for the queued ones to finish.
func (p *Pool) Close() {
	close(p.jobs)
	p.wg.Wait()
}
