package jieqi

import (
	"fmt"
	"strings"

	"github.com/gambitchess/gambit/variant/fair"
	"github.com/gambitchess/gambit/xiangqi"
)

// Played is one move as it happened: who played it, the move, what the
// mover turned out to be when it was face down, and what it took.
type Played struct {
	Color Color // the side that moved
	Move  Move
	// Revealed is the type the mover turned face up as, or NoPieceType
	// when it was already face up. A reveal is public.
	Revealed PieceType
	// Captured is the piece taken (its true identity), or xiangqi.NoPiece.
	// When CapturedDown, only the mover knows it: see SeenBy.
	Captured     Piece
	CapturedDown bool // the piece taken was face down
}

// UCI returns the move in ICCS coordinates ("h2e2").
func (pl Played) UCI() string { return pl.Move.String() }

// SeenBy returns the move as seer (Red, Black or NoColor for a spectator)
// knows it: a piece taken face down keeps its identity for the mover
// only; others see Captured as xiangqi.NoPiece with CapturedDown set.
func (pl Played) SeenBy(seer Color) Played {
	if pl.CapturedDown && seer != pl.Color {
		pl.Captured = xiangqi.NoPiece
	}
	return pl
}

// String writes the move in ICCS with what it showed: "h2e2", "b0c2=N"
// (a face-down red piece turned up as a horse), "h2h9xr" (it took a black
// chariot), "b2b9=Cx?" (it took a face-down piece not identified).
func (pl Played) String() string {
	var sb strings.Builder
	sb.WriteString(pl.Move.String())
	if pl.Revealed != NoPieceType {
		sb.WriteByte('=')
		sb.WriteByte(xiangqi.NewPiece(pl.Color, pl.Revealed).Char())
	}
	switch {
	case pl.Captured != xiangqi.NoPiece:
		sb.WriteByte('x')
		sb.WriteByte(pl.Captured.Char())
	case pl.CapturedDown:
		sb.WriteString("x?")
	}
	return sb.String()
}

// Game is the safe face of the package: a game from a seeded layout. It
// checks every move, records what each move showed, and judges the end.
// It holds the true position and the secret seed: give players only their
// View. It has no takeback: a move may show a hidden piece. Its zero value
// is not usable; create one with NewGame or NewGameFromFEN.
type Game struct {
	seed      fair.Seed
	positions []Position // true positions, positions[i] after i moves
	played    []Played
	keys      []uint64
	checks    []bool // checks[i]: the side to move in positions[i] is in check
	outcome   Outcome

	moveLimit   int
	repetitions int
}

// DefaultMoveLimit is the natural limit: 60 moves (120 plies) without a
// capture draw the game, as in package xiangqi.
const DefaultMoveLimit = xiangqi.DefaultMoveLimit

// DefaultRepetitions is how many times a position must occur for a draw by
// repetition, as in package xiangqi.
const DefaultRepetitions = xiangqi.DefaultRepetitions

// NewGame returns a game from the start, its face-down pieces dealt by
// seed (see Deal).
func NewGame(seed fair.Seed) *Game {
	g, err := NewGameFromFEN(StartFEN, seed)
	if err != nil {
		panic("jieqi: the start: " + err.Error())
	}
	return g
}

// NewGameFromFEN returns a game from the public position fen, its
// face-down pieces dealt by seed (see Deal).
func NewGameFromFEN(fen string, seed fair.Seed) (*Game, error) {
	p, err := ParseFEN(fen)
	if err != nil {
		return nil, err
	}
	if p, err = Deal(p, seed); err != nil {
		return nil, err
	}
	g := &Game{seed: seed, moveLimit: DefaultMoveLimit, repetitions: DefaultRepetitions}
	g.record(p)
	return g, nil
}

func (g *Game) record(p Position) {
	g.positions = append(g.positions, p)
	g.keys = append(g.keys, p.key)
	g.checks = append(g.checks, p.InCheck())
	g.outcome = g.judge()
}

func (g *Game) cur() *Position { return &g.positions[len(g.positions)-1] }

// SetMoveLimit sets the natural limit in moves (plies/2) without capture;
// 0 disables it. It takes effect at the next move.
func (g *Game) SetMoveLimit(moves int) { g.moveLimit = max(moves, 0) }

// SetRepetitions sets how many occurrences of a position draw the game (0
// disables the draw; perpetual check is still judged). It takes effect at
// the next move.
func (g *Game) SetRepetitions(n int) { g.repetitions = max(n, 0) }

// Seed returns the game's secret seed. Reveal it only once the game is over.
func (g *Game) Seed() fair.Seed { return g.seed }

// Commitment returns the public commitment to the seed (fair.Seed.Commitment).
func (g *Game) Commitment() string { return g.seed.Commitment() }

