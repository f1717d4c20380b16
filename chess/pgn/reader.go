package pgn

import (
	"errors"
	"io"
	"slices"
	"strings"

	"github.com/gambitchess/gambit/chess"
)

// Reader reads the games of a PGN stream one at a time, in constant memory
// whatever the size of the stream. Four methods read the next game, each
// at its own depth:
//
//   - Next builds the whole game tree: variations, comments, NAGs.
//   - NextMainline checks every mainline move against the rules and returns
//     the moves; variations and comments are skipped without building
//     anything. This is the fast path for bulk work.
//   - NextTags reads the header and skims the movetext without checking it.
//   - Visit checks every move, variations included, and hands the parts of
//     the game to a Visitor without building a tree.
//
// A malformed game makes the method return an *Error (with the game read so
// far, where the method returns one); the next call goes on with the next
// game. io.EOF marks the end of the stream.
type Reader struct {
	lx     lexer
	src    countingReader
	gameNo int

	// The game being read.
	mode      mode
	tags      Tags
	fenAt     [2]int // line and column of the FEN tag
	variantAt [2]int // line and column of the Variant tag
	result    string
	start     chess.Position
	pos       chess.Position // after the last move read on the current line
	before    chess.Position // before it
	moves     []chess.Move   // mainline mode
	err       *Error
	depth     int
	opens     [][2]int // where the open variations started
	ml        chess.MoveList

	// Tree mode.
	game   *Game
	cur    *Node
	fresh  bool // no move yet on the current line (game start or just after "(")
	prefix string
	stack  []frame
	// Comments are gathered here and attached when the next move, variation
	// or the end comes, so that many comments in a row cost linear time.
	pending  []byte
	commentN int
	tagSet   map[string]bool   // for the duplicate-tag check of long headers
	values   map[string]string // tag values seen, shared between games (tagValue)
	nodes    []Node            // slab for newNode
	kids     []*Node           // slab for newChildren
	slab     int               // size of the last node slab

	// Where the game being read starts: its first token (pipeline.go).
	startLine, startCol int
	startBol            bool

	// Visit mode.
	visitor Visitor
	skip    int // depth of the variation the visitor skips, 0 when none
}

type mode uint8

const (
	modeTags mode = iota
	modeMainline
	modeTree
	modeVisit
)

// frame saves the line a variation branches off.
type frame struct {
	cur         *Node // nil when visiting
	pos, before chess.Position
	depth       int // the variation's depth
}

// countingReader counts the bytes read and reports them to a progress callback.
type countingReader struct {
	r        io.Reader
	n        int64
	progress func(int64)
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	if c.progress != nil && n > 0 {
		c.progress(c.n)
	}
	return n, err
}

// NewReader returns a Reader over rd. It buffers its input (64 KiB).
func NewReader(rd io.Reader) *Reader {
	r := &Reader{}
	r.src.r = rd
	r.lx.reset(&r.src, 64<<10)
	return r
}

// OnProgress sets a function called with the number of bytes read from the
// underlying reader so far, each time the reader fills its buffer (for a
// progress bar).
func (r *Reader) OnProgress(fn func(bytesRead int64)) { r.src.progress = fn }

// BytesRead returns the number of bytes read from the underlying reader so far.
func (r *Reader) BytesRead() int64 { return r.src.n }

// Games returns the number of games started so far, good or bad.
func (r *Reader) Games() int { return r.gameNo }

// Next reads the next game as a tree. On a malformed game it returns the
// game as far as it could be read, with an *Error.
func (r *Reader) Next() (*Game, error) {
	if err := r.read(modeTree); err != nil {
		if _, ok := err.(*Error); !ok {
			return nil, err
		}
		r.game.Tags, r.game.Result = slices.Clone(r.tags), r.result
		return r.game, err
	}
	r.game.Tags, r.game.Result = slices.Clone(r.tags), r.result
	return r.game, nil
}

// Mainline is a game read by NextMainline: its header, start position,
// mainline moves and final position. Its slices are reused by the next call.
type Mainline struct {
	Tags   Tags
	Start  chess.Position
	Moves  []chess.Move
	Final  chess.Position
	Result string // the result token, as Game.Result
}

// NextMainline reads the next game's header and mainline into ml, checking
// each mainline move. Variations and comments are skipped. On an error, ml
// holds the moves before the bad one and Final the position they reach.
func (r *Reader) NextMainline(ml *Mainline) error {
	r.moves = ml.Moves[:0]
	r.tags = ml.Tags[:0]
	err := r.read(modeMainline)
	ml.Tags, ml.Moves = r.tags, r.moves
	r.tags, r.moves = nil, nil
	if _, ok := err.(*Error); err == nil || ok {
		ml.Start, ml.Final, ml.Result = r.start, r.pos, r.result
	}
	return err
}

