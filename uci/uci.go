package uci

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/engine"
	"github.com/gambitchess/gambit/engine/xq"
	"github.com/gambitchess/gambit/xiangqi"
)

// Identity announced in reply to "uci".
const (
	Name   = "Gambit"
	Author = "the Gambit authors"
)

// ErrSyntax is wrapped by errors reporting malformed commands.
var ErrSyntax = errors.New("uci: syntax error")

// session is the state of one UCI conversation.
type session struct {
	e   *engine.Engine
	out *lineWriter
	ctx context.Context

	pos      chess.Position
	history  []uint64 // keys of the positions before pos, for repetition
	chess960 bool

	bg background // the running search, chess or xiangqi

	xq *xiangqiSession // the xiangqi conversation, after "setoption name UCI_Variant value xiangqi"
	// xqRules is the "Xiangqi Rules" last set, in either variant, for the
	// xiangqi conversations to come.
	xqRules string

	book book // OwnBook and BookFile (book.go)
}

// lineWriter serialises output lines from the command loop and the search goroutine.
type lineWriter struct {
	mu  sync.Mutex
	w   io.Writer
	err error
}

// failed returns the first write error, if any.
func (lw *lineWriter) failed() error {
	lw.mu.Lock()
	defer lw.mu.Unlock()
	return lw.err
}

func (lw *lineWriter) println(s string) {
	lw.mu.Lock()
	defer lw.mu.Unlock()
	if lw.err == nil {
		_, lw.err = io.WriteString(lw.w, s+"\n")
	}
}

// Run speaks UCI on in and out with e until "quit", the end of in, or an
// error writing out. Malformed commands and illegal moves are answered with
// "info string ..." and otherwise ignored. On "quit" a running search is
// stopped; at the end of in a search with limits may finish first (so a
// script "go depth 10" then EOF prints its bestmove), while an infinite or
// ponder search is stopped. Either way its bestmove is printed before Run
// returns. Lines may be of any length.
func Run(ctx context.Context, in io.Reader, out io.Writer, e *engine.Engine) error {
	s := &session{e: e, out: &lineWriter{w: out}, ctx: ctx, pos: chess.StartPosition()}
	defer s.bg.stop()
	r := bufio.NewReader(in)
	for {
		line, err := r.ReadString('\n')
		if line != "" {
			if quit := s.handle(line); quit {
				return s.out.failed()
			}
		}
		if err == io.EOF {
			s.bg.finish()
			return s.out.failed()
		}
		if err != nil {
			return err
		}
		if s.out.failed() != nil {
			return s.out.failed()
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
}

// handle executes one command line and reports whether it was "quit".
func (s *session) handle(line string) (quit bool) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return false
	}
	cmd, args := f[0], f[1:]
	if s.xq != nil && !variantFree(cmd, args) {
		s.xq.handle(cmd, args)
		return false
	}
	switch cmd {
	case "uci":
		s.out.println("id name " + Name)
		s.out.println("id author " + Author)
		for _, o := range engine.OptionSpecs() {
			s.out.println(optionLine(o))
		}
		s.out.println(variantOption)
		s.out.println(xiangqiRulesOption())
		for _, o := range bookOptions {
			s.out.println(o)
		}
		s.out.println("uciok")
	case "isready":
		s.out.println("readyok")
	case "debug", "register":
		// Accepted and ignored.
	case "setoption":
		s.bg.finish()
		s.setOption(args)
	case "ucinewgame":
		s.bg.finish()
		s.e.NewGame()
	case "position":
		if err := s.position(args); err != nil {
			s.infoString(err.Error())
		}
	case "go":
		s.bg.finish()
		s.goCmd(args)
	case "stop":
		s.bg.stop()
	case "ponderhit":
		s.e.PonderHit()
	case "quit":
		s.bg.stop()
		return true
	case "d":
		s.infoString("fen " + s.pos.FEN())
	default:
		s.out.unknownCommand(cmd, args)
	}
	return false
}

func truncate(s string) string {
	if len(s) > 80 {
		return s[:80] + "..."
	}
	return s
}

func (s *session) infoString(msg string) { s.out.infoString(msg) }

