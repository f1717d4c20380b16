package chess

import (
	"errors"
	"fmt"
)

// ErrGameOver is returned for a move, claim or declaration after the game has ended.
var ErrGameOver = errors.New("chess: game is over")

// Game is the checked layer over Position: it accepts only legal moves, keeps
// the history for undo and repetition, and knows every way a game ends.
// Servers and file readers use Game; engines use Position directly.
type Game struct {
	start     Position
	positions []Position // positions[i] is the position before moves[i]; the last is the current one
	moves     []Move
	declared  Outcome // resignation, agreement, timeout or a claimed draw
}

// NewGame returns a game from the standard starting position.
func NewGame() *Game { return NewGameFrom(StartPosition()) }

// NewGameFrom returns a game starting from p.
func NewGameFrom(p Position) *Game {
	return &Game{start: p, positions: []Position{p}}
}

// Position returns the current position.
func (g *Game) Position() Position { return g.positions[len(g.positions)-1] }

// Turn returns the colour to move.
func (g *Game) Turn() Color { return g.current().side }

func (g *Game) current() *Position { return &g.positions[len(g.positions)-1] }

// StartPosition returns the position the game started from.
func (g *Game) StartPosition() Position { return g.start }

// FEN returns the current position in FEN.
func (g *Game) FEN() string { return g.current().FEN() }

// Moves returns a copy of the moves played, in order.
func (g *Game) Moves() []Move { return append([]Move(nil), g.moves...) }

// Positions returns a copy of every position of the game from the start to
// the current one (one more than the moves).
func (g *Game) Positions() []Position { return append([]Position(nil), g.positions...) }

// Keys returns the Zobrist keys of every position of the game, starting
// position first (one more than the moves): the history an engine needs to
// see repetitions.
func (g *Game) Keys() []uint64 {
	keys := make([]uint64, len(g.positions))
	for i := range g.positions {
		keys[i] = g.positions[i].key
	}
	return keys
}

// Ply returns the number of moves played.
func (g *Game) Ply() int { return len(g.moves) }

// SANMoves returns the moves played in SAN.
func (g *Game) SANMoves() []string {
	out := make([]string, len(g.moves))
	for i, m := range g.moves {
		out[i] = g.positions[i].SAN(m)
	}
	return out
}

// Push plays m after checking that it is legal and that the game goes on.
// MoveNull is accepted when the side to move is not in check (PGN's "--").
func (g *Game) Push(m Move) error {
	p := g.current()
	var legal MoveList
	p.GenerateLegal(&legal) // one generation answers both "is it over" and "is m legal"
	if o := g.outcome(legal.Len() > 0); o.Over() {
		return fmt.Errorf("%w: %v", ErrGameOver, o)
	}
	next := *p
	switch {
	case m == MoveNull:
		if p.InCheck() {
			return fmt.Errorf("%w: null move while in check", ErrIllegalMove)
		}
		next.PlayNull()
	case legal.Contains(m):
		next.Play(m)
	default:
		return fmt.Errorf("%w: %v in %s", ErrIllegalMove, m, p.FEN())
	}
	g.moves = append(g.moves, m)
	g.positions = append(g.positions, next)
	return nil
}

// PushSAN parses a move in SAN (leniently, see Position.ParseSAN) and plays it.
func (g *Game) PushSAN(s string) (Move, error) {
	m, err := g.current().ParseSAN(s)
	if err != nil {
		return MoveNone, err
	}
	return m, g.Push(m)
}

// PushUCI parses a move in UCI notation and plays it.
func (g *Game) PushUCI(s string) (Move, error) {
	m, err := g.current().ParseUCI(s)
	if err != nil {
		return MoveNone, err
	}
	return m, g.Push(m)
}

// Pop takes back the last move and any ending declared after it. It returns
// false when no move has been played.
func (g *Game) Pop() (Move, bool) {
	if len(g.moves) == 0 {
		return MoveNone, false
	}
	m := g.moves[len(g.moves)-1]
	g.moves = g.moves[:len(g.moves)-1]
	g.positions = g.positions[:len(g.positions)-1]
	g.declared = Outcome{}
	return m, true
}

// LegalMoves returns the legal moves of the current position (none once the game is over).
func (g *Game) LegalMoves() []Move {
	if g.Outcome().Over() {
		return nil
	}
	var ml MoveList
	g.current().GenerateLegal(&ml)
	return append([]Move(nil), ml.Moves()...)
}

// RepetitionCount returns how many times the current position has occurred,
// counting itself. Positions are the same when the same side is to move with
// the same pieces, castling rights and en-passant possibility (FIDE 9.2).
func (g *Game) RepetitionCount() int { return g.countOf(len(g.positions) - 1) }

