package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/rating"
	"github.com/gambitchess/gambit/server/account"
	"github.com/gambitchess/gambit/server/guards"
	"github.com/gambitchess/gambit/server/lichess"
	"github.com/gambitchess/gambit/server/round"
	"github.com/gambitchess/gambit/store"
)

// The Board API (lichess's /api/board/...): a program plays its account's
// seat of a game. Every action is the WebSocket's message of the same
// name, run by the game's hub for the account's player (round.ActCmd), so
// the same seat rules, clock and judgement apply; the address's message
// limit is the WebSocket's. The game stream joins the hub as a
// connection does (the seat shows online while it is open) and writes
// lichess's gameFull, then a gameState line whenever the game changes.

// registerAPI adds the API for programs to rs (docs/api.md), each route
// with the scope lichess's asks of a token.
func (s *Server) registerAPI(rs *account.Routes) {
	events, challenges, board := account.Needs(account.ScopeChallengeRead), account.Needs(account.ScopeChallengeWrite), account.Needs(account.ScopeBoardPlay)
	rs.HandleFunc("GET /api/stream/event", events, s.handleEventStream)
	rs.HandleFunc("GET /api/challenge", events, s.handleChallengeList)
	rs.HandleFunc("POST /api/challenge/{name}", challenges, s.handleChallenge)
	rs.HandleFunc("POST /api/challenge/{id}/accept", challenges, s.handleAccept)
	rs.HandleFunc("POST /api/challenge/{id}/decline", challenges, s.handleDecline)
	rs.HandleFunc("POST /api/challenge/{id}/cancel", challenges, s.handleCancel)
	rs.HandleFunc("GET /api/board/game/stream/{id}", board, s.handleBoardStream)
	rs.HandleFunc("POST /api/board/game/{id}/move/{move}", board, s.handleBoardMove)
	rs.HandleFunc("POST /api/board/game/{id}/resign", board, s.boardSimple(resignMsg))
	rs.HandleFunc("POST /api/board/game/{id}/abort", board, s.boardSimple(abortMsg))
	rs.HandleFunc("POST /api/board/game/{id}/claim-victory", board, s.boardSimple(claimVictoryMsg))
	rs.HandleFunc("POST /api/board/game/{id}/claim-draw", board, s.boardSimple(claimDrawMsg))
	rs.HandleFunc("POST /api/board/game/{id}/draw/{answer}", board, s.boardOffer(game.OfferDraw, "draw"))
	rs.HandleFunc("POST /api/board/game/{id}/takeback/{answer}", board, s.boardOffer(game.OfferTakeback, "takeback"))
	rs.HandleFunc("POST /api/board/game/{id}/chat", board, s.handleBoardChat)
	rs.HandleFunc("GET /api/board/game/{id}/{part}", board, s.handleBoardGamePart) // chat: a pattern of its own would conflict with the stream's
}

// boardPlayer checks a Board API request: its token may play, and its
// address is within the message limit. It returns the account's player.
func (s *Server) boardPlayer(r *http.Request) (store.User, string, error) {
	u, err := s.playingAccount(r)
	if err != nil {
		return u, "", err
	}
	if retry, ok := s.rates.messages.Take(guards.ClientAddress(r)); !ok {
		return u, "", guards.RateLimited(retry, "at most %d messages a second from your address", messageAddrRate)
	}
	return u, playerID(u.Player), nil
}

// boardAct runs m for r's account on game {id} and answers {"ok":true}.
func (s *Server) boardAct(w http.ResponseWriter, r *http.Request, player string, m round.ClientMsg) {
	if err := s.act(r.Context(), r.PathValue("id"), player, guards.ClientAddress(r), m); err != nil {
		s.httpError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, lichess.OK{OK: true})
}

// clientMsg builds a client message as the WebSocket's parser reads it,
// so that it is checked the same way.
func clientMsg(t string, d any) (round.ClientMsg, error) {
	env := map[string]any{"t": t}
	if d != nil {
		env["d"] = d
	}
	data, err := json.Marshal(env)
	if err != nil {
		return round.ClientMsg{}, fmt.Errorf("%w: %v", ErrBadRequest, err)
	}
	return round.ParseClientMsg(data)
}

