package fog

import "github.com/gambitchess/gambit/chess"

// Perft counts the leaf nodes of the move tree of fog-of-war chess to the
// given depth: every move Generate produces, each counted once. A king
// capture ends the game, so no move follows it; the draw rules (75 moves,
// bare kings, repetition) are ignored, as chess perft ignores them. The
// last ply is counted without making its moves.
func Perft(p Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var ml chess.MoveList
	p.Generate(&ml)
	if depth == 1 {
		return uint64(ml.Len())
	}
	var n uint64
	for _, m := range ml.Moves() {
		n += Perft(p.Play(m), depth-1)
	}
	return n
}

// DivideEntry is one root move with the perft count below it.
type DivideEntry struct {
	Move  chess.Move
	Nodes uint64
}

// Divide returns, for each move of p, the perft count of depth-1 after it,
// in generation order.
func Divide(p Position, depth int) []DivideEntry {
	var ml chess.MoveList
	p.Generate(&ml)
	out := make([]DivideEntry, 0, ml.Len())
	for _, m := range ml.Moves() {
		out = append(out, DivideEntry{m, Perft(p.Play(m), depth-1)})
	}
	return out
}

// UCI returns m in UCI notation in p (castling as the king's two-square
// step in standard chess).
func (p *Position) UCI(m chess.Move) string { return p.board.UCI(m) }
