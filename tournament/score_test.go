package tournament

import (
	"slices"
	"testing"
	"time"
)

var t0 = time.Date(2026, 12, 6, 18, 0, 0, 0, time.UTC)

// game is a pairing of a and b (a White) ended at minute min.
func game(id, a, b string, o Outcome, plies, min int) Pairing {
	return Pairing{Game: id, White: a, Black: b, Outcome: o, Plies: plies, Started: t0, Ended: t0.Add(time.Duration(min) * time.Minute)}
}

func TestSheetScoresAsLichess(t *testing.T) {
	berserk := func(p Pairing, side int) Pairing { p.Berserk[side] = true; return p }
	tests := []struct {
		name   string
		games  []Pairing
		points []int
		fire   bool
	}{
		{"win draw loss", []Pairing{game("1", "a", "b", WhiteWon, 40, 1), game("2", "c", "a", Drawn, 40, 2), game("3", "a", "d", BlackWon, 40, 3)}, []int{2, 1, 0}, false},
		// lichess's help: two wins followed by a draw are worth 6.
		{"two wins then a draw", []Pairing{game("1", "a", "b", WhiteWon, 40, 1), game("2", "c", "a", BlackWon, 40, 2), game("3", "a", "d", Drawn, 40, 3)}, []int{2, 2, 2}, false},
		{"a streak doubles until a game is not won", []Pairing{game("1", "a", "b", WhiteWon, 40, 1), game("2", "a", "c", WhiteWon, 40, 2), game("3", "a", "d", WhiteWon, 40, 3),
			game("4", "a", "e", BlackWon, 40, 4), game("5", "a", "f", WhiteWon, 40, 5)}, []int{2, 2, 4, 0, 2}, false},
		{"on fire after two wins", []Pairing{game("1", "a", "b", WhiteWon, 40, 1), game("2", "a", "c", WhiteWon, 40, 2)}, []int{2, 2}, true},
		{"a quick draw scores nothing and ends the streak", []Pairing{game("1", "a", "b", WhiteWon, 40, 1), game("2", "a", "c", WhiteWon, 40, 2), game("3", "a", "d", Drawn, QuickDrawPlies-1, 3), game("4", "a", "e", WhiteWon, 40, 4)}, []int{2, 2, 0, 2}, false},
		{"a berserk win with seven moves: one more", []Pairing{berserk(game("1", "a", "b", WhiteWon, 13, 1), 0)}, []int{3}, false},
		{"a berserk win with six moves: none more", []Pairing{berserk(game("1", "a", "b", WhiteWon, 12, 1), 0)}, []int{2}, false},
		{"Black's seven moves are fourteen plies", []Pairing{berserk(game("1", "b", "a", BlackWon, 13, 1), 1), berserk(game("2", "b", "a", BlackWon, 14, 2), 1)}, []int{2, 3}, true},
		{"the berserk point is never doubled", []Pairing{game("1", "a", "b", WhiteWon, 40, 1), game("2", "a", "c", WhiteWon, 40, 2), berserk(game("3", "a", "d", WhiteWon, 40, 3), 0)}, []int{2, 2, 5}, true},
		{"a berserk loss scores nothing", []Pairing{berserk(game("1", "a", "b", BlackWon, 40, 1), 0)}, []int{0}, false},
		{"the opponent's berserk is not ours", []Pairing{berserk(game("1", "a", "b", WhiteWon, 40, 1), 1)}, []int{2}, false},
		{"void and pending games do not count nor break a streak", []Pairing{game("1", "a", "b", WhiteWon, 40, 1), game("2", "a", "c", Void, 0, 2), game("3", "a", "d", WhiteWon, 40, 3), game("4", "a", "e", WhiteWon, 40, 4), game("5", "a", "f", Pending, 10, 0)}, []int{2, 2, 4}, true},
		{"consecutive short draws: the first scores, then only long ones, until a win", []Pairing{game("1", "a", "b", Drawn, 40, 1), game("2", "a", "c", Drawn, 40, 2), game("3", "a", "d", BlackWon, 40, 3),
			game("4", "a", "e", Drawn, 60, 4), game("5", "a", "f", Drawn, 61, 5), game("6", "a", "g", WhiteWon, 40, 6), game("7", "a", "h", Drawn, 40, 7)}, []int{1, 0, 0, 0, 1, 2, 1}, false},
		{"games of others are left out", []Pairing{game("1", "b", "c", WhiteWon, 40, 1)}, nil, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sheet := Sheet("a", tc.games, time.Time{})
			var got []int
			for _, s := range sheet {
				got = append(got, s.Points)
			}
			if !slices.Equal(got, tc.points) {
				t.Errorf("points = %v, want %v", got, tc.points)
			}
			if OnFire(sheet) != tc.fire {
				t.Errorf("OnFire = %v, want %v", OnFire(sheet), tc.fire)
			}
			total := 0
			for _, p := range tc.points {
				total += p
			}
			if Points(sheet) != total {
				t.Errorf("Points = %d, want %d", Points(sheet), total)
			}
		})
	}
}

func TestGamesEndingAfterTheArenaDoNotCount(t *testing.T) {
	ps := []Pairing{game("1", "a", "b", WhiteWon, 40, 10), game("2", "a", "c", WhiteWon, 40, 70)}
	if got := Points(Sheet("a", ps, t0.Add(time.Hour))); got != 2 {
		t.Errorf("points with the second game ending after the end = %d, want 2", got)
	}
}

func TestStandingsRankByPointsThenPerformance(t *testing.T) {
	es := []Entrant{{ID: "a", Rating: 1500, JoinedAt: t0}, {ID: "b", Rating: 1900, JoinedAt: t0}, {ID: "c", Rating: 1500, JoinedAt: t0.Add(time.Second)},
		{ID: "d", Rating: 1500, JoinedAt: t0}, {ID: "e", Rating: 1200, JoinedAt: t0}}
	// a beat b (1900) and c beat e (1200): both 2 points; a's performance
	// (1900+500) above c's (1200+500). d and b lost or did not play.
	ps := []Pairing{game("1", "a", "b", WhiteWon, 40, 1), game("2", "e", "c", BlackWon, 40, 2)}
	got := Standings(es, ps, time.Time{})
	var order []string
	for _, s := range got {
		order = append(order, s.Entrant.ID)
	}
	// b and e lost (performance: the winner's rating − 500, 1000 each: b
	// first by rating); d played nothing (performance 0).
	want := []string{"a", "c", "b", "e", "d"}
	if !slices.Equal(order, want) {
		t.Errorf("order = %v, want %v", order, want)
	}
	if got[0].Performance != 2400 || got[1].Performance != 1700 {
		t.Errorf("performances = %d, %d, want 2400, 1700", got[0].Performance, got[1].Performance)
	}
	for i, s := range got {
		if s.Rank != i+1 {
			t.Errorf("rank of %s = %d, want %d", s.Entrant.ID, s.Rank, i+1)
		}
	}
}
