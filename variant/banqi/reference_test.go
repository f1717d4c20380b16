package banqi

import (
	"slices"
	"strings"
)

// ref is a second, deliberately plain implementation of the move rules,
// written from the rule set and not from the package's code: a grid of
// letters, the rank rule as lists of what each piece takes, and every
// ray walked square by square. The perft tests count with both and
// compare.
type ref struct {
	grid  [4][8]byte // [rank][file]: FEN letters, 'x' face down, 0 empty
	id    [4][8]byte // the identity under a face-down piece, 0 unknown
	pool  map[byte]int
	first byte // 'r', 'b' or '-'
	turn  int  // 0 the first player, 1 the second
	reach int
}

// refTakes lists what each piece takes by stepping; the cannon takes
// anything, by jumping only.
var refTakes = map[byte]string{'K': "KABRNC", 'A': "ABRNCP", 'B': "BRNCP", 'R': "RNCP", 'N': "NCP", 'C': "", 'P': "PK"}

func refOf(p *Position) *ref {
	r := &ref{pool: map[byte]int{}, first: "rb-"[p.first], turn: int(p.turn), reach: p.CannonReach()}
	for s := Square(0); s < NumSquares; s++ {
		if pc := p.PieceAt(s); pc != NoPiece {
			r.grid[s.Rank()][s.File()] = pc.Char()
		}
		if id := p.Identity(s); id != NoPiece {
			r.id[s.Rank()][s.File()] = id.Char()
		}
	}
	for _, ch := range []byte("KABRNCPkabrncp") {
		if n := p.Pool(PieceFromChar(ch)); n > 0 {
			r.pool[ch] = n
		}
	}
	return r
}

func (r *ref) clone() *ref {
	c := *r
	c.pool = map[byte]int{}
	for k, v := range r.pool {
		c.pool[k] = v
	}
	return &c
}

// mover is the colour to move, 'r', 'b' or '-'.
func (r *ref) mover() byte {
	if r.first == '-' {
		return '-'
	}
	if r.turn == 0 {
		return r.first
	}
	return 'r' + 'b' - r.first
}

func colorOf(ch byte) byte {
	if ch >= 'a' {
		return 'b'
	}
	return 'r'
}

func name(f, k int) string { return string([]byte{byte('a' + f), byte('1' + k)}) }

// moves lists the legal moves in coordinate text, sorted.
func (r *ref) moves() []string {
	us := r.mover()
	var out []string
	alive := us == '-'
	for k := range 4 {
		for f := range 8 {
			ch := r.grid[k][f]
			switch {
			case ch == 'x':
				out = append(out, name(f, k)+name(f, k))
				if id := r.id[k][f]; id != 0 && colorOf(id) == us || id == 0 && r.pooled(us) {
					alive = true
				}
			case ch != 0 && colorOf(ch) == us:
				alive = true
				out = append(out, r.pieceMoves(f, k)...)
			}
		}
	}
	if !alive {
		return nil
	}
	slices.Sort(out)
	return out
}

func (r *ref) pooled(c byte) bool {
	for ch, n := range r.pool {
		if n > 0 && colorOf(ch) == c {
			return true
		}
	}
	return false
}

func (r *ref) pieceMoves(f, k int) []string {
	ch := r.grid[k][f]
	up := ch &^ 0x20
	var out []string
	for _, d := range [][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}} {
		nf, nk := f+d[0], k+d[1]
		if nf < 0 || nf > 7 || nk < 0 || nk > 3 {
			continue
		}
		v := r.grid[nk][nf]
		if v == 0 || v != 'x' && colorOf(v) != colorOf(ch) && strings.IndexByte(refTakes[up], v&^0x20) >= 0 {
			out = append(out, name(f, k)+name(nf, nk))
		}
		if up != 'C' {
			continue
		}
		between := 0
		for dist := 1; ; dist++ {
			tf, tk := f+d[0]*dist, k+d[1]*dist
			if tf < 0 || tf > 7 || tk < 0 || tk > 3 {
				break
			}
			v := r.grid[tk][tf]
			if v == 0 {
				continue
			}
			if between == 1 {
				if v != 'x' && colorOf(v) != colorOf(ch) && (r.reach == 0 || dist <= r.reach) {
					out = append(out, name(f, k)+name(tf, tk))
				}
				break
			}
			between++
		}
	}
	return out
}

// play returns the positions after move mv: one, or for the flip of an
// unknown piece one per kind in the pool.
func (r *ref) play(mv string) []*ref {
	f, k, tf, tk := int(mv[0]-'a'), int(mv[1]-'1'), int(mv[2]-'a'), int(mv[3]-'1')
	if f == tf && k == tk {
		kinds := []byte{r.id[k][f]}
		if kinds[0] == 0 {
			kinds = nil
			for _, ch := range []byte("KABRNCPkabrncp") {
				if r.pool[ch] > 0 {
					kinds = append(kinds, ch)
				}
			}
		}
		var out []*ref
		for _, ch := range kinds {
			c := r.clone()
			c.grid[k][f], c.id[k][f] = ch, 0
			c.pool[ch]--
			if c.first == '-' {
				c.first = colorOf(ch)
			}
			c.turn ^= 1
			out = append(out, c)
		}
		return out
	}
	c := r.clone()
	c.grid[tk][tf], c.grid[k][f] = c.grid[k][f], 0
	c.turn ^= 1
	return []*ref{c}
}

func (r *ref) perft(depth int) uint64 {
	ms := r.moves()
	if depth == 1 {
		return uint64(len(ms))
	}
	var n uint64
	for _, m := range ms {
		for _, c := range r.play(m) {
			n += c.perft(depth - 1)
		}
	}
	return n
}