// NextTags reads the next game's header; the movetext is skimmed, not checked.
func (r *Reader) NextTags() (Tags, error) {
	err := r.read(modeTags)
	if _, ok := err.(*Error); err == nil || ok {
		return slices.Clone(r.tags), err
	}
	return nil, err
}

// ReadAll reads every game of rd as a tree. It returns the good games, the
// errors of the bad ones, and any read error.
func ReadAll(rd io.Reader) ([]*Game, []*Error, error) {
	r := NewReader(rd)
	var games []*Game
	var errs []*Error
	for {
		g, err := r.Next()
		var pe *Error
		switch {
		case err == nil:
			games = append(games, g)
		case errors.As(err, &pe):
			errs = append(errs, pe)
		case err == io.EOF:
			return games, errs, nil
		default:
			return games, errs, err
		}
	}
}

func (r *Reader) fail(line, col int, text []byte, err error) {
	if r.err == nil {
		r.err = &Error{Line: line, Col: col, Game: r.gameNo, Text: string(text), Err: err}
	}
}

func (r *Reader) failf(t *token, err error, msg string) {
	r.fail(t.line, t.col, t.text, wrap(err, msg))
}

type wrapped struct {
	msg string
	err error
}

func (w *wrapped) Error() string { return w.msg }
func (w *wrapped) Unwrap() error { return w.err }

// wrap gives sentinel err a more precise message while keeping errors.Is.
func wrap(err error, msg string) error { return &wrapped{err.Error() + ": " + msg, err} }

// read reads one game in mode m. It returns nil, an *Error for a malformed
// game, io.EOF or a read error.
func (r *Reader) read(m mode) error {
	lx := &r.lx
	lx.keep = m == modeTree || m == modeVisit
	lx.skim = m == modeTags
	r.mode = m
	r.err, r.depth, r.opens, r.result = nil, 0, r.opens[:0], ""
	r.fenAt, r.variantAt = [2]int{}, [2]int{}
	r.tags = r.tags[:0]
	r.stack = r.stack[:0]
	r.prefix, r.pending, r.commentN, r.skip = "", r.pending[:0], 0, 0
	for {
		t := lx.peek()
		if t.kind == tEOF {
			if lx.err != nil {
				return lx.err
			}
			return io.EOF
		}
		if t.kind != tBlank {
			break
		}
		lx.next()
	}
	t := lx.peek()
	r.startLine, r.startCol, r.startBol = t.line, t.col, t.bol
	r.gameNo++
	r.readTags()
	r.setup()
	r.movetext()
	if lx.err != nil {
		return lx.err // the game may be cut short: do not pass it on as good
	}
	if r.err != nil {
		return r.err
	}
	return nil
}

// readTags reads the tag pairs. A tag that the game already has starts the
// next game: exports of games without movetext have no other boundary.
func (r *Reader) readTags() {
	lx := &r.lx
	for {
		t := lx.peek()
		switch t.kind {
		case tTag:
			if r.hasTag(t.text) {
				return
			}
			name := tagName(t.text)
			switch name {
			case "FEN":
				r.fenAt = [2]int{t.line, t.col}
			case "Variant":
				r.variantAt = [2]int{t.line, t.col}
			}
			value := ""
			if !lx.record {
				// The splitter of the pipeline needs only the names, to
				// see a repeated tag start the next game.
				value = r.tagValue(t.val)
			}
			r.tags = append(r.tags, Tag{Name: name, Value: value})
			if r.mode == modeVisit && r.err == nil {
				r.visitor.Tag(name, r.tags[len(r.tags)-1].Value)
			}
		case tBadTag:
			r.failf(t, ErrSyntax, "malformed tag")
		case tBlank:
		default:
			return
		}
		lx.next()
	}
}

// Tag values are remembered, to be shared between games, up to these bounds.
const (
	maxTagValues   = 4096
	maxSharedValue = 64 // bytes
)

// tagValue returns v as a string. A value seen in an earlier game ("?",
// "Rated Blitz game", a date, a result, an ECO code) is that game's string:
// a dozen tags a game made a dozen strings (issue 28). At most
// maxTagValues values, each short, are remembered.
func (r *Reader) tagValue(v []byte) string {
	if s, ok := r.values[string(v)]; ok {
		return s
	}
	s := string(v)
	if len(v) <= maxSharedValue && len(r.values) < maxTagValues {
		if r.values == nil {
			r.values = map[string]string{}
		}
		r.values[s] = s
	}
	return s
}

