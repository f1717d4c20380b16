package engine

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/internal/elo"
)

// Tuning data format: one position per line, "FEN;result", where result is
// the game's score from White's point of view: 1.0 (White won), 0.5 (draw)
// or 0.0 (Black won). Blank lines and lines starting with '#' are ignored;
// ReadTuningData also accepts 1, 0, 1/2, 1-0, 0-1 and 1/2-1/2 as results.

// Sample is one labelled tuning position.
type Sample struct {
	Pos    chess.Position
	Result float64 // from White's view: 1, 0.5 or 0
}

// ReadTuningData reads "FEN;result" lines.
func ReadTuningData(r io.Reader) ([]Sample, error) {
	var out []Sample
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		s, err := parseSample(line)
		if err != nil {
			return out, fmt.Errorf("tuning data line %d: %w", n, err)
		}
		out = append(out, s)
	}
	if err := sc.Err(); err != nil {
		return out, fmt.Errorf("reading tuning data: %w", err)
	}
	return out, nil
}

func parseSample(line string) (Sample, error) {
	fen, res, ok := strings.Cut(line, ";")
	if !ok {
		return Sample{}, errors.New(`want "FEN;result"`)
	}
	pos, err := chess.ParseFEN(strings.TrimSpace(fen))
	if err != nil {
		return Sample{}, err
	}
	r, err := parseResult(strings.TrimSpace(res))
	if err != nil {
		return Sample{}, err
	}
	return Sample{Pos: pos, Result: r}, nil
}

func parseResult(s string) (float64, error) {
	switch s {
	case "1-0":
		return 1, nil
	case "0-1":
		return 0, nil
	case "1/2-1/2", "1/2":
		return 0.5, nil
	}
	r, err := strconv.ParseFloat(s, 64)
	if err != nil || (r != 0 && r != 0.5 && r != 1) {
		return 0, fmt.Errorf("result %q: want 1.0, 0.5 or 0.0", s)
	}
	return r, nil
}

// WriteSample writes s as one "FEN;result" line.
func WriteSample(w io.Writer, s Sample) error {
	_, err := fmt.Fprintf(w, "%s;%.1f\n", s.Pos.FEN(), s.Result)
	return err
}

// SelfPlayConfig configures SelfPlay and Match.
type SelfPlayConfig struct {
	Games        int    // games to play (Match: rounded up to pairs)
	Nodes        uint64 // nodes per move
	Seed         uint64 // seed of the random openings
	RandomPlies  int    // random plies from the start position (default 8)
	MaxImbalance int    // openings whose search score exceeds this are redrawn (default 100 cp)
	MaxPlies     int    // games reaching this many plies are drawn (default 400)
	Workers      int    // games played at once (default 1); the output does not depend on it
}

func (c SelfPlayConfig) withDefaults() SelfPlayConfig {
	if c.Nodes == 0 {
		c.Nodes = 2000
	}
	if c.RandomPlies <= 0 {
		c.RandomPlies = 8
	}
	if c.MaxImbalance <= 0 {
		c.MaxImbalance = 100
	}
	if c.MaxPlies <= 0 {
		c.MaxPlies = 400
	}
	c.Workers = max(c.Workers, 1)
	return c
}

// Adjudication: a game is won when both sides' searches agree on a score of
// at least winScore for the winner for winPlies plies in a row.
const (
	winScore = 1000
	winPlies = 6
)

// gameRecord is one finished game: its result from White's view and the
// quiet positions met after the opening.
type gameRecord struct {
	result float64
	quiet  []chess.Position
}

// newPlayer returns a single-threaded engine for fast fixed-node games.
func newPlayer(w Weights) *Engine {
	opts := DefaultOptions()
	opts.Hash, opts.Threads = 8, 1
	e := New(opts)
	e.SetWeights(w)
	return e
}

// opening plays RandomPlies random legal moves from the start position,
// drawn from rng, and redraws until e's search calls the result balanced.
func opening(ctx context.Context, rng *rand.Rand, e *Engine, cfg SelfPlayConfig) (chess.Position, error) {
	for ctx.Err() == nil {
		pos := chess.StartPosition()
		ok := true
		for i := 0; i < cfg.RandomPlies && ok; i++ {
			var ml chess.MoveList
			pos.GenerateLegal(&ml)
			if ml.Len() == 0 {
				ok = false
				break
			}
			pos.Play(ml.At(rng.IntN(ml.Len())))
		}
		if !ok || !pos.HasLegalMove() {
			continue
		}
		e.NewGame()
		r := e.Search(ctx, pos, nil, Limits{Nodes: cfg.Nodes}, nil)
		if abs(int(r.Score)) <= cfg.MaxImbalance {
			return pos, nil
		}
	}
	return chess.Position{}, ctx.Err()
}

