package computer

import (
	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
)

// The computer's answer to a draw offer, the same whatever engine plays
// its seat (judgeDraw): it takes a draw only when it cannot hope for more.
//
//  1. It cannot win at all (it has no piece left that could mate: a lone
//     king, or king and a minor piece against no pawns) or the position
//     is dead in practice (no pawns, at most one minor piece a side, no
//     rook or queen; in xiangqi its side has no chariot, horse, cannon or
//     soldier): it accepts at once.
//  2. Otherwise a short search (a fraction of a second) scores the position
//     from its side. Clearly worse (DrawLostMargin or less): it accepts at
//     any time, as a person would.
//  3. A lead in material of DrawMaterialLead or more (a pawn or soldier,
//     counted at the usual values): it declines, whatever the short search
//     says; it has something to play for.
//  4. Before move DrawEarliestMove it declines: a draw agreed in the opening
//     is no game. Lichess does not let players offer its AI a draw at all
//     (lila Game.playerCanOfferDraw: !opponent(color).isAi) and forbids
//     early draws in its no-early-draw games before 60 plies
//     (Game.rulePreventsDraw); Gambit lets the offer be made and answers it
//     with the same 30 moves.
//  5. From then on it accepts when its score is at most DrawEvenMargin
//     (even or worse), and declines when it is better.

// Thresholds of the draw judgement, in centipawns (pawns: 100) and moves.
const (
	DrawEvenMargin   = 30
	DrawLostMargin   = -150
	DrawMaterialLead = 100
	DrawEarliestMove = 30
)

// judgeDraw answers a draw offer to the computer playing c in g; score
// runs its short search and returns the score from the side to move's
// point of view (ok false: no score, and the offer is declined).
func judgeDraw(g *game.Game, c chess.Color, score func(game.Engine) (int, bool)) bool {
	eng, known := g.Engine()
	if g.Status().Finished() || !known {
		return false // over, or no engine reads this board: it cannot judge
	}
	facts := eng.DrawFacts(eng.Plies(), c)
	if facts.Hopeless {
		return true
	}
	s, ok := score(eng)
	if !ok {
		return false
	}
	if g.Turn() != c {
		s = -s
	}
	switch {
	case s <= DrawLostMargin:
		return true
	case facts.Material >= DrawMaterialLead, facts.MoveNumber < DrawEarliestMove:
		return false
	}
	return s <= DrawEvenMargin
}
