package tournament

import (
	"iter"
	"slices"
	"time"
)

// Outcome is how one game of a tournament ended, from the board's view.
type Outcome uint8

const (
	Pending  Outcome = iota // still being played
	WhiteWon                // White (Red in xiangqi) won
	BlackWon                // Black won
	Drawn                   // a draw
	Void                    // aborted or never started: no result
)

// The scoring constants, lichess's (see the package doc).
const (
	QuickDrawPlies  = 20 // a draw in fewer plies scores nothing
	DrawStreakPlies = 60 // after a draw that scored, only a draw of more plies scores, until a win
	BerserkMoves    = 7  // the berserker's moves a win needs for its bonus
)

// A Pairing is one game of an arena: who played it, how it ended, and
// what the scoring needs to know of it.
type Pairing struct {
	Game         string
	White, Black string // the players' ids
	Outcome      Outcome
	Plies        int     // half-moves played
	Berserk      [2]bool // White's and Black's
	Started      time.Time
	Ended        time.Time // zero while Pending
}

// Side returns player's side in p: 0 White, 1 Black; ok false when player
// did not play p.
func (p Pairing) Side(player string) (side int, ok bool) {
	switch player {
	case p.White:
		return 0, true
	case p.Black:
		return 1, true
	}
	return 0, false
}

// Opponent returns the other player of p than player.
func (p Pairing) Opponent(player string) string {
	if player == p.White {
		return p.Black
	}
	return p.White
}

// Result is one game as it counts for one player.
type Result uint8

const (
	Loss Result = iota
	Draw
	Win
)

// A Score is what one game gave one player, as the standings show it.
type Score struct {
	Game    string
	Result  Result
	Points  int
	Fire    bool // scored double: the player was on a streak
	Berserk bool // the player went berserk in it
}

// resultFor returns how p counts for the player on side; ok false for a
// game that does not count (pending or void).
func resultFor(p Pairing, side int) (Result, bool) {
	switch p.Outcome {
	case Drawn:
		return Draw, true
	case WhiteWon:
		return [2]Result{Win, Loss}[side], true
	case BlackWon:
		return [2]Result{Loss, Win}[side], true
	}
	return Loss, false
}

// Sheet returns player's scores game by game, in the order of ps (the
// order they started): only games over by end count (a zero end: all).
// The last Score's Fire is not whether the player is on fire now: OnFire
// says that.
func Sheet(player string, ps []Pairing, end time.Time) []Score {
	return sheet(player, slices.Values(ps), end)
}

// sheet is Sheet of the games games yields.
func sheet(player string, games iter.Seq[Pairing], end time.Time) []Score {
	var out []Score
	wins := 0        // wins in a row so far
	drawing := false // a draw scored since the last win: the next short one scores nothing
	for p := range games {
		side, ok := p.Side(player)
		if !ok || (!end.IsZero() && p.Ended.After(end)) {
			continue
		}
		r, counts := resultFor(p, side)
		if !counts {
			continue
		}
		s := Score{Game: p.Game, Result: r, Fire: wins >= 2, Berserk: p.Berserk[side]}
		base := 0
		switch {
		case r == Win:
			base = 2
		case r == Draw && p.Plies >= QuickDrawPlies && (!drawing || p.Plies > DrawStreakPlies):
			base = 1
			drawing = true
		}
		if s.Fire {
			base *= 2
		}
		s.Points = base
		if r == Win && s.Berserk && movesOf(p.Plies, side) >= BerserkMoves {
			s.Points++
		}
		if r == Win {
			wins++
			drawing = false
		} else {
			wins = 0
		}
		out = append(out, s)
	}
	return out
}

// movesOf is how many moves the side made in a game of plies half-moves
// (White, or Red, moves first).
func movesOf(plies, side int) int {
	if side == 0 {
		return (plies + 1) / 2
	}
	return plies / 2
}

// OnFire reports whether a player with this sheet scores double in their
// next game: their last two games were won.
func OnFire(sheet []Score) bool {
	n := len(sheet)
	return n >= 2 && sheet[n-1].Result == Win && sheet[n-2].Result == Win
}

