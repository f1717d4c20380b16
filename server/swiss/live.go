package swiss

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/gambitchess/gambit/server/tourney"
)

// A Swiss event's live page is told of every change over a WebSocket,
// GET /swiss/{id}/socket (a room of tourney.Rooms, as the arenas'):
// {"t":"reload","d":<pageJSON>}, the same for everyone, and to a
// signed-in viewer {"t":"me","d":<meJSON, or null before they join>}:
// built for that viewer alone, sent at once when they are paired or
// withdraw, and with the next standings when only their rank changed.
// The room reads the event again when this node saw a change (a join, a
// withdrawal, a result, a round paired: Service.live.Poke), else every
// second (another node's change).

// reloadMessage is what the socket sends to all.
type reloadMessage struct {
	T string   `json:"t"`
	D pageJSON `json:"d"`
}

// meMessage is a viewer's own place: null before they join.
type meMessage struct {
	T string  `json:"t"`
	D *meJSON `json:"d"`
}

// reading is event id as its live room sends it.
func (s *Service) reading(ctx context.Context, id string) (tourney.Reading, error) {
	e, err := s.eventByID(ctx, id)
	if err != nil {
		return tourney.Reading{}, err
	}
	page := pageOf(e, s.now())
	key := page // less its countdown, which the page counts down itself
	if key.NextRound != nil {
		nr := *key.NextRound
		nr.In = 0
		key.NextRound = &nr
	}
	var rd tourney.Reading
	if rd.Key, err = json.Marshal(key); err != nil {
		return rd, err
	}
	if rd.Shared, err = json.Marshal(reloadMessage{T: "reload", D: page}); err != nil {
		return rd, err
	}
	places := mePlaces(e)
	rd.Mine = func(user string) ([]byte, string) {
		me := places[user]
		msg, err := json.Marshal(meMessage{T: "me", D: me})
		if err != nil {
			return nil, ""
		}
		if me == nil {
			return msg, ""
		}
		return msg, fmt.Sprintf("%s %t", me.GameID, me.Absent)
	}
	return rd, nil
}

// Socket serves GET /swiss/{id}/socket: the live page's messages. The
// socket only listens: what a viewer does goes by the API.
func (s *Service) Socket(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if _, err := s.eventByID(r.Context(), id); err != nil {
		s.srv.Error(w, err)
		return
	}
	u, _ := s.srv.User(r)
	s.live.Serve(w, r, id, u.ID, s.log)
}
