package dice

import (
	"errors"
	"fmt"
	"strings"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/variant/fair"
)

// Errors of Game, returned wrapped: errors.Is tells them apart.
var (
	ErrGameOver    = errors.New("dice: game is over")
	ErrIllegalMove = errors.New("dice: illegal move")
	ErrNoDie       = errors.New("dice: no die for that piece")
	ErrCannotPass  = errors.New("dice: cannot pass before the first move of the turn")
)

// Action is one move or pass of a game, with the turn it belongs to.
type Action struct {
	Move  chess.Move // chess.MoveNull for a pass
	Pass  bool
	Color chess.Color // the mover
	Turn  int         // 1-based turn number
	Roll  [3]chess.PieceType
	SAN   string // "--" for a pass
	UCI   string // "0000" for a pass
	FEN   string // the board after the action, as Game.Position returns it
}

// Game is a dice chess game: the board, the turn and its dice, and the
// history that repetitions and the PGN need. Its zero value is not usable;
// create one with NewGame.
type Game struct {
	seed    fair.Seed
	start   chess.Position
	pos     chess.Position // the board now; its side to move is the turn's mover until the turn ends
	played  chess.Position // the board right after the turn's last move, opponent to move: a pass goes back to it
	turn    int
	roll    [3]chess.PieceType
	dice    []chess.PieceType
	moves   int      // moves made this turn
	keys    []uint64 // Zobrist keys of the turn-start positions, turn 1 first
	actions []Action
	outcome Outcome
}

// NewGame starts a game from start with the dice drawn from seed, and rolls
// the dice of turn 1 at once.
func NewGame(start chess.Position, seed fair.Seed) *Game {
	g := &Game{seed: seed, start: start, pos: start}
	g.beginTurn()
	return g
}

// beginTurn starts the next turn from g.pos: judges the endings of a turn
// start and, if the game goes on, rolls the dice.
func (g *Game) beginTurn() {
	g.turn++
	g.moves = 0
	g.keys = append(g.keys, g.pos.Key())
	g.roll = [3]chess.PieceType{}
	g.dice = nil
	g.outcome = g.pos.Outcome() // the position alone: mate, stalemate, dead position, 75 moves
	if !g.outcome.Over() && g.repetitions() >= 5 {
		g.outcome = Outcome{Termination: FivefoldRepetition, Draw: true}
	}
	if g.outcome.Over() {
		return
	}
	g.roll = Roll(g.seed, g.turn, MovableTypes(&g.pos))
	g.dice = append([]chess.PieceType(nil), g.roll[:]...)
}

// repetitions counts the turn starts with the current turn's start position,
// itself included. Keys include the side to move, castling rights and the
// en-passant square, so equal keys are the same position (FIDE 9.2).
func (g *Game) repetitions() int {
	key := g.keys[len(g.keys)-1]
	n := 0
	for _, k := range g.keys {
		if k == key {
			n++
		}
	}
	return n
}

// Position returns the board now. Its side to move is whose turn it is,
// until the game ends.
func (g *Game) Position() chess.Position { return g.pos }

// StartPosition returns the position the game started from.
func (g *Game) StartPosition() chess.Position { return g.start }

// Seed returns the game's secret seed. Show it to no player before the game is over.
func (g *Game) Seed() fair.Seed { return g.seed }

// Turn returns the colour whose turn it is.
func (g *Game) Turn() chess.Color { return g.pos.SideToMove() }

// TurnNumber returns the number of the current turn, counted from 1.
func (g *Game) TurnNumber() int { return g.turn }

// Rolled returns this turn's three dice as rolled; all NoPieceType when the
// game ended at the start of the turn.
func (g *Game) Rolled() [3]chess.PieceType { return g.roll }

// Dice returns the dice still usable this turn: neither used nor lost.
func (g *Game) Dice() []chess.PieceType { return append([]chess.PieceType(nil), g.dice...) }

// MovesThisTurn returns how many moves the mover has made this turn.
func (g *Game) MovesThisTurn() int { return g.moves }

// CanPass reports whether the mover may pass the rest of the turn: after
// at least one move, while the game goes on.
func (g *Game) CanPass() bool { return g.moves > 0 && !g.outcome.Over() }

// Actions returns a copy of every move and pass played, in order.
func (g *Game) Actions() []Action { return append([]Action(nil), g.actions...) }

// Ply returns the number of moves and passes played.
func (g *Game) Ply() int { return len(g.actions) }