// countOf counts the occurrences of positions[i] up to and including it. Only
// positions since the last irreversible move can repeat it.
func (g *Game) countOf(i int) int {
	p := &g.positions[i]
	n := 1
	for j := i - 2; j >= 0 && j >= i-int(p.halfmove); j -= 2 {
		if g.positions[j].key == p.key && samePosition(&g.positions[j], p) {
			n++
		}
	}
	return n
}

// samePosition guards repetition against Zobrist collisions.
func samePosition(a, b *Position) bool {
	return a.board == b.board && a.side == b.side && a.castling == b.castling && a.ep == b.ep
}

// CanClaimDraw reports whether the side to move may claim a draw: by the
// threefold repetition rule or the 50-move rule, either as things stand or by
// announcing a move that brings it about (FIDE 9.2, 9.3).
func (g *Game) CanClaimDraw() bool { return g.claim(true) != NoTermination }

// ClaimableDraw returns the draw the side to move may claim now, as
// CanClaimDraw judges it: FiftyMoves, ThreefoldRepetition, or NoTermination.
func (g *Game) ClaimableDraw() Termination { return g.claim(true) }

// claim is ClaimableDraw; quick lets it answer at once when nothing can be
// claimed, now or by a move. A live game asks at every move whether its
// player may claim, and trying each legal move (and, before that, whether
// the game is over: a search for a legal move) was most of the question.
func (g *Game) claim(quick bool) Termination {
	p := g.current()
	// A move reaches 100 halfmoves only from 99, and makes a third
	// occurrence only of a position that stands twice already: the position
	// after a reversible move is counted against the earlier positions with
	// the same side to move since the last irreversible move (countOf).
	if quick && p.halfmove < 99 && g.RepetitionCount() < 3 && !g.keyTwiceBeforeMove() {
		return NoTermination // over or not, there is nothing to claim
	}
	if g.Outcome().Over() {
		return NoTermination
	}
	if p.halfmove >= 100 {
		return FiftyMoves
	}
	if g.RepetitionCount() >= 3 {
		return ThreefoldRepetition
	}
	var ml MoveList
	p.GenerateLegal(&ml)
	for _, m := range ml.Moves() {
		next := *p
		next.Play(m)
		if next.halfmove >= 100 && !next.IsCheckmate() {
			return FiftyMoves
		}
		g.positions = append(g.positions, next)
		n := g.countOf(len(g.positions) - 1)
		g.positions = g.positions[:len(g.positions)-1]
		if n >= 3 {
			return ThreefoldRepetition
		}
	}
	return NoTermination
}

// keyTwiceBeforeMove reports whether two of the positions a move from the
// current one would be counted against (countOf) share their Zobrist key.
// Without such a pair no move can make a third occurrence: countOf counts
// only positions whose key equals the new one's, so two counted would
// share it.
func (g *Game) keyTwiceBeforeMove() bool {
	i := len(g.positions) - 1
	low := max(i-int(g.positions[i].halfmove), 0)
	for a := i - 1; a >= low; a -= 2 {
		for b := a - 2; b >= low; b -= 2 {
			if g.positions[a].key == g.positions[b].key {
				return true
			}
		}
	}
	return false
}

// ClaimDraw ends the game as a draw if CanClaimDraw allows it.
func (g *Game) ClaimDraw() error {
	t := g.claim(true)
	if t == NoTermination {
		return errors.New("chess: no draw can be claimed")
	}
	g.declared = draw(t)
	return nil
}

// Resign ends the game: colour c resigns.
func (g *Game) Resign(c Color) error { return g.declare(win(Resignation, c.Other())) }

// AgreeDraw ends the game as a draw by agreement.
func (g *Game) AgreeDraw() error { return g.declare(draw(DrawAgreement)) }

// Timeout ends the game because colour c ran out of time: a loss, or a draw
// when the opponent has no way to checkmate (FIDE 6.9).
func (g *Game) Timeout(c Color) error {
	if g.current().HasInsufficientMaterial(c.Other()) {
		return g.declare(draw(Timeout))
	}
	return g.declare(win(Timeout, c.Other()))
}

func (g *Game) declare(o Outcome) error {
	if cur := g.Outcome(); cur.Over() {
		return fmt.Errorf("%w: %v", ErrGameOver, cur)
	}
	g.declared = o
	return nil
}

// Outcome returns how the game ended, or the zero Outcome while it goes on.
// Checkmate, stalemate, dead positions, the 75-move rule and fivefold
// repetition end the game by themselves; the 50-move rule and threefold
// repetition only when claimed (ClaimDraw).
func (g *Game) Outcome() Outcome { return g.outcome(g.current().HasLegalMove()) }

// outcome is Outcome when whether the side to move has a legal move is known.
func (g *Game) outcome(hasMove bool) Outcome {
	if g.declared.Over() {
		return g.declared
	}
	if o := g.current().outcome(hasMove); o.Over() {
		return o
	}
	if g.RepetitionCount() >= 5 {
		return draw(FivefoldRepetition)
	}
	return Outcome{}
}
