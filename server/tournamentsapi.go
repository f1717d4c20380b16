package server

import (
	"time"

	"net/http"

	"github.com/gambitchess/gambit/server/account"
	"github.com/gambitchess/gambit/server/lichess"
	"github.com/gambitchess/gambit/server/swiss"
	"github.com/gambitchess/gambit/server/tournaments"
	"github.com/gambitchess/gambit/server/tourney"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
)

// newTournaments returns the arenas and the Swiss events of s, nil each
// when its store keeps none or keeps no accounts (they are played by
// accounts).
func (s *Server) newTournaments() (*tournaments.Service, *swiss.Service) {
	st, ok := s.store.(store.Swiss)
	if _, accounts := s.store.(store.Accounts); !ok || !accounts {
		return nil, nil
	}
	node, cacheFor := "local", 5*time.Second // a node alone sees every change its arenas' readings miss
	if s.bus != nil {
		node, cacheFor = s.bus.Node(), 0
	}
	host := tourney.Host{Store: s.store, Account: account.UserOf, Fail: s.httpError, PerfOf: lichess.Perf, ID: wire.NewID,
		Create: s.startNewGame, Read: s.read}
	return tournaments.New(tournaments.Config{Store: st, Server: host, Node: node, Now: s.now, Log: s.log, CacheFor: cacheFor}),
		swiss.New(swiss.Config{Store: st, Server: host, Node: node, Now: s.now, Log: s.log})
}

// registerTournaments adds lichess's tournament and Swiss APIs and the
// live pages' sockets: reading is everyone's (an arena read with a
// token with tournament:write has its "me"); creating, joining and
// leaving need an account (tournament:write, as lichess's). Gambit has
// no teams: the teamId of POST /api/swiss/new/{teamId} is any.
//
// page serves the app's pages (nil without them): GET /swiss/{id}, a
// Swiss event's live page, shares its pattern with GET /swiss/{id}.trf.
func (s *Server) registerTournaments(rs *account.Routes, games func(w http.ResponseWriter, r *http.Request, ids []string), page http.HandlerFunc) {
	t, sw := s.tournaments, s.swiss
	if t == nil {
		return
	}
	public, write, seen := account.Public(), account.Needs(account.ScopeTournamentWrite), account.SeenWith(account.ScopeTournamentWrite)
	rs.HandleFunc("GET /api/tournament", public, t.List)
	rs.HandleFunc("POST /api/tournament", write, t.Create)
	rs.HandleFunc("GET /api/tournament/{id}", seen, t.Show)
	rs.HandleFunc("POST /api/tournament/{id}/join", write, t.Join)
	rs.HandleFunc("POST /api/tournament/{id}/withdraw", write, t.Withdraw)
	rs.HandleFunc("POST /api/tournament/{id}/pause", write, t.Pause) // Gambit's: a break, as lichess's page offers
	rs.HandleFunc("GET /api/tournament/{id}/results", public, t.Results)
	rs.HandleFunc("GET /api/tournament/{id}/games", public, t.Games(games))
	rs.HandleFunc("GET /tournament/{id}/socket", seen, t.Socket) // its "me" to a signed-in viewer
	// new/{teamId}, {id}/join and {id}/withdraw: one pattern, as net/http
	// refuses new/{teamId} beside {id}/join (both match new/join).
	rs.HandleFunc("POST /api/swiss/{id}/{action}", write, sw.Post)
	rs.HandleFunc("GET /api/swiss/{id}", public, sw.Show)
	rs.HandleFunc("GET /api/swiss/{id}/games", public, sw.Games(games))
	rs.HandleFunc("GET /api/swiss/{id}/results", public, sw.Results)
	rs.HandleFunc("GET /api/swiss", public, sw.List)          // Gambit's: lichess lists Swiss events by team only
	rs.HandleFunc("GET /swiss/{file}", public, sw.File(page)) // {id}.trf, and {id} the live page: net/http takes no suffix after a wildcard
	rs.HandleFunc("GET /swiss/{id}/socket", seen, sw.Socket)  // the live page's socket: its "me" to a signed-in viewer
}
