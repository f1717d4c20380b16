package review

import (
	"fmt"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/engine/xq"
	"github.com/gambitchess/gambit/xiangqi"
)

// Game is the game under review: a chess game (Chess960 included, its
// positions carry the flag) or a xiangqi game, replayed from its start.
// Exactly one of its two games is set.
type Game struct {
	chess *chess.Game
	xq    *xiangqi.Game
}

// FromChess returns g under review. The review only reads g.
func FromChess(g *chess.Game) *Game { return &Game{chess: g} }

// FromXiangqi returns g under review. The review only reads g.
func FromXiangqi(g *xiangqi.Game) *Game { return &Game{xq: g} }

// Xiangqi reports whether the game is xiangqi (its scores from Red's side).
func (g *Game) Xiangqi() bool { return g.xq != nil }

// Chess960 reports whether the game is Chess960.
func (g *Game) Chess960() bool {
	if g.chess == nil {
		return false
	}
	p := g.chess.StartPosition()
	return p.Chess960()
}

// Plies returns the number of moves played.
func (g *Game) Plies() int {
	if g.xq != nil {
		return g.xq.Ply()
	}
	return g.chess.Ply()
}

// StartFEN returns the FEN of the start position.
func (g *Game) StartFEN() string {
	if g.xq != nil {
		p := g.xq.StartPosition()
		return p.FEN()
	}
	p := g.chess.StartPosition()
	return p.FEN()
}

// whiteFirst reports whether White (Red) makes the first move.
func (g *Game) whiteFirst() bool {
	if g.xq != nil {
		p := g.xq.StartPosition()
		return p.SideToMove() == xiangqi.Red
	}
	p := g.chess.StartPosition()
	return p.SideToMove() == chess.White
}

// whiteToMove reports whether White (Red) is to move after ply plies.
func (g *Game) whiteToMove(ply int) bool { return (ply%2 == 0) == g.whiteFirst() }

// Move returns move i (0-based) as SAN (Chinese notation in xiangqi) and
// as coordinate text (UCI; ICCS in xiangqi).
func (g *Game) Move(i int) (san, coord string) {
	if g.xq != nil {
		p := g.xq.Positions()[i]
		m := g.xq.Moves()[i]
		return p.Chinese(m), p.UCI(m)
	}
	p := g.chess.Positions()[i]
	m := g.chess.Moves()[i]
	return p.SAN(m), p.UCI(m)
}

// Notate returns the coordinate text move (UCI, or ICCS in xiangqi) of the
// position after ply plies as SAN (Chinese notation), or the text itself
// when it is not legal there.
func (g *Game) Notate(ply int, move string) string {
	if g.xq != nil {
		p := g.xq.Positions()[ply]
		if m, err := p.ParseUCI(move); err == nil {
			return p.Chinese(m)
		}
		return move
	}
	p := g.chess.Positions()[ply]
	if m, err := p.ParseUCI(move); err == nil && p.IsLegal(m) {
		return p.SAN(m)
	}
	return move
}

// terminal returns the score of the position after ply plies when it has
// no legal move (mate, stalemate; in xiangqi having no move loses).
func (g *Game) terminal(ply int) (Score, bool) {
	white := g.whiteToMove(ply)
	if g.xq != nil {
		p := g.xq.Positions()[ply]
		if p.HasLegalMove() {
			return Score{}, false
		}
		return Mated(white), true
	}
	p := g.chess.Positions()[ply]
	switch {
	case p.HasLegalMove():
		return Score{}, false
	case p.InCheck():
		return Mated(white), true
	}
	return Score{}, true // stalemate
}

// uciMoves returns the first ply moves as an external engine reads them:
// UCI, or Fairy-Stockfish's xiangqi coordinates (ranks 1-10).
func (g *Game) uciMoves(ply int) []string {
	out := make([]string, 0, ply)
	if g.xq != nil {
		for _, m := range g.xq.Moves()[:ply] {
			out = append(out, xq.FormatFairy(m))
		}
		return out
	}
	ps := g.chess.Positions()
	for i, m := range g.chess.Moves()[:ply] {
		out = append(out, ps[i].UCI(m))
	}
	return out
}

// fromEngineMove turns an external engine's move text in the position
// after ply plies into coordinate text (UCI; ICCS in xiangqi).
func (g *Game) fromEngineMove(ply int, text string) (string, error) {
	if g.xq != nil {
		p := g.xq.Positions()[ply]
		m, err := xq.ParseFairy(&p, text)
		if err != nil {
			return "", fmt.Errorf("review: engine move %q: %w", text, err)
		}
		return p.UCI(m), nil
	}
	p := g.chess.Positions()[ply]
	m, err := p.ParseUCI(text)
	if err != nil || !p.IsLegal(m) {
		return "", fmt.Errorf("review: engine move %q is not legal in %s", text, p.FEN())
	}
	return p.UCI(m), nil
}

// engineMoveInLine turns an external engine's move text, played after the
// coordinate moves line from the position after ply plies, into
// coordinate text.
func (g *Game) engineMoveInLine(ply int, line []string, text string) (string, error) {
	if g.xq != nil {
		p := g.xq.Positions()[ply]
		for _, s := range line {
			m, err := p.ParseUCI(s)
			if err != nil {
				return "", err
			}
			var child xiangqi.Position
			p.MakeMove(m, &child)
			p = child
		}
		m, err := xq.ParseFairy(&p, text)
		if err != nil {
			return "", err
		}
		return p.UCI(m), nil
	}
	p := g.chess.Positions()[ply]
	for _, s := range line {
		m, err := p.ParseUCI(s)
		if err != nil {
			return "", err
		}
		var child chess.Position
		p.MakeMove(m, &child)
		p = child
	}
	m, err := p.ParseUCI(text)
	if err != nil || !p.IsLegal(m) {
		return "", fmt.Errorf("review: %q is not legal in %s", text, p.FEN())
	}
	return p.UCI(m), nil
}

// LineSAN writes the coordinate moves of a line played from the position
// after ply plies in SAN (Chinese notation in xiangqi), stopping at the
// first move that is not legal.
func (g *Game) LineSAN(ply int, line []string) []string {
	var out []string
	if g.xq != nil {
		p := g.xq.Positions()[ply]
		for _, s := range line {
			m, err := p.ParseUCI(s)
			if err != nil {
				break
			}
			out = append(out, p.Chinese(m))
			var child xiangqi.Position
			p.MakeMove(m, &child)
			p = child
		}
		return out
	}
	p := g.chess.Positions()[ply]
	for _, s := range line {
		m, err := p.ParseUCI(s)
		if err != nil || !p.IsLegal(m) {
			break
		}
		out = append(out, p.SAN(m))
		var child chess.Position
		p.MakeMove(m, &child)
		p = child
	}
	return out
}

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
func (g *Game) fenAfter(ply int) string {
	if g.xq != nil {
		p := g.xq.Positions()[ply]
		return p.FEN()
	}
	p := g.chess.Positions()[ply]
	return p.FEN()
}
