package tournament

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

func TestPairArena(t *testing.T) {
	at := func(s int) time.Time { return t0.Add(time.Duration(s) * time.Second) }
	now := at(60)
	tests := []struct {
		name    string
		waiting []Waiting
		want    []Pair
	}{
		{"none", nil, nil},
		{"one waits", []Waiting{{ID: "a", Rank: 1, Since: at(0)}}, nil},
		{"neighbours in the standings meet", []Waiting{{ID: "d", Rank: 4, Since: at(0)}, {ID: "a", Rank: 1, Since: at(0)}, {ID: "c", Rank: 3, Since: at(0)}, {ID: "b", Rank: 2, Since: at(0)}},
			[]Pair{{"a", "b"}, {"c", "d"}}},
		{"an odd one out is the one who came back last", []Waiting{{ID: "a", Rank: 1, Since: at(0)}, {ID: "b", Rank: 2, Since: at(50)}, {ID: "c", Rank: 3, Since: at(10)}},
			[]Pair{{"a", "c"}}},
		{"no immediate rematch while another is free", []Waiting{{ID: "a", Rank: 1, Since: at(0), LastOpponent: "b"}, {ID: "b", Rank: 2, Since: at(0), LastOpponent: "a"}, {ID: "c", Rank: 3, Since: at(0)}, {ID: "d", Rank: 4, Since: at(0)}},
			[]Pair{{"a", "c"}, {"b", "d"}}},
		{"a rematch once both waited long enough", []Waiting{{ID: "a", Rank: 1, Since: at(0), LastOpponent: "b"}, {ID: "b", Rank: 2, Since: at(0), LastOpponent: "a"}},
			[]Pair{{"a", "b"}}},
		// A and B just played; C came back later: C meets one of them
		// rather than wait while the other two wait for a rematch.
		{"the last one back plays rather than leave a rematch pending", []Waiting{{ID: "a", Rank: 1, Since: at(50), LastOpponent: "b"}, {ID: "b", Rank: 2, Since: at(50), LastOpponent: "a"}, {ID: "c", Rank: 3, Since: at(55)}},
			[]Pair{{"a", "c"}}},
		{"no rematch before", []Waiting{{ID: "a", Rank: 1, Since: at(55), LastOpponent: "b"}, {ID: "b", Rank: 2, Since: at(0), LastOpponent: "a"}}, nil},
		{"White to whoever had it less", []Waiting{{ID: "a", Rank: 1, Since: at(0), Whites: 2, Blacks: 1}, {ID: "b", Rank: 2, Since: at(0), Whites: 1, Blacks: 1}},
			[]Pair{{"b", "a"}}},
		{"then to whoever was Black last", []Waiting{{ID: "a", Rank: 1, Since: at(0), Whites: 1, Blacks: 1, LastWhite: true}, {ID: "b", Rank: 2, Since: at(0), Whites: 1, Blacks: 1}},
			[]Pair{{"b", "a"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := PairArena(tc.waiting, now); !slices.Equal(got, tc.want) {
				t.Errorf("PairArena = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestPairArenaProperties pairs random waiting rooms: no one is paired
// twice or with themselves, at most one is left out (when no rematch is
// forced), and no immediate rematch is made while its players have waited
// less than RematchWait.
func TestPairArenaProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	now := t0.Add(time.Minute)
	for round := range 2000 {
		n := r.IntN(40)
		ws := make([]Waiting, n)
		for i := range ws {
			ws[i] = Waiting{ID: fmt.Sprint("p", i), Rank: r.IntN(n) + 1, Since: now.Add(-time.Duration(r.IntN(20)) * time.Second), Whites: r.IntN(3), Blacks: r.IntN(3)}
		}
		for i := 0; i+1 < n; i += 2 { // some met last
			if r.IntN(2) == 0 {
				ws[i].LastOpponent, ws[i+1].LastOpponent = ws[i+1].ID, ws[i].ID
			}
		}
		byID := map[string]Waiting{}
		for _, w := range ws {
			byID[w.ID] = w
		}
		seen := map[string]bool{}
		pairs := PairArena(ws, now)
		for _, p := range pairs {
			if p.White == p.Black || seen[p.White] || seen[p.Black] {
				t.Fatalf("room %d: %v pairs someone twice", round, pairs)
			}
			seen[p.White], seen[p.Black] = true, true
			a, b := byID[p.White], byID[p.Black]
			if justMet(a, b) && (now.Sub(a.Since) < RematchWait || now.Sub(b.Since) < RematchWait) {
				t.Fatalf("room %d: %v rematched before both waited", round, p)
			}
		}
		if left := n - 2*len(pairs); left > 1 && !anyRematchBlocked(ws, seen, now) {
			t.Fatalf("room %d: %d left waiting with no rematch in the way: %v", round, left, pairs)
		}
	}
}

// anyRematchBlocked reports whether two of the unpaired players just met
// and one has not waited RematchWait: the only reason two may stay free.
func anyRematchBlocked(ws []Waiting, paired map[string]bool, now time.Time) bool {
	for _, a := range ws {
		for _, b := range ws {
			if !paired[a.ID] && !paired[b.ID] && a.ID != b.ID && justMet(a, b) &&
				(now.Sub(a.Since) < RematchWait || now.Sub(b.Since) < RematchWait) {
				return true
			}
		}
	}
	return false
}

func TestWaitingPlayers(t *testing.T) {
	present := []Presence{{ID: "a", Active: true, Since: t0}, {ID: "b", Active: true, Since: t0}, {ID: "c", Active: true, Since: t0},
		{ID: "d", Active: false, Since: t0}, {ID: "e", Active: true, Since: t0}}
	ps := []Pairing{game("1", "a", "b", WhiteWon, 40, 3), game("2", "c", "e", Pending, 4, 0), game("3", "b", "a", Void, 0, 5)}
	st := Standings([]Entrant{{ID: "a", Rating: 1500}, {ID: "b", Rating: 1500}, {ID: "c", Rating: 1500}, {ID: "d", Rating: 1500}, {ID: "e", Rating: 1500}}, ps, time.Time{})
	got := WaitingPlayers(present, ps, st)
	want := []Waiting{
		{ID: "a", Rank: 1, Since: t0.Add(5 * time.Minute), LastOpponent: "b", Whites: 1, LastWhite: true},
		{ID: "b", Rank: 2, Since: t0.Add(5 * time.Minute), LastOpponent: "a", Blacks: 1},
	}
	if !slices.Equal(got, want) {
		t.Errorf("WaitingPlayers =\n%+v\nwant\n%+v", got, want)
	}
}
