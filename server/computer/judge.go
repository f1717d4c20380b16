package computer

import (
	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/xiangqi"
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
func judgeDraw(g *game.Game, c chess.Color, score func() (int, bool)) bool {
	if g.Status().Finished() {
		return false
	}
	material, moveNo, hopeless, known := drawFacts(g, c)
	if !known {
		return false // no engine reads this board: it cannot judge
	}
	if hopeless {
		return true
	}
	s, ok := score()
	if !ok {
		return false
	}
	if g.Turn() != c {
		s = -s
	}
	switch {
	case s <= DrawLostMargin:
		return true
	case material >= DrawMaterialLead, moveNo < DrawEarliestMove:
		return false
	}
	return s <= DrawEvenMargin
}

// drawFacts reads what the judgement needs of the board: c's lead in
// material (centipawns), the move number, and whether c cannot win or
// the position is dead in practice. known is false on a board no engine
// plays.
func drawFacts(g *game.Game, c chess.Color) (material, moveNo int, hopeless, known bool) {
	if xg, ok := game.LibraryGame[*xiangqi.Game](g); ok {
		p := xg.Position()
		us := xiangqi.Color(c)
		return xiangqiMaterial(&p, us) - xiangqiMaterial(&p, us^1), p.FullmoveNumber(), !xiangqiAttackers(&p, us), true
	}
	cg, ok := game.LibraryGame[*chess.Game](g)
	if !ok {
		return 0, 0, false, false
	}
	p := cg.Position()
	return chessMaterial(&p, c) - chessMaterial(&p, c.Other()), p.FullmoveNumber(),
		p.HasInsufficientMaterial(c) || deadInPractice(&p), true
}

// chessValues are the usual material values, in centipawns, by piece type.
var chessValues = [...]struct {
	pt chess.PieceType
	v  int
}{{chess.Pawn, 100}, {chess.Knight, 300}, {chess.Bishop, 300}, {chess.Rook, 500}, {chess.Queen, 900}}

func chessMaterial(p *chess.Position, c chess.Color) int {
	sum := 0
	for _, pv := range chessValues {
		sum += pv.v * p.Pieces(c, pv.pt).Count()
	}
	return sum
}

// deadInPractice: no pawn, rook or queen, and at most one minor piece a
// side: no side can force a mate, only blunder into one.
func deadInPractice(p *chess.Position) bool {
	if p.PiecesOfType(chess.Pawn)|p.PiecesOfType(chess.Rook)|p.PiecesOfType(chess.Queen) != 0 {
		return false
	}
	minors := p.PiecesOfType(chess.Knight) | p.PiecesOfType(chess.Bishop)
	return (minors&p.ByColor(chess.White)).Count() <= 1 && (minors&p.ByColor(chess.Black)).Count() <= 1
}

// xiangqiValues are material values in centipawns by piece type (a
// chariot is worth about two horses or cannons; advisors and elephants
// defend).
var xiangqiValues = [...]struct {
	pt xiangqi.PieceType
	v  int
}{{xiangqi.Soldier, 100}, {xiangqi.Advisor, 200}, {xiangqi.Elephant, 200}, {xiangqi.Horse, 400}, {xiangqi.Cannon, 450}, {xiangqi.Chariot, 900}}

func xiangqiMaterial(p *xiangqi.Position, c xiangqi.Color) int {
	sum := 0
	for _, pv := range xiangqiValues {
		b := p.Pieces(c, pv.pt)
		sum += pv.v * b.Count()
	}
	return sum
}

// xiangqiAttackers reports whether side c has a piece that can cross the
// river (and so could ever give mate).
func xiangqiAttackers(p *xiangqi.Position, c xiangqi.Color) bool {
	for _, pt := range [...]xiangqi.PieceType{xiangqi.Horse, xiangqi.Chariot, xiangqi.Cannon, xiangqi.Soldier} {
		if b := p.Pieces(c, pt); !b.Empty() {
			return true
		}
	}
	return false
}
