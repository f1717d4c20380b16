package swiss

import (
	"fmt"
	"strings"
	"testing"
)

func TestStandings(t *testing.T) {
	five := []Player{{"A", "Anna", 2000, ""}, {"B", "Ben", 1900, ""}, {"C", "Cleo", 1800, ""}, {"D", "Dan", 1700, ""}, {"E", "Eve", 1600, ""}}
	tests := []struct {
		name    string
		players []Player
		history []Round
		// "ID points Buchholz SB" per line, in order.
		want []string
	}{
		{
			// Worked by hand. Scores: A 3 (two wins, the bye), B 2, C 1½,
			// D 1½, E 1 (the bye). Buchholz counts opponents met over the
			// board only: A: B 2 + E 1 = 3; B: A 3 + C 1½ + D 1½ = 6;
			// C: D 1½ + B 2 + E 1 = 4½; D: C 1½ + B 2 = 3½; E: A 3 + C 1½.
			// Sonneborn-Berger: A: B 2 + E 1 = 3; B: C 1½ + D 1½ = 3;
			// C: ½×D 1½ + E 1 = 1¾; D: ½×C 1½ = ¾; E: 0.
			name:    "byes",
			players: five,
			history: []Round{
				{{White: "A", Black: "B", Result: WhiteWins}, {White: "C", Black: "D", Result: Draw}, {White: "E"}},
				{{White: "E", Black: "A", Result: BlackWins}, {White: "B", Black: "C", Result: WhiteWins}, {White: "D"}},
				{{White: "C", Black: "E", Result: WhiteWins}, {White: "D", Black: "B", Result: BlackWins}, {White: "A"}},
			},
			want: []string{"A 3 3 3", "B 2 6 3", "C 1.5 4.5 1.75", "D 1.5 3.5 0.75", "E 1 4.5 0"},
		},
		{
			// A forfeit scores but counts for no tie-break; C and D tie on
			// everything but rating.
			name:    "forfeit",
			players: five[:4],
			history: []Round{{{White: "A", Black: "B", Result: WhiteForfeitWin}, {White: "D", Black: "C", Result: Draw}}},
			want:    []string{"A 1 0 0", "C 0.5 0.5 0.25", "D 0.5 0.5 0.25", "B 0 0 0"},
		},
		{
			// A withdrawn player's score still counts for his opponents;
			// a pending game counts for nothing.
			name:    "withdrawn and pending",
			players: five[:2],
			history: []Round{{{White: "A", Black: "E", Result: Draw}, {White: "B", Black: "C", Result: NoResult}}},
			want:    []string{"A 0.5 0.5 0.25", "B 0 0 0"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Standings(tt.players, tt.history)
			if len(got) != len(tt.want) {
				t.Fatalf("%d standings, want %d", len(got), len(tt.want))
			}
			for i, s := range got {
				line := fmt.Sprintf("%s %g %g %g", s.Player.ID, s.Points, s.Buchholz, s.SonnebornBerger)
				if line != tt.want[i] {
					t.Errorf("line %d = %q, want %q", i+1, line, tt.want[i])
				}
				if s.Rank != i+1 {
					t.Errorf("%s has rank %d, want %d", s.Player.ID, s.Rank, i+1)
				}
			}
			if t.Failed() {
				var b strings.Builder
				for _, s := range got {
					fmt.Fprintf(&b, "%+v\n", s)
				}
				t.Log(b.String())
			}
		})
	}
}