// infoString prints "info string msg", the reply to a command that cannot be carried out.
func (lw *lineWriter) infoString(msg string) { lw.println("info string " + msg) }

// unknownCommand reports a command that neither variant knows.
func (lw *lineWriter) unknownCommand(cmd string, args []string) {
	lw.infoString("unknown command: " + truncate(strings.Join(append([]string{cmd}, args...), " ")))
}

func optionLine(o engine.OptionSpec) string {
	var b strings.Builder
	b.WriteString("option name " + o.Name + " type " + o.Type)
	switch o.Type {
	case "spin":
		fmt.Fprintf(&b, " default %s min %d max %d", o.Default, o.Min, o.Max)
	case "check", "string":
		b.WriteString(" default " + o.Default)
	case "combo":
		b.WriteString(" default " + o.Default)
		for _, v := range o.Vars {
			b.WriteString(" var " + v)
		}
	}
	return b.String()
}

// setOption handles "setoption name N [value V]"; names and values may contain spaces.
func (s *session) setOption(args []string) {
	n, v, ok := parseSetOption(args)
	if !ok {
		s.infoString(setOptionUsage)
		return
	}
	if strings.EqualFold(n, "UCI_Variant") {
		s.setVariant(v)
		return
	}
	if strings.EqualFold(n, xq.RulesOption) {
		if _, err := xiangqi.ParseRules(v); err != nil {
			s.infoString(err.Error())
			return
		}
		s.xqRules = v
		if s.xq != nil {
			s.xq.setOption(args)
		}
		return
	}
	if msg, handled := s.book.setOption(n, v); handled {
		if msg != "" {
			s.infoString(msg)
		}
		return
	}
	if err := s.e.SetOption(n, v); err != nil {
		s.infoString(err.Error())
		return
	}
	if strings.EqualFold(n, "UCI_Chess960") {
		s.chess960 = strings.EqualFold(v, "true")
	}
}

// setOptionUsage is the reply to a malformed setoption.
const setOptionUsage = "setoption: want \"setoption name NAME [value VALUE]\""

// parseSetOption splits "name N [value V]"; names and values may contain spaces.
func parseSetOption(args []string) (name, value string, ok bool) {
	if len(args) < 2 || args[0] != "name" {
		return "", "", false
	}
	var n, v []string
	inValue := false
	for _, a := range args[1:] {
		if a == "value" && !inValue {
			inValue = true
			continue
		}
		if inValue {
			v = append(v, a)
		} else {
			n = append(n, a)
		}
	}
	return strings.Join(n, " "), strings.Join(v, " "), true
}

// variantFree reports whether a command means the same in every variant,
// so that the chess session handles it even when the xiangqi one is on.
func variantFree(cmd string, args []string) bool {
	switch cmd {
	case "uci", "isready", "debug", "register", "stop", "quit":
		return true
	}
	return isVariantOption(cmd, args)
}

// isVariantOption reports whether a command sets UCI_Variant, or the
// xiangqi rules, which the conversation keeps across variant switches.
func isVariantOption(cmd string, args []string) bool {
	n, _, ok := parseSetOption(args)
	return cmd == "setoption" && ok && (strings.EqualFold(n, "UCI_Variant") || strings.EqualFold(n, xq.RulesOption))
}

// setVariant switches the conversation between chess and xiangqi.
func (s *session) setVariant(v string) {
	s.bg.stop()
	switch strings.ToLower(v) {
	case "chess", "standard", "":
		s.xq = nil
	case xq.UCIVariant:
		s.xq = newXiangqiSession(s.ctx, s.out, &s.bg)
		if s.xqRules != "" {
			s.xq.setOption([]string{"name", xq.RulesOption, "value", s.xqRules})
		}
	default:
		s.infoString("UCI_Variant: unsupported variant " + truncate(v) + " (chess or xiangqi)")
	}
}

