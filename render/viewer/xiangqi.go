package viewer

import (
	"github.com/gambitchess/gambit/xiangqi"
	xqpgn "github.com/gambitchess/gambit/xiangqi/pgn"
)

// FromXiangqi converts a xiangqi game read by package xiangqi/pgn. Each
// move gets its three notations: Chinese (炮二平五), WXF (C2.5) and ICCS
// (h2e2).
func FromXiangqi(g *xqpgn.Game) Game {
	out := Game{Variant: Xiangqi, Tags: convertTags(g.Tags), Result: g.Result, ResultComment: g.ResultComment}
	if out.Result == "" {
		out.Result = "*"
	}
	t := tree[*xqpgn.Node]{fill: fillXiangqiNode}
	t.add(g.Root, -1)
	out.Nodes = t.nodes
	return out
}

// fillXiangqiNode computes a xiangqi node's fields; the reader keeps each
// node's position, so the position before a move is its parent's.
func fillXiangqiNode(src *xqpgn.Node, parent int) (Node, []*xqpgn.Node) {
	after := src.Position()
	n := Node{FEN: after.FEN(), Comment: src.Comment, StartingComment: src.StartingComment}
	if parent >= 0 && src.Parent != nil {
		before := src.Parent.Position()
		m := src.Move
		n.Number = before.FullmoveNumber()
		n.Second = before.SideToMove() == xiangqi.Black
		n.Text = map[string]string{
			NotationChinese: before.Chinese(m),
			NotationWXF:     before.WXF(m),
			NotationICCS:    before.UCI(m),
		}
		n.From, n.To = m.From().String(), m.To().String()
	}
	return n, src.Children
}
