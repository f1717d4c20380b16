package swiss

import (
	"cmp"
	"iter"
	"slices"
)

// The search's limits. They bound the work on pathological brackets; a
// bracket that hits them still gets a legal pairing, only perhaps not the
// best one by the quality criteria.
const (
	// nodeBudget is how many tentative pairs one attempt (one number of
	// pairs) may try.
	nodeBudget = 4000
	// maxCandidates is how many legal candidates are compared when none
	// meets every quality criterion.
	maxCandidates = 64
	// maxExchangeSets bounds the exchanges generated for one size.
	maxExchangeSets = 5000
)

// candidate is a tentative pairing of a bracket: its pairs and the players
// it leaves to float down (in pairing order).
type candidate struct {
	pairs    [][2]int
	floaters []int
}

// quality scores a candidate by the relative criteria, lower is better,
// compared in order (C.04.3 C.5-C.17, simplified):
//
//	0: the sum of the floaters' scores (float the lowest, pair the MDPs)
//	1: players who do not get their colour preference (C.12)
//	2: players who do not get a strong or absolute preference (C.13)
//	3: floaters who also floated down last round (C.14)
//	4: upfloaters who also floated up last round (C.15)
//	5: floaters who floated down two rounds ago (C.16)
//	6: upfloaters who floated up two rounds ago (C.17)
type quality [7]int

// perfect reports whether every criterion but the floaters' score is met.
func (q quality) perfect() bool {
	for _, v := range q[1:] {
		if v != 0 {
			return false
		}
	}
	return true
}

// bracket is the search for one pairing bracket (C.04.3 A.3): the players
// moved down from above (MDPs), the resident scoregroup, and everyone
// below, who must stay pairable.
type bracket struct {
	pc        *pairing
	moved     []int
	residents []int
	lower     []int

	inPair  map[int]bool
	pairs   [][2]int
	budget  int
	seen    int
	best    candidate
	bestQ   quality
	found   bool
	perfect bool
}

func newBracket(pc *pairing, moved, residents, lower []int) *bracket {
	return &bracket{pc: pc, moved: moved, residents: residents, lower: lower, inPair: map[int]bool{}}
}

// search returns the bracket's pairing: the most pairs possible (C.5),
// the MDPs paired first (A.3), and among those the first candidate in the
// handbook's order that meets every quality criterion, or the best of the
// first maxCandidates. Every candidate keeps the players left over (the
// floaters and all lower brackets) pairable. The last bracket must pair
// everyone; it alone can report false.
func (b *bracket) search() (candidate, bool) {
	size := len(b.moved) + len(b.residents)
	minPairs := 0
	if len(b.lower) == 0 {
		minPairs = size / 2
	}
	for p := size / 2; p >= minPairs; p-- {
		b.budget, b.seen, b.found, b.perfect = nodeBudget, 0, false, false
		for m := min(len(b.moved), len(b.residents), p); m >= 0 && !b.stopped(); m-- {
			rest := p - m
			if 2*rest > len(b.residents)-m {
				continue
			}
			for chosen := range combinations(len(b.moved), m) {
				mdps := pick(b.moved, chosen)
				b.pairMoved(mdps, 0, rest)
				if b.stopped() {
					break
				}
			}
		}
		if b.found {
			return b.best, true
		}
	}
	return candidate{}, false
}

// stopped reports whether the search should end: a perfect candidate, enough
// candidates compared, the budget spent with a candidate in hand, or twice
// the budget spent without one (then this number of pairs is given up).
func (b *bracket) stopped() bool {
	return b.perfect || b.seen >= maxCandidates || (b.budget <= 0 && b.found) || b.budget <= -nodeBudget
}