func (s *Server) handleBoardMove(w http.ResponseWriter, r *http.Request) {
	_, player, err := s.boardPlayer(r)
	var m round.ClientMsg
	if err == nil {
		var mv string
		if mv, err = lichess.ParseMovePath(r.PathValue("move")); err == nil {
			m, err = clientMsg("move", map[string]string{"u": mv})
		}
	}
	var offer bool
	if err == nil {
		offer, err = parseOfferingDraw(r.URL.Query().Get("offeringDraw"))
	}
	if err != nil {
		s.httpError(w, err)
		return
	}
	if err := s.act(r.Context(), r.PathValue("id"), player, guards.ClientAddress(r), m); err != nil {
		s.httpError(w, err)
		return
	}
	if offer { // lichess's offeringDraw: the move, then the offer (or the acceptance of the opponent's)
		err := s.act(r.Context(), r.PathValue("id"), player, guards.ClientAddress(r), round.ClientMsg{T: "draw-offer"})
		if err != nil && !errors.Is(err, game.ErrAlreadyOffered) && !errors.Is(err, game.ErrGameOver) {
			s.httpError(w, err)
			return
		}
	}
	writeJSON(w, http.StatusOK, lichess.OK{OK: true})
}

// parseOfferingDraw reads a move's offeringDraw parameter: true or false
// ("" for none: false).
func parseOfferingDraw(v string) (bool, error) {
	switch v {
	case "", "false":
		return false, nil
	case "true":
		return true, nil
	}
	return false, fmt.Errorf("%w: offeringDraw is true or false, not %.20q", ErrBadRequest, v)
}

// boardSimple answers an action whose message is m whatever the body
// (resign, abort, lichess's claim-victory and claim-draw).
func (s *Server) boardSimple(m round.ClientMsg) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		_, player, err := s.boardPlayer(r)
		if err != nil {
			s.httpError(w, err)
			return
		}
		s.boardAct(w, r, player, m)
	}
}

// The messages of the actions without arguments. claim-victory and
// claim-draw: the opponent left, and the player ends the game so.
var (
	resignMsg       = round.ClientMsg{T: "resign"}
	abortMsg        = round.ClientMsg{T: "abort"}
	claimVictoryMsg = round.ClientMsg{T: "claim-victory"}
	claimDrawMsg    = round.ClientMsg{T: "claim-victory", Draw: true}
)

// boardOffer answers /draw/{yes|no} and /takeback/{yes|no} as lichess
// means them: yes offers, or accepts the opponent's offer; no declines
// it (or withdraws one's own).
func (s *Server) boardOffer(k game.OfferKind, prefix string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		_, player, err := s.boardPlayer(r)
		if err != nil {
			s.httpError(w, err)
			return
		}
		yes, err := parseYesNo(r.PathValue("answer"))
		if err != nil {
			s.httpError(w, err)
			return
		}
		// Yes is one step in the hub, so that an offer made or withdrawn
		// meanwhile cannot turn it into the opposite: a draw offer accepts
		// the opponent's (game.Offer), takeback-yes does the same.
		t := prefix + "-decline"
		switch {
		case yes && k == game.OfferDraw:
			t = "draw-offer"
		case yes:
			t = "takeback-yes"
		}
		s.boardAct(w, r, player, round.ClientMsg{T: t})
	}
}

// parseYesNo reads the {answer} of /draw/{answer}: yes or no (lichess
// also takes true/false).
func parseYesNo(a string) (bool, error) {
	switch a {
	case "yes", "true":
		return true, nil
	case "no", "false":
		return false, nil
	}
	return false, fmt.Errorf("%w: answer yes or no, not %.20q", ErrBadRequest, a)
}

