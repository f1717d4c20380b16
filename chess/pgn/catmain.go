package pgn

import (
	"bufio"
	"bytes"

	"github.com/gambitchess/gambit/chess"
)

// mainlineWriter is the Visitor behind Cat with Mainline set: it writes each
// game's mainline exactly as Write with WriteOptions.Mainline writes the tree
// that Next builds (TestMainlineWriterAgrees, FuzzMainlineWriter), but
// builds no tree. Variations are visited, so that their moves are checked as
// Next checks them, and left out of the output.
//
// It attaches comments and NAGs as the tree reader does: the comments
// between two flush points (a move, "(", ")" or the end of the game) form
// one group, joined with spaces, that goes to the last mainline move (its
// comment commands parsed) or, before the first move, to the game's root.
// A mainline move is written only when the next one comes or the game
// ends, since NAGs and comments after its variations are still its own.
type mainlineWriter struct {
	opt   WriteOptions
	tags  Tags
	start chess.Position
	depth int // variations open
	plies int // mainline moves

	rootComment string
	begun       bool           // the first mainline move was seen (the root comment written)
	node        Node           // the last mainline move, not yet written
	before      chess.Position // the position before node's move
	has         bool           // node holds a move

	pending  []byte // the comments of the current group, depth 0 only
	commentN int    // comments in pending

	body bytes.Buffer  // the game's movetext, written out when the game is good
	bw   *bufio.Writer // over body
	gw   gameWriter
}

func newMainlineWriter(opt WriteOptions) *mainlineWriter {
	if opt.Width <= 0 {
		opt.Width = 80
	}
	mw := &mainlineWriter{opt: opt}
	mw.bw = bufio.NewWriter(&mw.body)
	return mw
}

// reset prepares mw for the next game.
func (mw *mainlineWriter) reset() {
	mw.tags = mw.tags[:0]
	mw.depth, mw.plies, mw.rootComment, mw.begun, mw.has = 0, 0, "", false, false
	mw.node = Node{NAGs: mw.node.NAGs[:0]}
	mw.pending, mw.commentN = mw.pending[:0], 0
	mw.body.Reset()
	mw.bw.Reset(&mw.body)
	mw.gw = gameWriter{w: mw.bw, opt: mw.opt, needNumber: true, buf: mw.gw.buf}
}

func (mw *mainlineWriter) Tag(name, value string) {
	mw.tags = append(mw.tags, Tag{Name: name, Value: value})
}

func (mw *mainlineWriter) Start(pos chess.Position) { mw.start = pos }

func (mw *mainlineWriter) Move(before *chess.Position, m chess.Move) {
	mw.flush()
	if mw.depth > 0 {
		return
	}
	mw.writeNode()
	mw.plies++
	if !mw.begun {
		mw.gw.comment(nil, mw.rootComment)
		mw.begun = true
	}
	mw.node = Node{Move: m, NAGs: mw.node.NAGs[:0]}
	mw.before, mw.has = *before, true
}

func (mw *mainlineWriter) NAG(n int) {
	if mw.depth == 0 && mw.has {
		mw.node.NAGs = append(mw.node.NAGs, uint8(n))
	}
}

func (mw *mainlineWriter) Comment(text []byte) {
	// As the tree reader's pending comments: no more once they reach
	// maxComment.
	if mw.depth > 0 || len(mw.pending) >= maxComment {
		return
	}
	if mw.commentN > 0 {
		mw.pending = append(mw.pending, ' ')
	}
	mw.pending = append(mw.pending, text...)
	mw.commentN++
}

func (mw *mainlineWriter) BeginVariation() bool {
	mw.flush()
	mw.depth++
	return true
}

func (mw *mainlineWriter) EndVariation() {
	mw.flush()
	mw.depth--
}

// flush attaches the current group of comments, as flushComment does.
func (mw *mainlineWriter) flush() {
	if mw.commentN == 0 {
		return
	}
	b := mw.pending
	mw.pending, mw.commentN = mw.pending[:0], 0
	if mw.has {
		mw.node.setComment(b)
	} else {
		mw.rootComment = joinComment(mw.rootComment, b)
	}
}

// writeNode writes the held mainline move, if any.
func (mw *mainlineWriter) writeNode() {
	if mw.has {
		mw.gw.move(&mw.node, &mw.before)
	}
}

// catMainline reads the next game of r with mw and, when it is good, writes
// it to w. It returns what Visit returns.
func (mw *mainlineWriter) catMainline(r *Reader, w *bufio.Writer) error {
	mw.reset()
	if err := r.Visit(mw); err != nil {
		return err
	}
	return mw.finish(w, r.Result())
}

// finish writes the whole game to w: the tags, then the movetext.
func (mw *mainlineWriter) finish(w *bufio.Writer, result string) error {
	mw.flush()
	mw.writeNode()
	if !mw.begun {
		mw.gw.comment(nil, mw.rootComment)
	}
	mw.gw.token(resultString([]byte(result)))
	mw.bw.WriteString("\n\n")
	if err := mw.bw.Flush(); err != nil {
		return err
	}
	start := mw.start
	g := Game{Tags: mw.tags, Result: result, Root: &Node{start: &start}}
	tw := gameWriter{w: w, opt: mw.opt}
	tw.tags(&g)
	_, err := w.Write(mw.body.Bytes())
	return err
}
