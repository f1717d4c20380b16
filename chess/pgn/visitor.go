package pgn

import (
	"github.com/gambitchess/gambit/chess"
)

// Visitor receives the parts of a game as Reader.Visit meets them, for work
// that needs more than the mainline but no tree: collecting positions from
// variations, extracting comments, counting NAGs (python-chess's visitors).
// Every move it sees has been checked against the rules. Byte slices and
// positions passed to it are valid only during the call.
type Visitor interface {
	// Tag is called for each tag pair of the header, in order.
	Tag(name, value string)
	// Start is called after the header with the position the game starts from.
	Start(pos chess.Position)
	// Move is called for each move, with the position before it.
	Move(before *chess.Position, m chess.Move)
	// NAG is called for each NAG ($n, or a suffix such as "!") after a move.
	NAG(n int)
	// Comment is called for each comment, with its raw text.
	Comment(text []byte)
	// BeginVariation is called at "(": the variation that follows is an
	// alternative to the last move. Returning false skips it, with no calls
	// until the matching ")".
	BeginVariation() bool
	// EndVariation is called at the ")" of a variation that was not skipped.
	EndVariation()
}

// Visit reads the next game, calling v for each of its parts. It returns
// nil, an *Error for a malformed game (after which v gets no more calls for
// that game), io.EOF at the end of the stream, or a read error. The game's
// result is returned by Result after the call.
func (r *Reader) Visit(v Visitor) error {
	r.visitor = v
	return r.read(modeVisit)
}

// Result returns the result of the game Visit read last: the result token,
// else the Result tag when it holds a result, else "*".
func (r *Reader) Result() string { return r.result }