// try adds the pair x-y if legal and the rest stays pairable, runs next,
// and takes the pair back.
func (b *bracket) try(x, y int, next func()) {
	if b.inPair[y] || !b.pc.compat[x][y] {
		return
	}
	b.budget--
	b.inPair[x], b.inPair[y] = true, true
	b.pairs = append(b.pairs, [2]int{x, y})
	if b.pc.allPairable(b.unpaired()) {
		next()
	}
	b.pairs = b.pairs[:len(b.pairs)-1]
	delete(b.inPair, x)
	delete(b.inPair, y)
}

// unpaired returns the bracket's players not yet in a pair, then the lower
// brackets' players.
func (b *bracket) unpaired() []int {
	var out []int
	for _, p := range slices.Concat(b.moved, b.residents) {
		if !b.inPair[p] {
			out = append(out, p)
		}
	}
	return append(out, b.lower...)
}

// pairMoved pairs the chosen MDPs (S1 of the heterogeneous bracket) in
// order, each with the first resident (S2) that works, trying the others
// in order on backtracking: the transpositions of S2 (C.04.3 D.1). Then the
// remainder is paired with rest pairs.
func (b *bracket) pairMoved(mdps []int, i, rest int) {
	if i == len(mdps) {
		b.pairRemainder(rest)
		return
	}
	for _, r := range b.residents {
		b.try(mdps[i], r, func() { b.pairMoved(mdps, i+1, rest) })
		if b.stopped() {
			return
		}
	}
}

// pairRemainder pairs the resident players still free (the remainder,
// treated as homogeneous, A.3) with pairs pairs: S1 is its top pairs
// players, S2 the others; the exchanges between S1 and S2 are tried in the
// handbook's order (D.2), and for each the transpositions of S2 (D.1).
func (b *bracket) pairRemainder(pairs int) {
	if pairs == 0 {
		b.consider()
		return
	}
	var free []int
	for _, r := range b.residents {
		if !b.inPair[r] {
			free = append(free, r)
		}
	}
	for s1, s2 := range exchanges(free[:pairs], free[pairs:]) {
		b.transpose(s1, s2, 0)
		if b.stopped() {
			return
		}
	}
}

// transpose pairs s1[i:] with the free players of s2, in order.
func (b *bracket) transpose(s1, s2 []int, i int) {
	if i == len(s1) {
		b.consider()
		return
	}
	for _, y := range s2 {
		b.try(s1[i], y, func() { b.transpose(s1, s2, i+1) })
		if b.stopped() {
			return
		}
	}
}

// consider scores the complete candidate now in b.pairs and keeps it if it
// is the best so far.
func (b *bracket) consider() {
	var floaters []int
	for _, p := range slices.Concat(b.moved, b.residents) {
		if !b.inPair[p] {
			floaters = append(floaters, p)
		}
	}
	if len(floaters) > 0 && len(b.lower) == 0 {
		return
	}
	slices.Sort(floaters)
	q := b.quality(floaters)
	b.seen++
	if !b.found || slices.Compare(q[:], b.bestQ[:]) < 0 {
		b.best = candidate{pairs: slices.Clone(b.pairs), floaters: floaters}
		b.bestQ, b.found = q, true
	}
	b.perfect = q.perfect()
}

// quality scores the candidate in b.pairs with the given floaters.
func (b *bracket) quality(floaters []int) quality {
	var q quality
	cards := b.pc.cards
	for _, f := range floaters {
		c := cards[f]
		q[0] += c.score
		if c.lastFloat(1) == downFloat {
			q[3]++
		}
		if c.lastFloat(2) == downFloat {
			q[5]++
		}
	}
	for _, p := range b.pairs {
		x, y := cards[p[0]], cards[p[1]]
		colX := allocateColours(x, y)
		for _, side := range []struct {
			c   *card
			got colour
		}{{x, colX}, {y, colX.opposite()}} {
			pref := side.c.preference()
			if pref.strength != noPreference && pref.colour != side.got {
				q[1]++
				if pref.strength >= strong {
					q[2]++
				}
			}
		}
		if x.score != y.score {
			lo := y
			if y.ranksAbove(x) {
				lo = x
			}
			if lo.lastFloat(1) == upFloat {
				q[4]++
			}
			if lo.lastFloat(2) == upFloat {
				q[6]++
			}
		}
	}
	return q
}