// Position returns the true current position: secret.
func (g *Game) Position() Position { return *g.cur() }

// StartPosition returns the true position the game started from: secret.
func (g *Game) StartPosition() Position { return g.positions[0] }

// View returns what seer (Red, Black or NoColor for a spectator) knows of
// the current position.
func (g *Game) View(seer Color) Sight { return View(*g.cur(), seer) }

// FEN returns the current public position (X and x for face-down pieces).
func (g *Game) FEN() string { return g.cur().FEN() }

// Turn returns the side to move.
func (g *Game) Turn() Color { return g.cur().side }

// Ply returns the number of moves played.
func (g *Game) Ply() int { return len(g.played) }

// History returns a copy of the moves played, with everything they showed
// (the true record: hand a player History filtered by Played.SeenBy).
func (g *Game) History() []Played { return append([]Played(nil), g.played...) }

// Last returns the last move played, with what it showed; false before the
// first move. It copies nothing, unlike History.
func (g *Game) Last() (Played, bool) {
	if len(g.played) == 0 {
		return Played{}, false
	}
	return g.played[len(g.played)-1], true
}

// PositionAt returns the true position after ply moves (0: the start);
// false when the game has not that many.
func (g *Game) PositionAt(ply int) (Position, bool) {
	if ply < 0 || ply >= len(g.positions) {
		return Position{}, false
	}
	return g.positions[ply], true
}

// Keys returns a copy of the Zobrist keys of every position, the start first.
func (g *Game) Keys() []uint64 { return append([]uint64(nil), g.keys...) }

// LegalMoves returns the legal moves, none once the game is over.
func (g *Game) LegalMoves() []Move {
	if g.outcome.Over() {
		return nil
	}
	var ml MoveList
	g.cur().GenerateLegal(&ml)
	return append([]Move(nil), ml.Moves()...)
}

// LegalUCI returns the legal moves in ICCS coordinates.
func (g *Game) LegalUCI() []string {
	moves := g.LegalMoves()
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = m.String()
	}
	return out
}

// Push plays m and returns what it showed. It fails, wrapping ErrGameOver
// or ErrIllegalMove, when the game is over or m is not legal.
func (g *Game) Push(m Move) (Played, error) {
	p := g.cur()
	if g.outcome.Over() {
		return Played{}, fmt.Errorf("jieqi: play %v: %w (%v)", m, ErrGameOver, g.outcome)
	}
	if !p.IsLegal(m) {
		return Played{}, fmt.Errorf("jieqi: play %v in %s: %w", m, p.FEN(), ErrIllegalMove)
	}
	from, to := m.From(), m.To()
	pl := Played{Color: p.side, Move: m}
	if p.down.Has(from) {
		pl.Revealed = p.identity[from]
	}
	if c := p.board[to]; c != xiangqi.NoPiece {
		pl.Captured = c
		if p.down.Has(to) {
			pl.CapturedDown = true
			pl.Captured = xiangqi.NewPiece(c.Color(), p.identity[to])
		}
	}
	var child Position
	p.MakeMove(m, &child)
	g.played = append(g.played, pl)
	g.record(child)
	return pl, nil
}

// PushUCI reads a move in ICCS coordinates ("h2e2"; upper case and
// "H2-E2" accepted) and plays it.
func (g *Game) PushUCI(s string) (Played, error) {
	m, err := ParseUCI(s)
	if err != nil {
		return Played{}, err
	}
	return g.Push(m)
}

// ParseUCI reads a move in ICCS coordinates (xiangqi.ParseMove) without
// checking it against a position; the error wraps ErrInvalidMove.
func ParseUCI(s string) (Move, error) {
	m, ok := xiangqi.ParseMove(s)
	if !ok {
		return MoveNone, fmt.Errorf("%w: %q", ErrInvalidMove, s)
	}
	return m, nil
}

// Outcome returns how the game stands; the zero Outcome while it goes on.
// The rules, in order: a side with no legal move loses (Checkmate when in
// check, Stalemate otherwise); a repeated position is judged for perpetual
// check (the side that checked through it, more than three times in a
// row, while the other did not, loses: PerpetualCheck), and otherwise
// draws at its third occurrence (Repetition); 60 moves without a capture
// draw (MoveLimit); only the two generals left draw (InsufficientMaterial).
// Resignation, time and agreed draws are the caller's.
func (g *Game) Outcome() Outcome { return g.outcome }

// judge is xiangqi's Game.Outcome: jieqi keeps xiangqi's endings.
func (g *Game) judge() Outcome {
	return xiangqi.JudgeGame(g.cur(), g.keys, g.checks, g.positions[0].side, g.repetitions, g.moveLimit)
}
