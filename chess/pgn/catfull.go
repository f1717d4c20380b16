package pgn

import (
	"bufio"
	"strconv"

	"github.com/gambitchess/gambit/chess"
)

// fullWriter is the Visitor behind Cat without Mainline: it writes each game,
// variations and comments kept, exactly as Write writes the tree that Next
// builds (TestFullWriterAgrees, FuzzFullWriter), but allocates no tree.
//
// It cannot write each move as it comes. Comments and NAGs after a move's
// variations are still the move's own, so they come before the variations
// in the output; and a variation opened after the first move of another is
// a sibling of that move, written after the enclosing variation closes. So
// it keeps the game as a compact tree of indices into slices that are
// reused from game to game (the SAN of each move in one byte arena), and
// writes it once the game is read and good, in the order gameWriter.line
// uses. Comments are attached as the tree reader attaches them (flushComment).
type fullWriter struct {
	opt   WriteOptions
	tags  Tags
	start chess.Position
	depth int // variations open
	plies int // mainline moves

	nodes  []fullNode // nodes[0] is the root
	cur    int32      // the node the next move follows
	fresh  bool       // no move yet on the current line
	prefix string     // comment before the first move of a variation
	stack  []int32    // cur of the lines the open variations branch off
	san    []byte     // the SAN of every move, nodes point into it

	pending  []byte // the comments of the current group
	commentN int    // comments in pending

	root      Node           // for the tags, which need the start position
	rootStart chess.Position // root's start
	gw        gameWriter
}

// fullNode is one move of the game being read (or the root): the Node
// holds its comments, comment commands and NAGs; the links are indices.
type fullNode struct {
	n       Node
	san     [2]int32 // its SAN in fullWriter.san
	number  int32    // the fullmove number before the move
	white   bool     // White moves
	first   int32    // first child, 0 when none
	last    int32    // last child
	nextSib int32    // next sibling, 0 when none
	parent  int32
}

func newFullWriter(opt WriteOptions) *fullWriter {
	if opt.Width <= 0 {
		opt.Width = 80
	}
	return &fullWriter{opt: opt}
}

// newNode appends a zero node, keeping the slices of the one it replaces.
func (fw *fullWriter) newNode() int32 {
	i := len(fw.nodes)
	if i < cap(fw.nodes) {
		fw.nodes = fw.nodes[:i+1]
		old := &fw.nodes[i]
		*old = fullNode{n: Node{NAGs: old.n.NAGs[:0]}}
	} else {
		fw.nodes = append(fw.nodes, fullNode{})
	}
	return int32(i)
}

// reset prepares fw for the next game.
func (fw *fullWriter) reset() {
	fw.tags = fw.tags[:0]
	fw.depth, fw.plies = 0, 0
	fw.nodes = fw.nodes[:0]
	fw.newNode()
	fw.cur, fw.fresh, fw.prefix = 0, true, ""
	fw.stack = fw.stack[:0]
	fw.san = fw.san[:0]
	fw.pending, fw.commentN = fw.pending[:0], 0
}

func (fw *fullWriter) Tag(name, value string) {
	fw.tags = append(fw.tags, Tag{Name: name, Value: value})
}

func (fw *fullWriter) Start(pos chess.Position) { fw.start = pos }

func (fw *fullWriter) Move(before *chess.Position, m chess.Move) {
	fw.flush()
	if fw.depth == 0 {
		fw.plies++
	}
	i := fw.newNode()
	c, p := &fw.nodes[i], &fw.nodes[fw.cur]
	c.n.Move, c.n.StartingComment = m, fw.prefix
	c.number, c.white = int32(before.FullmoveNumber()), before.SideToMove() == chess.White
	s := len(fw.san)
	fw.san = before.AppendSAN(fw.san, m)
	c.san = [2]int32{int32(s), int32(len(fw.san))}
	if p.first == 0 {
		p.first = i
	} else {
		fw.nodes[p.last].nextSib = i
	}
	p.last = i
	c.parent = fw.cur
	fw.cur, fw.fresh, fw.prefix = i, false, ""
}

// NAG goes to the last move read: the reader passes none before it.
func (fw *fullWriter) NAG(n int) {
	if !fw.fresh {
		c := &fw.nodes[fw.cur].n
		c.NAGs = append(c.NAGs, uint8(n))
	}
}

func (fw *fullWriter) Comment(text []byte) {
	// As the tree reader's pending comments: no more once they reach
	// maxComment. Without comments in the output they change nothing.
	if fw.opt.NoComments || len(fw.pending) >= maxComment {
		return
	}
	if fw.commentN > 0 {
		fw.pending = append(fw.pending, ' ')
	}
	fw.pending = append(fw.pending, text...)
	fw.commentN++
}

