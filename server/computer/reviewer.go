package computer

import (
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/review"
	"github.com/gambitchess/gambit/uci"
)

// Reviewer returns a reviews evaluator (server/reviews Config.Evaluator)
// that reviews with the engine e the games of the variants it plays, each
// review in a process of its own started with e's options, and leaves the
// others to Gambit's built-in engines (nil).
func (e *Engine) Reviewer() func(g *review.Game) review.Evaluator {
	return func(g *review.Game) review.Evaluator {
		if !e.Plays(reviewVariant(g)) {
			return nil
		}
		return review.NewUCI(uci.ClientConfig{Path: e.spec.Path, Options: e.spec.Options, Name: e.spec.Name, Handshake: startTimeout})
	}
}

// reviewVariant is the variant whose rules a review's game is played by.
func reviewVariant(g *review.Game) game.Variant {
	switch {
	case g.Xiangqi():
		return game.Xiangqi
	case g.Chess960():
		return game.Chess960
	}
	return game.Chess
}
