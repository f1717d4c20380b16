package match

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/internal/elo"
	"github.com/gambitchess/gambit/uci"
)

// Config describes a match.
type Config struct {
	Variant string // a variant the engines play (Variants): "chess" (also ""), "chess960", "xiangqi"
	// Engines are the two engines, engine 0 the one the score is reported
	// for. Each is set up for the variant (UCI_Variant, UCI_Chess960, as
	// the variant's game.UCIDialect says) where it has the option and its
	// Options do not set it, before its Options.
	Engines [2]uci.ClientConfig
	Games   int           // number of games (rounded up to pairs when openings are used)
	Base    time.Duration // clock time per side at the start
	Inc     time.Duration // increment per move
	Margin  time.Duration // grace past zero before a flag counts (engine start-up, pipes)
	// Openings are start FENs, each played twice with colours swapped;
	// none: the variant's usual start (Chess960 draws one for each pair).
	Openings []string
	MaxPlies int // adjudicate a draw after this many plies; 0: no limit
	// SPRT, if not nil, stops the match as soon as the test decides
	// (checked after each pair of games); Games is then the most played.
	SPRT *elo.SPRT
	// Resumed are the pairs of a stopped SPRT that this match goes on
	// with (the same engines, conditions and openings): the test counts
	// them, and the openings go on after the last one they used.
	Resumed elo.Pentanomial
	Event   string    // PGN Event tag
	PGN     io.Writer // where every game's PGN goes; may be nil
}

// GameResult is one finished game, seen from engine 0.
type GameResult struct {
	Number  int
	White   string // first player (White, or Red in xiangqi)
	Black   string
	Result  string // "1-0", "0-1", "1/2-1/2"
	Reason  string // "checkmate", "illegal move e2e5 by X", "timeout", ...
	Plies   int
	Score   float64 // engine 0's points: 1, 0.5 or 0
	Opening string  // start FEN, "" for the variant's standard start
}

// Run plays the match and returns its summary. onGame, if not nil, is called
// after each game. Engines are started once and sent ucinewgame before each
// game; an engine that crashes is restarted for the next game.
func Run(ctx context.Context, cfg Config, onGame func(GameResult)) (Summary, error) {
	if cfg.Games < 1 {
		return Summary{}, errors.New("match: need at least one game")
	}
	if cfg.Base <= 0 {
		return Summary{}, errors.New("match: need a positive base time")
	}
	spec, err := variantSpec(cfg.Variant)
	if err != nil {
		return Summary{}, err
	}
	if cfg.SPRT != nil {
		if err := cfg.SPRT.Check(); err != nil {
			return Summary{}, fmt.Errorf("match: %w", err)
		}
	}
	resumed := cfg.Resumed.Pairs()
	if resumed > 0 && cfg.SPRT == nil {
		return Summary{}, errors.New("match: resumed pairs without an SPRT to count them")
	}
	if resumed > 0 {
		if v := cfg.SPRT.Decide(cfg.Resumed); v != elo.Continue {
			return Summary{}, fmt.Errorf("match: the resumed pairs have decided already (%v)", v)
		}
	}
	sum := Summary{SPRT: cfg.SPRT, Pairs: cfg.Resumed, Resumed: resumed}
	var engines [2]*uci.Client
	var opening string // the start of the pair of games being played
	defer func() {
		for _, e := range engines {
			if e != nil {
				e.Close()
			}
		}
	}()
	for i := 0; i < cfg.Games; i++ {
		for k := range engines {
			if engines[k] != nil {
				continue
			}
			c, err := startEngine(ctx, cfg.Engines[k], spec.UCI)
			if err != nil {
				return sum, err
			}
			engines[k] = c
			sum.Names[k] = c.Name()
		}
		if i%2 == 0 {
			if opening, err = pairOpening(spec, cfg.Openings, resumed+i/2); err != nil {
				return sum, err
			}
		}
		// Engine 0 plays the first player in even games.
		seats := [2]int{0, 1}
		if i%2 == 1 {
			seats = [2]int{1, 0}
		}
		res, crashed, err := playGame(ctx, cfg, spec, i+1, opening, engines, seats)
		if err != nil {
			return sum, err
		}
		for _, k := range crashed {
			engines[k].Close()
			engines[k] = nil
		}
		sum.add(i+1, res.Score)
		if onGame != nil {
			onGame(res)
		}
		if sum.Verdict != elo.Continue {
			break
		}
	}
	return sum, nil
}

// pairOpening returns the start of pair n of games: the next of openings,
// in turn, or without them the variant's usual start (game.Spec.Setup: ""
// for the standard one; Chess960 draws one).
func pairOpening(spec *game.Spec, openings []string, n int) (string, error) {
	if len(openings) > 0 {
		return openings[n%len(openings)], nil
	}
	start, _, err := spec.Setup("")
	if err != nil {
		return "", fmt.Errorf("match: %s's start: %w", spec.Name, err)
	}
	return start, nil
}

