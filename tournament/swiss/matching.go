package swiss

// This file holds a maximum-cardinality matching (Edmonds' blossom
// algorithm) used only as an oracle: "can these players still all be
// paired?". The Dutch rules decide which pairing is made; the oracle keeps
// the bracket-by-bracket search from walking into a dead end (C.04.3 C.4,
// the completion of the round).

// matcher finds maximum matchings in a graph given by adjacency lists.
type matcher struct {
	adj     [][]int
	match   []int
	parent  []int
	base    []int
	inQueue []bool
	inTree  []bool // blossom marks
	onPath  []bool // lca marks
	queue   []int
}

// maximumMatching returns mate[v] (-1 when unmatched) for a maximum
// matching of the graph with n vertices and the edges given by adjacent.
func maximumMatching(n int, adjacent func(i, j int) bool) []int {
	m := &matcher{
		adj:     make([][]int, n),
		match:   make([]int, n),
		parent:  make([]int, n),
		base:    make([]int, n),
		inQueue: make([]bool, n),
		inTree:  make([]bool, n),
		onPath:  make([]bool, n),
	}
	for i := range n {
		m.match[i] = -1
		for j := range n {
			if i != j && adjacent(i, j) {
				m.adj[i] = append(m.adj[i], j)
			}
		}
	}
	m.greedy()
	for v := range n {
		if m.match[v] == -1 {
			if end := m.augmentingPath(v); end != -1 {
				m.augment(end)
			}
		}
	}
	return m.match
}

// greedy starts from a quick maximal matching.
func (m *matcher) greedy() {
	for v, ns := range m.adj {
		if m.match[v] != -1 {
			continue
		}
		for _, u := range ns {
			if m.match[u] == -1 {
				m.match[v], m.match[u] = u, v
				break
			}
		}
	}
}

// augment flips the alternating path ending at the free vertex end.
func (m *matcher) augment(end int) {
	for v := end; v != -1; {
		pv := m.parent[v]
		next := m.match[pv]
		m.match[v], m.match[pv] = pv, v
		v = next
	}
}

// augmentingPath grows an alternating tree from root by breadth-first
// search, shrinking odd cycles (blossoms), and returns the free vertex an
// augmenting path reaches, or -1.
func (m *matcher) augmentingPath(root int) int {
	for i := range m.adj {
		m.inQueue[i], m.parent[i], m.base[i] = false, -1, i
	}
	m.inQueue[root] = true
	m.queue = append(m.queue[:0], root)
	for len(m.queue) > 0 {
		v := m.queue[0]
		m.queue = m.queue[1:]
		for _, to := range m.adj[v] {
			if m.base[v] == m.base[to] || m.match[v] == to {
				continue
			}
			if to == root || (m.match[to] != -1 && m.parent[m.match[to]] != -1) {
				m.shrinkBlossom(v, to)
				continue
			}
			if m.parent[to] == -1 {
				m.parent[to] = v
				if m.match[to] == -1 {
					return to
				}
				next := m.match[to]
				m.inQueue[next] = true
				m.queue = append(m.queue, next)
			}
		}
	}
	return -1
}

// shrinkBlossom contracts the odd cycle closed by the edge v-to.
func (m *matcher) shrinkBlossom(v, to int) {
	b := m.commonAncestor(v, to)
	for i := range m.inTree {
		m.inTree[i] = false
	}
	m.markPath(v, b, to)
	m.markPath(to, b, v)
	for i := range m.adj {
		if m.inTree[m.base[i]] {
			m.base[i] = b
			if !m.inQueue[i] {
				m.inQueue[i] = true
				m.queue = append(m.queue, i)
			}
		}
	}
}

// commonAncestor returns the base of the lowest common ancestor of a and b
// in the alternating tree.
func (m *matcher) commonAncestor(a, b int) int {
	for i := range m.onPath {
		m.onPath[i] = false
	}
	for {
		a = m.base[a]
		m.onPath[a] = true
		if m.match[a] == -1 {
			break
		}
		a = m.parent[m.match[a]]
	}
	for {
		b = m.base[b]
		if m.onPath[b] {
			return b
		}
		b = m.parent[m.match[b]]
	}
}

// markPath marks the blossom's vertices from v up to its base b, pointing
// parents across the closing edge.
func (m *matcher) markPath(v, b, child int) {
	for m.base[v] != b {
		m.inTree[m.base[v]] = true
		m.inTree[m.base[m.match[v]]] = true
		m.parent[v] = child
		child = m.match[v]
		v = m.parent[m.match[v]]
	}
}
