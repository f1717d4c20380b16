package server

import (
	"net/http"

	"github.com/gambitchess/gambit/server/lichess"
	"github.com/gambitchess/gambit/store"
)

// handleUsersStatus answers lichess's GET /api/users/status?ids=…: each
// account named that exists, and whether it is online (above); unknown
// names are left out, as lichess leaves them.
func (s *Server) handleUsersStatus(w http.ResponseWriter, r *http.Request) {
	ids, err := lichess.ParseStatusIDs(r.URL.Query().Get("ids"))
	if err != nil {
		s.httpError(w, err)
		return
	}
	accounts, _ := s.store.(store.Accounts)
	out := []lichess.UserStatus{}
	for _, id := range ids {
		if accounts == nil {
			break
		}
		u, err := accounts.UserByName(r.Context(), id)
		if err != nil {
			continue
		}
		out = append(out, lichess.UserStatus{ID: lichess.ID(u.Name), Name: u.Name, Online: s.online.IsOnline(u.ID)})
	}
	writeJSON(w, http.StatusOK, out)
}
