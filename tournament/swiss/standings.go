package swiss

import (
	"cmp"
	"slices"
)

// A Standing is one player's line in the standings.
type Standing struct {
	Player Player
	// Points is the score: 1 a win (a forfeit win and the pairing-allocated
	// bye included), ½ a draw.
	Points float64
	// Buchholz is the sum of the final scores of the opponents met over the
	// board. Byes, forfeits and rounds not paired add nothing (no virtual
	// opponent).
	Buchholz float64
	// SonnebornBerger is the sum of the final scores of the opponents
	// beaten plus half those drawn with, over the board only.
	SonnebornBerger float64
	// Rank is the position in the sorted standings, from 1.
	Rank int
}

// Standings returns the standings of players after the rounds in history,
// sorted by points, then Buchholz, then Sonneborn-Berger, then rating
// (higher first), then ID. Opponents who are not in players (withdrawn)
// still count with their scores for their opponents' tie-breaks.
func Standings(players []Player, history []Round) []Standing {
	scores := map[string]float64{}
	for _, round := range history {
		for _, g := range round {
			if g.IsBye() {
				scores[g.White]++
				continue
			}
			w, b := g.Result.points()
			scores[g.White] += float64(w) / 2
			scores[g.Black] += float64(b) / 2
		}
	}
	out := make([]Standing, 0, len(players))
	for _, p := range players {
		s := Standing{Player: p, Points: scores[p.ID]}
		for _, round := range history {
			s.addTieBreaks(round, scores)
		}
		out = append(out, s)
	}
	slices.SortStableFunc(out, compareStandings)
	for i := range out {
		out[i].Rank = i + 1
	}
	return out
}

// addTieBreaks adds the player's game of one round to his tie-breaks.
func (s *Standing) addTieBreaks(round Round, scores map[string]float64) {
	for _, g := range round {
		if g.IsBye() || !g.Result.played() || g.Result == NoResult {
			continue
		}
		var opponent string
		var won int
		switch s.Player.ID {
		case g.White:
			opponent, won = g.Black, halfPoints(g.Result, true)
		case g.Black:
			opponent, won = g.White, halfPoints(g.Result, false)
		default:
			continue
		}
		s.Buchholz += scores[opponent]
		s.SonnebornBerger += scores[opponent] * float64(won) / 2
	}
}

// halfPoints is what the side scores from the result, in half-points.
func halfPoints(r Result, white bool) int {
	w, b := r.points()
	if white {
		return w
	}
	return b
}

// compareStandings orders standings best first.
func compareStandings(a, b Standing) int {
	if c := cmp.Compare(b.Points, a.Points); c != 0 {
		return c
	}
	if c := cmp.Compare(b.Buchholz, a.Buchholz); c != 0 {
		return c
	}
	if c := cmp.Compare(b.SonnebornBerger, a.SonnebornBerger); c != 0 {
		return c
	}
	if c := cmp.Compare(b.Player.Rating, a.Player.Rating); c != 0 {
		return c
	}
	return cmp.Compare(a.Player.ID, b.Player.ID)
}
