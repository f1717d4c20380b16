package xiangqi

// Game is the safe face of the package: it checks every move, keeps the
// history of positions and Zobrist keys, and judges the end of the game
// (mate, stalemate, perpetual check, repetition, the natural move limit
// and insufficient material).
type Game struct {
	positions []Position // positions[i] after i moves
	moves     []Move
	keys      []uint64
	checks    []bool // checks[i]: side to move in positions[i] is in check

	moveLimit   int
	repetitions int
	rules       Rules
}

// DefaultMoveLimit is the natural limit: 60 moves (120 plies) without a
// capture draw the game.
const DefaultMoveLimit = 60

// DefaultRepetitions is how many times a position must occur for a draw
// by repetition.
const DefaultRepetitions = 3

// NewGame returns a game from the standard start position.
func NewGame() *Game { return NewGameFrom(StartPosition()) }

// NewGameFromFEN returns a game starting from fen.
func NewGameFromFEN(fen string) (*Game, error) {
	p, err := ParseFEN(fen)
	if err != nil {
		return nil, err
	}
	return NewGameFrom(p), nil
}

// NewGameFrom returns a game starting from p, which must be valid: a
// position from ParseFEN, StartPosition or MakeMove is (the zero Position
// is not; see Validate).
func NewGameFrom(p Position) *Game {
	g := &Game{moveLimit: DefaultMoveLimit, repetitions: DefaultRepetitions}
	g.record(p, MoveNone)
	return g
}

func (g *Game) record(p Position, m Move) {
	if m != MoveNone {
		g.moves = append(g.moves, m)
	}
	g.positions = append(g.positions, p)
	g.keys = append(g.keys, p.key)
	g.checks = append(g.checks, p.InCheck())
}

// SetMoveLimit sets the natural limit in moves (plies/2) without capture;
// 0 disables it.
func (g *Game) SetMoveLimit(moves int) { g.moveLimit = max(moves, 0) }

// MoveLimit returns the natural limit in moves.
func (g *Game) MoveLimit() int { return g.moveLimit }

// SetRepetitions sets how many occurrences of a position draw the game
// (0 disables the draw; perpetual check is still judged).
func (g *Game) SetRepetitions(n int) { g.repetitions = max(n, 0) }

// SetRules sets the rule set that judges repetitions (DefaultRules
// unless set).
func (g *Game) SetRules(r Rules) { g.rules = r }

// Rules returns the rule set that judges repetitions.
func (g *Game) Rules() Rules { return g.rules }

// Position returns the current position.
func (g *Game) Position() Position { return g.positions[len(g.positions)-1] }

// Turn returns the side to move.
func (g *Game) Turn() Color { return g.cur().side }

// StartPosition returns the position the game started from.
func (g *Game) StartPosition() Position { return g.positions[0] }

// FEN returns the current position in FEN form.
func (g *Game) FEN() string { return g.cur().FEN() }

func (g *Game) cur() *Position { return &g.positions[len(g.positions)-1] }

// Moves returns a copy of the moves played.
func (g *Game) Moves() []Move { return append([]Move(nil), g.moves...) }

// Positions returns a copy of every position of the game from the start to
// the current one (one more than the moves).
func (g *Game) Positions() []Position { return append([]Position(nil), g.positions...) }

// Keys returns a copy of the Zobrist keys of every position of the game,
// starting position first (one more than the moves).
func (g *Game) Keys() []uint64 { return append([]uint64(nil), g.keys...) }

// Ply returns the number of moves played.
func (g *Game) Ply() int { return len(g.moves) }

// LegalMoves returns the legal moves in the current position.
func (g *Game) LegalMoves() []Move {
	var ml MoveList
	g.cur().GenerateLegal(&ml)
	return append([]Move(nil), ml.Moves()...)
}

// Push plays m, or returns an error wrapping ErrIllegalMove.
func (g *Game) Push(m Move) error {
	p := g.cur()
	if !p.IsLegal(m) {
		return &MoveError{Move: m.String(), Err: ErrIllegalMove}
	}
	var child Position
	p.MakeMove(m, &child)
	g.record(child, m)
	return nil
}

// Pop takes back the last move and returns it. It returns false when no
// move has been played.
func (g *Game) Pop() (Move, bool) {
	if len(g.moves) == 0 {
		return MoveNone, false
	}
	m := g.moves[len(g.moves)-1]
	g.moves = g.moves[:len(g.moves)-1]
	n := len(g.positions) - 1
	g.positions, g.keys, g.checks = g.positions[:n], g.keys[:n], g.checks[:n]
	return m, true
}

// PushUCI parses a move in coordinate text ("h2e2", see Position.ParseUCI)
// and plays it.
func (g *Game) PushUCI(s string) (Move, error) {
	return g.pushParsed(g.cur().ParseUCI(s))
}

// PushChinese parses a move in Chinese notation ("炮二平五") and plays it.
func (g *Game) PushChinese(s string) (Move, error) {
	return g.pushParsed(g.cur().ParseChinese(s))
}

// PushWXF parses a move in WXF notation ("C2.5") and plays it.
func (g *Game) PushWXF(s string) (Move, error) {
	return g.pushParsed(g.cur().ParseWXF(s))
}

func (g *Game) pushParsed(m Move, err error) (Move, error) {
	if err != nil {
		return MoveNone, err
	}
	var child Position
	g.cur().MakeMove(m, &child)
	g.record(child, m)
	return m, nil
}

// Outcome judges the current position: the side to move loses when it has
// no legal move (Checkmate or Stalemate); a position repeated three times
// is judged by the game's rules (JudgeRepetitions: perpetual check,
// perpetual chase and one check one chase lose, other repetitions draw
// after the set number of occurrences); the natural move limit and
// insufficient material draw. The zero Outcome means the game goes on.
func (g *Game) Outcome() Outcome {
	o, _ := g.Ruling()
	return o
}

// Ruling returns Outcome and, for a game ended by a repetition, the ply
// where the judged moves began (the judged moves run from there to the
// end); 0 otherwise.
func (g *Game) Ruling() (Outcome, int) {
	return judgeGame(g.cur(), g.checks, g.moveLimit, func(lo int) (Outcome, int) {
		return JudgeRepetitions(g.positions, g.moves, lo, g.repetitions, g.rules)
	})
}

// MoveError is returned for a move that cannot be read or played; Err is
// ErrInvalidMove, ErrIllegalMove or ErrAmbiguousMove.
type MoveError struct {
	Move string // the move text as given
	Err  error
}

// Error implements error.
func (e *MoveError) Error() string { return e.Err.Error() + ": " + e.Move }

// Unwrap returns the sentinel.
func (e *MoveError) Unwrap() error { return e.Err }
