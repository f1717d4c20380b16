package swiss

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// ledger is the test's own, independent account of a tournament: what the
// properties below are checked against.
type ledger struct {
	score   map[string]int      // half-points
	colours map[string][]byte   // 'W'/'B' of played games
	met     map[string][]string // opponents over the board
	byes    map[string]int
	noBye   map[string]bool // had a bye or a forfeit win
}

func newLedger() *ledger {
	return &ledger{map[string]int{}, map[string][]byte{}, map[string][]string{}, map[string]int{}, map[string]bool{}}
}

func (l *ledger) add(r Round) {
	for _, g := range r {
		if g.IsBye() {
			l.score[g.White] += 2
			l.byes[g.White]++
			l.noBye[g.White] = true
			continue
		}
		w, b := g.Result.points()
		l.score[g.White] += w
		l.score[g.Black] += b
		if g.Result == WhiteForfeitWin {
			l.noBye[g.White] = true
		}
		if g.Result == BlackForfeitWin {
			l.noBye[g.Black] = true
		}
		if g.Result.played() {
			l.colours[g.White] = append(l.colours[g.White], 'W')
			l.colours[g.Black] = append(l.colours[g.Black], 'B')
			l.met[g.White] = append(l.met[g.White], g.Black)
			l.met[g.Black] = append(l.met[g.Black], g.White)
		}
	}
}

// colourOK reports whether a player may take colour c: no third in a row,
// difference within ±2.
func (l *ledger) colourOK(id string, c byte) bool {
	cs := append(slices.Clone(l.colours[id]), c)
	diff := 0
	for _, x := range cs {
		if x == 'W' {
			diff++
		} else {
			diff--
		}
	}
	n := len(cs)
	three := n >= 3 && cs[n-1] == cs[n-2] && cs[n-2] == cs[n-3]
	return diff >= -2 && diff <= 2 && !three
}

func (l *ledger) mayMeet(a, b string) bool {
	if slices.Contains(l.met[a], b) {
		return false
	}
	return (l.colourOK(a, 'W') && l.colourOK(b, 'B')) || (l.colourOK(a, 'B') && l.colourOK(b, 'W'))
}

// pairingExists searches every pairing by brute force: used to confirm
// that an ErrNoPairing is right, on small fields.
func (l *ledger) pairingExists(ids []string) bool {
	if len(ids)%2 == 1 {
		for k, id := range ids {
			if !l.noBye[id] && l.pairingExists(slices.Delete(slices.Clone(ids), k, k+1)) {
				return true
			}
		}
		return false
	}
	if len(ids) == 0 {
		return true
	}
	for k := 1; k < len(ids); k++ {
		if l.mayMeet(ids[0], ids[k]) {
			rest := slices.Delete(slices.Clone(ids[1:]), k-1, k)
			if l.pairingExists(rest) {
				return true
			}
		}
	}
	return false
}

// checkRound asserts the absolute criteria on round r for the players
// present.
func (l *ledger) checkRound(t *testing.T, present []Player, r Round) {
	t.Helper()
	seen := map[string]int{}
	byes := 0
	for _, g := range r {
		seen[g.White]++
		if g.IsBye() {
			byes++
			if l.noBye[g.White] {
				t.Errorf("%s gets a second bye (or a bye after a forfeit win)", g.White)
			}
			continue
		}
		seen[g.Black]++
		if slices.Contains(l.met[g.White], g.Black) {
			t.Errorf("%s and %s meet again", g.White, g.Black)
		}
		if !l.colourOK(g.White, 'W') || !l.colourOK(g.Black, 'B') {
			t.Errorf("%s-%s breaks the absolute colour rules: %s / %s", g.White, g.Black, l.colours[g.White], l.colours[g.Black])
		}
	}
	if byes != len(present)%2 {
		t.Errorf("%d byes for %d players", byes, len(present))
	}
	for _, p := range present {
		if seen[p.ID] != 1 {
			t.Errorf("%s is paired %d times", p.ID, seen[p.ID])
		}
		delete(seen, p.ID)
	}
	for id := range seen {
		t.Errorf("%s is paired but not present", id)
	}
}

// randomResult plays a game: the higher-rated player is likelier to win;
// now and then a forfeit.
func randomResult(rng *rand.Rand, white, black Player) Result {
	x := rng.IntN(100)
	switch {
	case x < 2:
		return WhiteForfeitWin
	case x < 4:
		return BlackForfeitWin
	case x < 30:
		return Draw
	}
	if rng.IntN(2000) < 1000+(white.Rating-black.Rating) {
		return WhiteWins
	}
	return BlackWins
}