// parseBoardChat reads a chat body's fields into the chat message they
// ask for: room (player, the default, or spectator) and text.
//
// room=spectator sends the line to the game's spectators' room, as
// lichess does: lichess-bot greets both rooms at the start of every game,
// and a refusal of the second greeting stopped it before its first move.
// Gambit's players do not read the spectators' room (lichess's do not
// while they play either), so the line is the watchers' alone; it goes
// out under the player's name, and the spectators' log keeps it. Sent to
// the players instead, a greeting meant for the watchers ("thanks for
// watching") would surprise the opponent; dropped with an ok, it would
// be a line its writer believes said and no one ever reads.
func parseBoardChat(f map[string]string) (round.ClientMsg, error) {
	m := round.ClientMsg{T: "chat"}
	for k, v := range f {
		switch k {
		case "room":
			switch v {
			case "player":
			case "spectator":
				m.Spectators = true
			default:
				return round.ClientMsg{}, fmt.Errorf("%w: room must be player or spectator, not %.20q", ErrBadRequest, v)
			}
		case "text":
		default:
			return round.ClientMsg{}, fmt.Errorf("%w: unknown field %.40q (room, text)", ErrBadRequest, k)
		}
	}
	text, ok := f["text"]
	if !ok {
		return round.ClientMsg{}, fmt.Errorf("%w: chat needs a text", ErrBadRequest)
	}
	var err error
	if m.Text, err = round.CheckChatText(text); err != nil {
		return round.ClientMsg{}, err
	}
	return m, nil
}

func (s *Server) handleBoardChat(w http.ResponseWriter, r *http.Request) {
	_, player, err := s.boardPlayer(r)
	var f map[string]string
	if err == nil {
		f, err = lichess.ReadParams(r, w)
	}
	var m round.ClientMsg
	if err == nil {
		m, err = parseBoardChat(f)
	}
	if err != nil {
		s.httpError(w, err)
		return
	}
	s.boardAct(w, r, player, m)
}

// playerChatJSON is a line of the players' chat as lichess's GET
// /api/board/game/{id}/chat writes it (its PlayerGameChat).
type playerChatJSON struct {
	Text string `json:"text"`
	User string `json:"user"`
}

// chatLogWait bounds how long reading a game's chat waits for its hub.
const chatLogWait = 5 * time.Second

// handleBoardGamePart answers GET /api/board/game/{id}/chat, which
// ServeMux cannot have as a pattern beside GET /api/board/game/stream/{id}
// (both would match /api/board/game/stream/chat, neither more specific):
// no game's id is "stream" (ids are longer), so the stream's pattern,
// the more specific, takes its paths and this one the rest.
func (s *Server) handleBoardGamePart(w http.ResponseWriter, r *http.Request) {
	if r.PathValue("part") != "chat" {
		s.httpError(w, fmt.Errorf("%w: no such endpoint %s %.100s", store.ErrNotFound, r.Method, r.URL.Path))
		return
	}
	s.handleBoardChatLog(w, r)
}

// handleBoardChatLog answers GET /api/board/game/{id}/chat: the players'
// chat of game {id}, to its players only (as lichess's; anyone else 403),
// as a JSON array of {text, user}, oldest first; [] in a game without
// chat (online games have it).
func (s *Server) handleBoardChatLog(w http.ResponseWriter, r *http.Request) {
	_, player, err := s.boardPlayer(r)
	if err != nil {
		s.httpError(w, err)
		return
	}
	id := r.PathValue("id")
	chat := false
	var refused error
	err = s.read(r.Context(), id, func(g *game.Game) {
		if g.ViewerOf(player).IsSpectator() {
			refused = fmt.Errorf("%w: the players' chat is its players'", game.ErrNotYourSeat)
		}
		chat = g.Mode() == game.ModeOnline
	})
	if err == nil {
		err = refused
	}
	lines := []playerChatJSON{}
	if err == nil && chat {
		lines, err = s.playersChat(r.Context(), id, player, guards.ClientAddress(r))
	}
	if err != nil {
		s.httpError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, lines)
}

