package swiss

import (
	"errors"
	"fmt"
	"slices"
)

// ErrNoPairing is returned (wrapped) when no pairing of the whole field
// keeps the absolute criteria: players meet at most once, at most one
// pairing-allocated bye each, and the absolute colour rules.
var ErrNoPairing = errors.New("no legal pairing exists")

// Pair returns the next round's pairing by the FIDE (Dutch) system for the
// players still in (a withdrawn player is simply left out of players),
// given every previous round in history. totalRounds is the planned number
// of rounds; pairing past it is an error (0 means unknown). The result is
// deterministic: the same input gives the same round. Boards are ordered
// as C.04.2 suggests (higher scores first), and the bye, if any, is last.
//
// Pair returns an error wrapping ErrNoPairing only when no pairing of the
// whole field satisfies the absolute criteria.
func Pair(players []Player, history []Round, totalRounds int) (Round, error) {
	round := len(history) + 1
	if totalRounds > 0 && round > totalRounds {
		return nil, fmt.Errorf("swiss: round %d: the event has only %d rounds", round, totalRounds)
	}
	ranked, err := rankPlayers(players)
	if err != nil {
		return nil, err
	}
	if len(ranked) < 2 {
		return nil, fmt.Errorf("swiss: round %d: %d players, need at least two", round, len(ranked))
	}
	cards, err := readCards(ranked, history)
	if err != nil {
		return nil, err
	}
	pc := newPairing(ranked, cards)
	everyone := pc.indices()
	bye := -1
	if len(everyone)%2 == 1 {
		if bye = pc.chooseBye(everyone); bye < 0 {
			return nil, fmt.Errorf("swiss: round %d: nobody can take the bye: %w", round, ErrNoPairing)
		}
		everyone = slices.DeleteFunc(everyone, func(i int) bool { return i == bye })
	} else if !pc.allPairable(everyone) {
		return nil, fmt.Errorf("swiss: round %d: %w", round, ErrNoPairing)
	}
	pairs := pc.pairBrackets(everyone)
	return pc.boards(pairs, bye), nil
}

// pairing is the working state of one round's pairing: the players' cards
// in pairing order (score, then pairing number) and who may meet whom.
type pairing struct {
	cards  []*card
	compat [][]bool
}

// newPairing orders the cards for pairing and works out compatibilities.
func newPairing(ranked []Player, cards map[string]*card) *pairing {
	pc := &pairing{}
	for _, p := range ranked {
		pc.cards = append(pc.cards, cards[p.ID])
	}
	slices.SortStableFunc(pc.cards, func(a, b *card) int {
		if a.ranksAbove(b) {
			return -1
		}
		if b.ranksAbove(a) {
			return 1
		}
		return 0
	})
	n := len(pc.cards)
	pc.compat = make([][]bool, n)
	for i := range n {
		pc.compat[i] = make([]bool, n)
		for j := range n {
			pc.compat[i][j] = i != j && compatible(pc.cards[i], pc.cards[j])
		}
	}
	return pc
}

// indices returns 0..n-1: every player, in pairing order.
func (pc *pairing) indices() []int {
	out := make([]int, len(pc.cards))
	for i := range out {
		out[i] = i
	}
	return out
}

// allPairable reports whether the players in set can all be paired among
// themselves under the absolute criteria.
func (pc *pairing) allPairable(set []int) bool {
	if len(set)%2 == 1 {
		return false
	}
	mate := maximumMatching(len(set), func(i, j int) bool { return pc.compat[set[i]][set[j]] })
	return !slices.Contains(mate, -1)
}

// chooseBye returns the player who gets the pairing-allocated bye: the
// lowest-ranked player of the lowest scoregroup who has had no bye and no
// forfeit win (C.04.1 c, d) and without whom the rest can all be paired;
// -1 if there is none.
func (pc *pairing) chooseBye(players []int) int {
	for k := len(players) - 1; k >= 0; k-- {
		c := pc.cards[players[k]]
		if c.hadBye || c.freeWin {
			continue
		}
		rest := slices.Delete(slices.Clone(players), k, k+1)
		if pc.allPairable(rest) {
			return players[k]
		}
	}
	return -1
}

// scoregroups splits players (in pairing order) into runs of equal score.
func (pc *pairing) scoregroups(players []int) [][]int {
	var groups [][]int
	for k, p := range players {
		if k == 0 || pc.cards[p].score != pc.cards[players[k-1]].score {
			groups = append(groups, nil)
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], p)
	}
	return groups
}

// pairBrackets pairs the scoregroups from the top (C.04.3 A.3): each
// bracket is the scoregroup plus the players moved down from the bracket
// above; whoever stays unpaired floats down to the next. players can all be
// paired (the caller checked), and every bracket keeps it so.
func (pc *pairing) pairBrackets(players []int) [][2]int {
	groups := pc.scoregroups(players)
	var pairs [][2]int
	var moved []int
	for g, residents := range groups {
		b := newBracket(pc, moved, residents, slices.Concat(groups[g+1:]...))
		cand, ok := b.search()
		if !ok {
			// Only the last bracket can fail (within the search's
			// budget): the matching oracle pairs it, legally.
			cand = pc.anyPairing(slices.Concat(moved, residents))
		}
		pairs = append(pairs, cand.pairs...)
		moved = cand.floaters
	}
	return pairs
}

// anyPairing pairs all of set, which must be pairable, by the matching
// oracle.
func (pc *pairing) anyPairing(set []int) candidate {
	mate := maximumMatching(len(set), func(i, j int) bool { return pc.compat[set[i]][set[j]] })
	var c candidate
	for i, j := range mate {
		if j > i {
			c.pairs = append(c.pairs, [2]int{set[i], set[j]})
		}
	}
	return c
}

// boards turns pairs into a Round: colours by the allocation rules, boards
// sorted by the higher score, then the sum of scores, then the rank of the
// higher-ranked player (C.04.2 / C.04.3 F.1); the bye last.
func (pc *pairing) boards(pairs [][2]int, bye int) Round {
	slices.SortFunc(pairs, func(x, y [2]int) int {
		hx, lx := pc.cards[min(x[0], x[1])], pc.cards[max(x[0], x[1])]
		hy, ly := pc.cards[min(y[0], y[1])], pc.cards[max(y[0], y[1])]
		if hx.score != hy.score {
			return hy.score - hx.score
		}
		if sx, sy := hx.score+lx.score, hy.score+ly.score; sx != sy {
			return sy - sx
		}
		return min(x[0], x[1]) - min(y[0], y[1])
	})
	var round Round
	for _, p := range pairs {
		a, b := pc.cards[p[0]], pc.cards[p[1]]
		if allocateColours(a, b) == white {
			round = append(round, Game{White: a.id, Black: b.id})
		} else {
			round = append(round, Game{White: b.id, Black: a.id})
		}
	}
	if bye >= 0 {
		round = append(round, Game{White: pc.cards[bye].id})
	}
	return round
}
