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
		if !e.playsDialect(g.Dialect()) {
			return nil
		}
		return review.NewUCI(uci.ClientConfig{Path: e.spec.Path, Options: e.spec.Options, Name: e.spec.Name, Handshake: startTimeout})
	}
}

// playsDialect reports whether the engine plays a variant of dialect d.
func (e *Engine) playsDialect(d game.UCIDialect) bool {
	for _, v := range e.variants {
		if spec, err := game.Lookup(v); err == nil && spec.UCI != nil && *spec.UCI == d {
			return true
		}
	}
	return false
}
