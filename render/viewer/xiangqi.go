package viewer

import (
	"maps"

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

// inScript returns games with their xiangqi moves' Chinese notation
// written in script s, worked out again from each move's position before
// it (its parent's FEN) and squares; games and their nodes are not
// changed, and a move that cannot be read again keeps its text.
func inScript(games []Game, s xiangqi.Script) []Game {
	out := make([]Game, len(games))
	for i, g := range games {
		out[i] = g
		if g.Variant != Xiangqi {
			continue
		}
		out[i].Nodes = make([]Node, len(g.Nodes))
		for j, n := range g.Nodes {
			out[i].Nodes[j] = n
			if g.positional && n.Text[NotationChinese] != "" {
				out[i].Nodes[j].Text = maps.Clone(n.Text)
				out[i].Nodes[j].Text[NotationChinese] = xiangqi.ConvertScript(n.Text[NotationChinese], s)
				continue
			}
			if text, ok := chineseIn(g.Nodes, n, s); ok {
				out[i].Nodes[j].Text = maps.Clone(n.Text)
				out[i].Nodes[j].Text[NotationChinese] = text
			}
		}
	}
	return out
}

// chineseIn writes node n's move in Chinese notation in script s.
func chineseIn(nodes []Node, n Node, s xiangqi.Script) (string, bool) {
	if n.Parent < 0 || n.Parent >= len(nodes) || n.From == "" || n.Text[NotationChinese] == "" {
		return "", false
	}
	before, err := xiangqi.ParseFEN(nodes[n.Parent].FEN)
	if err != nil {
		return "", false
	}
	m, err := before.ParseUCI(n.From + n.To)
	if err != nil {
		return "", false
	}
	return before.ChineseIn(m, s), true
}