// playGame plays white against black from start with a fixed node count per
// move and returns the result and the quiet positions of the game.
func playGame(ctx context.Context, white, black *Engine, start chess.Position, cfg SelfPlayConfig) (gameRecord, error) {
	white.NewGame()
	if black != white {
		black.NewGame()
	}
	g := chess.NewGameFrom(start)
	var rec gameRecord
	streak, streakSign := 0, 0
	keys := make([]uint64, 0, cfg.MaxPlies+1)
	for ply := 0; ; ply++ {
		pos := g.Position()
		if o := g.Outcome(); o.Over() || g.CanClaimDraw() {
			rec.result = outcomeScore(o)
			return rec, nil
		}
		if ply >= cfg.MaxPlies {
			rec.result = 0.5
			return rec, nil
		}
		if isQuiet(&pos) {
			rec.quiet = append(rec.quiet, pos)
		}
		e := white
		if pos.SideToMove() == chess.Black {
			e = black
		}
		r := e.Search(ctx, pos, keys, Limits{Nodes: cfg.Nodes}, nil)
		if ctx.Err() != nil {
			return rec, ctx.Err()
		}
		if r.BestMove == chess.MoveNone {
			return rec, fmt.Errorf("self-play: no move in %s", pos.FEN())
		}
		streak, streakSign = adjudicate(pos.SideToMove(), r.Score, streak, streakSign)
		if streak >= winPlies {
			rec.result = float64(streakSign+1) / 2
			return rec, nil
		}
		keys = append(keys, pos.Key())
		if err := g.Push(r.BestMove); err != nil {
			return rec, fmt.Errorf("self-play: %w", err)
		}
	}
}

// adjudicate updates the run of plies on which the mover's search score
// gave one side (+1 White, -1 Black) at least winScore.
func adjudicate(mover chess.Color, s Score, streak, sign int) (int, int) {
	v := int(s)
	if mover == chess.Black {
		v = -v
	}
	switch {
	case v >= winScore && sign == 1, v <= -winScore && sign == -1:
		return streak + 1, sign
	case v >= winScore:
		return 1, 1
	case v <= -winScore:
		return 1, -1
	}
	return 0, 0
}

func outcomeScore(o chess.Outcome) float64 {
	switch {
	case !o.Over() || o.Draw:
		return 0.5
	case o.Winner == chess.White:
		return 1
	}
	return 0
}

// isQuiet reports whether p suits tuning: not in check, not a dead draw,
// and no capture or promotion that wins material by static exchange.
func isQuiet(p *chess.Position) bool {
	if p.InCheck() || insufficientMaterial(p) {
		return false
	}
	var ml chess.MoveList
	p.Generate(chess.Captures, &ml)
	for _, m := range ml.Moves() {
		if see(p, m, 1) {
			return false
		}
	}
	return true
}

// gameRNG is the random source of game i: the same for every run and worker count.
func gameRNG(seed uint64, i int) *rand.Rand {
	return rand.New(rand.NewPCG(seed, uint64(i)))
}

// SelfPlayStats summarises a SelfPlay run.
type SelfPlayStats struct {
	Games, WhiteWins, Draws, BlackWins int
	Positions                          int // quiet positions written
}

// SelfPlay plays cfg.Games games of the engine (with weights w) against
// itself, each from a seeded random balanced opening with cfg.Nodes nodes
// per move, and writes every quiet position of each game, labelled with the
// game's result, to out as "FEN;result" lines, game by game in order. The
// output depends only on w and cfg (not on cfg.Workers or timing). progress,
// if not nil, is called after each game in order.
func SelfPlay(ctx context.Context, w Weights, cfg SelfPlayConfig, out io.Writer, progress func(game int, st SelfPlayStats)) (SelfPlayStats, error) {
	cfg = cfg.withDefaults()
	var st SelfPlayStats
	play := func(e *Engine, i int) (gameRecord, error) {
		start, err := opening(ctx, gameRNG(cfg.Seed, i), e, cfg)
		if err != nil {
			return gameRecord{}, err
		}
		return playGame(ctx, e, e, start, cfg)
	}
	newWorker := func() func(int) (gameRecord, error) {
		e := newPlayer(w)
		return func(i int) (gameRecord, error) { return play(e, i) }
	}
	err := runOrdered(ctx, cfg.Games, cfg.Workers, newWorker, func(i int, rec gameRecord) error {
		st.Games++
		switch rec.result {
		case 1:
			st.WhiteWins++
		case 0:
			st.BlackWins++
		default:
			st.Draws++
		}
		for _, p := range rec.quiet {
			if err := WriteSample(out, Sample{Pos: p, Result: rec.result}); err != nil {
				return fmt.Errorf("writing tuning data: %w", err)
			}
		}
		st.Positions += len(rec.quiet)
		if progress != nil {
			progress(i, st)
		}
		return nil
	})
	return st, err
}

