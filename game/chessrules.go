package game

import (
	"errors"
	"fmt"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/chess/opening"
	"github.com/gambitchess/gambit/chess/pgn"
)

// chessSpec registers standard chess.
var chessSpec = &Spec{
	Name:   Chess,
	Label:  "Chess",
	Labels: map[string]string{"zh-TW": "西洋棋", "zh-CN": "国际象棋"},
	Board:  BoardChess,
	Sides:  ChessSides,
	Setup:  ChessSetup,
	Rules:  func(start, _ string) (Rules, error) { return chessRulesAt(start, chess.ParseFEN) },
	// Terminations: the rules' own, not resignation, agreement or time.
	Terminations: TerminationNames(chess.Checkmate, chess.ThreefoldRepetition, chess.Termination.String),
	BoardPGN:     true,
	ClaimDraw:    true,
}

// ChessSetup reads a FEN or PGN into a start FEN and UCI moves.
func ChessSetup(text string) (string, []string, error) {
	start, moves, err := ParseSetup(text)
	if err != nil {
		return "", nil, err
	}
	fen := ""
	if start != chess.StartPosition() {
		fen = start.FEN()
	}
	return fen, uciMoves(start, moves), nil
}

// uciMoves writes moves, played from start, in UCI: Chess960 castling as
// the king's move onto its rook when start is a Chess960 position.
func uciMoves(start chess.Position, moves []chess.Move) []string {
	out := make([]string, len(moves))
	p := start
	for i, m := range moves {
		out[i] = p.UCI(m)
		var next chess.Position
		p.MakeMove(m, &next)
		p = next
	}
	return out
}

// chessRulesAt returns the rules of a game from start, a FEN that parse
// reads ("" for the standard start). parse decides the game: chess.ParseFEN
// for standard chess, chess.ParseFEN960 for Chess960, whose positions then
// carry the Chess960 flag through every move.
func chessRulesAt(start string, parse func(string) (chess.Position, error)) (Rules, error) {
	if start == "" {
		start = chess.StartFEN
	}
	p, err := parse(start)
	if err != nil {
		return nil, fmt.Errorf("%w: FEN: %v", ErrBadSetup, err)
	}
	return newChessRules(p), nil
}

// chessRules is Rules over package chess, for standard chess and Chess960
// alike: the position says which (chess.Position.Chess960), and with it
// how castling is played and written.
type chessRules struct {
	g *chess.Game
	// named caches Opening for the position of key namedKey at ply
	// namedPly (-1: none yet, or forgotten by Pop): every message of the
	// game may carry the name, and replaying the game for each would be
	// waste.
	named    opening.Opening
	namedOK  bool
	namedPly int
	namedKey uint64
	// book: the game starts from the standard start, so that Play can
	// carry the name one ply on (opening.Next) rather than Opening
	// replaying the game.
	book bool
	// fen is the FEN of the position at ply fenPly (-1: none, or
	// forgotten by Pop, the only change of g but Play, which moves to
	// another ply). startFEN is the start position's ("" until asked).
	fen      string
	fenPly   int
	startFEN string
}

func newChessRules(start chess.Position) *chessRules {
	return &chessRules{g: chess.NewGameFrom(start), namedPly: -1, fenPly: -1, book: opening.IsStandardStart(&start)}
}

func (r *chessRules) Turn() chess.Color { return r.g.Turn() }
func (r *chessRules) Ply() int          { return r.g.Ply() }

// Pop takes back the last move and forgets what was kept of the position:
// the FEN (a move played next reaches the same ply), and the opening's
// name, which depends on the way to a position, not only on the position,
// so the next Opening names the game afresh (Classify) rather than trust a
// name kept for the same position reached another way.
func (r *chessRules) Pop() bool {
	r.namedPly, r.fenPly = -1, -1
	_, ok := r.g.Pop()
	return ok
}

// FEN is the current position's, written once a position: every message
// of a move carries it, and the move's step already has it.
func (r *chessRules) FEN() string {
	if r.fenPly != r.g.Ply() {
		p := r.g.Position()
		r.fen, r.fenPly = p.FEN(), r.g.Ply()
	}
	return r.fen
}

// StartFEN is the start position's, written once a game.
func (r *chessRules) StartFEN() string {
	if r.startFEN == "" {
		p := r.g.StartPosition()
		r.startFEN = p.FEN()
	}
	return r.startFEN
}

// Sight: chess hides nothing.
func (r *chessRules) Sight(_ chess.Color, _, _, history bool) Sight { return openSight(r, history) }

