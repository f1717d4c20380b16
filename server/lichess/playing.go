package lichess

import (
	"cmp"
	"net/http"
	"slices"

	"github.com/gambitchess/gambit/server/wire"
)

// nowPlayingJSON is lichess's answer to GET /api/account/playing.
type nowPlayingJSON struct {
	NowPlaying []GameInfo `json:"nowPlaying"`
	NbMyTurn   int        `json:"nbMyTurn"` // of all the games under way, not only those listed, as lichess counts
}

// playingDefault and playingMax bound GET /api/account/playing's nb, as
// lichess does (9 by default, at most 50).
const playingDefault, playingMax = 9, 50

// Playing answers lichess's GET /api/account/playing: the account's
// games under way, those where it is to move first (lichess orders them
// so, for a program that plays the most urgent first). Any token of the
// account reads them, as lichess asks for no scope.
func (a *API) Playing(w http.ResponseWriter, r *http.Request) {
	u, ok := a.srv.User(r)
	if !ok {
		a.srv.Error(w, wire.ErrSignedOut)
		return
	}
	nb, err := ParseNB(r, playingDefault, playingMax)
	if err != nil {
		a.srv.Error(w, err)
		return
	}
	games := append([]GameInfo{}, a.runningStarts(r.Context(), a.srv.PlayerOf(u))...) // [] for none, as lichess writes it
	slices.SortStableFunc(games, urgentFirst)
	myTurn := 0
	for _, g := range games {
		if g.IsMyTurn {
			myTurn++
		}
	}
	wire.WriteJSON(w, http.StatusOK, nowPlayingJSON{NowPlaying: games[:min(nb, len(games))], NbMyTurn: myTurn})
}

// urgentFirst orders games by urgency: those on the player's move first,
// then by the player's time left, least first (no clock: last).
func urgentFirst(a, b GameInfo) int {
	if a.IsMyTurn != b.IsMyTurn {
		if a.IsMyTurn {
			return -1
		}
		return 1
	}
	return cmp.Compare(secondsOr(a.SecondsLeft), secondsOr(b.SecondsLeft))
}

// secondsOr is a time left in seconds, or a very long one for none.
func secondsOr(left *int) int {
	if left == nil {
		return VeryLong
	}
	return *left
}
