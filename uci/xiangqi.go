package uci

import (
	"context"

	"github.com/gambitchess/gambit/engine"
	"github.com/gambitchess/gambit/engine/xq"
	"github.com/gambitchess/gambit/xiangqi"
)

// variantOption is the UCI option that switches the session between chess
// and xiangqi, as Fairy-Stockfish names it.
const variantOption = "option name UCI_Variant type combo default chess var chess var xiangqi"

// xiangqiRulesOption announces the xiangqi engine's rule set for
// repetitions (xq.RulesOption), which a GUI may set in either variant.
func xiangqiRulesOption() string {
	for _, o := range xq.OptionSpecs() {
		if o.Name == xq.RulesOption {
			return optionLine(engine.OptionSpec{Name: o.Name, Type: o.Type, Default: o.Default, Vars: o.Vars})
		}
	}
	return ""
}

// xiangqiSession is the UCI conversation after "setoption name UCI_Variant
// value xiangqi": the same protocol driving the xiangqi engine (package xq).
// Moves use UCI's ranks 1-10 (h3e3 for ICCS h2e2), as Fairy-Stockfish writes them.
type xiangqiSession struct {
	e    *xq.Engine
	out  *lineWriter
	ctx  context.Context
	game *xiangqi.Game
	bg   *background // the conversation's running search
}

func newXiangqiSession(ctx context.Context, out *lineWriter, bg *background) *xiangqiSession {
	return &xiangqiSession{e: xq.New(xq.DefaultOptions()), out: out, ctx: ctx, game: xiangqi.NewGame(), bg: bg}
}

// handle executes one xiangqi command; those that mean the same in every
// variant (variantFree: uci, isready, stop, quit...) are the chess
// session's, which also handles the switch back to chess.
func (s *xiangqiSession) handle(cmd string, args []string) {
	switch cmd {
	case "setoption":
		s.bg.finish()
		s.setOption(args)
	case "ucinewgame":
		s.bg.finish()
		s.e.NewGame()
		s.game = xiangqi.NewGame()
	case "position":
		if err := s.position(args); err != nil {
			s.out.infoString(err.Error())
		}
	case "go":
		s.bg.finish()
		s.goCmd(args)
	case "ponderhit":
		// Pondering is not supported for xiangqi: the search runs on its own limits.
	case "d":
		s.out.infoString("fen " + s.game.FEN())
	default:
		s.out.unknownCommand(cmd, args)
	}
}

func (s *xiangqiSession) setOption(args []string) {
	name, value, ok := parseSetOption(args)
	if !ok {
		s.out.infoString(setOptionUsage)
		return
	}
	if err := s.e.SetOption(name, value); err != nil {
		s.out.infoString(err.Error())
	}
}

// position handles "position startpos|fen FEN [moves M...]" as the chess
// session does: on an illegal move the moves before it are kept.
func (s *xiangqiSession) position(args []string) error {
	startpos, fen, moves, err := positionArgs(args)
	if err != nil {
		return err
	}
	if startpos {
		fen = "startpos"
	}
	g, err := xq.GameFromUCI(fen, moves)
	if err != nil {
		// Keep the longest legal prefix, as the chess session does.
		for n := len(moves) - 1; n >= 0; n-- {
			if prefix, perr := xq.GameFromUCI(fen, moves[:n]); perr == nil {
				s.game = prefix
				break
			}
		}
		return err
	}
	s.game = g
	return nil
}

// goCmd starts a search with the "go" parameters; bestmove is printed when it ends.
func (s *xiangqiSession) goCmd(args []string) {
	c, err := parseGo(args)
	var limits xq.Limits
	if err == nil {
		pos := s.game.Position()
		limits, err = c.xiangqiLimits(&pos)
	}
	if err != nil {
		s.out.infoString(err.Error())
		return
	}
	game := s.game
	s.bg.start(s.ctx, limits.Infinite, func(ctx context.Context) {
		res := s.e.SearchGame(ctx, game, limits, func(in xq.Info) { s.out.println(formatXiangqiInfo(in)) })
		line := "bestmove " + moveOrNone(res.BestMove)
		if res.Ponder != xiangqi.MoveNone {
			line += " ponder " + xq.FormatFairy(res.Ponder)
		}
		s.out.println(line)
	})
}

func moveOrNone(m xiangqi.Move) string {
	if m == xiangqi.MoveNone {
		return "(none)"
	}
	return xq.FormatFairy(m)
}

func formatXiangqiInfo(in xq.Info) string {
	line := infoLine{
		depth: in.Depth, selDepth: in.SelDepth, multiPV: in.MultiPV,
		score: scoreText(in.Score), bound: boundText(in.Bound == xq.BoundLower, in.Bound == xq.BoundUpper),
		nodes: in.Nodes, nps: in.NPS, hashFull: in.HashFull, time: in.Time,
	}
	for _, m := range in.PV {
		line.pv = append(line.pv, xq.FormatFairy(m))
	}
	return line.String()
}
