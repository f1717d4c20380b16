package tournament

import (
	"iter"
	"slices"
	"time"
)

// RematchWait is how long two players who just met must both have waited
// before they are paired again (no one else being free for either).
const RematchWait = 10 * time.Second

// A Waiting player is free to be paired: in the arena, not paused, and not
// playing.
type Waiting struct {
	ID           string
	Rank         int       // their place in the standings, 1 first
	Since        time.Time // when they became free
	LastOpponent string    // "" before their first game
	Whites       int       // games they played as White (Red)
	Blacks       int
	LastWhite    bool // their last game was as White
}

// A Pair is one game to start: White's and Black's ids.
type Pair struct{ White, Black string }

// PairArena pairs the waiting players at now, as the package doc says.
// Each player is in at most one pair; a player left out waits for the
// next call. The result depends on its input only.
func PairArena(waiting []Waiting, now time.Time) []Pair {
	ws := slices.Clone(waiting)
	slices.SortStableFunc(ws, func(a, b Waiting) int { return a.Rank - b.Rank })
	all := pairAll(ws, now)
	if len(ws)%2 == 0 {
		return all
	}
	// Odd: the one who came back last waits, unless that leaves a rematch
	// (or a pair) out that pairing everyone would make.
	k := latest(ws)
	byID := make(map[string]Waiting, len(ws))
	for _, w := range ws {
		byID[w.ID] = w
	}
	fewer := pairAll(slices.Delete(slices.Clone(ws), k, k+1), now)
	if len(fewer) > len(all) || len(fewer) == len(all) && rematches(fewer, byID) <= rematches(all, byID) {
		return fewer
	}
	return all
}

// rematches counts the pairs of ps who just met.
func rematches(ps []Pair, byID map[string]Waiting) int {
	n := 0
	for _, p := range ps {
		if justMet(byID[p.White], byID[p.Black]) {
			n++
		}
	}
	return n
}

// pairAll pairs ws (in standing order) from the top, each with their
// partner.
func pairAll(ws []Waiting, now time.Time) []Pair {
	paired := make([]bool, len(ws))
	var out []Pair
	for i := range ws {
		if paired[i] {
			continue
		}
		j := partner(ws, paired, i, now)
		if j < 0 {
			continue
		}
		paired[i], paired[j] = true, true
		out = append(out, colours(ws[i], ws[j]))
	}
	return out
}

// latest returns the index of the player who became free last (the
// lowest-placed of them on a tie).
func latest(ws []Waiting) int {
	k := 0
	for i, w := range ws {
		if !w.Since.Before(ws[k].Since) {
			k = i
		}
	}
	return k
}

// partner returns the index of i's opponent: the nearest unpaired player
// below i in the standings who is not a rematch, else a rematch both have
// waited for, else -1.
func partner(ws []Waiting, paired []bool, i int, now time.Time) int {
	rematch := -1
	for j := i + 1; j < len(ws); j++ {
		if paired[j] {
			continue
		}
		if !justMet(ws[i], ws[j]) {
			return j
		}
		if rematch < 0 && now.Sub(ws[i].Since) >= RematchWait && now.Sub(ws[j].Since) >= RematchWait {
			rematch = j
		}
	}
	return rematch
}

// justMet reports whether a and b played each other in their last game.
func justMet(a, b Waiting) bool { return a.LastOpponent == b.ID || b.LastOpponent == a.ID }

// colours gives White to the one who has had it less (then to the one who
// was Black last, then to the higher placed).
func colours(a, b Waiting) Pair {
	da, db := a.Whites-a.Blacks, b.Whites-b.Blacks
	switch {
	case da > db:
		return Pair{White: b.ID, Black: a.ID}
	case da < db:
		return Pair{White: a.ID, Black: b.ID}
	case a.LastWhite && !b.LastWhite:
		return Pair{White: b.ID, Black: a.ID}
	}
	return Pair{White: a.ID, Black: b.ID}
}

// A Presence is whether an entrant takes part now: Active when in the
// arena and not paused, since when they last came (joined or came back).
type Presence struct {
	ID     string
	Active bool
	Since  time.Time
}

// WaitingPlayers returns the players of an arena free to be paired: active,
// with no pending game; each free since the later of their coming and
// their last game's end, placed by standings, with their colours and last
// opponent from ps (in the order the games started).
func WaitingPlayers(present []Presence, ps []Pairing, standings []Standing) []Waiting {
	rank := make(map[string]int, len(standings))
	for _, s := range standings {
		rank[s.Entrant.ID] = s.Rank
	}
	byPlayer := pairingsByPlayer(ps)
	var out []Waiting
	for _, p := range present {
		if !p.Active {
			continue
		}
		w := Waiting{ID: p.ID, Rank: rank[p.ID], Since: p.Since}
		if w.Rank == 0 {
			w.Rank = len(standings) + 1
		}
		if !fillHistory(&w, byPlayer.games(p.ID)) {
			continue // playing
		}
		out = append(out, w)
	}
	return out
}

// fillHistory sets w's colours, last opponent and free-since from its
// games; false when one of them is still pending.
func fillHistory(w *Waiting, games iter.Seq[Pairing]) bool {
	for g := range games {
		if g.Outcome == Pending {
			return false
		}
		if g.Ended.After(w.Since) {
			w.Since = g.Ended
		}
		if g.Outcome == Void {
			continue // an aborted game is not a colour played, nor a meeting
		}
		if g.White == w.ID {
			w.Whites++
		} else {
			w.Blacks++
		}
		w.LastWhite = g.White == w.ID
		w.LastOpponent = g.Opponent(w.ID)
	}
	return true
}