// hasTag reports whether the game being read has the named tag already.
func (r *Reader) hasTag(name []byte) bool {
	const small = 32
	if len(r.tags) <= small {
		for i := range r.tags {
			if r.tags[i].Name == string(name) {
				return true
			}
		}
		return false
	}
	if len(r.tagSet) != len(r.tags) {
		clear(r.tagSet)
		if r.tagSet == nil {
			r.tagSet = map[string]bool{}
		}
		for _, t := range r.tags {
			r.tagSet[t.Name] = true
		}
	}
	return r.tagSet[string(name)]
}

// variantKind classifies a Variant tag: 0 standard, 1 Chess960, -1 unsupported.
func variantKind(v string) int {
	v = strings.Map(func(r rune) rune {
		switch r {
		case ' ', '-', '_':
			return -1
		}
		return r
	}, strings.ToLower(v))
	switch v {
	case "", "standard", "chess", "normal", "fromposition", "classical":
		return 0
	case "chess960", "fischerandom", "fischerrandom", "960", "frc":
		return 1
	}
	return -1
}

// setup finds the start position from the Variant and FEN tags.
func (r *Reader) setup() {
	r.start = startPos
	kind := variantKind(r.tags.Get("Variant"))
	if kind < 0 {
		r.fail(r.variantAt[0], r.variantAt[1], []byte(r.tags.Get("Variant")), ErrUnsupportedVariant)
	}
	fen, ok := r.tags.Lookup("FEN")
	if ok && r.mode != modeTags && kind >= 0 {
		var pos chess.Position
		var err error
		if kind == 1 {
			pos, err = chess.ParseFEN960(fen)
		} else if pos, err = chess.ParseFEN(fen); err != nil {
			// Chess960 start positions in files that do not say so.
			if p960, err960 := chess.ParseFEN960(fen); err960 == nil {
				pos, err = p960, nil
			}
		}
		if err != nil {
			r.fail(r.fenAt[0], r.fenAt[1], []byte(fen), err)
		} else {
			r.start = pos
		}
	} else if kind == 1 && r.mode != modeTags {
		r.start, _ = chess.ParseFEN960(chess.StartFEN)
	}
	r.pos, r.before, r.fresh = r.start, r.start, true
	if r.mode == modeVisit && r.err == nil {
		r.visitor.Start(r.start)
	}
	if r.mode == modeTree {
		r.game = &Game{Root: newRoot(r.start)}
		r.cur = r.game.Root
		// Each game takes fresh slabs. Sharing one between games would let
		// every game keep the previous ones alive through the Parent
		// pointers of the game that spans two slabs.
		r.nodes, r.kids, r.slab = nil, nil, 0
	}
}

// results maps result tokens to shared strings.
func resultString(b []byte) string {
	switch string(b) {
	case "1-0":
		return "1-0"
	case "0-1":
		return "0-1"
	case "1/2-1/2", "1/2":
		return "1/2-1/2"
	}
	return "*"
}

// movetext reads the moves up to the result, the next game's tags or the end.
func (r *Reader) movetext() {
	lx := &r.lx
	for {
		t := lx.peek()
		switch t.kind {
		case tEOF:
			r.finish()
			return
		case tTag, tBadTag:
			if t.bol {
				r.finish()
				return
			}
			r.failf(t, ErrSyntax, "unexpected '[' in movetext")
		case tBlank, tNumber:
		case tMove:
			if r.err == nil && r.skip == 0 && (r.depth == 0 && r.mode != modeTags || r.mode >= modeTree) {
				r.move(t)
			}
		case tNAG:
			if r.err == nil && r.skip == 0 && !r.fresh && t.n > 0 && t.n < 256 {
				switch r.mode {
				case modeTree:
					r.cur.NAGs = append(r.cur.NAGs, uint8(t.n))
				case modeVisit:
					r.visitor.NAG(t.n)
				}
			}
		case tComment:
			switch {
			case r.err != nil || r.skip != 0:
			case r.mode == modeTree && len(r.pending) < maxComment:
				if r.commentN > 0 {
					r.pending = append(r.pending, ' ')
				}
				r.pending = append(r.pending, t.text...)
				r.commentN++
			case r.mode == modeVisit:
				r.visitor.Comment(t.text)
			}
		case tOpen:
			r.open(t)
		case tClose:
			r.close(t)
		case tResult:
			if r.depth == 0 {
				r.result = resultString(t.text)
				lx.next()
				r.finish()
				return
			}
		case tUnterminated:
			r.fail(t.line, t.col, []byte("{"), wrap(ErrUnbalanced, "comment never closed"))
		case tJunk:
			r.failf(t, ErrSyntax, "unexpected character")
		}
		lx.next()
	}
}

