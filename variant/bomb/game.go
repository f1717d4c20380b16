package bomb

import (
	"errors"
	"fmt"
	"strings"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/variant/fair"
)

// ErrIllegalMove is returned, wrapped, for a move the rules do not allow or
// move text that names no legal move.
var ErrIllegalMove = errors.New("illegal move")

// ErrGameOver is returned, wrapped, for a move played after the game ended.
var ErrGameOver = errors.New("game is over")

// Step is one move of a game as it was played: the move in its three
// spellings, who played it, what its mine (if any) did, and the position
// after it (after the blast).
type Step struct {
	Move     chess.Move
	UCI, SAN string // SAN's "+" or "#" tells the check or mate after the blast
	Color    chess.Color
	Blast    Blast
	Exploded bool   // the move set off a mine: Blast.Exploded
	FEN      string // the position after the move and its blast
}

// Game is a game of bomb chess: the mines, the positions from the start
// (for repetitions) and the steps between them. It holds the secret seed:
// Hidden, Seed and WritePGN with revealMines give the mines away, and must
// not reach the players before the game ends. Its zero value is not usable;
// create one with NewGame.
type Game struct {
	seed      fair.Seed
	mines     chess.Bitboard   // every mine laid at the start
	hidden    chess.Bitboard   // the mines that have not gone off
	landed    chess.Bitboard   // every square a piece has ended a move on
	positions []chess.Position // positions[0] is the start; one more than steps
	steps     []Step
	outcome   Outcome // how the game stands after the last move
}

// NewGame starts a game from start (chess.StartPosition, or any position
// the caller allows) with the mines that seed lays (see Mines).
func NewGame(start chess.Position, seed fair.Seed) *Game {
	mines := Mines(seed)
	g := &Game{seed: seed, mines: mines, hidden: mines, positions: []chess.Position{start}}
	g.outcome = g.judge(false)
	return g
}

func (g *Game) current() *chess.Position { return &g.positions[len(g.positions)-1] }

// Position returns the current position.
func (g *Game) Position() chess.Position { return *g.current() }

// StartPosition returns the position the game started from.
func (g *Game) StartPosition() chess.Position { return g.positions[0] }

// Turn returns the colour to move.
func (g *Game) Turn() chess.Color { return g.current().SideToMove() }

// Seed returns the game's secret seed. Reveal it only once the game is over.
func (g *Game) Seed() fair.Seed { return g.seed }

// Commitment returns the public commitment to the seed, published when the
// game starts (fair.Seed.Commitment).
func (g *Game) Commitment() string { return g.seed.Commitment() }

// Steps returns a copy of the moves played so far, in order.
func (g *Game) Steps() []Step { return append([]Step(nil), g.steps...) }

// Ply returns the number of moves played.
func (g *Game) Ply() int { return len(g.steps) }

// Last returns the last move played, if any, without copying the history.
func (g *Game) Last() (Step, bool) {
	if len(g.steps) == 0 {
		return Step{}, false
	}
	return g.steps[len(g.steps)-1], true
}

// Exploded returns the squares of the mines that went off: public.
func (g *Game) Exploded() chess.Bitboard { return g.mines &^ g.hidden }

// Hidden returns the squares of the mines that have not gone off: secret
// until the game ends.
func (g *Game) Hidden() chess.Bitboard { return g.hidden }

// KnownSafe returns the squares both players know hold no mine: ranks 1, 2,
// 7 and 8, and every square a piece has ended a move on. It is public.
func (g *Game) KnownSafe() chess.Bitboard { return BackRanks | g.landed }

// Legal returns the legal moves, none once the game is over.
func (g *Game) Legal() []chess.Move {
	if g.outcome.Over() {
		return nil
	}
	var ml chess.MoveList
	g.current().GenerateLegal(&ml)
	return append([]chess.Move(nil), ml.Moves()...)
}

// Push plays m, which must be legal, sets off the mine it ends on, if any,
// and returns that mine's Blast (the zero Blast when there was none).
func (g *Game) Push(m chess.Move) (Blast, error) {
	p := g.current()
	if g.outcome.Over() {
		return Blast{}, fmt.Errorf("bomb: play %v: %w (%v)", m, ErrGameOver, g.outcome)
	}
	if !p.IsLegal(m) {
		return Blast{}, fmt.Errorf("bomb: play %v in %s: %w", m, p.FEN(), ErrIllegalMove)
	}
	us := p.SideToMove()
	next := *p
	next.Play(m)
	ends := destinations(m)
	var blast Blast
	if hit := ends & g.hidden; hit != 0 {
		s := hit.First()
		blast = explode(&next, s)
		g.hidden &^= s.Bitboard()
	}
	g.landed |= ends
	g.positions = append(g.positions, next)
	exposed := blast.Exploded && next.AttackersOf(next.KingSquare(us), us.Other()) != 0
	g.outcome = g.judge(exposed)
	g.steps = append(g.steps, Step{
		Move:     m,
		UCI:      p.UCI(m),
		SAN:      g.san(p, m, &next),
		Color:    us,
		Blast:    blast,
		Exploded: blast.Exploded,
		FEN:      next.FEN(),
	})
	return blast, nil
}

