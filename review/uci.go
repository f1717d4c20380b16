package review

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/uci"
)

// UCI evaluates with an external UCI engine through package uci's client:
// Stockfish for chess and Chess960, Fairy-Stockfish for xiangqi, set up as
// the game's dialect says (game.UCIDialect: UCI_Variant, sent here by
// itself for a variant other than chess, as UCI_Chess960 is for a
// Chess960 game). The process starts at the first evaluation and serves
// every later one of the same kind of game.
type UCI struct {
	cfg     uci.ClientConfig
	client  *uci.Client
	kind    string // "chess", "chess960" or "xiangqi": what the process was set up for
	multiPV int    // the MultiPV option last sent
	// PositionTimeout bounds one position's search (default 5 minutes).
	PositionTimeout time.Duration
}

// NewUCI returns an evaluator over the engine cfg describes.
func NewUCI(cfg uci.ClientConfig) *UCI { return &UCI{cfg: cfg, PositionTimeout: 5 * time.Minute} }

// Name implements Evaluator: the configured name, else the engine's own.
func (u *UCI) Name() string {
	switch {
	case u.cfg.Name != "":
		return u.cfg.Name
	case u.client != nil:
		return u.client.Name()
	}
	return u.cfg.Path
}

// Close implements Evaluator: the engine quits.
func (u *UCI) Close() error {
	if u.client == nil {
		return nil
	}
	err := u.client.Close()
	u.client = nil
	return err
}

// kindOf names what an engine must be set up for to play g: its
// dialect's UCI_Variant, "960" added for a Chess960 game ("chess",
// "chess960", "xiangqi").
func kindOf(g *Game) string {
	d := g.Dialect()
	if d.Chess960 {
		return d.Variant + "960"
	}
	return d.Variant
}

// start starts (or restarts, for another kind of game) the engine.
func (u *UCI) start(ctx context.Context, g *Game) error {
	kind := kindOf(g)
	if u.client != nil && u.kind == kind {
		return nil
	}
	if err := u.Close(); err != nil {
		return err
	}
	cfg := u.cfg
	cfg.Options = setup(cfg.Options, g.Dialect())
	c, err := uci.StartClient(ctx, cfg)
	if err != nil {
		return fmt.Errorf("review: %w", err)
	}
	if err := c.NewGame(ctx); err != nil {
		c.Close()
		return fmt.Errorf("review: %s: %w", cfg.Path, err)
	}
	u.client, u.kind, u.multiPV = c, kind, 1
	return nil
}

// setup returns the engine options opts (a copy) with what dialect d
// needs and opts do not set, first (game.UCIDialect.Options: the process
// is started for d alone).
func setup(opts []uci.EngineOption, d game.UCIDialect) []uci.EngineOption {
	var first []uci.EngineOption
	for _, o := range d.Options(false) {
		if !slices.ContainsFunc(opts, func(x uci.EngineOption) bool { return strings.EqualFold(x.Name, o.Name) }) {
			first = append(first, uci.EngineOption{Name: o.Name, Value: o.Value})
		}
	}
	return append(first, opts...)
}

// Evaluate implements Evaluator.
func (u *UCI) Evaluate(ctx context.Context, g *Game, ply int, budget Budget, multiPV int) ([]Line, error) {
	if err := u.start(ctx, g); err != nil {
		return nil, err
	}
	multiPV = max(multiPV, 1)
	if multiPV != u.multiPV {
		if err := u.client.Send("setoption name MultiPV value " + strconv.Itoa(multiPV)); err != nil {
			return nil, fmt.Errorf("review: %w", err)
		}
		u.multiPV = multiPV
	}
	white := g.whiteToMove(ply)
	lines := make([]Line, multiPV)
	var bad error
	onInfo := func(text string) {
		in, ok, err := ParseInfo(text)
		switch {
		case err != nil:
			bad = err
			return
		case !ok || in.Bound != "" || in.MultiPV > multiPV || len(in.PV) == 0:
			return
		}
		l := Line{Score: in.score().For(white), Depth: in.Depth}
		for _, m := range in.PV {
			mv, err := g.engineMoveInLine(ply, l.Moves, m)
			if err != nil {
				break // a PV through moves the rules refuse is cut there
			}
			l.Moves = append(l.Moves, mv)
		}
		if len(l.Moves) > 0 {
			lines[in.MultiPV-1] = l
		}
	}
	pos := g.uciPosition(ply)
	res, err := u.client.GoInfo(ctx, "fen "+pos.FEN, pos.Moves, budget.String(), time.Now().Add(u.PositionTimeout), onInfo)
	if err != nil {
		u.Close() // its state is unknown: the next evaluation starts afresh
		return nil, fmt.Errorf("review: %s at ply %d: %w", u.Name(), ply, err)
	}
	if bad != nil {
		return nil, fmt.Errorf("review: %s at ply %d: %w", u.Name(), ply, bad)
	}
	best, err := g.fromEngineMove(ply, res.BestMove)
	if err != nil {
		return nil, err
	}
	if len(lines[0].Moves) == 0 {
		return nil, fmt.Errorf("review: %s at ply %d: bestmove %s without a scored line", u.Name(), ply, res.BestMove)
	}
	// A best move the last report did not begin with (a depth cut short)
	// keeps that report's score: the engine gives no other.
	return settle(lines, Line{Score: lines[0].Score, Moves: []string{best}, Depth: lines[0].Depth}), nil
}
