package opening

import (
	"github.com/gambitchess/gambit/chess"
)

// MaxPlies is how deep into a game Classify and Of look for a named
// position: 40 plies, as lichess does (scalachess OpeningDb.SEARCH_MAX_PLIES).
const MaxPlies = 40

// Opening is a named opening: its ECO code, its name (lichess's, in
// English) and the ply of the game's last named position (0 for the
// start, 1 after White's first move).
type Opening struct {
	ECO  string // "C40"
	Name string // "King's Knight Opening"
	Ply  int
}

// Lookup returns the opening that names position p itself (Ply 0).
func Lookup(p *chess.Position) (Opening, bool) {
	e, ok := db().byKey[p.EPDKey()]
	if !ok {
		return Opening{}, false
	}
	return e.opening(0), true
}

// Known reports whether the table names position p: a position reached by
// a move still "in the book", which a game review does not judge.
func Known(p *chess.Position) bool {
	_, ok := db().byKey[p.EPDKey()]
	return ok
}

// Of names a line of play from its positions, positions[0] the start and
// positions[i] the position after i plies: the last of positions[0..MaxPlies]
// the table names, with its index as Ply. It does not check where the line
// starts; Classify names only games from the standard start. It allocates
// nothing.
func Of(positions []chess.Position) (Opening, bool) {
	t := db()
	n := min(len(positions), MaxPlies+1)
	for i := n - 1; i >= 0; i-- {
		if e, ok := t.byKey[positions[i].EPDKey()]; ok {
			return e.opening(i), true
		}
	}
	return Opening{}, false
}

// Classify names the opening of game g: the last named position among its
// first MaxPlies plies. A game that does not start from the standard start
// position (a set-up position, a Chess960 start but 518) has none.
func Classify(g *chess.Game) (Opening, bool) {
	start := g.StartPosition()
	if !IsStandardStart(&start) {
		return Opening{}, false
	}
	t := db()
	var found Opening
	ok := false
	p := start
	for i, m := range g.Moves() {
		if i == MaxPlies {
			break
		}
		p.Play(m)
		if e, named := t.byKey[p.EPDKey()]; named {
			found, ok = e.opening(i+1), true
		}
	}
	return found, ok
}

// Next names a game one ply longer, from what names it now: prev and
// prevOK are Classify's answer for the game, and p is the position its
// next ply reaches, that ply being the game's ply-th. It answers what
// Classify would for the longer game with one lookup, not a replay, so a
// live game named at every move costs the same at ply 40 as at ply 1.
// Like Classify, it is for games from the standard start: for any other,
// prevOK is false and nothing is named, so the caller must not ask.
func Next(prev Opening, prevOK bool, p *chess.Position, ply int) (Opening, bool) {
	if ply > MaxPlies {
		return prev, prevOK
	}
	if e, ok := db().byKey[p.EPDKey()]; ok {
		return e.opening(ply), true
	}
	return prev, prevOK
}

// IsStandardStart reports whether p is the standard start position (the
// move counters aside): the only start a game is named from.
func IsStandardStart(p *chess.Position) bool { return p.EPDKey() == db().startKey }
