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

// xiangqiSquareNames are a xiangqi board's squares by rank then file (a0,
// b0, …, i9), two bytes each, as xiangqi.Square.String names them.
const xiangqiSquareNames = "a0b0c0d0e0f0g0h0i0a1b1c1d1e1f1g1h1i1a2b2c2d2e2f2g2h2i2" +
	"a3b3c3d3e3f3g3h3i3a4b4c4d4e4f4g4h4i4a5b5c5d5e5f5g5h5i5a6b6c6d6e6f6g6h6i6" +
	"a7b7c7d7e7f7g7h7i7a8b8c8d8e8f8g8h8i8a9b9c9d9e9f9g9h9i9"

// maxDestSquares bounds the origin indexes groupDests takes (xiangqi's 90
// squares are the most).
const maxDestSquares = 90

// destMove is one move for groupDests: its origin's index (below
// maxDestSquares) and name, and its destination's name.
type destMove struct {
	from     int
	fromName string
	to       string
}

// groupDests returns the destinations of the n moves move(0) … move(n-1)
// by origin, each origin's in the order given; a move with ok false is left
// out. Every list is capped at its length, so that appending to one never
// writes into the next.
func groupDests(n int, move func(i int) (m destMove, ok bool)) map[string][]string {
	var count [maxDestSquares]int16
	var names [maxDestSquares]string
	total, origins := 0, 0
	for i := range n {
		m, ok := move(i)
		if !ok {
			continue
		}
		if count[m.from] == 0 {
			origins++
			names[m.from] = m.fromName
		}
		count[m.from]++
		total++
	}
	out := make(map[string][]string, origins)
	if total == 0 {
		return out
	}
	all := make([]string, total)
	var next [maxDestSquares]int16
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
		all[next[m.from]] = m.to
		next[m.from]++
	}
	for sq, c := range count {
		if c > 0 {
			end := int(next[sq])
			out[names[sq]] = all[end-int(c) : end : end]
		}
	}
	return out
}
