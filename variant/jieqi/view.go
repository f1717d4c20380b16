package jieqi

import (
	"errors"
	"fmt"
	"sort"

	"github.com/gambitchess/gambit/xiangqi"
)

// Sight is what one side, or a spectator, knows of a position: the public
// board, and the pieces taken as far as it knows them.
//
// Under this package's rules (see the package doc) a face-down piece's
// identity is known to nobody while it stands on the board; when it is
// taken, the side that took it learns what it was, and nobody else does
// (not even its owner). Pieces taken face up are known to all.
type Sight struct {
	// Seer is the side whose sight this is, or NoColor for a spectator,
	// who knows only what both sides know.
	Seer Color
	// Position is the public position as Seer knows it: no face-down
	// identity, and of the pieces taken face down only those Seer took
	// are identified. Its moves are the true position's moves.
	Position Position
}

// View returns what seer (Red, Black or NoColor for a spectator) knows of
// the true position p.
func View(p Position, seer Color) Sight {
	p.identity = [NumSquares]PieceType{}
	for c := Red; c <= Black; c++ {
		if seer == c.Other() {
			continue // c's pieces taken face down were taken by seer
		}
		for t := range p.lostDown[c] {
			p.lostUnknown[c] += p.lostDown[c][t]
			p.lostDown[c][t] = 0
		}
	}
	return Sight{Seer: seer, Position: p}
}

// FEN returns the public FEN of the position seen.
func (s Sight) FEN() string { return s.Position.FEN() }

// Captured returns the taken pieces of colour c whose type the seer knows
// (those taken face up, and those it took face down), ordered by type.
func (s Sight) Captured(c Color) []Piece {
	known, _ := s.Position.Lost(c)
	var out []Piece
	for t, n := range known {
		for range n {
			out = append(out, xiangqi.NewPiece(c, PieceType(t)))
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// CapturedUnknown returns how many pieces of colour c were taken face down
// without the seer knowing what they were.
func (s Sight) CapturedUnknown(c Color) int {
	_, n := s.Position.Lost(c)
	return n
}

// ErrSight is wrapped by the errors of SightOf.
var ErrSight = errors.New("jieqi: impossible sight")

// SightOf rebuilds a Sight from what was sent to seer: the public FEN, and
// for each side (indexed by Color) the types of its taken pieces that seer
// knows and how many more were taken face down unidentified. It is how a
// player that is given only a sight (a computer player) gets a Position
// to search. Pieces on the board and taken beyond what a side starts with
// (15 besides its general; of a type, StartCount) are an error wrapping
// ErrSight.
func SightOf(fen string, seer Color, known [2][8]int, unknown [2]int) (Sight, error) {
	p, err := ParseFEN(fen)
	if err != nil {
		return Sight{}, err
	}
	var up [2][8]int // face-up pieces on the board, by side and type
	var down [2]int  // face-down pieces on the board, by side
	for s := Square(0); s < NumSquares; s++ {
		switch pc := p.board[s]; {
		case pc == xiangqi.NoPiece:
		case p.down.Has(s):
			down[pc.Color()]++
		default:
			up[pc.Color()][pc.Type()]++
		}
	}
	for c := Red; c <= Black; c++ {
		total := down[c] + unknown[c]
		if unknown[c] < 0 {
			return Sight{}, fmt.Errorf("%w: %d unknown pieces of %v taken", ErrSight, unknown[c], c)
		}
		if known[c][King] != 0 {
			return Sight{}, fmt.Errorf("%w: a general of %v taken", ErrSight, c)
		}
		for t := Advisor; t <= Soldier; t++ {
			if known[c][t] < 0 || known[c][t]+up[c][t] > StartCount[t] {
				return Sight{}, fmt.Errorf("%w: %d %c taken and %d on the board, more than %d", ErrSight, known[c][t], xiangqi.NewPiece(c, t).Char(), up[c][t], StartCount[t])
			}
			p.lost[c][t] = uint8(known[c][t])
			total += known[c][t] + up[c][t]
		}
		if total > NumHidden {
			return Sight{}, fmt.Errorf("%w: %d pieces of %v besides the general, more than %d", ErrSight, total, c, NumHidden)
		}
		p.lostUnknown[c] = uint8(unknown[c])
	}
	return Sight{Seer: seer, Position: p}, nil
}
