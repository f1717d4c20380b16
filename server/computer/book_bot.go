package computer

import (
	"context"
	"math/rand/v2"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/chess/polyglot"
	"github.com/gambitchess/gambit/game"
)

// BookBot plays the moves of a Polyglot opening book while a chess game's
// position is in it (a weighted choice, as Polyglot makes it), and leaves
// every other move, every other game and every draw offer to Next. Only
// standard chess looks in the book: a Chess960 position (its flag set, from
// whatever start) never does, as Polyglot keys know only standard castling.
// Every level plays the book's moves: a weak level's errors begin after it.
type BookBot struct {
	Book *polyglot.Book
	Next Bot
}

// Move implements Bot.
func (b BookBot) Move(ctx context.Context, g *game.Game, level Level) (string, error) {
	if m, ok := b.bookMove(g); ok {
		return m, nil
	}
	return b.Next.Move(ctx, g, level)
}

// bookMove returns the book's move for g's position, in UCI.
func (b BookBot) bookMove(g *game.Game) (string, bool) {
	eng, ok := g.Engine()
	if !ok || b.Book == nil {
		return "", false
	}
	// A Polyglot book reads a chess position; an engine that has one to
	// give says so (variant/chessgame: not for a Chess960 position).
	board, ok := eng.(interface{ BookPosition() (chess.Position, bool) })
	if !ok {
		return "", false
	}
	p, ok := board.BookPosition()
	if !ok {
		return "", false
	}
	// Each choice its own source: the bot serves the pool's workers at once.
	bm, ok := b.Book.Pick(&p, rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64())))
	if !ok {
		return "", false
	}
	return p.UCI(bm.Move), true
}

// AcceptsDraw implements Bot: the book has no opinion on draws.
func (b BookBot) AcceptsDraw(ctx context.Context, g *game.Game, c chess.Color) bool {
	return b.Next.AcceptsDraw(ctx, g, c)
}
