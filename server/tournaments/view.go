package tournaments

import (
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/gambitchess/gambit/store"
	"github.com/gambitchess/gambit/tournament"
)

// pageSize is how many players a page of standings holds.
const pageSize = 50

// summaryOf is arena a as GET /api/tournament lists it.
func (s *Service) summaryOf(a arena, now time.Time) arenaJSON {
	set := a.set
	out := arenaJSON{ID: a.t.ID, CreatedBy: set.Creator, System: "arena", Minutes: set.Minutes, Clock: clockJSON{set.Clock, set.Increment},
		Rated: set.Rated, FullName: fullName(set), NbPlayers: len(a.players), Variant: variantOf(set.Variant),
		StartsAt: a.t.StartsAt.UnixMilli(), FinishesAt: a.t.EndsAt.UnixMilli(), Status: statusCode(a.t.Status),
		Perf: perfOf(s.srv.Perf(set.Variant, set.ClockConfig())), MinRating: ratingLimit(set.MinRating), MaxRating: ratingLimit(set.MaxRating),
		HasMaxRating: set.MaxRating > 0, BotsAllowed: set.BotsAllowed, Private: set.Private()}
	if a.t.Status == store.TournamentCreated {
		out.SecondsToStart = secondsUntil(now, a.t.StartsAt)
	}
	if a.t.Status == store.TournamentFinished {
		if st := a.standings(); len(st) > 0 && st[0].Points > 0 {
			p := a.player(st[0].Entrant.ID)
			out.Winner = &lightUser{ID: strings.ToLower(p.Name), Name: p.Name}
		}
	}
	return out
}

// fullName is lichess's: the name and "Arena".
func fullName(set Settings) string {
	if set.Name == "" {
		return "Arena"
	}
	return set.Name + " Arena"
}

// standings are a's table at its end: computed once for a reading's
// players and results (the table of a reading that has none computes
// it each time).
func (a arena) standings() []tournament.Standing {
	if a.table == nil {
		return tournament.Standings(entrants(a.players), pairingsOf(a.pairings), a.t.EndsAt)
	}
	a.table.once.Do(func() {
		a.table.st = tournament.Standings(entrants(a.players), pairingsOf(a.pairings), a.t.EndsAt)
	})
	return a.table.st
}

// table is the standings of a reading's players and results. A game
// paired, made ready or gone berserk leaves them as they are: only games
// over count.
type table struct {
	once sync.Once
	st   []tournament.Standing
}

// player returns a's player user ("" fields for none).
func (a arena) player(user string) store.TournamentPlayer {
	if i, ok := a.index[user]; ok {
		return a.players[i]
	}
	return store.TournamentPlayer{}
}

// fullOf is arena a as GET /api/tournament/{id} answers it, standings page
// page (from 1), for no one in particular (the live socket sends it to
// everyone); withMe adds user's own place.
func (s *Service) fullOf(a arena, now time.Time, page int) fullJSON {
	set := a.set
	out := fullJSON{ID: a.t.ID, FullName: fullName(set), Rated: set.Rated, Berserkable: set.Berserkable, Clock: clockJSON{set.Clock, set.Increment},
		Minutes: set.Minutes, CreatedBy: set.Creator, System: "arena", StartsAt: a.t.StartsAt.UTC().Format(time.RFC3339),
		NbPlayers: len(a.players), MinRating: ratingLimit(set.MinRating), MaxRating: ratingLimit(set.MaxRating), BotsAllowed: set.BotsAllowed,
		Perf: perfOf(s.srv.Perf(set.Variant, set.ClockConfig())), Variant: variantOf(set.Variant).Key, Description: set.Description,
		Private: set.Private(), Duels: []duelJSON{}}
	switch a.t.Status {
	case store.TournamentCreated:
		out.SecondsToStart = secondsUntil(now, a.t.StartsAt)
	case store.TournamentStarted:
		out.IsStarted = true
		out.SecondsToFinish = secondsUntil(now, a.t.EndsAt)
		out.PairingsClosed = a.t.EndsAt.Sub(now) < closing
	case store.TournamentFinished:
		out.IsFinished = true
	}
	st := a.standings()
	out.standings = st
	out.Standing = standingJSON{Page: page, Players: a.standingPage(st, page)}
	out.Duels = a.duels(st)
	if out.IsFinished {
		out.Podium = a.podium(st)
		out.Stats = a.stats()
	}
	return out
}

