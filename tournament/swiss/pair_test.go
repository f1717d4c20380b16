package swiss

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// field returns n players p01..pNN rated so that p01 is the top seed.
func field(n int) []Player {
	ps := make([]Player, n)
	for i := range ps {
		ps[i] = Player{ID: fmt.Sprintf("p%02d", i+1), Name: fmt.Sprintf("Player %d", i+1), Rating: 2800 - 10*i}
	}
	return ps
}

// boardsString writes a round as "W-B W-B ... bye:X" with the players'
// numbers, to compare with the tables below.
func boardsString(r Round) string {
	var parts []string
	for _, g := range r {
		w := strings.TrimLeft(strings.TrimPrefix(g.White, "p"), "0")
		if g.IsBye() {
			parts = append(parts, "bye:"+w)
			continue
		}
		b := strings.TrimLeft(strings.TrimPrefix(g.Black, "p"), "0")
		parts = append(parts, w+"-"+b)
	}
	return strings.Join(parts, " ")
}

func TestPairRoundOne(t *testing.T) {
	tests := []struct {
		players int
		want    string
	}{
		// Top half against bottom half; the top seed has White and the
		// colours alternate down the boards (C.04.3 E.5); the bye goes to
		// the lowest-ranked player.
		{2, "1-2"},
		{8, "1-5 6-2 3-7 8-4"},
		{9, "1-5 6-2 3-7 8-4 bye:9"},
		{5, "1-3 4-2 bye:5"},
		// The size of the FIDE Arbiters' Manual 2014 worked example
		// (pp. 65-92, from "Mastering the Dutch" by FA Mario Held, as
		// retold by K. Ballou, "An In-Depth Comparison of US Chess Swiss
		// pairings and FIDE Dutch System Swiss Pairings", 2015): fourteen
		// players, five rounds. Only its field could be read, not its
		// pairing tables, so this round 1 is derived from the handbook's
		// rule (C.04.3 F.4 of the 2012 text: the highest of S1 meets the
		// highest of S2), not transcribed.
		{14, "1-8 9-2 3-10 11-4 5-12 13-6 7-14"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.players), func(t *testing.T) {
			got, err := Pair(field(tt.players), nil, 5)
			if err != nil {
				t.Fatal(err)
			}
			if s := boardsString(got); s != tt.want {
				t.Errorf("round 1 of %d players = %q, want %q", tt.players, s, tt.want)
			}
		})
	}
}

func TestPairIsDeterministic(t *testing.T) {
	ps := field(11)
	r1, _ := Pair(ps, nil, 5)
	history := []Round{withResults(r1, func(i int) Result { return Result(1 + i%3) })}
	a, err := Pair(ps, history, 5)
	if err != nil {
		t.Fatal(err)
	}
	shuffled := slices.Clone(ps)
	slices.Reverse(shuffled)
	b, err := Pair(shuffled, history, 5)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(a, b) {
		t.Errorf("same input, different pairings:\n%v\n%v", a, b)
	}
}

// withResults returns the round with each game's result set by result(i).
func withResults(r Round, result func(i int) Result) Round {
	out := slices.Clone(r)
	for i := range out {
		if !out[i].IsBye() {
			out[i].Result = result(i)
		}
	}
	return out
}

func TestPairErrors(t *testing.T) {
	two := field(2)
	met := []Round{{{White: "p01", Black: "p02", Result: Draw}}}
	tests := []struct {
		name    string
		players []Player
		history []Round
		rounds  int
		noPair  bool
	}{
		{"two players who have met", two, met, 5, true},
		{"one player", field(1), nil, 5, false},
		{"past the last round", two, met, 1, false},
		{"duplicate ID", []Player{{ID: "a"}, {ID: "a"}}, nil, 3, false},
		{"empty ID", []Player{{ID: "a"}, {ID: ""}}, nil, 3, false},
		{"player twice in a round", field(3), []Round{{{White: "p01", Black: "p02"}, {White: "p02"}}}, 3, false},
		// Three players, each has had the bye once: nobody can take it.
		{"no bye possible", field(3), []Round{{{White: "p01", Black: "p02", Result: Draw}, {White: "p03"}}, {{White: "p03", Black: "p01", Result: Draw}, {White: "p02"}}, {{White: "p02", Black: "p03", Result: Draw}, {White: "p01"}}}, 9, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Pair(tt.players, tt.history, tt.rounds)
			if err == nil {
				t.Fatal("no error")
			}
			if got := errors.Is(err, ErrNoPairing); got != tt.noPair {
				t.Errorf("errors.Is(%v, ErrNoPairing) = %v, want %v", err, got, tt.noPair)
			}
			if !strings.HasPrefix(err.Error(), "swiss: ") {
				t.Errorf("error %q lacks the package prefix", err)
			}
		})
	}
}
