package game

// Legal destinations grouped by origin square, built with few allocations:
// they are worked out for every move of every game in play (the side to
// move's board needs them), and a map of slices grown move by move, with a
// string made for each move's text, was over a third of a hub's
// allocations a move. Here the squares' names are slices of a constant,
// every destination list shares one backing array, and the map is made at
// its size: three or four allocations whatever the number of moves.

// chessSquareNames are a chess board's squares in index order (a1, b1, …,
// h8), two bytes each.
const chessSquareNames = "a1b1c1d1e1f1g1h1a2b2c2d2e2f2g2h2a3b3c3d3e3f3g3h3a4b4c4d4e4f4g4h4" +
	"a5b5c5d5e5f5g5h5a6b6c6d6e6f6g6h6a7b7c7d7e7f7g7h7a8b8c8d8e8f8g8h8"

// MaxDestSquares bounds the origin indexes GroupDests takes (xiangqi's 90
// squares are the most of any board).
const MaxDestSquares = 90

// DestMove is one move for GroupDests: its origin's index (below
// MaxDestSquares) and name, and its destination's name.
type DestMove struct {
	From     int
	FromName string
	To       string
}

// GroupDests returns the destinations of the n moves move(0) … move(n-1)
// by origin, each origin's in the order given; a move with ok false is left
// out. Every list is capped at its length, so that appending to one never
// writes into the next.
func GroupDests(n int, move func(i int) (m DestMove, ok bool)) map[string][]string {
	var count [MaxDestSquares]int16
	var names [MaxDestSquares]string
	total, origins := 0, 0
	for i := range n {
		m, ok := move(i)
		if !ok {
			continue
		}
		if count[m.From] == 0 {
			origins++
			names[m.From] = m.FromName
		}
		count[m.From]++
		total++
	}
	out := make(map[string][]string, origins)
	if total == 0 {
		return out
	}
	all := make([]string, total)
	var next [MaxDestSquares]int16
	at := int16(0)
	for sq, c := range count {
		next[sq] = at
		at += c
	}
	for i := range n {
		m, ok := move(i)
		if !ok {
			continue
		}
		all[next[m.From]] = m.To
		next[m.From]++
	}
	for sq, c := range count {
		if c > 0 {
			end := int(next[sq])
			out[names[sq]] = all[end-int(c) : end : end]
		}
	}
	return out
}
