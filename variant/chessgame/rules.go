package chessgame

import (
	"errors"
	"fmt"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/chess/opening"
	"github.com/gambitchess/gambit/chess/pgn"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/variant/chesssetup"
)

// The variants this package registers.
const (
	Chess    game.Variant = game.DefaultVariant // standard chess, the variant of a record that names none
	Chess960 game.Variant = "chess960"          // Fischer random chess: chess from one of 960 back ranks
)

// chessSpec registers standard chess.
var chessSpec = &game.Spec{
	Name:   Chess,
	Label:  "Chess",
	Labels: map[string]string{"zh-TW": "西洋棋", "zh-CN": "国际象棋"},
	Board:  game.BoardChess,
	Sides:  game.ChessSides,
	Setup:  chesssetup.Read,
	Rules:  func(start, _ string) (game.Rules, error) { return chessRulesAt(start, chess.ParseFEN) },
	// Terminations: the rules' own, not resignation, agreement or time.
	Terminations: game.TerminationNames(chess.Checkmate, chess.ThreefoldRepetition, chess.Termination.String),
	BoardPGN:     true,
	ClaimDraw:    true,
	Notes:        chessSetupNotes,
	UCI:          &game.UCIDialect{Variant: "chess"},
	Engine:       openEngine,
	Tree:         treeOf(chess.ParseFEN),
	PuzzleThemes: puzzleThemesOf(chess.ParseFEN),
}

// chessRulesAt returns the rules of a game from start, a FEN that parse
// reads ("" for the standard start). parse decides the game: chess.ParseFEN
// for standard chess, chess.ParseFEN960 for Chess960, whose positions then
// carry the Chess960 flag through every move.
func chessRulesAt(start string, parse func(string) (chess.Position, error)) (game.Rules, error) {
	if start == "" {
		start = chess.StartFEN
	}
	p, err := parse(start)
	if err != nil {
		return nil, fmt.Errorf("%w: FEN: %v", game.ErrBadSetup, err)
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
func (r *chessRules) Sight(_ chess.Color, _, _, history bool) game.Sight {
	return game.OpenSight(r, history)
}

func (r *chessRules) Claimable() (string, bool) {
	t := r.g.ClaimableDraw()
	return t.String(), t != chess.NoTermination
}

// StandingDraw implements game.StandingDrawer: the 50-move rule reached,
// or the position on the board for the third time; not a draw a move would
// bring about, which Claimable allows too.
func (r *chessRules) StandingDraw() (string, bool) {
	if r.g.Outcome().Over() {
		return "", false
	}
	p := r.g.Position()
	switch {
	case p.HalfmoveClock() >= 100:
		return chess.FiftyMoves.String(), true
	case r.g.RepetitionCount() >= 3:
		return chess.ThreefoldRepetition.String(), true
	}
	return "", false
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
	return game.ChessDests(&p, ml.Moves())
}

func (r *chessRules) Play(text string) (game.Step, error) {
	pos := r.g.Position()
	m, err := pos.ParseUCI(text)
	switch {
	case errors.Is(err, chess.ErrInvalidMove):
		return game.Step{}, fmt.Errorf("%w: %q", game.ErrInvalidMove, text)
	case err != nil:
		return game.Step{}, fmt.Errorf("%w: %s", game.ErrIllegalMove, text)
	}
	step := game.Step{UCI: pos.UCI(m), SAN: pos.SAN(m), Color: game.Side(pos.SideToMove())}
	named := r.namedPly == r.g.Ply() && r.namedKey == pos.Key()
	if err := r.g.Push(m); err != nil {
		return game.Step{}, fmt.Errorf("%w: %s: %v", game.ErrIllegalMove, text, err)
	}
	step.FEN = r.FEN()
	if named && r.book {
		after := r.g.Position()
		r.named, r.namedOK = opening.Next(r.named, r.namedOK, &after, r.g.Ply())
		r.namedPly, r.namedKey = r.g.Ply(), after.Key()
	}
	return step, nil
}

func (r *chessRules) History() []game.Step {
	positions := r.g.Positions()
	moves := r.g.Moves()
	out := make([]game.Step, len(moves))
	for i, m := range moves {
		before, after := positions[i], positions[i+1]
		out[i] = game.Step{UCI: before.UCI(m), SAN: before.SAN(m), FEN: after.FEN(), Color: game.Side(before.SideToMove())}
	}
	return out
}

func (r *chessRules) Check() (string, bool) {
	p := r.g.Position()
	return game.ChessCheck(&p)
}

func (r *chessRules) Outcome() game.Outcome {
	return game.ChessOutcome(r.g.Outcome(), game.Statuses[chess.Termination]{Mate: chess.Checkmate, Stalemate: chess.Stalemate})
}

// Opening names the game's opening (package chess/opening: lichess's
// table; a game from the standard start only).
func (r *chessRules) Opening() (game.Opening, bool) {
	o, ok := r.opening()
	return game.Opening{ECO: o.ECO, Name: o.Name, Ply: o.Ply}, ok
}

// opening is Opening in package opening's terms, kept between moves.
func (r *chessRules) opening() (opening.Opening, bool) {
	p := r.g.Position()
	if r.namedPly != r.g.Ply() || r.namedKey != p.Key() {
		r.named, r.namedOK = opening.Classify(r.g)
		r.namedPly, r.namedKey = r.g.Ply(), p.Key()
	}
	return r.named, r.namedOK
}

// PGN writes the seven-tag roster, SetUp and FEN for a set position (and
// Variant "Chess960" with them for any Chess960 game), TimeControl and
// Termination, and ECO and Opening when the opening has a name, and the
// header's comments after their moves, through package chess/pgn.
func (r *chessRules) PGN(h game.PGNHeader) (string, error) {
	out := pgn.NewGameFrom(r.g.StartPosition())
	h.SetTags(&out.Tags, "White")
	if o, ok := r.opening(); ok {
		out.Tags.Set("ECO", o.ECO)
		out.Tags.Set("Opening", o.Name)
	}
	out.Result = h.Result
	node := out.Root
	for i, m := range r.g.Moves() {
		next, err := node.AddVariation(m)
		if err != nil {
			return "", fmt.Errorf("chess: move %d: %w", i+1, err)
		}
		node = next
		node.Comment = h.Comment(i)
	}
	return out.String(), nil
}

func (r *chessRules) Clone() game.Rules {
	c := newChessRules(r.g.StartPosition())
	for _, m := range r.g.Moves() {
		_ = c.g.Push(m) // replaying moves that were legal
	}
	return c
}

// Game returns the rules library's game (the engines read it through
// openEngine; package game's tests, through an interface of this method).
func (r *chessRules) Game() *chess.Game { return r.g }

func init() {
	game.Register(chessSpec)
	game.Register(chess960Spec)
}
