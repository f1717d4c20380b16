package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/account"
	"github.com/gambitchess/gambit/server/games"
	"github.com/gambitchess/gambit/server/guards"
	"github.com/gambitchess/gambit/server/lichess"
	"github.com/gambitchess/gambit/server/node"
	"github.com/gambitchess/gambit/server/player"
	"github.com/gambitchess/gambit/server/round"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
)

// The API for programs, lichess's (docs/api.md), is package lichess: its
// handlers reach the server through lichess.Server, which s implements
// here (lichessServer), and s routes to them.

// registerAPI adds the API for programs to rs, each route with the scope
// lichess's asks of a token: the event stream, challenges, the Board API.
func (s *Server) registerAPI(rs *account.Routes) {
	api := s.lichess
	events, challenges := account.Needs(account.ScopeChallengeRead), account.Needs(account.ScopeChallengeWrite)
	rs.HandleFunc("GET /api/account/playing", account.AnyToken(), api.Playing) // as lichess's: any token reads its own games
	rs.HandleFunc("GET /api/stream/event", events, api.EventStream)
	rs.HandleFunc("GET /api/challenge", events, api.Challenges)
	rs.HandleFunc("POST /api/challenge/{name}", challenges, api.Challenge)
	rs.HandleFunc("POST /api/challenge/{id}/accept", challenges, api.Accept)
	rs.HandleFunc("POST /api/challenge/{id}/decline", challenges, api.Decline)
	rs.HandleFunc("POST /api/challenge/{id}/cancel", challenges, api.Cancel)
	for _, p := range s.playRoutes() {
		rs.HandleFunc(p.method+" /api/board/game/"+p.path, account.Needs(account.ScopeBoardPlay), p.h)
	}
}

// registerBotAPI adds the Bot API's routes to rs: the Board API's, under
// /api/bot/game/ for bot accounts, with the bot:play scope; and the bots
// online.
func (s *Server) registerBotAPI(rs *account.Routes) {
	for _, p := range s.playRoutes() {
		rs.HandleFunc(p.method+" /api/bot/game/"+p.path, account.Needs(account.ScopeBotPlay), lichess.ViaBotAPI(p.h))
	}
	rs.HandleFunc("GET /api/bot/online", account.Public(), s.lichess.BotsOnline)
}

// playRoute is a route of lichess's Board and Bot APIs: a method and a
// path below the API's /game/.
type playRoute struct {
	method, path string
	h            http.HandlerFunc
}

// playRoutes are the routes the Board and Bot APIs share, in order.
func (s *Server) playRoutes() []playRoute {
	api := s.lichess
	return []playRoute{{"GET", "stream/{id}", api.BoardStream}, {"POST", "{id}/move/{move}", api.Move},
		{"POST", "{id}/resign", api.Resign}, {"POST", "{id}/abort", api.Abort},
		{"POST", "{id}/claim-victory", api.ClaimVictory}, {"POST", "{id}/claim-draw", api.ClaimDraw},
		{"POST", "{id}/draw/{answer}", api.Draw}, {"POST", "{id}/takeback/{answer}", api.Takeback},
		{"POST", "{id}/chat", api.Chat}, {"POST", "{id}/berserk", api.Berserk},
		{"GET", "{id}/{part}", api.GamePart}} // chat: a pattern of its own would conflict with the stream's
}

// newLichess returns the API for programs of s.
func (s *Server) newLichess() *lichess.API {
	var relay func(player string, line []byte) error
	if s.bus != nil {
		relay = s.bus.Event
	}
	return lichess.New(lichess.Config{Server: (*lichessServer)(s), Store: s.store, Now: s.now, Log: s.log, Ctx: s.ctx, Relay: relay})
}

// lichessServer is s as the API for programs sees it (lichess.Server),
// kept apart so that Server's own API does not grow by what only that
// package calls.
type lichessServer Server

func (l *lichessServer) Read(ctx context.Context, id string, f func(g *game.Game)) error {
	return (*Server)(l).read(ctx, id, f)
}

func (l *lichessServer) Error(w http.ResponseWriter, err error) { (*Server)(l).httpError(w, err) }

func (l *lichessServer) Watch(ctx context.Context, id, player, addr string, cancel func()) (<-chan []byte, func(), error) {
	c := &round.Client{Send: make(chan []byte, round.SendBuffer), Cancel: cancel, Addr: addr}
	link, err := (*Server)(l).openGame(ctx, id, round.JoinCmd{Client: c, Since: -1, Player: player})
	if err != nil {
		return nil, nil, err
	}
	return c.Send, link.Leave, nil
}

func (l *lichessServer) Act(ctx context.Context, id, player, addr string, a lichess.Action) error {
	m, err := actionMsg(a)
	if err != nil {
		return err
	}
	return (*Server)(l).act(ctx, id, player, addr, m)
}

