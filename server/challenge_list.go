package server

import (
	"fmt"
	"net/http"

	"github.com/gambitchess/gambit/server/account"
	"github.com/gambitchess/gambit/server/lichess"
)

// challengeListJSON is lichess's answer to GET /api/challenge: the open
// challenges made to the account (in) and by it (out).
type challengeListJSON struct {
	In  []lichess.Challenge `json:"in"`
	Out []lichess.Challenge `json:"out"`
}

// handleChallengeList answers GET /api/challenge (challenge:read).
func (s *Server) handleChallengeList(w http.ResponseWriter, r *http.Request) {
	u, err := account.Allowed(r, account.ScopeChallengeRead)
	if err != nil {
		s.httpError(w, err)
		return
	}
	cs, err := s.challengeStore()
	if err != nil {
		s.httpError(w, err)
		return
	}
	list, err := cs.ChallengesOf(r.Context(), u.ID, s.now().Add(-challengeTTL))
	if err != nil {
		s.httpError(w, fmt.Errorf("%w: %v", ErrStorage, err))
		return
	}
	out := challengeListJSON{In: []lichess.Challenge{}, Out: []lichess.Challenge{}}
	for _, sc := range list {
		c, err := decodeChallenge(sc)
		if err != nil {
			s.log.Warn("a stored challenge cannot be read", "challenge", sc.ID, "err", err)
			continue
		}
		if c.From.ID == u.ID {
			out.Out = append(out.Out, c.json())
		} else {
			out.In = append(out.In, c.json())
		}
	}
	writeJSON(w, http.StatusOK, out)
}