// playersChat reads the players' chat of game id for player, one of them.
// The chat lives in the game's hub only (never saved), which sends a
// client joining it its room's recent lines: the request joins the game
// as its player's program for that moment (on whichever node runs it,
// as the game stream does), reads them, and leaves. Meanwhile the seat
// shows online, as it does while its program streams the game.
func (s *Server) playersChat(ctx context.Context, id, player, addr string) ([]playerChatJSON, error) {
	ctx, cancel := context.WithTimeout(ctx, chatLogWait)
	defer cancel()
	c := &round.Client{Send: make(chan []byte, round.SendBuffer), Cancel: cancel, Addr: addr}
	link, err := s.openGame(ctx, id, round.JoinCmd{Client: c, Since: -1, Player: player})
	if err != nil {
		return nil, err
	}
	defer link.leave()
	for {
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("%w: the game's chat did not come", ErrBusy)
		case msg := <-c.Send:
			var env struct {
				T string          `json:"t"`
				D json.RawMessage `json:"d"`
			}
			if json.Unmarshal(msg, &env) != nil || env.T != "chat-log" {
				continue
			}
			var log round.ChatLogJSON
			if err := json.Unmarshal(env.D, &log); err != nil {
				return nil, fmt.Errorf("server: the game's chat log: %w", err)
			}
			out := make([]playerChatJSON, len(log.Lines))
			for i, l := range log.Lines {
				out[i] = playerChatJSON{Text: l.Text, User: l.Name}
			}
			return out, nil
		}
	}
}

// sidesOf names game id's players, seated in seats, as the API writes
// them (seatSides), with their ratings when it is rated (ratedSides).
func (s *Server) sidesOf(ctx context.Context, id string, seats [2]game.Seat) ([2]lichess.Player, bool) {
	sides := s.seatSides(ctx, seats)
	rs := s.ratings()
	if rs == nil {
		return sides, false
	}
	rg, err := rs.RatedGame(ctx, id)
	if err != nil {
		return sides, false
	}
	for side, g := range s.ratedSides(ctx, rg) {
		if g != nil && sides[side].ID != "" {
			sides[side].Rating, sides[side].Provisional = g.Int(), g.Provisional()
		}
	}
	return sides, true
}

// ratedSides are the ratings the accounts of rated game rg play it with,
// by side: those before it once it is rated; until then (and in a game
// that ended unrated) each account's rating in the game's perf now, the
// first rating for an account without one, as lichess shows a game's
// players with their ratings from its start. nil for a side with no
// account, or whose ratings cannot be read.
func (s *Server) ratedSides(ctx context.Context, rg store.RatedGame) [2]*rating.Glicko {
	var out [2]*rating.Glicko
	if rg.State == store.RatingApplied {
		w, b := rg.WhiteBefore, rg.BlackBefore
		return [2]*rating.Glicko{&w, &b}
	}
	for side, user := range [2]string{rg.White, rg.Black} {
		if user == "" {
			continue
		}
		rs, err := s.ratings().UserRatings(ctx, user)
		if err != nil {
			s.log.Warn("cannot read a rated game's player's ratings", "game", rg.GameID, "err", err)
			continue
		}
		g := rating.Default()
		for _, r := range rs {
			if r.Perf == rg.Perf {
				g = r.Glicko
			}
		}
		out[side] = &g
	}
	return out
}