// actionMsg is a as the WebSocket's message of its type, checked as a
// WebSocket's is: a move by the WebSocket's parser, a chat line by its
// chat's rules.
func actionMsg(a lichess.Action) (round.ClientMsg, error) {
	switch a.Type {
	case "move":
		data, err := json.Marshal(map[string]any{"t": "move", "d": map[string]string{"u": a.Move}})
		if err != nil {
			return round.ClientMsg{}, fmt.Errorf("%w: %v", wire.ErrBadRequest, err)
		}
		return round.ParseClientMsg(data)
	case "chat":
		text, err := round.CheckChatText(a.Text)
		return round.ClientMsg{T: "chat", Text: text, Spectators: a.Spectators}, err
	}
	return round.ClientMsg{T: a.Type, Draw: a.Draw}, nil
}

func (l *lichessServer) NewGame(r *http.Request, u store.User, req lichess.ChallengeRequest) (game.Options, chess.Color, error) {
	s := (*Server)(l)
	if err := s.takeCreation(guards.ClientAddress(r)); err != nil {
		return game.Options{}, chess.White, err
	}
	gr := games.Request{Mode: game.ModeOnline, Variant: req.Variant, Color: req.Color, Rated: req.Rated, Name: u.Name, Setup: req.FEN}
	switch {
	case req.Days > 0:
		gr.Clock = &games.Clock{Days: req.Days}
	case req.Limit > 0:
		gr.Clock = &games.Clock{Minutes: float64(req.Limit) / 60, Increment: req.Inc}
	}
	opts, color, err := s.games.Options(gr, player.ID(u.Player))
	if err == nil && req.Rated {
		_, err = s.games.CheckRated(r, opts)
	}
	return opts, color, err
}

func (l *lichessServer) StartGame(r *http.Request, u store.User, opts game.Options, rated bool) error {
	s := (*Server)(l)
	resp, err := s.newGame(r.Context(), opts, player.ID(u.Player), guards.ClientAddress(r))
	if err == nil && rated {
		err = s.games.MarkRated(r.Context(), resp.ID, resp.Color, u, opts)
	}
	return err
}

func (l *lichessServer) Seat(ctx context.Context, id string, u store.User, rated bool) error {
	s := (*Server)(l)
	req := games.SeatRequest{Player: player.ID(u.Player), Name: u.Name, Title: u.Title}
	var err error
	if rated {
		_, err = s.games.JoinRated(ctx, id, req, u)
	} else {
		_, err = (*gamesServer)(s).Seat(ctx, id, req)
	}
	return err
}

// lichessScopes are the token scopes of lichess.Scope's values.
var lichessScopes = [...]string{lichess.ChallengeRead: account.ScopeChallengeRead, lichess.ChallengeWrite: account.ScopeChallengeWrite,
	lichess.BoardPlay: account.ScopeBoardPlay, lichess.BotPlay: account.ScopeBotPlay}

func (l *lichessServer) Allowed(r *http.Request, scope lichess.Scope) (store.User, error) {
	return account.Allowed(r, lichessScopes[scope])
}

func (l *lichessServer) User(r *http.Request) (store.User, bool) { return account.UserOf(r) }

func (l *lichessServer) PlayerOf(u store.User) string { return player.ID(u.Player) }

func (l *lichessServer) Named(r *http.Request) (store.User, error) {
	_, u, err := (*Server)(l).userNamed(r)
	return u, err
}

func (l *lichessServer) Hold(r *http.Request, cancel func()) func() {
	return (*Server)(l).holdCredential(r, cancel)
}

func (l *lichessServer) TakeMessage(r *http.Request) error {
	if retry, ok := l.rates.messages.Take(guards.ClientAddress(r)); !ok {
		return guards.RateLimited(retry, "at most %d messages a second from your address", messageAddrRate)
	}
	return nil
}

// holdCredential ties a connection that outlives its request to the
// session or token r came with: cancel ends the connection when that
// credential ends (account.Service.Hold). Call the release it returns when
// the connection ends.
func (s *Server) holdCredential(r *http.Request, cancel func()) (release func()) {
	if s.accounts == nil {
		return func() {}
	}
	return s.accounts.Hold(r, cancel)
}

// act runs client message m for player on game id (round.ActCmd), and
// returns its error.
func (s *Server) act(ctx context.Context, id, player, addr string, m round.ClientMsg) error {
	res := make(chan error, 1)
	cmd := round.ActCmd{Player: player, Addr: addr, Msg: m, Reply: func(err error) { res <- err }}
	err := s.live.With(ctx, id, func(h *round.Hub) error { return h.Send(ctx, cmd) })
	var remote *wire.RemoteOwner
	if errors.As(err, &remote) { // another node runs the game: it acts there
		msg, err := json.Marshal(m)
		if err != nil {
			return fmt.Errorf("%w: %v", wire.ErrBadRequest, err)
		}
		return s.actElsewhere(ctx, remote.Node, node.ActRequest{Game: id, Player: player, Addr: addr, Msg: msg})
	}
	if err != nil {
		return err
	}
	return <-res // an accepted command always runs and replies
}