// BeginVariation: the variation is an alternative to the last move, so its
// moves follow that move's parent.
func (fw *fullWriter) BeginVariation() bool {
	fw.flush()
	fw.depth++
	fw.stack = append(fw.stack, fw.cur)
	fw.cur, fw.fresh, fw.prefix = fw.nodes[fw.cur].parent, true, ""
	return true
}

func (fw *fullWriter) EndVariation() {
	fw.flush()
	fw.depth--
	fw.cur, fw.fresh, fw.prefix = fw.stack[len(fw.stack)-1], false, ""
	fw.stack = fw.stack[:len(fw.stack)-1]
}

// flush attaches the current group of comments, as flushComment does.
func (fw *fullWriter) flush() {
	if fw.commentN == 0 {
		return
	}
	b := fw.pending
	fw.pending, fw.commentN = fw.pending[:0], 0
	switch {
	case !fw.fresh:
		fw.nodes[fw.cur].n.setComment(b)
	case fw.depth == 0:
		fw.nodes[0].n.Comment = joinComment(fw.nodes[0].n.Comment, b)
	default:
		fw.prefix = joinComment(fw.prefix, b)
	}
}

// catFull reads the next game of r with fw and, when it is good, writes it
// to w. It returns what Visit returns.
func (fw *fullWriter) catFull(r *Reader, w *bufio.Writer) error {
	fw.reset()
	if err := r.Visit(fw); err != nil {
		return err
	}
	fw.flush()
	result := r.Result()
	fw.rootStart = fw.start
	fw.root = Node{start: &fw.rootStart}
	g := Game{Tags: fw.tags, Result: result, Root: &fw.root}
	fw.gw = gameWriter{w: w, opt: fw.opt, needNumber: true, buf: fw.gw.buf}
	fw.gw.tags(&g)
	fw.gw.comment(nil, fw.nodes[0].n.Comment)
	fw.line(0)
	fw.gw.token(resultString([]byte(result)))
	_, err := w.WriteString("\n\n")
	return err
}

// line writes the continuation of node i with the variations branching off
// it, as gameWriter.line does.
func (fw *fullWriter) line(i int32) {
	gw := &fw.gw
	for fw.nodes[i].first != 0 {
		main := fw.nodes[i].first
		fw.move(main)
		if !fw.opt.Mainline {
			for v := fw.nodes[main].nextSib; v != 0; v = fw.nodes[v].nextSib {
				gw.glue = "("
				gw.needNumber = true
				fw.move(v)
				fw.line(v)
				gw.closeVariation()
			}
		}
		i = main
	}
}

// move writes node i as gameWriter.move does.
func (fw *fullWriter) move(i int32) {
	gw := &fw.gw
	c := &fw.nodes[i]
	gw.comment(nil, c.n.StartingComment)
	b := gw.buf[:0]
	if c.white {
		b = append(strconv.AppendInt(b, int64(c.number), 10), ". "...)
	} else if gw.needNumber {
		b = append(strconv.AppendInt(b, int64(c.number), 10), "... "...)
	}
	b = append(b, fw.san[c.san[0]:c.san[1]]...)
	gw.needNumber = false
	gw.tokenBytes(b)
	for _, nag := range c.n.NAGs {
		b = strconv.AppendInt(append(b[:0], '$'), int64(nag), 10)
		gw.tokenBytes(b)
	}
	gw.buf = b
	if !fw.opt.NoComments {
		gw.comment(c.n.commands(), c.n.Comment)
	}
}

// catter is Cat's writer of one game: the mainlineWriter with
// WriteOptions.Mainline, else the fullWriter. Neither builds a tree
// (issue 28).
type catter struct {
	mw *mainlineWriter
	fw *fullWriter
}

func newCatter(opt WriteOptions) catter {
	if opt.Mainline {
		return catter{mw: newMainlineWriter(opt)}
	}
	return catter{fw: newFullWriter(opt)}
}

// cat reads the next game of r and, when it is good, writes it to w. It
// returns what Reader.Visit returns.
func (c catter) cat(r *Reader, w *bufio.Writer) error {
	if c.mw != nil {
		return c.mw.catMainline(r, w)
	}
	return c.fw.catFull(r, w)
}

// plies returns the mainline plies of the game cat wrote last.
func (c catter) plies() int {
	if c.mw != nil {
		return c.mw.plies
	}
	return c.fw.plies
}
