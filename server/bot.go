package server

import (
	"context"
	"fmt"
	"net/http"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/account"
	"github.com/gambitchess/gambit/server/lichess"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
)

// The Bot API (lichess's /api/bot/...) is the Board API for bot
// accounts: the same handlers (board.go), reached by other paths with
// the bot:play scope. lichess keeps the two apart by account, and so does
// Gambit: a bot account plays through the Bot API only (never the Board
// API, the browser, the lobby or quick pairing: it plays by challenge,
// ensurePlayer), and the Bot API plays bots' games only. A person's
// account becomes a bot for good by POST /api/bot/account/upgrade
// (package account).

// playAPI is which of lichess's two APIs for playing a request came by.
type playAPI struct {
	scope string // the scope its token needs
	bot   bool   // for bot accounts (the Bot API), or for people's (the Board API)
}

var (
	boardAPI = playAPI{scope: account.ScopeBoardPlay}
	botAPI   = playAPI{scope: account.ScopeBotPlay, bot: true}
)

type playAPIKey struct{}

// apiOf is the API r came by: the Board API unless viaBotAPI said otherwise.
func apiOf(r *http.Request) playAPI {
	if a, ok := r.Context().Value(playAPIKey{}).(playAPI); ok {
		return a
	}
	return boardAPI
}

// viaBotAPI serves h, a Board API handler, as the Bot API's.
func viaBotAPI(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		h(w, r.WithContext(context.WithValue(r.Context(), playAPIKey{}, botAPI)))
	}
}

// playingAccount is the account r plays for, checked against the API it
// came by: the API's scope, and the kind of account it serves.
func (s *Server) playingAccount(r *http.Request) (store.User, error) {
	api := apiOf(r)
	u, err := account.Allowed(r, api.scope)
	if err != nil {
		return u, err
	}
	switch bot := u.Title == store.TitleBot; {
	case api.bot && !bot:
		return u, fmt.Errorf("%w: make the account a bot first (POST /api/bot/account/upgrade), or play through /api/board/", wire.ErrNotBot)
	case !api.bot && bot:
		return u, fmt.Errorf("%w: play through /api/bot/game/…", wire.ErrBotAccount)
	}
	return u, nil
}

// registerBotAPI adds the Bot API's routes to rs.
func (s *Server) registerBotAPI(rs *account.Routes) {
	bot := account.Needs(account.ScopeBotPlay)
	rs.HandleFunc("GET /api/bot/game/stream/{id}", bot, viaBotAPI(s.handleBoardStream))
	rs.HandleFunc("POST /api/bot/game/{id}/move/{move}", bot, viaBotAPI(s.handleBoardMove))
	rs.HandleFunc("POST /api/bot/game/{id}/resign", bot, viaBotAPI(s.boardSimple(resignMsg)))
	rs.HandleFunc("POST /api/bot/game/{id}/abort", bot, viaBotAPI(s.boardSimple(abortMsg)))
	rs.HandleFunc("POST /api/bot/game/{id}/claim-victory", bot, viaBotAPI(s.boardSimple(claimVictoryMsg)))
	rs.HandleFunc("POST /api/bot/game/{id}/claim-draw", bot, viaBotAPI(s.boardSimple(claimDrawMsg)))
	rs.HandleFunc("POST /api/bot/game/{id}/draw/{answer}", bot, viaBotAPI(s.boardOffer(game.OfferDraw, "draw")))
	rs.HandleFunc("POST /api/bot/game/{id}/takeback/{answer}", bot, viaBotAPI(s.boardOffer(game.OfferTakeback, "takeback")))
	rs.HandleFunc("POST /api/bot/game/{id}/chat", bot, viaBotAPI(s.handleBoardChat))
	rs.HandleFunc("GET /api/bot/game/{id}/{part}", bot, viaBotAPI(s.handleBoardGamePart)) // chat (board.go says why {part})
	rs.HandleFunc("GET /api/bot/online", account.Public(), s.handleBotsOnline)
}

// botsOnlineDefault and botsOnlineMax bound GET /api/bot/online's nb.
const botsOnlineDefault, botsOnlineMax = 50, 512

// handleBotsOnline streams the bots online (an event stream open here,
// online.go), one NDJSON line each, by name.
func (s *Server) handleBotsOnline(w http.ResponseWriter, r *http.Request) {
	nb, err := lichess.ParseNB(r, botsOnlineDefault, botsOnlineMax)
	if err != nil {
		s.httpError(w, err)
		return
	}
	bots := s.online.List(func(u store.User) bool { return u.Title == store.TitleBot })
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.Header().Set("Cache-Control", "no-store")
	for _, u := range bots[:min(nb, len(bots))] {
		_, _ = w.Write(lichess.Line(lichess.Bot{ID: lichess.ID(u.Name), Username: u.Name, Title: u.Title, CreatedAt: u.CreatedAt.UnixMilli()}))
	}
}
