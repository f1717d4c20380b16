package review

import (
	"errors"
	"fmt"

	"github.com/gambitchess/gambit/game"
)

// ErrNoEngine refuses a game the engines do not read whole: a variant
// without an engine (game.Spec.Engine), or a game of hidden information
// still in play.
var ErrNoEngine = errors.New("review: the engines do not read this game")

// Game is the game under review, read through the engines' interface of
// its variant (game.Engine): its positions from the start, its moves, and
// how a UCI engine is set up for it. The review never asks which rules
// library is underneath. A Game is not safe for concurrent use: its
// engine keeps the built-in search (and what it learnt) from one position
// to the next.
type Game struct {
	engine  game.Engine
	dialect game.UCIDialect
}

// Open returns game g under review: a copy of its record, which the
// review may read while g goes on. It fails with ErrNoEngine for a
// variant the engines do not read, and for a hidden game in play.
func Open(g *game.Game) (*Game, error) {
	e, ok := g.Engine()
	spec := g.Spec()
	if !ok || spec.UCI == nil {
		return nil, fmt.Errorf("%w (%s)", ErrNoEngine, spec.Label)
	}
	return New(e, *spec.UCI), nil
}

// New returns the game e reads under review, its UCI engines set up as d
// says (its variant's game.Spec.UCI). A Chess960 start makes a Chess960
// dialect whatever d says.
func New(e game.Engine, d game.UCIDialect) *Game {
	d.Chess960 = d.Chess960 || e.UCI(0).Chess960
	return &Game{engine: e, dialect: d}
}

// Dialect returns how a UCI engine is set up to evaluate the game.
func (g *Game) Dialect() game.UCIDialect { return g.dialect }

// Plies returns the number of moves played.
func (g *Game) Plies() int { return g.engine.Plies() }

// StartFEN returns the FEN of the start position.
func (g *Game) StartFEN() string { return g.engine.FEN(0) }

// whiteFirst reports whether White (Red) makes the first move.
func (g *Game) whiteFirst() bool { return g.engine.WhiteToMove(0) }

// whiteToMove reports whether White (Red) is to move after ply plies.
func (g *Game) whiteToMove(ply int) bool { return g.engine.WhiteToMove(ply) }

// Move returns move i (0-based) in the board's notation (SAN; Chinese
// notation in xiangqi) and as coordinate text (UCI; ICCS in xiangqi).
func (g *Game) Move(i int) (san, coord string) { return g.engine.Move(i) }

// Notate returns the coordinate text move of the position after ply plies
// in the board's notation, or the text itself when it is not legal there.
func (g *Game) Notate(ply int, move string) string {
	if out := g.engine.Line(ply, []string{move}); len(out) == 1 {
		return out[0]
	}
	return move
}

// terminal returns the score of the position after ply plies when it has
// no legal move: the side to move mated (in xiangqi having no move loses),
// or a draw (stalemate).
func (g *Game) terminal(ply int) (Score, bool) {
	over, lost := g.engine.Terminal(ply)
	switch {
	case !over:
		return Score{}, false
	case lost:
		return Mated(g.whiteToMove(ply)), true
	}
	return Score{}, true
}

// uciPosition returns the position after ply plies as a UCI engine is
// given it: its start FEN (Shredder-FEN in Chess960) and the moves from
// it in the engine's spelling.
func (g *Game) uciPosition(ply int) game.UCIPosition { return g.engine.UCI(ply) }

// engineMoveInLine turns an external engine's move text, played after the
// coordinate moves line from the position after ply plies, into
// coordinate text: an error when it is not legal there.
func (g *Game) engineMoveInLine(ply int, line []string, text string) (string, error) {
	mv, err := g.engine.FromUCI(ply, line, text)
	if err != nil {
		return "", fmt.Errorf("review: ply %d: %w", ply, err)
	}
	return mv, nil
}

// fromEngineMove turns an external engine's move text in the position
// after ply plies into coordinate text.
func (g *Game) fromEngineMove(ply int, text string) (string, error) {
	return g.engineMoveInLine(ply, nil, text)
}

// LineSAN writes the coordinate moves of a line played from the position
// after ply plies in the board's notation (SAN; Chinese notation in
// xiangqi), stopping at the first move that is not legal.
func (g *Game) LineSAN(ply int, line []string) []string { return g.engine.Line(ply, line) }

// BookFrom returns a Book hook (Options.Book) from an opening table:
// known reports whether a position, given as FEN, is in the book. A move
// is book while every position up to the one it leads to is known; the
// first move out of the book and every one after are judged.
func (g *Game) BookFrom(known func(fen string) bool) func(ply int) bool {
	n := 0
	for n < g.Plies() && known(g.fenAfter(n+1)) {
		n++
	}
	return BookPlies(n)
}

// fenAfter returns the FEN of the position after ply plies.
func (g *Game) fenAfter(ply int) string { return g.engine.FEN(ply) }
