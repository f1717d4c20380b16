package viewer

import (
	"strconv"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/chess/pgn"
	"github.com/gambitchess/gambit/internal/pgntag"
)

// chessSource is a node of a chess/pgn tree with the position before its move.
type chessSource struct {
	node   *pgn.Node
	before chess.Position
}

// FromChess converts a chess (or Chess960) game read by package chess/pgn.
func FromChess(g *pgn.Game) Game {
	out := Game{Variant: Chess, Tags: convertTags(g.Tags), Result: g.Result}
	if out.Result == "" {
		out.Result = "*"
	}
	root := g.Root
	if root == nil {
		root = &pgn.Node{}
	}
	t := tree[chessSource]{fill: fillChessNode}
	t.add(chessSource{node: root, before: g.Start()}, -1)
	out.Nodes = t.nodes
	return out
}

// fillChessNode computes a chess node's fields: for the root, the start
// position; otherwise the position after its move and the move's text.
func fillChessNode(src chessSource, parent int) (Node, []chessSource) {
	after := src.before
	n := Node{Comment: src.node.Comment, StartingComment: src.node.StartingComment}
	if parent >= 0 {
		m := src.node.Move
		n.Number = src.before.FullmoveNumber()
		n.Second = src.before.SideToMove() == chess.Black
		n.Text = map[string]string{NotationSAN: src.before.SAN(m)}
		n.Glyphs = nagGlyphs(src.node.NAGs)
		if m.IsValid() {
			uci := m.String() // castling as the king's step: the squares to highlight
			n.From, n.To = uci[0:2], uci[2:4]
			after.Play(m)
		} else {
			after.PlayNull()
		}
	}
	n.FEN = after.FEN()
	kids := make([]chessSource, len(src.node.Children))
	for i, c := range src.node.Children {
		kids[i] = chessSource{node: c, before: after}
	}
	return n, kids
}

// nagGlyph gives the usual symbols of the common Numeric Annotation Glyphs.
var nagGlyph = map[uint8]string{
	1: "!", 2: "?", 3: "!!", 4: "??", 5: "!?", 6: "?!", 7: "□", 10: "=", 13: "∞",
	14: "⩲", 15: "⩱", 16: "±", 17: "∓", 18: "+−", 19: "−+", 22: "⨀", 23: "⨀",
	32: "⟳", 33: "⟳", 36: "→", 37: "→", 40: "↑", 41: "↑", 132: "⇆", 133: "⇆",
	138: "⊕", 139: "⊕", 140: "∆", 146: "N",
}

// nagGlyphs writes NAGs as their symbols, and any other as "$n".
func nagGlyphs(nags []uint8) string {
	s := ""
	for _, nag := range nags {
		g, ok := nagGlyph[nag]
		if !ok {
			g = " $" + strconv.Itoa(int(nag))
		}
		s += g
	}
	return s
}

// convertTags copies a header in order.
func convertTags(tags pgntag.Tags) []Tag {
	out := make([]Tag, len(tags))
	for i, t := range tags {
		out[i] = Tag{Name: t.Name, Value: t.Value}
	}
	return out
}
