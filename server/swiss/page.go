package swiss

import (
	"fmt"
	"net/http"
	"time"

	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
)

// The shapes of Gambit's own reads of the Swiss events, for its pages
// (web/src/swiss/api.ts writes them again, and page_test.go holds the two
// together): the list of GET /api/swiss, and the event's live page as its
// socket sends it (lichess's SwissTournament with the standings, every
// round's pairings and the conditions).

// listLimit is how many events of each status GET /api/swiss lists.
const listLimit = 50

// standingJSON is one line of the standings: lichess's Swiss page's
// columns, the two tie-breaks of tournament/swiss named.
type standingJSON struct {
	Rank            int     `json:"rank"`
	Name            string  `json:"name"`
	Rating          int     `json:"rating"`
	Points          float64 `json:"points"`
	Buchholz        float64 `json:"buchholz"`
	SonnebornBerger float64 `json:"sonnebornBerger"`
	Absent          bool    `json:"absent,omitempty"` // withdrawn: left out of the rounds to come
}

// pairingJSON is one game of a round, or a bye (Black and Game empty).
// Result is "1-0", "0-1", "½-½", "*" (being played), "+" (a bye, a
// point) or "0" (aborted or never played: no points).
type pairingJSON struct {
	Game   string `json:"game,omitempty"`
	White  string `json:"white"`
	Black  string `json:"black,omitempty"`
	Result string `json:"result"`
}

// pageJSON is the event's live page: the reload of its socket.
type pageJSON struct {
	swissJSON
	MinRating   int             `json:"minRating,omitempty"`
	MaxRating   int             `json:"maxRating,omitempty"`
	BotsAllowed bool            `json:"botsAllowed,omitempty"`
	Description string          `json:"description,omitempty"`
	Standings   []standingJSON  `json:"standings"`
	Rounds      [][]pairingJSON `json:"rounds"`           // round 1 first
	Podium      []standingJSON  `json:"podium,omitempty"` // the first three, once finished
}

// meJSON is the viewer's own place, once they joined: their rank, the
// game they play in the round under way, whether they withdrew.
type meJSON struct {
	Rank   int    `json:"rank"`
	GameID string `json:"gameId,omitempty"`
	Absent bool   `json:"absent,omitempty"`
}

// listJSON is GET /api/swiss: the events to start, being played and
// finished, as lichess's lists of arenas are grouped.
type listJSON struct {
	Created  []swissJSON `json:"created"`
	Started  []swissJSON `json:"started"`
	Finished []swissJSON `json:"finished"`
}

// resultText is pairing p's result as the page writes it.
func resultText(p store.TournamentPairing) string {
	switch {
	case p.Black == "":
		return "+"
	case p.Outcome == pending:
		return "*"
	case p.Outcome == whiteWon:
		return "1-0"
	case p.Outcome == blackWon:
		return "0-1"
	case p.Outcome == drawn:
		return "½-½"
	}
	return "0"
}

// pageOf is event e's page at now.
func pageOf(e event, now time.Time) pageJSON {
	out := pageJSON{swissJSON: jsonOf(e, now), MinRating: e.set.MinRating, MaxRating: e.set.MaxRating,
		BotsAllowed: e.set.BotsAllowed, Description: e.set.Description, Standings: []standingJSON{}, Rounds: [][]pairingJSON{}}
	for _, st := range e.standings() {
		p := e.player(st.Player.ID)
		out.Standings = append(out.Standings, standingJSON{Rank: st.Rank, Name: p.Name, Rating: p.Rating, Points: st.Points,
			Buchholz: st.Buchholz, SonnebornBerger: st.SonnebornBerger, Absent: p.State != store.PlayerActive})
	}
	for r := 1; r <= e.round(); r++ {
		round := []pairingJSON{}
		var bye []pairingJSON
		for _, p := range e.pairings {
			if p.Round != r {
				continue
			}
			pj := pairingJSON{White: e.player(p.White).Name, Result: resultText(p)}
			if p.Black == "" {
				bye = append(bye, pj) // the bye last, as the TRF has it
				continue
			}
			pj.Black = e.player(p.Black).Name
			if p.Ready || p.Outcome != pending { // a game not yet created is not to be watched
				pj.Game = p.Game
			}
			round = append(round, pj)
		}
		out.Rounds = append(out.Rounds, append(round, bye...))
	}
	if e.t.Status == store.TournamentFinished && len(out.Standings) > 0 {
		out.Podium = out.Standings[:min(3, len(out.Standings))]
	}
	return out
}

// mePlaces is every player's own place in event e, built once for all
// its viewers: their rank, whether they are absent, and their game, once
// created (a player is sent to a game that is there).
func mePlaces(e event) map[string]*meJSON {
	out := make(map[string]*meJSON, len(e.players))
	for _, p := range e.players {
		out[p.User] = &meJSON{Absent: p.State != store.PlayerActive}
	}
	for _, st := range e.standings() {
		if me := out[st.Player.ID]; me != nil {
			me.Rank = st.Rank
		}
	}
	for _, g := range e.pairings {
		if g.Outcome != pending || !g.Ready || g.Black == "" {
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

// List answers GET /api/swiss (Gambit's: lichess lists Swiss events by
// team only): the events starting soon, being played and recently
// finished, each as GET /api/swiss/{id} answers it.
func (s *Service) List(w http.ResponseWriter, r *http.Request) {
	now := s.now()
	var out listJSON
	for _, l := range []struct {
		status string
		to     *[]swissJSON
	}{{store.TournamentCreated, &out.Created}, {store.TournamentStarted, &out.Started}, {store.TournamentFinished, &out.Finished}} {
		ts, err := s.st.ListTournaments(r.Context(), Kind, l.status, listLimit)
		if err != nil {
			s.srv.Error(w, fmt.Errorf("%w: %v", wire.ErrStorage, err))
			return
		}
		*l.to = []swissJSON{}
		for _, t := range ts {
			if t.Kind != Kind {
				continue
			}
			e, err := s.loadEvent(r.Context(), t)
			if err != nil {
				s.srv.Error(w, fmt.Errorf("%w: %v", wire.ErrStorage, err))
				return
			}
			*l.to = append(*l.to, jsonOf(e, now))
		}
	}
	writeJSON(w, out)
}
