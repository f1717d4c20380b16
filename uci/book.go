package uci

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/chess/polyglot"
	"github.com/gambitchess/gambit/engine"
)

// bookOptions are the "uci" reply's lines for the opening book: OwnBook
// turns it on, BookFile names a Polyglot .bin file ("<empty>": none).
var bookOptions = []string{
	"option name OwnBook type check default false",
	"option name BookFile type string default <empty>",
}

// book is a session's opening book: when on and the position is in it,
// "go" answers with a book move at once, chosen in proportion to the
// weights, instead of searching.
type book struct {
	on   bool
	path string
	b    *polyglot.Book
	rnd  *rand.Rand
}

// setOption handles OwnBook and BookFile; handled is false for any other
// option. msg is what to tell the GUI (a book that did not load).
func (bk *book) setOption(name, value string) (msg string, handled bool) {
	switch {
	case strings.EqualFold(name, "OwnBook"):
		bk.on = strings.EqualFold(value, "true")
		return "", true
	case strings.EqualFold(name, "BookFile"):
		bk.path, bk.b = value, nil
		if value == "" || value == "<empty>" {
			return "", true
		}
		b, err := polyglot.Open(value)
		if err != nil {
			return "BookFile: " + err.Error(), true
		}
		bk.b = b
		return fmt.Sprintf("BookFile: %d entries", b.Len()), true
	}
	return "", false
}

// move returns a book move for p when the book is on and knows p, and
// the search asked for may be replaced by one: not an infinite or ponder
// search, and no searchmoves to keep to. Chess960 positions are never
// looked up: the Polyglot key knows only standard castling.
func (bk *book) move(p *chess.Position, c goCommand, l engine.Limits) (chess.Move, bool) {
	if !bk.on || bk.b == nil || p.Chess960() || l.Infinite || l.Ponder || len(c.searchMoves) > 0 {
		return chess.MoveNone, false
	}
	if bk.rnd == nil {
		bk.rnd = rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
	}
	bm, ok := bk.b.Pick(p, bk.rnd)
	return bm.Move, ok
}
