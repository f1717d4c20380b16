package chessgame

import (
	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
)

// treeOf is the move generator of `gambit perft` and `gambit moves` for a
// chess board whose FENs parse reads (chess.ParseFEN, or chess.ParseFEN960
// for Chess960's castling): UCI moves, and SAN beside them.
func treeOf(parse func(string) (chess.Position, error)) *game.Tree {
	at := func(fen string) (chess.Position, error) {
		if fen == "" {
			fen = chess.StartFEN
		}
		return parse(fen)
	}
	return &game.Tree{
		Perft: func(fen string, depth int) ([]game.Divide, uint64, error) {
			p, err := at(fen)
			if err != nil {
				return nil, 0, err
			}
			var out []game.Divide
			var total uint64
			for _, e := range chess.Divide(&p, depth) {
				out = append(out, game.Divide{Move: p.UCI(e.Move), Nodes: e.Nodes})
				total += e.Nodes
			}
			if depth == 0 {
				total = 1
			}
			return out, total, nil
		},
		Moves: func(fen string, _ game.MoveOptions) ([]string, error) {
			p, err := at(fen)
			if err != nil {
				return nil, err
			}
			var ml chess.MoveList
			p.GenerateLegal(&ml)
			out := make([]string, 0, ml.Len())
			for _, m := range ml.Moves() {
				out = append(out, p.UCI(m)+" "+p.SAN(m))
			}
			return out, nil
		},
	}
}