// Last returns the last action and whether it began its turn, without
// copying the history; ok is false before the first.
func (g *Game) Last() (a Action, first, ok bool) {
	n := len(g.actions)
	if n == 0 {
		return Action{}, false, false
	}
	return g.actions[n-1], n == 1 || g.actions[n-2].Turn != g.actions[n-1].Turn, true
}

// Outcome returns how the game ended by the rules, or the zero Outcome
// while it goes on.
func (g *Game) Outcome() Outcome { return g.outcome }

// Legal returns the moves allowed now: the chess-legal moves of a piece
// whose type is one of the dice left.
func (g *Game) Legal() []chess.Move {
	if g.outcome.Over() {
		return nil
	}
	var ml chess.MoveList
	g.pos.GenerateLegal(&ml)
	var out []chess.Move
	for _, m := range ml.Moves() {
		if g.hasDie(g.pos.PieceAt(m.From()).Type()) {
			out = append(out, m)
		}
	}
	return out
}

func (g *Game) hasDie(pt chess.PieceType) bool {
	for _, d := range g.dice {
		if d == pt {
			return true
		}
	}
	return false
}

// Push makes the move m, using a die of its piece's type.
func (g *Game) Push(m chess.Move) error {
	if g.outcome.Over() {
		return fmt.Errorf("%w (%v)", ErrGameOver, g.outcome)
	}
	if !g.pos.IsLegal(m) {
		return fmt.Errorf("%w: %v in %s", ErrIllegalMove, m, g.pos.FEN())
	}
	pt := g.pos.PieceAt(m.From()).Type()
	if !g.hasDie(pt) {
		return fmt.Errorf("%w: %s is a %s move, and the dice left are %s", ErrNoDie, g.pos.SAN(m), pieceName(pt), diceText(g.dice))
	}
	a := Action{Move: m, Color: g.pos.SideToMove(), Turn: g.turn, Roll: g.roll, SAN: g.pos.SAN(m), UCI: g.pos.UCI(m)}
	next, left, over := Step(g.pos, g.dice, m)
	g.moves++
	if over {
		g.pos = next
		g.beginTurn()
	} else {
		g.played = g.pos // a pass goes back to the board right after m, en-passant square and all
		g.played.Play(m)
		g.pos, g.dice = next, left
	}
	a.FEN = g.pos.FEN()
	g.actions = append(g.actions, a)
	return nil
}

// Pass ends the turn without using the dice left. It needs one move made
// this turn.
func (g *Game) Pass() error {
	if g.outcome.Over() {
		return fmt.Errorf("%w (%v)", ErrGameOver, g.outcome)
	}
	if g.moves == 0 {
		return ErrCannotPass
	}
	a := Action{Move: chess.MoveNull, Pass: true, Color: g.pos.SideToMove(), Turn: g.turn, Roll: g.roll, SAN: "--", UCI: "0000"}
	g.pos = g.played
	g.beginTurn()
	a.FEN = g.pos.FEN()
	g.actions = append(g.actions, a)
	return nil
}

// PushUCI makes a move given in UCI notation; "0000" passes.
func (g *Game) PushUCI(s string) error {
	if s == "0000" {
		return g.Pass()
	}
	if g.outcome.Over() {
		return fmt.Errorf("%w (%v)", ErrGameOver, g.outcome)
	}
	m, err := g.pos.ParseUCI(s)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrIllegalMove, err)
	}
	return g.Push(m)
}

// Claimable returns the draw the mover may claim now: FiftyMoves when 100
// moves have been made without a capture or pawn move, ThreefoldRepetition
// when the turn's start position occurs for the third time. Claims are made
// at the start of a turn, before its first move; the bool is false
// otherwise, and when the game is over.
func (g *Game) Claimable() (Termination, bool) {
	if g.outcome.Over() || g.moves > 0 {
		return NoTermination, false
	}
	if g.pos.HalfmoveClock() >= 100 {
		return FiftyMoves, true
	}
	if g.repetitions() >= 3 {
		return ThreefoldRepetition, true
	}
	return NoTermination, false
}

// diceText writes dice as their letters, "N B P".
func diceText(dice []chess.PieceType) string {
	if len(dice) == 0 {
		return "none"
	}
	letters := make([]string, len(dice))
	for i, d := range dice {
		letters[i] = pieceLetter(d)
	}
	return strings.Join(letters, " ")
}
