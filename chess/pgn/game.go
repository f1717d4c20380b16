package pgn

import (
	"errors"
	"iter"
	"slices"
	"time"

	"github.com/gambitchess/gambit/chess"
)

// Game is one game of a PGN file as a tree of moves: the mainline with its
// variations, comments, NAGs and comment commands, plus the header tags and
// the result.
type Game struct {
	Tags   Tags   // the header, in order
	Root   *Node  // the start: its children are the first moves; its Comment precedes them
	Result string // the movetext's result token: "1-0", "0-1", "1/2-1/2" or "*"
}

// Node is one move in the game tree, or the game's Root. Children[0]
// continues the line the node is on; any further children are variations,
// alternatives to Children[0].
type Node struct {
	Parent   *Node
	Children []*Node
	Move     chess.Move // chess.MoveNone on the root

	// StartingComment comes before the move; PGN can place one only at the
	// start of a variation (the root's comment is its Comment).
	StartingComment string
	// Comment follows the move, with the comment commands below taken out
	// and whitespace collapsed to single spaces.
	Comment string
	// NAGs are the Numeric Annotation Glyphs after the move ($1, or "!" read as 1).
	NAGs []uint8

	// Comment commands: [%clk 1:02:03], [%emt 0:00:05], [%eval 0.17] or
	// [%eval #-3], [%csl Ga1,Rb2], [%cal Ge2e4].
	Clock    time.Duration // remaining clock time, if HasClock
	HasClock bool
	EMT      time.Duration // elapsed move time, if HasEMT
	HasEMT   bool
	Eval     *Eval
	Squares  []Mark // %csl: coloured squares (From == To)
	Arrows   []Mark // %cal: coloured arrows

	start *chess.Position // the start position; set on the root only
}

// Eval is an engine evaluation from White's side: centipawns, or a mate
// distance in moves (positive when White mates).
type Eval struct {
	Centipawns int
	Mate       int // non-zero for a mate score; Centipawns is then meaningless
	Depth      int // search depth, 0 when not given
}

// Mark is a coloured square or arrow drawn on the board by %csl or %cal.
// Color is the letter used in the command: 'G', 'R', 'Y' or 'B'.
type Mark struct {
	Color    byte
	From, To chess.Square
}

// NewGame returns a game from the standard start position with the Seven
// Tag Roster filled with "?" (and Result "*").
func NewGame() *Game { return NewGameFrom(startPos) }

// NewGameFrom returns a game starting from pos. The FEN and SetUp tags (and
// Variant for Chess960) are set when pos is not the standard start.
func NewGameFrom(pos chess.Position) *Game {
	g := &Game{Result: "*"}
	for _, n := range SevenTagRoster {
		g.Tags = append(g.Tags, Tag{Name: n, Value: "?"})
	}
	g.Tags.Set("Result", "*")
	if pos.Chess960() {
		g.Tags.Set("Variant", "Chess960")
	}
	if pos.FEN() != chess.StartFEN || pos.Chess960() {
		g.Tags.Set("SetUp", "1")
		g.Tags.Set("FEN", pos.FEN())
	}
	g.Root = newRoot(pos)
	return g
}

func newRoot(pos chess.Position) *Node {
	p := pos
	return &Node{start: &p}
}

var startPos = chess.StartPosition()

// Start returns the position the game starts from.
func (g *Game) Start() chess.Position {
	if g.Root == nil {
		return startPos
	}
	return g.Root.Position()
}

// Mainline yields the nodes of the mainline in order, the root excluded.
func (g *Game) Mainline() iter.Seq[*Node] {
	return func(yield func(*Node) bool) {
		if g.Root == nil {
			return
		}
		for n := g.Root.Next(); n != nil; n = n.Next() {
			if !yield(n) {
				return
			}
		}
	}
}

// MainlineMoves returns the moves of the mainline.
func (g *Game) MainlineMoves() []chess.Move {
	var ms []chess.Move
	for n := range g.Mainline() {
		ms = append(ms, n.Move)
	}
	return ms
}