// runOrdered runs job 0..n-1 on the given number of workers (each built by
// newWorker, so that it owns its engines) and hands the results to done in
// job order.
func runOrdered[T any](ctx context.Context, n, workers int, newWorker func() func(int) (T, error), done func(int, T) error) error {
	type result struct {
		i   int
		v   T
		err error
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan int)
	results := make(chan result)
	for range workers {
		run := newWorker()
		go func() {
			for i := range jobs {
				v, err := run(i)
				select {
				case results <- result{i, v, err}:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for i := 0; i < n; i++ {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	pending := map[int]T{}
	for next := 0; next < n; {
		r := <-results
		if r.err != nil {
			return fmt.Errorf("game %d: %w", r.i, r.err)
		}
		pending[r.i] = r.v
		for v, ok := pending[next]; ok; v, ok = pending[next] {
			delete(pending, next)
			if err := done(next, v); err != nil {
				return err
			}
			next++
		}
	}
	return nil
}

// MatchResult is the score of weights A against weights B.
type MatchResult struct {
	Wins, Draws, Losses int // from A's point of view
}

// Score is A's score fraction (0.5 before any game).
func (m MatchResult) Score() float64 { return elo.Score(m.Wins, m.Draws, m.Losses) }

// tuneZ is the normal quantile of Elo's margin: the rounded 1.96 rather
// than elo.Z95, which would change about 1 printed margin in 600 by 1 Elo.
const tuneZ = 1.96

// Elo is the Elo difference implied by Score, with the half-width of its
// 95% interval (the math of package internal/elo), both 0 when undefined
// (no games, or a score of 0 or 1). Unlike match.Summary it stays finite:
// the score interval is clipped to (1e-9, 1-1e-9), and a match of draws
// only has a margin of 0, since a tuning run prints a number, not a bound.
func (m MatchResult) Elo() (diff, margin float64) {
	s := m.Score()
	if m.Wins+m.Draws+m.Losses == 0 || s <= 0 || s >= 1 {
		return 0, 0
	}
	d := tuneZ * elo.StdErr(m.Wins, m.Draws, m.Losses)
	lo, hi := max(s-d, 1e-9), min(s+d, 1-1e-9)
	return elo.FromScore(s), (elo.FromScore(hi) - elo.FromScore(lo)) / 2
}

func (m MatchResult) String() string {
	elo, margin := m.Elo()
	return fmt.Sprintf("+%d =%d -%d (%.1f%%, %+.0f ± %.0f Elo)", m.Wins, m.Draws, m.Losses, 100*m.Score(), elo, margin)
}

// Match plays weights a against weights b at cfg.Nodes nodes per move: each
// seeded random balanced opening twice, colours swapped. progress, if not
// nil, is called after each game pair in order.
func Match(ctx context.Context, a, b Weights, cfg SelfPlayConfig, progress func(pair int, r MatchResult)) (MatchResult, error) {
	cfg = cfg.withDefaults()
	var res MatchResult
	pairs := (cfg.Games + 1) / 2
	newWorker := func() func(int) ([2]float64, error) {
		ea, eb := newPlayer(a), newPlayer(b)
		return func(i int) ([2]float64, error) {
			start, err := opening(ctx, gameRNG(cfg.Seed, i), eb, cfg)
			if err != nil {
				return [2]float64{}, err
			}
			g1, err := playGame(ctx, ea, eb, start, cfg)
			if err != nil {
				return [2]float64{}, err
			}
			g2, err := playGame(ctx, eb, ea, start, cfg)
			return [2]float64{g1.result, 1 - g2.result}, err
		}
	}
	err := runOrdered(ctx, pairs, cfg.Workers, newWorker, func(i int, scores [2]float64) error {
		for _, s := range scores {
			switch s {
			case 1:
				res.Wins++
			case 0:
				res.Losses++
			default:
				res.Draws++
			}
		}
		if progress != nil {
			progress(i, res)
		}
		return nil
	})
	return res, err
}