func (r *chessRules) Claimable() (string, bool) {
	t := r.g.ClaimableDraw()
	return t.String(), t != chess.NoTermination
}

func (r *chessRules) CanMate(c chess.Color) bool {
	p := r.g.Position()
	return !p.HasInsufficientMaterial(c)
}

// Dests gives the destinations as UCI has them: castling as the king's
// destination in standard chess and as its own rook's square in Chess960
// (where the king may not move at all), and one destination per promotion
// square.
func (r *chessRules) Dests() map[string][]string {
	p := r.g.Position()
	var ml chess.MoveList
	p.GenerateLegal(&ml)
	return ChessDests(&p, ml.Moves())
}

func (r *chessRules) Play(text string) (Step, error) {
	pos := r.g.Position()
	m, err := pos.ParseUCI(text)
	switch {
	case errors.Is(err, chess.ErrInvalidMove):
		return Step{}, fmt.Errorf("%w: %q", ErrInvalidMove, text)
	case err != nil:
		return Step{}, fmt.Errorf("%w: %s", ErrIllegalMove, text)
	}
	step := Step{UCI: pos.UCI(m), SAN: pos.SAN(m), Color: Side(pos.SideToMove())}
	named := r.namedPly == r.g.Ply() && r.namedKey == pos.Key()
	if err := r.g.Push(m); err != nil {
		return Step{}, fmt.Errorf("%w: %s: %v", ErrIllegalMove, text, err)
	}
	step.FEN = r.FEN()
	if named && r.book {
		after := r.g.Position()
		r.named, r.namedOK = opening.Next(r.named, r.namedOK, &after, r.g.Ply())
		r.namedPly, r.namedKey = r.g.Ply(), after.Key()
	}
	return step, nil
}

func (r *chessRules) History() []Step {
	positions := r.g.Positions()
	moves := r.g.Moves()
	out := make([]Step, len(moves))
	for i, m := range moves {
		before, after := positions[i], positions[i+1]
		out[i] = Step{UCI: before.UCI(m), SAN: before.SAN(m), FEN: after.FEN(), Color: Side(before.SideToMove())}
	}
	return out
}

func (r *chessRules) Check() (string, bool) {
	p := r.g.Position()
	return ChessCheck(&p)
}

func (r *chessRules) Outcome() Outcome {
	o := r.g.Outcome()
	if !o.Over() {
		return Outcome{}
	}
	return Outcome{Termination: o.Termination.String(), Code: uint8(o.Termination), Winner: o.Winner, Draw: o.Draw,
		Status: chessStatus(o.Termination)}
}

// chessStatus maps a chess termination found on the board to the
// server-level status.
func chessStatus(t chess.Termination) Status {
	switch t {
	case chess.Checkmate:
		return Mate
	case chess.Stalemate:
		return Stalemate
	}
	return Draw
}

// Opening names the game's opening (package chess/opening: lichess's
// table; a game from the standard start only).
func (r *chessRules) Opening() (opening.Opening, bool) {
	p := r.g.Position()
	if r.namedPly != r.g.Ply() || r.namedKey != p.Key() {
		r.named, r.namedOK = opening.Classify(r.g)
		r.namedPly, r.namedKey = r.g.Ply(), p.Key()
	}
	return r.named, r.namedOK
}

// PGN writes the seven-tag roster, SetUp and FEN for a set position (and
// Variant "Chess960" with them for any Chess960 game), TimeControl and
// Termination, and ECO and Opening when the opening has a name, through
// package chess/pgn.
func (r *chessRules) PGN(h PGNHeader) string {
	out := pgn.NewGameFrom(r.g.StartPosition())
	h.setTags(&out.Tags, "White")
	if o, ok := r.Opening(); ok {
		out.Tags.Set("ECO", o.ECO)
		out.Tags.Set("Opening", o.Name)
	}
	out.Result = h.Result
	node := out.Root
	for _, m := range r.g.Moves() {
		next, err := node.AddVariation(m)
		if err != nil {
			break // cannot happen: the moves were checked when played
		}
		node = next
	}
	return out.String()
}

func (r *chessRules) Clone() Rules {
	c := newChessRules(r.g.StartPosition())
	for _, m := range r.g.Moves() {
		_ = c.g.Push(m) // replaying moves that were legal
	}
	return c
}

// Game returns the chess game, for a chess engine to read.
func (r *chessRules) Game() *chess.Game { return r.g }