// positionArgs splits the arguments of "position startpos|fen FEN
// [moves M...]", the same in every variant: the FEN is every token up to
// "moves" (empty when startpos), the moves are left as text.
func positionArgs(args []string) (startpos bool, fen string, moves []string, err error) {
	if len(args) == 0 {
		return false, "", nil, fmt.Errorf("%w: position: want startpos or fen", ErrSyntax)
	}
	i := 1
	switch args[0] {
	case "startpos":
		startpos = true
	case "fen":
		for i < len(args) && args[i] != "moves" {
			i++
		}
		fen = strings.Join(args[1:i], " ")
	default:
		return false, "", nil, fmt.Errorf("%w: position: want startpos or fen, got %q", ErrSyntax, truncate(args[0]))
	}
	if i < len(args) {
		if args[i] != "moves" {
			return false, "", nil, fmt.Errorf("%w: position: want \"moves\", got %q", ErrSyntax, truncate(args[i]))
		}
		moves = args[i+1:]
	}
	return startpos, fen, moves, nil
}

// position handles "position startpos|fen FEN [moves M...]". On an error in
// the position itself nothing changes; on an illegal move the moves before
// it are kept (the last legal position).
func (s *session) position(args []string) error {
	startpos, fen, moves, err := positionArgs(args)
	if err != nil {
		return err
	}
	var pos chess.Position
	switch {
	case startpos && s.chess960:
		pos, err = chess.ParseFEN960(chess.StartFEN)
	case startpos:
		pos = chess.StartPosition()
	case s.chess960:
		pos, err = chess.ParseFEN960(fen)
	default:
		pos, err = chess.ParseFEN(fen)
	}
	if err != nil {
		return fmt.Errorf("position: %w", err)
	}
	var history []uint64
	for _, text := range moves {
		m, err := pos.ParseUCI(text)
		if err == nil && !m.IsValid() {
			err = fmt.Errorf("%w: null move %q", chess.ErrIllegalMove, text)
		}
		if err != nil {
			s.pos, s.history = pos, history
			return fmt.Errorf("position: %w (kept the position before it)", err)
		}
		history = append(history, pos.Key())
		pos.Play(m)
	}
	s.pos, s.history = pos, history
	return nil
}

// goCmd starts a search in the background; it prints info lines and then bestmove.
func (s *session) goCmd(args []string) {
	c, err := parseGo(args)
	if err != nil {
		s.infoString(err.Error())
		return
	}
	limits, err := c.chessLimits(&s.pos)
	if err != nil {
		s.infoString(err.Error())
		return
	}
	pos := s.pos
	if m, ok := s.book.move(&pos, c, limits); ok {
		s.infoString("book move " + pos.UCI(m))
		s.out.println("bestmove " + pos.UCI(m))
		return
	}
	history := append([]uint64(nil), s.history...)
	s.bg.start(s.ctx, limits.Infinite || limits.Ponder, func(ctx context.Context) {
		res := s.e.Search(ctx, pos, history, limits, func(info engine.Info) {
			s.out.println(formatInfo(&pos, info))
		})
		line := "bestmove " + moveText(&pos, res.BestMove)
		if res.BestMove == chess.MoveNone {
			line = "bestmove 0000"
		} else if res.Ponder != chess.MoveNone {
			var child chess.Position
			pos.MakeMove(res.BestMove, &child)
			if child.IsLegal(res.Ponder) {
				line += " ponder " + child.UCI(res.Ponder)
			}
		}
		s.out.println(line)
	})
}

func moveText(p *chess.Position, m chess.Move) string {
	if m == chess.MoveNone {
		return "0000"
	}
	return p.UCI(m)
}

// formatInfo renders an info line; the PV is written move by move in the
// position it is played from, so Chess960 castling prints correctly.
func formatInfo(pos *chess.Position, in engine.Info) string {
	if in.String != "" {
		return "info string " + in.String
	}
	line := infoLine{
		depth: in.Depth, selDepth: in.SelDepth, multiPV: in.MultiPV,
		score: scoreText(in.Score), bound: boundText(in.Bound == engine.BoundLower, in.Bound == engine.BoundUpper),
		nodes: in.Nodes, nps: in.NPS, hashFull: in.HashFull, time: in.Time,
	}
	p := *pos
	for _, m := range in.PV {
		if !p.IsLegal(m) {
			break
		}
		line.pv = append(line.pv, p.UCI(m))
		p.Play(m)
	}
	return line.String()
}