// standingPage is page page of st.
func (a arena) standingPage(st []tournament.Standing, page int) []standingPlayer {
	from := min(len(st), (page-1)*pageSize)
	to := min(len(st), from+pageSize)
	out := make([]standingPlayer, 0, to-from)
	for _, s := range st[from:to] {
		p := a.player(s.Entrant.ID)
		out = append(out, standingPlayer{Name: p.Name, Rank: s.Rank, Rating: p.Rating, Score: s.Points,
			Sheet: sheetJSON{Scores: sheetDigits(s.Sheet), Fire: s.Fire}, Withdraw: p.State == store.PlayerWithdrawn, Paused: p.State == store.PlayerPaused})
	}
	return out
}

// maxDuels is how many games being played the arena shows: the best
// placed players' (lichess shows a few too); a player finds their own by
// "me".
const maxDuels = 20

// duels are a's games being played, the best placed first, at most
// maxDuels.
func (a arena) duels(st []tournament.Standing) []duelJSON {
	rank := make(map[string]int, len(st))
	for _, s := range st {
		rank[s.Entrant.ID] = s.Rank
	}
	out := []duelJSON{}
	for _, p := range a.pairings {
		if p.Outcome != int(tournament.Pending) || !p.Ready {
			continue // over, or its game not yet created
		}
		w, b := a.player(p.White), a.player(p.Black)
		out = append(out, duelJSON{ID: p.Game, P: [2]duelPlayer{{w.Name, w.Rating, rank[p.White]}, {b.Name, b.Rating, rank[p.Black]}}})
	}
	best := func(d duelJSON) int { return min(d.P[0].Rank, d.P[1].Rank) }
	slices.SortStableFunc(out, func(x, y duelJSON) int { return best(x) - best(y) })
	return out[:min(len(out), maxDuels)]
}

// podium is the first three of a finished arena with a point.
func (a arena) podium(st []tournament.Standing) []podiumJSON {
	var out []podiumJSON
	for _, s := range st[:min(3, len(st))] {
		if s.Points == 0 {
			break
		}
		p := a.player(s.Entrant.ID)
		nb := podiumNB{Game: s.Games}
		for _, sc := range s.Sheet {
			if sc.Berserk {
				nb.Berserk++
			}
			if sc.Result == tournament.Win {
				nb.Win++
			}
		}
		out = append(out, podiumJSON{Name: p.Name, Rank: s.Rank, Rating: p.Rating, Score: s.Points, NB: nb, Performance: s.Performance})
	}
	return out
}

// stats counts a's games.
func (a arena) stats() *statsJSON {
	var st statsJSON
	sum := 0
	for _, p := range a.pairings {
		if p.Ended.After(a.t.EndsAt) {
			continue // after the end: not counted, as in the standings
		}
		switch tournament.Outcome(p.Outcome) {
		case tournament.WhiteWon:
			st.WhiteWins++
		case tournament.BlackWon:
			st.BlackWins++
		case tournament.Drawn:
			st.Draws++
		default:
			continue
		}
		st.Games++
		st.Moves += p.Plies
		for _, b := range p.Berserk {
			if b {
				st.Berserks++
			}
		}
	}
	for _, p := range a.players {
		sum += p.Rating
	}
	if len(a.players) > 0 {
		st.AverageRating = sum / len(a.players)
	}
	return &st
}

// meOf is user's own place in a (nil when they never joined), from
// places (mePlaces).
func meOf(places map[string]*meJSON, user string) *meJSON { return places[user] }

// mePlaces is every player's own place in a, with standings st: built
// once for all of an arena's viewers.
func (a arena) mePlaces(st []tournament.Standing) map[string]*meJSON {
	out := make(map[string]*meJSON, len(a.players))
	for _, p := range a.players {
		out[p.User] = &meJSON{Withdraw: p.State == store.PlayerWithdrawn, Paused: p.State == store.PlayerPaused}
	}
	for _, s := range st {
		if me := out[s.Entrant.ID]; me != nil {
			me.Rank = s.Rank
		}
	}
	for _, g := range a.pairings {
		if g.Outcome != int(tournament.Pending) || !g.Ready {
			continue
		}
		for _, u := range [2]string{g.White, g.Black} {
			if me := out[u]; me != nil {
				me.GameID = g.Game
			}
		}
	}
	return out
}
