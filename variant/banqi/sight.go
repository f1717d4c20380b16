package banqi

import (
	"errors"
	"fmt"
)

// ErrSight is wrapped by the errors of SightOf.
var ErrSight = errors.New("banqi: impossible sight")

// SightOf returns the public position a player (or anyone: banqi hides
// the same from all) sees: fen, its pool narrowed by the pieces taken in
// the game, taken[Red] and taken[Black] as FEN letters (public, for a
// piece is taken face up). It is how a player given only what the board
// shows (a computer player) learns which pieces may lie face down. More
// pieces of a kind on the board and taken than a side has, or more
// face-down pieces than the pool holds, are an error wrapping ErrSight.
func SightOf(fen string, taken [2]string) (Position, error) {
	p, err := ParseFEN(fen)
	if err != nil {
		return Position{}, err
	}
	for c, letters := range taken {
		for i := range len(letters) {
			pc := PieceFromChar(letters[i])
			switch {
			case !pc.IsReal() || pc.Color() != Color(c):
				return Position{}, fmt.Errorf("%w: taken %s piece %q", ErrSight, Color(c), letters[i])
			case p.pool[pc] == 0:
				return Position{}, fmt.Errorf("%w: more %v on the board and taken than a side has", ErrSight, pc)
			}
			p.pool[pc]--
		}
	}
	total := 0
	for _, n := range p.pool {
		total += int(n)
	}
	if down := p.FaceDownCount(); down > total {
		return Position{}, fmt.Errorf("%w: %d pieces face down, %d pieces they could be", ErrSight, down, total)
	}
	return p, nil
}

// TakenText returns the pieces of colour c taken in the game as FEN
// letters, in the order they were taken: what SightOf reads.
func (g *Game) TakenText(c Color) string {
	var b []byte
	for _, pc := range g.Taken(c) {
		b = append(b, pc.Char())
	}
	return string(b)
}