func (r *Reader) move(t *token) {
	r.flushComment()
	m, nag, err := parseMove(&r.pos, t.text, &r.ml)
	if err != nil {
		r.fail(t.line, t.col, t.text, err)
		return
	}
	r.before = r.pos
	play(&r.pos, m)
	r.fresh = false
	switch r.mode {
	case modeMainline:
		r.moves = append(r.moves, m)
	case modeVisit:
		r.visitor.Move(&r.before, m)
		if nag > 0 {
			r.visitor.NAG(nag)
		}
	case modeTree:
		n := r.newNode()
		n.Parent, n.Move, n.StartingComment = r.cur, m, r.prefix
		if nag > 0 {
			n.NAGs = append(n.NAGs, uint8(nag))
		}
		if r.cur.Children == nil {
			r.cur.Children = r.newChildren()
		}
		r.cur.Children = append(r.cur.Children, n)
		r.cur, r.fresh, r.prefix = n, false, ""
	}
}

// The tree reader allocates nodes in slabs: the first of each game holds
// minSlab nodes, each next one twice as many, up to maxSlab.
const (
	minSlab = 16
	maxSlab = 256
)

// newNode returns a zero Node carved from a slab, to allocate a few times
// per game rather than once per move.
func (r *Reader) newNode() *Node {
	if len(r.nodes) == 0 {
		r.slab = min(max(2*r.slab, minSlab), maxSlab)
		r.nodes = make([]Node, r.slab)
	}
	n := &r.nodes[0]
	r.nodes = r.nodes[1:]
	return n
}

// newChildren returns an empty Children slice with room for the main
// continuation; a variation makes append allocate a bigger one.
func (r *Reader) newChildren() []*Node {
	if len(r.kids) == 0 {
		r.kids = make([]*Node, r.slab)
	}
	c := r.kids[0:0:1]
	r.kids = r.kids[1:]
	return c
}

// flushComment attaches the comments read since the last move or
// parenthesis: after a move, before the first move of the game, or before
// the first move of a variation.
func (r *Reader) flushComment() {
	if r.commentN == 0 {
		return
	}
	b := r.pending
	r.pending, r.commentN = r.pending[:0], 0
	if r.mode != modeTree || r.err != nil {
		return
	}
	switch {
	case !r.fresh:
		r.cur.setComment(b)
	case r.depth == 0:
		r.cur.Comment = joinComment(r.cur.Comment, b)
	default:
		r.prefix = joinComment(r.prefix, b)
	}
}

func (r *Reader) open(t *token) {
	r.flushComment()
	r.depth++
	r.opens = append(r.opens, [2]int{t.line, t.col})
	if r.mode < modeTree || r.err != nil || r.skip != 0 {
		return
	}
	if r.fresh {
		r.failf(t, ErrSyntax, "variation with no move to branch from")
		return
	}
	if r.mode == modeVisit && !r.visitor.BeginVariation() {
		r.skip = r.depth
		return
	}
	f := frame{r.cur, r.pos, r.before, r.depth}
	r.stack = append(r.stack, f)
	r.pos, r.fresh, r.prefix = r.before, true, ""
	if r.cur != nil {
		r.cur = r.cur.Parent
	}
}

func (r *Reader) close(t *token) {
	r.flushComment()
	if r.depth == 0 {
		r.failf(t, ErrUnbalanced, "')' closes no variation")
		return
	}
	if r.skip == r.depth {
		r.skip = 0
	} else if len(r.stack) > 0 && r.stack[len(r.stack)-1].depth == r.depth {
		r.pop()
		if r.mode == modeVisit && r.err == nil {
			r.visitor.EndVariation()
		}
	}
	r.depth--
	r.opens = r.opens[:len(r.opens)-1]
}

// pop returns to the line the innermost variation branched off.
func (r *Reader) pop() {
	f := r.stack[len(r.stack)-1]
	r.stack = r.stack[:len(r.stack)-1]
	r.cur, r.pos, r.before, r.fresh, r.prefix = f.cur, f.pos, f.before, false, ""
}

// finish ends the game, reporting variations left open.
func (r *Reader) finish() {
	r.flushComment()
	if r.depth > 0 {
		o := r.opens[len(r.opens)-1]
		r.fail(o[0], o[1], []byte("("), wrap(ErrUnbalanced, "variation never closed"))
	}
	for len(r.stack) > 0 {
		r.pop()
	}
	if r.result == "" {
		// No result token: trust the Result tag if it holds a result.
		r.result = resultString([]byte(r.tags.Get("Result")))
	}
}
