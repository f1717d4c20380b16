package tournaments

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/gambitchess/gambit/server/tourney"
)

// An arena's live page is told of every change over a WebSocket (a room
// of tourney.Rooms): each message is {"t":"reload","d":<the arena as GET
// /api/tournament/{id} answers it, page 1, without "me">}, the same for
// everyone, and, to a signed-in viewer, {"t":"me","d":<their own place
// and game, or null>}: built for that viewer alone, sent at once when
// they are paired, paused or withdrawn, and with the next standings when
// only their rank changed.

// liveMessage is what the socket sends to all.
type liveMessage struct {
	T string   `json:"t"`
	D fullJSON `json:"d"`
}

// meMessage is a viewer's own place: null before they join.
type meMessage struct {
	T string  `json:"t"`
	D *meJSON `json:"d"`
}

// reading is arena id as its live room sends it.
func (s *Service) reading(ctx context.Context, id string) (tourney.Reading, error) {
	a, err := s.arenaByID(ctx, id)
	if err != nil {
		return tourney.Reading{}, err
	}
	full := s.fullOf(a, s.now(), 1)
	key := full
	key.SecondsToStart, key.SecondsToFinish = 0, 0
	var rd tourney.Reading
	if rd.Key, err = json.Marshal(key); err != nil {
		return rd, err
	}
	if rd.Shared, err = json.Marshal(liveMessage{T: "reload", D: full}); err != nil {
		return rd, err
	}
	places := a.mePlaces(full.standings)
	rd.Mine = func(user string) ([]byte, string) {
		me := meOf(places, user)
		msg, err := json.Marshal(meMessage{T: "me", D: me})
		if err != nil {
			return nil, ""
		}
		if me == nil {
			return msg, ""
		}
		return msg, me.news()
	}
	return rd, nil
}

// news is what of a viewer's place the page must hear at once: a game to
// go to, or that they no longer play.
func (m *meJSON) news() string {
	return fmt.Sprintf("%s %t %t", m.GameID, m.Withdraw, m.Paused)
}

// Socket serves GET /tournament/{id}/socket: the live page's messages.
// The socket only listens: what a viewer does goes by the API.
func (s *Service) Socket(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if _, err := s.arenaByID(r.Context(), id); err != nil {
		s.srv.Error(w, err)
		return
	}
	u, _ := s.srv.User(r)
	s.live.Serve(w, r, id, u.ID, s.log)
}