// exchanges yields S1 and S2 as given, then after each exchange of players
// between them in the handbook's order (C.04.3 D.2): fewer players
// exchanged first; then the smallest difference between the sums of the
// pairing positions (BSNs) moved up and moved down; then moving the
// lowest S1 players; then the highest S2 players. Both halves stay in
// pairing order.
func exchanges(s1, s2 []int) iter.Seq2[[]int, []int] {
	return func(yield func([]int, []int) bool) {
		if !yield(s1, s2) {
			return
		}
		for k := 1; k <= min(len(s1), len(s2)); k++ {
			sets := exchangeSets(len(s1), len(s2), k)
			if sets == nil {
				return
			}
			for _, e := range sets {
				n1, n2 := applyExchange(s1, s2, e)
				if !yield(n1, n2) {
					return
				}
			}
		}
	}
}

// exchange is one exchange: positions in S1 moved down, positions in S2
// moved up.
type exchange struct{ down, up []int }

// exchangeSets lists every exchange of k players between halves of sizes n1
// and n2, in the handbook's order; nil if there would be too many.
func exchangeSets(n1, n2, k int) []exchange {
	if binomial(n1, k)*binomial(n2, k) > maxExchangeSets {
		return nil
	}
	var sets []exchange
	for down := range combinations(n1, k) {
		for up := range combinations(n2, k) {
			sets = append(sets, exchange{slices.Clone(down), slices.Clone(up)})
		}
	}
	bsnSum := func(e exchange) int {
		s := 0
		for _, u := range e.up {
			s += n1 + u
		}
		for _, d := range e.down {
			s -= d
		}
		return s
	}
	slices.SortStableFunc(sets, func(x, y exchange) int {
		if c := cmp.Compare(bsnSum(x), bsnSum(y)); c != 0 {
			return c
		}
		// Prefer moving down the lowest of S1: compare from the top.
		for i := k - 1; i >= 0; i-- {
			if c := cmp.Compare(y.down[i], x.down[i]); c != 0 {
				return c
			}
		}
		return slices.Compare(x.up, y.up)
	})
	return sets
}

// applyExchange returns the halves after the exchange, each in pairing
// order (pairing order is index order).
func applyExchange(s1, s2 []int, e exchange) ([]int, []int) {
	n1 := slices.Clone(s1)
	n2 := slices.Clone(s2)
	for i := range e.down {
		n1[e.down[i]], n2[e.up[i]] = s2[e.up[i]], s1[e.down[i]]
	}
	slices.Sort(n1)
	slices.Sort(n2)
	return n1, n2
}

// combinations yields the k-subsets of 0..n-1 in lexicographic order; the
// slice is reused between calls.
func combinations(n, k int) iter.Seq[[]int] {
	return func(yield func([]int) bool) {
		if k > n || k < 0 {
			return
		}
		c := make([]int, k)
		for i := range c {
			c[i] = i
		}
		for {
			if !yield(c) {
				return
			}
			i := k - 1
			for i >= 0 && c[i] == n-k+i {
				i--
			}
			if i < 0 {
				return
			}
			c[i]++
			for j := i + 1; j < k; j++ {
				c[j] = c[j-1] + 1
			}
		}
	}
}

// binomial returns n choose k.
func binomial(n, k int) int {
	if k < 0 || k > n {
		return 0
	}
	r := 1
	for i := 1; i <= k; i++ {
		r = r * (n - k + i) / i
	}
	return r
}

// pick returns the elements of from at the given positions.
func pick(from []int, positions []int) []int {
	out := make([]int, len(positions))
	for i, p := range positions {
		out[i] = from[p]
	}
	return out
}