// End returns the last node of the mainline (the root if there is no move,
// nil if the game has no root).
func (g *Game) End() *Node {
	n := g.Root
	if n == nil {
		return nil
	}
	for len(n.Children) > 0 {
		n = n.Children[0]
	}
	return n
}

// Final returns the position at the end of the mainline.
func (g *Game) Final() chess.Position {
	if g.Root == nil {
		return startPos
	}
	return g.End().Position()
}

// Next returns the main continuation of the node, or nil at the end of its line.
func (n *Node) Next() *Node {
	if len(n.Children) == 0 {
		return nil
	}
	return n.Children[0]
}

// Root returns the root of the tree the node belongs to.
func (n *Node) Root() *Node {
	for n.Parent != nil {
		n = n.Parent
	}
	return n
}

// Ply returns the number of moves from the start to this node (0 for the root).
func (n *Node) Ply() int {
	ply := 0
	for ; n.Parent != nil; n = n.Parent {
		ply++
	}
	return ply
}

// IsMainline reports whether the node lies on the game's mainline.
func (n *Node) IsMainline() bool {
	for ; n.Parent != nil; n = n.Parent {
		if n.Parent.Children[0] != n {
			return false
		}
	}
	return true
}

// Position returns the position after the node's move (the start position
// for the root). A root made without NewGame or a Reader starts from the
// standard position.
func (n *Node) Position() chess.Position {
	var path []chess.Move
	for ; n.Parent != nil; n = n.Parent {
		path = append(path, n.Move)
	}
	pos := startPos
	if n.start != nil {
		pos = *n.start
	}
	for i := len(path) - 1; i >= 0; i-- {
		play(&pos, path[i])
	}
	return pos
}

func play(pos *chess.Position, m chess.Move) {
	if m == chess.MoveNull {
		pos.PlayNull()
	} else {
		pos.Play(m)
	}
}

// SAN returns the node's move in SAN ("" for the root).
func (n *Node) SAN() string {
	if n.Parent == nil {
		return ""
	}
	pos := n.Parent.Position()
	return pos.SAN(n.Move)
}

// ErrNotLegal is returned by AddVariation for a move that is not legal in the node's position.
var ErrNotLegal = errors.New("pgn: move not legal here")

// AddVariation adds m as a new continuation after the node: the main
// continuation if it has none yet, else the last variation. It returns the
// new node. m must be legal (or MoveNull while not in check).
func (n *Node) AddVariation(m chess.Move) (*Node, error) {
	pos := n.Position()
	if m == chess.MoveNull && pos.InCheck() || m != chess.MoveNull && !pos.IsLegal(m) {
		return nil, ErrNotLegal
	}
	c := &Node{Parent: n, Move: m}
	n.Children = append(n.Children, c)
	return c, nil
}

// Variation returns the child of the node that plays m, or nil.
func (n *Node) Variation(m chess.Move) *Node {
	for _, c := range n.Children {
		if c.Move == m {
			return c
		}
	}
	return nil
}

// Promote moves the node one place up among its siblings (towards the main continuation).
func (n *Node) Promote() {
	if n.Parent == nil {
		return
	}
	s := n.Parent.Children
	if i := slices.Index(s, n); i > 0 {
		s[i-1], s[i] = s[i], s[i-1]
	}
}

// PromoteToMain makes the node its parent's main continuation; the former
// main continuation becomes the first variation.
func (n *Node) PromoteToMain() {
	if n.Parent == nil {
		return
	}
	s := n.Parent.Children
	if i := slices.Index(s, n); i > 0 {
		copy(s[1:i+1], s[:i])
		s[0] = n
	}
}

// Demote moves the node one place down among its siblings.
func (n *Node) Demote() {
	if n.Parent == nil {
		return
	}
	s := n.Parent.Children
	if i := slices.Index(s, n); i >= 0 && i+1 < len(s) {
		s[i], s[i+1] = s[i+1], s[i]
	}
}

// Remove detaches the node, and everything after it, from the tree. The
// node keeps its Parent field, so its Position can still be computed.
func (n *Node) Remove() {
	if n.Parent == nil {
		return
	}
	n.Parent.Children = slices.DeleteFunc(n.Parent.Children, func(c *Node) bool { return c == n })
}