// handleBoardStream streams game {id} to one of its players.
func (s *Server) handleBoardStream(w http.ResponseWriter, r *http.Request) {
	u, err := s.playingAccount(r)
	if err != nil {
		s.httpError(w, err)
		return
	}
	id, player := r.PathValue("id"), playerID(u.Player)
	var full lichess.GameFull
	var seats [2]game.Seat
	var refused error
	err = s.read(r.Context(), id, func(g *game.Game) {
		switch {
		case g.ViewerOf(player).IsSpectator():
			refused = fmt.Errorf("%w: the Board API streams your own games", game.ErrNotYourSeat)
		case g.Hidden() && !g.Status().Finished():
			refused = fmt.Errorf("%w: a game of hidden information streams over its WebSocket only (its moves are not everyone's)", ErrBadRequest)
		default:
			full, seats = lichess.FullOf(g, false, [2]lichess.Player{}), [2]game.Seat{g.Seat(chess.White), g.Seat(chess.Black)}
		}
	})
	if err == nil && refused == nil {
		sides, rated := s.sidesOf(r.Context(), id, seats)
		full.White, full.Black, full.Rated = sides[chess.White], sides[chess.Black], rated
	}
	if err == nil {
		err = refused
	}
	if err != nil {
		s.httpError(w, err)
		return
	}
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	defer s.holdCredential(r, cancel)() // the stream ends with its token or session
	c := &round.Client{Send: make(chan []byte, round.SendBuffer), Cancel: cancel, Addr: guards.ClientAddress(r)}
	link, err := s.openGame(ctx, id, round.JoinCmd{Client: c, Since: -1, Player: player})
	if err != nil {
		s.httpError(w, err)
		return
	}
	defer link.leave()
	f, ok := s.ndjson(w)
	if !ok {
		return
	}
	s.streamGame(ctx, w, f, c, id, full)
}

// streamGame writes full, then a gameState line whenever the game
// changes, and the players' chat, until the game ends or the reader goes.
func (s *Server) streamGame(ctx context.Context, w http.ResponseWriter, f http.Flusher, c *round.Client, id string, full lichess.GameFull) {
	last := full.State
	if _, err := w.Write(lichess.Line(full)); err != nil {
		return
	}
	f.Flush()
	if !lichess.Live(last.Status) {
		return
	}
	tick := time.NewTicker(lichess.KeepAlive)
	defer tick.Stop()
	for {
		var out []byte
		select {
		case <-ctx.Done():
			return
		case <-s.ctx.Done():
			return
		case <-tick.C:
			out = []byte("\n")
		case msg := <-c.Send:
			var st lichess.GameState
			out, st = s.streamLine(ctx, id, msg, last)
			last = st
		}
		if len(out) > 0 {
			if _, err := w.Write(out); err != nil {
				return
			}
			f.Flush()
		}
		if !lichess.Live(last.Status) {
			return
		}
	}
}

// chatLineJSON is a chat line of the game stream, as lichess writes it.
type chatLineJSON struct {
	Type     string `json:"type"` // chatLine
	Room     string `json:"room"` // player
	Username string `json:"username"`
	Text     string `json:"text"`
}

// streamLine turns a message the hub sent into the game stream's line, if
// any: a chat line, or the game's state when it changed since last.
func (s *Server) streamLine(ctx context.Context, id string, msg []byte, last lichess.GameState) ([]byte, lichess.GameState) {
	var env struct {
		T string          `json:"t"`
		D json.RawMessage `json:"d"`
	}
	if json.Unmarshal(msg, &env) != nil {
		return nil, last
	}
	switch env.T {
	case "chat":
		var line round.ChatLine
		if json.Unmarshal(env.D, &line) != nil {
			return nil, last
		}
		return lichess.Line(chatLineJSON{Type: "chatLine", Room: "player", Username: line.Name, Text: line.Text}), last
	case "presence", "hello", "chat-log", "error", "rematch":
		return nil, last
	}
	var st lichess.GameState
	if err := s.read(ctx, id, func(g *game.Game) { st = lichess.StateOf(g) }); err != nil {
		if !errors.Is(err, context.Canceled) {
			s.log.Warn("board stream cannot read its game", "game", id, "err", err)
		}
		return nil, last
	}
	if !changed(st, last) {
		return nil, last
	}
	return lichess.Line(st), st
}

// changed reports whether the game differs between two of its states by
// more than its clocks' running: a message of the hub that changes nothing
// (the state a newly joined client is sent, arriving after a move) would
// otherwise show a program the same position again, which it may answer
// again, as lichess's clients answer every gameState on their turn.
func changed(st, last lichess.GameState) bool {
	st.WTime, st.BTime = last.WTime, last.BTime
	return st != last
}
