package server

import (
	"net/http"

	"github.com/gambitchess/gambit/server/account"
	"github.com/gambitchess/gambit/server/swiss"
	"github.com/gambitchess/gambit/store"
)

// newSwiss returns the Swiss events of s, nil when its store keeps no
// Swiss events or no accounts (an event is played by accounts). They
// need of the server what the arenas do (tournamentServer).
func (s *Server) newSwiss() *swiss.Service {
	st, ok := s.store.(store.Swiss)
	if _, accounts := s.store.(store.Accounts); !ok || !accounts {
		return nil
	}
	node := "local"
	if s.bus != nil {
		node = s.bus.Node()
	}
	return swiss.New(swiss.Config{Store: st, Server: (*tournamentServer)(s), Node: node, Now: s.now, Log: s.log})
}

// registerSwiss adds lichess's Swiss API: reading is everyone's;
// creating, joining and withdrawing need an account (a token with
// tournament:write, as lichess's). Gambit has no teams: the teamId of
// POST /api/swiss/new/{teamId} is any ("-" will do).
func (s *Server) registerSwiss(rs *account.Routes, games func(w http.ResponseWriter, r *http.Request, ids []string)) {
	sw := s.swiss
	if sw == nil {
		return
	}
	public, write := account.Public(), account.Needs(account.ScopeTournamentWrite)
	// new/{teamId}, {id}/join and {id}/withdraw: one pattern, as net/http
	// refuses new/{teamId} beside {id}/join (both match new/join).
	rs.HandleFunc("POST /api/swiss/{id}/{action}", write, sw.Post)
	rs.HandleFunc("GET /api/swiss/{id}", public, sw.Show)
	rs.HandleFunc("GET /api/swiss/{id}/games", public, sw.Games(games))
	rs.HandleFunc("GET /api/swiss/{id}/results", public, sw.Results)
	rs.HandleFunc("GET /swiss/{file}", public, sw.TRF) // {id}.trf: net/http takes no suffix after a wildcard
}
