package xiangqigame

import (
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/xiangqi"
)

// tree is xiangqi's move generator for `gambit perft` and `gambit moves`:
// each move in ICCS, Chinese notation (in the script asked) and WXF.
var tree = &game.Tree{
	Perft: func(fen string, depth int) ([]game.Divide, uint64, error) {
		p, err := positionAt(fen)
		if err != nil {
			return nil, 0, err
		}
		var out []game.Divide
		var total uint64
		for _, e := range xiangqi.Divide(&p, depth) {
			out = append(out, game.Divide{Move: p.UCI(e.Move), Nodes: e.Nodes})
			total += e.Nodes
		}
		if depth == 0 {
			total = 1
		}
		return out, total, nil
	},
	Moves: func(fen string, o game.MoveOptions) ([]string, error) {
		p, err := positionAt(fen)
		if err != nil {
			return nil, err
		}
		script := xiangqi.Traditional
		if o.Simplified {
			script = xiangqi.Simplified
		}
		var ml xiangqi.MoveList
		p.GenerateLegal(&ml)
		out := make([]string, 0, ml.Len())
		for i := range ml.Len() {
			m := ml.At(i)
			out = append(out, p.UCI(m)+" "+p.ChineseIn(m, script)+" "+p.WXF(m))
		}
		return out, nil
	},
}

// positionAt parses a xiangqi FEN, "" for the start.
func positionAt(fen string) (xiangqi.Position, error) {
	if fen == "" {
		fen = xiangqi.StartFEN
	}
	return xiangqi.ParseFEN(fen)
}
