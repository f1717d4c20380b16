package game

import (
	"github.com/gambitchess/gambit/chess"
)

// Dests returns the legal destinations of each piece of the side to move,
// keyed by origin square ("e2" -> ["e3", "e4"]). Castling is given as the
// king's destination in standard chess. It is empty once the game is over:
// the browser draws what the server allows and has no rules of its own.
func (g *Game) Dests() map[string][]string {
	out := map[string][]string{}
	if g.status.Finished() {
		return out
	}
	p := g.rules.Position()
	var ml chess.MoveList
	p.GenerateLegal(&ml)
	for _, m := range ml.Moves() {
		u := p.UCI(m)
		from, to := u[0:2], u[2:4]
		if m.Kind() == chess.Promotion && m.Promotion() != chess.Queen {
			continue // one destination per promotion square
		}
		out[from] = append(out[from], to)
	}
	return out
}

// Step is one move of the history with the position it leads to.
type Step struct {
	UCI string `json:"uci"`
	SAN string `json:"san"`
	FEN string `json:"fen"`
}

// History returns every move played with its SAN and the FEN after it.
func (g *Game) History() []Step {
	positions := g.rules.Positions()
	moves := g.rules.Moves()
	out := make([]Step, len(moves))
	for i, m := range moves {
		before, after := positions[i], positions[i+1]
		out[i] = Step{UCI: before.UCI(m), SAN: before.SAN(m), FEN: after.FEN()}
	}
	return out
}

// LastStep returns the last move played and whether there is one.
func (g *Game) LastStep() (Step, bool) {
	moves := g.rules.Moves()
	if len(moves) == 0 {
		return Step{}, false
	}
	positions := g.rules.Positions()
	before, after := positions[len(moves)-1], positions[len(moves)]
	m := moves[len(moves)-1]
	return Step{UCI: before.UCI(m), SAN: before.SAN(m), FEN: after.FEN()}, true
}

// Check returns the square of the king in check, if any.
func (g *Game) Check() (string, bool) {
	p := g.rules.Position()
	if !p.InCheck() {
		return "", false
	}
	return p.KingSquare(p.SideToMove()).String(), true
}

// Clone returns an independent copy of the game, for a bot to read while
// the live game goes on.
func (g *Game) Clone() *Game {
	c := *g
	c.rules = chess.NewGameFrom(g.rules.StartPosition())
	for _, m := range g.rules.Moves() {
		_ = c.rules.Push(m) // replaying moves that were legal
	}
	if g.clock != nil {
		k := *g.clock
		c.clock = &k
	}
	return &c
}
