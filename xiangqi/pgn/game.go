package pgn

import (
	"errors"
	"iter"
	"strings"

	"github.com/gambitchess/gambit/xiangqi"
)

// Notation names a move notation: the value of the Format tag.
type Notation uint8

// Move notations.
const (
	NotationChinese Notation = iota // 炮二平五: xiangqi.Position.Chinese
	NotationICCS                    // h2e2: xiangqi.Position.UCI
	NotationWXF                     // C2.5: xiangqi.Position.WXF
)

// String returns the value of the Format tag: "Chinese", "ICCS" or "WXF".
func (f Notation) String() string {
	switch f {
	case NotationICCS:
		return "ICCS"
	case NotationWXF:
		return "WXF"
	}
	return "Chinese"
}

// Game is one game of a PGN file as a tree of moves, with its header tags
// and result.
type Game struct {
	Tags          Tags   // the header, in order
	Root          *Node  // the start: its children are the first moves; its Comment precedes them
	Result        string // the result token ("1-0", "0-1", "1/2-1/2", "*"), if any
	ResultComment string // a comment written after the result token
}

// Node is one move in the game tree, or the game's Root, which holds no
// move. Children[0] continues the line the node is on; any further
// children are variations, alternatives to Children[0].
type Node struct {
	Parent   *Node
	Children []*Node
	Move     xiangqi.Move // xiangqi.MoveNone on the root

	// StartingComment comes before the move (at the start of a line, or
	// after a variation); the root's comment is its Comment.
	StartingComment string
	// Comment follows the move.
	Comment string

	pos xiangqi.Position // the position after Move
}

// ErrNotLegal is returned by AddVariation for a move that is not legal in
// the node's position.
var ErrNotLegal = errors.New("xiangqi: pgn: move not legal here")

// NewGame returns a game with no moves from the standard start position.
func NewGame() *Game { return NewGameFrom(xiangqi.StartPosition()) }

// NewGameFrom returns a game with no moves starting from start, which must
// be valid. Its Game tag is "Chinese Chess", and its FEN tag is set unless
// start is the standard start position.
func NewGameFrom(start xiangqi.Position) *Game {
	g := &Game{Root: &Node{pos: start}, Result: "*"}
	g.Tags.Set("Game", "Chinese Chess")
	if fen := start.FEN(); fen != xiangqi.StartFEN {
		g.Tags.Set("FEN", fen)
	}
	return g
}

// Start returns the position the game starts from.
func (g *Game) Start() xiangqi.Position { return g.Root.pos }

// Mainline yields the nodes of the mainline in order, the root excluded.
func (g *Game) Mainline() iter.Seq[*Node] {
	return func(yield func(*Node) bool) {
		for n := g.Root.Next(); n != nil; n = n.Next() {
			if !yield(n) {
				return
			}
		}
	}
}

// MainlineMoves returns the moves of the mainline.
func (g *Game) MainlineMoves() []xiangqi.Move {
	var out []xiangqi.Move
	for n := range g.Mainline() {
		out = append(out, n.Move)
	}
	return out
}

// End returns the last node of the mainline (the root if there is no move).
func (g *Game) End() *Node {
	n := g.Root
	for len(n.Children) > 0 {
		n = n.Children[0]
	}
	return n
}

// Final returns the position at the end of the mainline.
func (g *Game) Final() xiangqi.Position { return g.End().pos }

// Format returns the notation that the Format tag names; ok is false when
// the tag is missing or names something else (the reader then tries each
// notation on each move).
func (g *Game) Format() (f Notation, ok bool) {
	switch strings.ToUpper(strings.TrimSpace(g.Tags.Get("Format"))) {
	case "CHINESE":
		return NotationChinese, true
	case "ICCS":
		return NotationICCS, true
	case "WXF":
		return NotationWXF, true
	}
	return NotationChinese, false
}

// Position returns the position after the node's move (the start position
// for the root).
func (n *Node) Position() xiangqi.Position { return n.pos }

// Next returns the main continuation of the node, or nil at the end of its
// line.
func (n *Node) Next() *Node {
	if len(n.Children) == 0 {
		return nil
	}
	return n.Children[0]
}

// AddVariation adds the legal move m as a new continuation after the node:
// the main continuation if it has none yet, else the last variation. It
// returns the new node.
func (n *Node) AddVariation(m xiangqi.Move) (*Node, error) {
	if !n.pos.IsLegal(m) {
		return nil, ErrNotLegal
	}
	child := &Node{Move: m, Parent: n}
	n.pos.MakeMove(m, &child.pos)
	n.Children = append(n.Children, child)
	return child, nil
}
