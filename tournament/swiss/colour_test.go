package swiss

import (
	"fmt"
	"testing"
)

// colourHistory gives players a and b the colour sequences given ('W' or
// 'B'), each game against a fresh opponent who has since withdrawn.
func colourHistory(a, b string) []Round {
	var history []Round
	for r := range max(len(a), len(b)) {
		var round Round
		for _, side := range []struct{ id, seq string }{{"a", a}, {"b", b}} {
			if r >= len(side.seq) {
				continue
			}
			opp := fmt.Sprintf("%s-opp%d", side.id, r)
			if side.seq[r] == 'W' {
				round = append(round, Game{White: side.id, Black: opp, Result: Draw})
			} else {
				round = append(round, Game{White: opp, Black: side.id, Result: Draw})
			}
		}
		history = append(history, round)
	}
	return history
}

func TestColourAllocation(t *testing.T) {
	tests := []struct {
		name       string
		a, b       string // colour histories; a is rated higher unless swapped
		swapRating bool
		wantWhite  string
	}{
		{"E.1 both preferences granted", "W", "B", false, "b"},
		{"E.1 one preference, the other none", "", "W", false, "a"},
		{"E.2 strong beats mild", "WBW", "BW", false, "b"},
		{"E.2 absolute beats strong", "BWW", "WBW", false, "b"},
		{"E.3 alternate from the last round with different colours", "BWWB", "WBWB", false, "b"},
		{"E.3 the other way round", "WBWB", "BWWB", false, "a"},
		{"E.4 the higher-ranked player's preference", "WB", "WB", false, "a"},
		{"E.4 the higher-ranked player is b", "WB", "WB", true, "b"},
		{"E.5 no preferences, odd pairing number", "", "", false, "a"},
		{"absolute rule: no third Black", "BB", "", false, "a"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			players := []Player{{ID: "a", Rating: 2000}, {ID: "b", Rating: 1900}}
			if tt.swapRating {
				players[0].Rating, players[1].Rating = 1800, 2100
			}
			round, err := Pair(players, colourHistory(tt.a, tt.b), 9)
			if err != nil {
				t.Fatal(err)
			}
			if len(round) != 1 || round[0].White != tt.wantWhite {
				t.Errorf("pairing %v, want %s with White", round, tt.wantWhite)
			}
		})
	}
}

func TestColourPreference(t *testing.T) {
	tests := []struct {
		seq  string
		want preference
	}{
		{"", preference{}},
		{"W", preference{black, strong}}, // a colour difference of +1
		{"WB", preference{white, mild}},
		{"B", preference{white, strong}}, // a colour difference of -1
		{"WBB", preference{white, absolute}},
		{"WWBWW", preference{black, absolute}},
		{"WWBW", preference{black, absolute}}, // difference +2
		{"WBW", preference{black, strong}},
	}
	for _, tt := range tests {
		c := &card{}
		for _, s := range tt.seq {
			c.colours = append(c.colours, map[rune]colour{'W': white, 'B': black}[s])
		}
		c.colours = append(c.colours, noColour) // a bye: skipped
		if got := c.preference(); got != tt.want {
			t.Errorf("%q: preference %+v, want %+v", tt.seq, got, tt.want)
		}
	}
}

// TestAvoidFloatingTwice: after round 1 (1-3 1-0, 4-2 0-1, bye to 5) the
// top scoregroup is 1, 2, 5, one too many. 1-2 would grant both colours
// but float 5 again, who floated down last round with the bye (C.04.3
// 1.4.3); so 1 meets 5 and 2 floats down to 3 (C.14).
func TestAvoidFloatingTwice(t *testing.T) {
	players := field(5)
	history := []Round{{
		{White: "p01", Black: "p03", Result: WhiteWins},
		{White: "p04", Black: "p02", Result: BlackWins},
		{White: "p05"},
	}}
	round, err := Pair(players, history, 5)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := boardsString(round), "5-1 2-3 bye:4"; got != want {
		t.Errorf("round 2 = %q, want %q", got, want)
	}
}
