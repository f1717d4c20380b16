package swiss

import (
	"time"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/store"
	"github.com/gambitchess/gambit/tournament/swiss"
)

// The shapes of lichess's Swiss API (@lichess-org/types: SwissTournament,
// the results' lines).

// clockJSON is lichess's Swiss clock: seconds.
type clockJSON struct {
	Limit     int `json:"limit"`
	Increment int `json:"increment"`
}

// verdictsJSON is lichess's Verdicts: whether the viewer may join, and
// why not. Gambit answers the conditions when joining, so it lists none.
type verdictsJSON struct {
	Accepted bool          `json:"accepted"`
	List     []verdictJSON `json:"list"`
}

type verdictJSON struct {
	Condition string `json:"condition"`
	Verdict   string `json:"verdict"`
}

type nextRoundJSON struct {
	At string `json:"at"`
	In int    `json:"in"` // seconds
}

type statsJSON struct {
	Games         int `json:"games"`
	WhiteWins     int `json:"whiteWins"`
	BlackWins     int `json:"blackWins"`
	Draws         int `json:"draws"`
	Byes          int `json:"byes"`
	Absences      int `json:"absences"`
	AverageRating int `json:"averageRating"`
}

// swissJSON is lichess's SwissTournament.
type swissJSON struct {
	ID        string         `json:"id"`
	CreatedBy string         `json:"createdBy"`
	StartsAt  string         `json:"startsAt"`
	Name      string         `json:"name"`
	Clock     clockJSON      `json:"clock"`
	Variant   string         `json:"variant"`
	Round     int            `json:"round"`
	NbRounds  int            `json:"nbRounds"`
	NbPlayers int            `json:"nbPlayers"`
	NbOngoing int            `json:"nbOngoing"`
	Status    string         `json:"status"`
	Stats     *statsJSON     `json:"stats,omitempty"`
	Rated     bool           `json:"rated"`
	Verdicts  verdictsJSON   `json:"verdicts"`
	NextRound *nextRoundJSON `json:"nextRound,omitempty"`
	Private   bool           `json:"private,omitempty"` // Gambit's: joining needs the password
}

// resultJSON is one line of GET /api/swiss/{id}/results. TieBreak is the
// Buchholz, the first tie-break of tournament/swiss's standings.
type resultJSON struct {
	Rank        int     `json:"rank"`
	Points      float64 `json:"points"`
	TieBreak    float64 `json:"tieBreak"`
	Rating      int     `json:"rating"`
	Username    string  `json:"username"`
	Performance int     `json:"performance"`
	Absent      bool    `json:"absent,omitempty"`
}

// jsonOf is event e as lichess's SwissTournament at now.
func jsonOf(e event, now time.Time) swissJSON {
	out := swissJSON{ID: e.t.ID, CreatedBy: e.set.Creator, StartsAt: e.t.StartsAt.UTC().Format(time.RFC3339Nano), Name: e.set.Name,
		Clock: clockJSON{e.set.Clock, e.set.Increment}, Variant: variantKey(e.set.Variant), Round: e.round(), NbRounds: e.set.Rounds,
		NbPlayers: len(e.players), NbOngoing: e.ongoing(), Status: e.t.Status, Rated: e.set.Rated,
		Verdicts: verdictsJSON{Accepted: true, List: []verdictJSON{}}, Private: e.set.Password != ""}
	if e.t.Status != store.TournamentCreated {
		out.Stats = statsOf(e)
	}
	if at := e.nextRoundAt(); e.t.Status != store.TournamentFinished && !at.IsZero() {
		out.NextRound = &nextRoundJSON{At: at.UTC().Format(time.RFC3339Nano), In: max(0, int(at.Sub(now).Seconds()))}
	}
	return out
}

// variantKey is lichess's key of variant v ("standard" for chess).
func variantKey(v game.Variant) string {
	if v == "" || v == game.DefaultVariant {
		return "standard"
	}
	return string(v)
}

// statsOf counts e's games.
func statsOf(e event) *statsJSON {
	st := &statsJSON{}
	for _, p := range e.pairings {
		switch {
		case p.Black == "":
			st.Byes++
		case p.Outcome == whiteWon:
			st.Games++
			st.WhiteWins++
		case p.Outcome == blackWon:
			st.Games++
			st.BlackWins++
		case p.Outcome == drawn:
			st.Games++
			st.Draws++
		case p.Outcome == void:
			st.Absences++
		}
	}
	if len(e.players) > 0 {
		sum := 0
		for _, p := range e.players {
			sum += p.Rating
		}
		st.AverageRating = sum / len(e.players)
	}
	return st
}

// standings are e's standings after its rounds.
func (e event) standings() []swiss.Standing {
	return swiss.Standings(allPlayers(e.players), history(e.pairings, e.round()))
}

// player is e's player user; zero when they never joined.
func (e event) player(user string) store.TournamentPlayer {
	for _, p := range e.players {
		if p.User == user {
			return p
		}
	}
	return store.TournamentPlayer{}
}

// performance is user's performance rating in e: the average rating of
// the opponents met over the board (and finished with), plus 400 times
// (wins - losses) over their number (the linear estimate lichess shows);
// the player's own rating before a game.
func (e event) performance(user string) int {
	sum, n := 0, 0
	for _, p := range e.pairings {
		side, opp := sideOf(p, user)
		if side < 0 || opp == "" || (p.Outcome != whiteWon && p.Outcome != blackWon && p.Outcome != drawn) {
			continue
		}
		sum += e.player(opp).Rating
		switch {
		case p.Outcome == drawn:
		case (p.Outcome == whiteWon) == (side == 0):
			sum += 400
		default:
			sum -= 400
		}
		n++
	}
	if n == 0 {
		return e.player(user).Rating
	}
	return sum / n
}

// sideOf is user's side in p (0 White, 1 Black, -1 none) and the
// opponent.
func sideOf(p store.TournamentPairing, user string) (int, string) {
	switch user {
	case p.White:
		return 0, p.Black
	case p.Black:
		return 1, p.White
	}
	return -1, ""
}