// playGame plays one game; seats[0] is the index of the engine moving first.
// It returns the indices of engines that crashed or hung, to be restarted.
func playGame(ctx context.Context, cfg Config, spec *game.Spec, number int, opening string, engines [2]*uci.Client, seats [2]int) (GameResult, []int, error) {
	ref, err := newReferee(spec, opening)
	if err != nil {
		return GameResult{}, nil, fmt.Errorf("match: opening %q: %w", opening, err)
	}
	for _, e := range engines {
		if err := e.NewGame(ctx); err != nil {
			return GameResult{}, nil, err
		}
	}
	res := GameResult{Number: number, White: engines[seats[0]].Name(), Black: engines[seats[1]].Name(), Opening: opening}
	clocks := [2]time.Duration{cfg.Base, cfg.Base}
	var crashed []int
	result, reason := "", ""
	for {
		var over bool
		if result, reason, over = ref.outcome(); over {
			break
		}
		if cfg.MaxPlies > 0 && ref.plies() >= cfg.MaxPlies {
			result, reason = "1/2-1/2", fmt.Sprintf("adjudicated after %d plies", ref.plies())
			break
		}
		side := ref.turn()
		e := engines[seats[side]]
		args := fmt.Sprintf("wtime %d btime %d winc %d binc %d", clocks[0].Milliseconds(), clocks[1].Milliseconds(), cfg.Inc.Milliseconds(), cfg.Inc.Milliseconds())
		position, moves := ref.position()
		start := time.Now()
		sr, err := e.Go(ctx, position, moves, args, start.Add(clocks[side]+cfg.Margin))
		elapsed := time.Since(start)
		if ctx.Err() != nil {
			return res, nil, ctx.Err()
		}
		inTime := elapsed <= clocks[side]+cfg.Margin
		switch {
		case err == nil && inTime:
			if perr := ref.play(sr.BestMove, clockComment(elapsed, sr.Info)); perr == nil {
				clocks[side] += cfg.Inc - elapsed
				continue
			}
			reason = fmt.Sprintf("illegal move %q by %s", sr.BestMove, e.Name())
		case err == nil || errors.Is(err, uci.ErrEngineTimeout):
			reason = "timeout"
			if err != nil { // still thinking: restart it before the next game
				crashed = append(crashed, seats[side])
			}
			if ref.drawOnFlag() {
				result = "1/2-1/2"
			}
		default:
			reason = fmt.Sprintf("%s crashed: %v", e.Name(), err)
			crashed = append(crashed, seats[side])
		}
		if result == "" {
			result = [2]string{"0-1", "1-0"}[side] // side 0 (White, Red) lost: 0-1
		}
		break
	}
	res.Result, res.Reason, res.Plies = result, reason, ref.plies()
	res.Score = scoreFor(result, seats[0] == 0)
	if cfg.PGN != nil {
		if err := writeGame(cfg, ref, res); err != nil {
			return res, crashed, err
		}
	}
	return res, crashed, nil
}

// scoreFor returns engine 0's points for a result, given whether it moved first.
func scoreFor(result string, engine0First bool) float64 {
	s := 0.5
	switch result {
	case "1-0":
		s = 1
	case "0-1":
		s = 0
	}
	if !engine0First {
		s = 1 - s
	}
	return s
}

// writeGame writes the PGN of a game to cfg.PGN, its moves with their
// comments, its tags the match's (the variant's PGN names the first mover's
// tag: White, or Red).
func writeGame(cfg Config, ref *referee, res GameResult) error {
	h := game.PGNHeader{Event: cmp.Or(cfg.Event, "Gambit match"), Site: "gambit match", Date: time.Now().Format("2006.01.02"),
		Round: fmt.Sprint(res.Number), White: res.White, Black: res.Black, Result: res.Result, Termination: res.Reason,
		TimeControl: fmt.Sprintf("%g+%g", cfg.Base.Seconds(), cfg.Inc.Seconds())}
	out, err := ref.pgn(h)
	if err != nil {
		return err
	}
	if !strings.HasSuffix(out, "\n\n") {
		out += "\n"
	}
	_, err = io.WriteString(cfg.PGN, out)
	return err
}

// scoreOf extracts "+0.31/12" or "#5/20" from an info line, from the mover's view.
func scoreOf(info string) string {
	f := strings.Fields(info)
	depth, score := "", ""
	for i := 0; i+1 < len(f); i++ {
		switch f[i] {
		case "depth":
			depth = f[i+1]
		case "cp":
			var cp int
			fmt.Sscan(f[i+1], &cp)
			score = fmt.Sprintf("%+.2f", float64(cp)/100)
		case "mate":
			score = "#" + f[i+1]
		}
	}
	if score == "" {
		return ""
	}
	return score + "/" + depth
}