// Points is the sum of a sheet's scores.
func Points(sheet []Score) int {
	total := 0
	for _, s := range sheet {
		total += s.Points
	}
	return total
}

// An Entrant is one player of an arena as the standings need them.
type Entrant struct {
	ID       string
	Rating   int
	JoinedAt time.Time
}

// A Standing is one line of an arena's table.
type Standing struct {
	Rank        int // 1 for the leader; ties in everything share none
	Entrant     Entrant
	Points      int
	Sheet       []Score
	Fire        bool // on a streak now
	Performance int  // 0 before a counted game
	Games       int
}

// Standings returns the arena's table: every entrant (withdrawn ones
// included, as lichess keeps them), ranked as the package doc says, given
// its pairings in the order they started and its end.
func Standings(entrants []Entrant, ps []Pairing, end time.Time) []Standing {
	ratings := make(map[string]int, len(entrants))
	for _, e := range entrants {
		ratings[e.ID] = e.Rating
	}
	byPlayer := pairingsByPlayer(ps)
	out := make([]Standing, len(entrants))
	for i, e := range entrants {
		games := byPlayer.games(e.ID)
		sheet := sheet(e.ID, games, end)
		out[i] = Standing{Entrant: e, Points: Points(sheet), Sheet: sheet, Fire: OnFire(sheet), Games: len(sheet),
			Performance: performance(e.ID, games, sheet, ratings)}
	}
	slices.SortStableFunc(out, compareStandings)
	for i := range out {
		out[i].Rank = i + 1
	}
	return out
}

// byPlayer is a list of games split by player: the places in ps of each
// player's games, in ps's order. Places, not copies: an arena of a
// thousand players has played thousands of games within the hour, and
// its standings are computed several times a second.
type byPlayer struct {
	ps     []Pairing
	places map[string][]int32
}

// pairingsByPlayer splits ps by player.
func pairingsByPlayer(ps []Pairing) byPlayer {
	counts := map[string]int{}
	for _, p := range ps {
		counts[p.White]++
		counts[p.Black]++
	}
	b := byPlayer{ps: ps, places: make(map[string][]int32, len(counts))}
	all, at := make([]int32, 2*len(ps)), 0 // every list a part of one array
	for id, n := range counts {
		b.places[id] = all[at : at : at+n]
		at += n
	}
	for i, p := range ps {
		b.places[p.White] = append(b.places[p.White], int32(i))
		b.places[p.Black] = append(b.places[p.Black], int32(i))
	}
	return b
}

// games yields player's games in order.
func (b byPlayer) games(player string) iter.Seq[Pairing] {
	return func(yield func(Pairing) bool) {
		for _, i := range b.places[player] {
			if !yield(b.ps[i]) {
				return
			}
		}
	}
}

// compareStandings orders the table: points, performance, rating, then
// who joined first.
func compareStandings(a, b Standing) int {
	switch {
	case a.Points != b.Points:
		return b.Points - a.Points
	case a.Performance != b.Performance:
		return b.Performance - a.Performance
	case a.Entrant.Rating != b.Entrant.Rating:
		return b.Entrant.Rating - a.Entrant.Rating
	}
	return a.Entrant.JoinedAt.Compare(b.Entrant.JoinedAt)
}

// performance is lila's tournament performance: the mean rating of the
// opponents of the counted games, plus 500 × (wins − losses) / games.
// games are player's games, sheet the scores of those that count, in
// the same order.
func performance(player string, games iter.Seq[Pairing], sheet []Score, ratings map[string]int) int {
	if len(sheet) == 0 {
		return 0
	}
	sum, balance, next := 0, 0, 0
	for p := range games {
		if next < len(sheet) && sheet[next].Game == p.Game {
			sum += ratings[p.Opponent(player)]
			next++
		}
	}
	for _, s := range sheet {
		switch s.Result {
		case Win:
			balance++
		case Loss:
			balance--
		}
	}
	n := len(sheet)
	return (sum + 500*balance) / n
}