// san writes m, played in p with after as the result, in SAN. The check
// suffix chess would give is replaced by one that tells the position after
// the blast: "#" for checkmate, "+" for check.
func (g *Game) san(p *chess.Position, m chess.Move, after *chess.Position) string {
	s := strings.TrimRight(p.SAN(m), "+#")
	switch {
	case g.outcome.Termination == Checkmate:
		s += "#"
	case after.InCheck():
		s += "+"
	}
	return s
}

// PushUCI plays a move given in UCI notation (castling as the king's
// two-square step or as king takes rook).
func (g *Game) PushUCI(s string) (Blast, error) {
	if g.outcome.Over() {
		return Blast{}, fmt.Errorf("bomb: play %q: %w (%v)", s, ErrGameOver, g.outcome)
	}
	m, err := g.current().ParseUCI(s)
	if err != nil {
		return Blast{}, fmt.Errorf("bomb: play %q: %w: %w", s, ErrIllegalMove, err)
	}
	return g.Push(m)
}

// Outcome returns how the game ended, or the zero Outcome while it goes
// on. The endings, in the order they are checked after a move: the mover's
// king exposed by its own blast (the mover loses), checkmate, stalemate,
// insufficient material, the 75-move rule, fivefold repetition.
func (g *Game) Outcome() Outcome { return g.outcome }

// judge works out the outcome of the current position; exposed tells
// whether the last move's blast left its mover's king attacked.
func (g *Game) judge(exposed bool) Outcome {
	p := g.current()
	if exposed {
		return Outcome{Termination: KingExposed, Winner: p.SideToMove()}
	}
	switch o := p.Outcome(); o.Termination {
	case chess.Checkmate:
		return Outcome{Termination: Checkmate, Winner: o.Winner}
	case chess.Stalemate:
		return Outcome{Termination: Stalemate, Draw: true}
	case chess.InsufficientMaterial:
		return Outcome{Termination: InsufficientMaterial, Draw: true}
	case chess.SeventyFiveMoves:
		return Outcome{Termination: SeventyFiveMoves, Draw: true}
	}
	if g.repetitions() >= 5 {
		return Outcome{Termination: FivefoldRepetition, Draw: true}
	}
	return Outcome{}
}

// repetitions counts the occurrences of the current position, itself
// included. Only positions since the last capture, blast or pawn move can
// be the same.
func (g *Game) repetitions() int {
	i := len(g.positions) - 1
	p := &g.positions[i]
	n := 1
	for j := i - 2; j >= 0 && j >= i-p.HalfmoveClock(); j -= 2 {
		if samePosition(&g.positions[j], p) {
			n++
		}
	}
	return n
}

// samePosition reports whether a and b are the same position for the
// repetition rules: the same pieces on the same squares, side to move,
// castling rights and en-passant possibility. The key is a quick test; the
// bitboards guard against collisions.
func samePosition(a, b *chess.Position) bool {
	if a.Key() != b.Key() || a.SideToMove() != b.SideToMove() || a.Castling() != b.Castling() ||
		a.EnPassant() != b.EnPassant() || a.ByColor(chess.White) != b.ByColor(chess.White) ||
		a.ByColor(chess.Black) != b.ByColor(chess.Black) {
		return false
	}
	for pt := chess.Pawn; pt <= chess.King; pt++ {
		if a.PiecesOfType(pt) != b.PiecesOfType(pt) {
			return false
		}
	}
	return true
}

// Claimable returns the draw the side to move may claim as things stand:
// FiftyMoves after 50 moves by each side without capture, blast or pawn
// move, ThreefoldRepetition when the position stands for the third time.
// Unlike chess.Game, it does not look at the moves that would bring a claim
// about: what a move does can depend on a hidden mine.
func (g *Game) Claimable() (Termination, bool) {
	if g.outcome.Over() {
		return NoTermination, false
	}
	if g.current().HalfmoveClock() >= 100 {
		return FiftyMoves, true
	}
	if g.repetitions() >= 3 {
		return ThreefoldRepetition, true
	}
	return NoTermination, false
}

// CanMate reports whether colour c has mating material on the board
// (chess.Position.HasInsufficientMaterial), for the rule that a player whose
// flag falls draws when the opponent cannot mate.
func (g *Game) CanMate(c chess.Color) bool { return !g.current().HasInsufficientMaterial(c) }