func TestPairRandomTournaments(t *testing.T) {
	rng := rand.New(rand.NewPCG(2026, 12))
	tournaments := 120
	if testing.Short() {
		tournaments = 30
	}
	for k := range tournaments {
		n := 4 + rng.IntN(37)
		rounds := 3 + rng.IntN(9)
		t.Run(fmt.Sprintf("%d/%dp%dr", k, n, rounds), func(t *testing.T) {
			playRandomTournament(t, rng, n, rounds)
		})
	}
}

func playRandomTournament(t *testing.T, rng *rand.Rand, n, rounds int) {
	players := field(n)
	for i := range players {
		players[i].Rating = 1200 + rng.IntN(1600) // ties are possible
	}
	byID := map[string]Player{}
	for _, p := range players {
		byID[p.ID] = p
	}
	present := slices.Clone(players)
	l := newLedger()
	var history []Round
	for r := range rounds {
		round, err := Pair(present, history, rounds)
		if errors.Is(err, ErrNoPairing) {
			if len(present) > 12 {
				t.Fatalf("round %d: %v, on %d players", r+1, err, len(present))
			}
			ids := make([]string, len(present))
			for i, p := range present {
				ids[i] = p.ID
			}
			if l.pairingExists(ids) {
				t.Fatalf("round %d: %v, but a pairing exists", r+1, err)
			}
			return
		}
		if err != nil {
			t.Fatalf("round %d: %v", r+1, err)
		}
		l.checkRound(t, present, round)
		if len(present) <= 12 {
			l.checkTopGroup(t, round)
			l.checkByeNeeded(t, present, round)
		}
		for i, g := range round {
			if !g.IsBye() {
				round[i].Result = randomResult(rng, byID[g.White], byID[g.Black])
			}
		}
		l.add(round)
		history = append(history, round)
		if len(present) > 4 && rng.IntN(20) == 0 {
			k := rng.IntN(len(present)) // a withdrawal
			present = slices.Delete(present, k, k+1)
		}
	}
}

// checkTopGroup asserts the scoregroup property the Dutch system's C.5
// (the most pairs in each bracket, from the top) guarantees: no legal
// pairing of the same players (the bye aside) floats fewer players out of
// the top scoregroup than round r does. The minimum is found by brute force.
func (l *ledger) checkTopGroup(t *testing.T, r Round) {
	t.Helper()
	var ids []string
	for _, g := range r {
		if !g.IsBye() {
			ids = append(ids, g.White, g.Black)
		}
	}
	top := 0
	for _, id := range ids {
		top = max(top, l.score[id])
	}
	got := 0
	for _, g := range r {
		if !g.IsBye() && (l.score[g.White] == top) != (l.score[g.Black] == top) {
			got++
		}
	}
	best := len(ids) + 1
	l.eachPairing(ids, 0, func(floats int) { best = min(best, floats) }, top)
	if got != best {
		t.Errorf("%d players float out of the top scoregroup, %d would do: %v", got, best, r)
	}
}

// eachPairing calls found with the number of top-group players paired
// outside it, for every legal pairing of ids.
func (l *ledger) eachPairing(ids []string, floats int, found func(int), top int) {
	if len(ids) == 0 {
		found(floats)
		return
	}
	for k := 1; k < len(ids); k++ {
		if !l.mayMeet(ids[0], ids[k]) {
			continue
		}
		f := floats
		if (l.score[ids[0]] == top) != (l.score[ids[k]] == top) {
			f++
		}
		l.eachPairing(slices.Delete(slices.Clone(ids[1:]), k-1, k), f, found, top)
	}
}

// checkByeNeeded asserts that the bye went to the lowest-scored player who
// could take it: every eligible player with a lower score could not have,
// the others then being unpairable (C.04.1 c, C.04.3 C.2).
func (l *ledger) checkByeNeeded(t *testing.T, present []Player, r Round) {
	t.Helper()
	bye := r[len(r)-1]
	if !bye.IsBye() {
		return
	}
	for k, p := range present {
		if l.noBye[p.ID] || l.score[p.ID] >= l.score[bye.White] {
			continue
		}
		var rest []string
		for j, q := range present {
			if j != k {
				rest = append(rest, q.ID)
			}
		}
		if l.pairingExists(rest) {
			t.Errorf("bye to %s (%d half-points), but %s (%d) could have had it", bye.White, l.score[bye.White], p.ID, l.score[p.ID])
		}
	}
}
