package lichess

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/guards"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
)

// The Board API (lichess's /api/board/...): a program plays its account's
// seat of a game. Every action is the WebSocket's message of the same
// name, run by the game's hub for the account's player (Games.Act), so
// the same seat rules, clock and judgement apply; the address's message
// limit is the WebSocket's. The game stream joins the hub as a
// connection does (the seat shows online while it is open) and writes
// lichess's gameFull, then a gameState line whenever the game changes
// (stream.go).
//
// The Bot API (lichess's /api/bot/...) is the Board API for bot
// accounts: the same handlers, reached by other paths with the bot:play
// scope (ViaBotAPI). lichess keeps the two apart by account, and so does
// Gambit: a bot account plays through the Bot API only (never the Board
// API, the browser, the lobby or quick pairing: it plays by challenge),
// and the Bot API plays bots' games only. A person's account becomes a
// bot for good by POST /api/bot/account/upgrade (package account).

// playAPI is which of lichess's two APIs for playing a request came by.
type playAPI struct {
	scope Scope // the scope its token needs
	bot   bool  // for bot accounts (the Bot API), or for people's (the Board API)
}

var (
	boardAPI = playAPI{scope: BoardPlay}
	botAPI   = playAPI{scope: BotPlay, bot: true}
)

type playAPIKey struct{}

// apiOf is the API r came by: the Board API unless ViaBotAPI said otherwise.
func apiOf(r *http.Request) playAPI {
	if a, ok := r.Context().Value(playAPIKey{}).(playAPI); ok {
		return a
	}
	return boardAPI
}

// ViaBotAPI serves h, a Board API handler, as the Bot API's.
func ViaBotAPI(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		h(w, r.WithContext(context.WithValue(r.Context(), playAPIKey{}, botAPI)))
	}
}

// playingAccount is the account r plays for, checked against the API it
// came by: the API's scope, and the kind of account it serves.
func (a *API) playingAccount(r *http.Request) (store.User, error) {
	api := apiOf(r)
	u, err := a.srv.Allowed(r, api.scope)
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

// boardPlayer checks a Board API request: its token may play, and its
// address is within the message limit. It returns the account's player.
func (a *API) boardPlayer(r *http.Request) (store.User, string, error) {
	u, err := a.playingAccount(r)
	if err != nil {
		return u, "", err
	}
	if err := a.srv.TakeMessage(r); err != nil {
		return u, "", err
	}
	return u, a.srv.PlayerOf(u), nil
}

// boardAct runs act for player on game {id} and answers {"ok":true}.
func (a *API) boardAct(w http.ResponseWriter, r *http.Request, player string, act Action) {
	if err := a.srv.Act(r.Context(), r.PathValue("id"), player, guards.ClientAddress(r), act); err != nil {
		a.srv.Error(w, err)
		return
	}
	wire.WriteJSON(w, http.StatusOK, OK{OK: true})
}

// Move answers POST /api/board/game/{id}/move/{move}, with lichess's
// offeringDraw.
func (a *API) Move(w http.ResponseWriter, r *http.Request) {
	_, player, err := a.boardPlayer(r)
	var mv string
	if err == nil {
		mv, err = ParseMovePath(r.PathValue("move"))
	}
	var offer bool
	if err == nil {
		offer, err = parseOfferingDraw(r.URL.Query().Get("offeringDraw"))
	}
	if err != nil {
		a.srv.Error(w, err)
		return
	}
	if err := a.srv.Act(r.Context(), r.PathValue("id"), player, guards.ClientAddress(r), Action{Type: "move", Move: mv}); err != nil {
		a.srv.Error(w, err)
		return
	}
	if offer { // lichess's offeringDraw: the move, then the offer (or the acceptance of the opponent's)
		err := a.srv.Act(r.Context(), r.PathValue("id"), player, guards.ClientAddress(r), Action{Type: "draw-offer"})
		if err != nil && !errors.Is(err, game.ErrAlreadyOffered) && !errors.Is(err, game.ErrGameOver) {
			a.srv.Error(w, err)
			return
		}
	}
	wire.WriteJSON(w, http.StatusOK, OK{OK: true})
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
	return false, fmt.Errorf("%w: offeringDraw is true or false, not %.20q", wire.ErrBadRequest, v)
}

// simple answers an action that is act whatever the body.
func (a *API) simple(w http.ResponseWriter, r *http.Request, act Action) {
	_, player, err := a.boardPlayer(r)
	if err != nil {
		a.srv.Error(w, err)
		return
	}
	a.boardAct(w, r, player, act)
}

// Resign answers POST /api/board/game/{id}/resign.
func (a *API) Resign(w http.ResponseWriter, r *http.Request) { a.simple(w, r, Action{Type: "resign"}) }

// Berserk answers lichess's POST /api/board/game/{id}/berserk: in an
// arena's game that allows it, before the player's first move, half the
// player's time for a win worth one point more.
func (a *API) Berserk(w http.ResponseWriter, r *http.Request) {
	a.simple(w, r, Action{Type: "berserk"})
}

// Abort answers POST /api/board/game/{id}/abort.
func (a *API) Abort(w http.ResponseWriter, r *http.Request) { a.simple(w, r, Action{Type: "abort"}) }

// ClaimVictory answers lichess's POST /api/board/game/{id}/claim-victory:
// the opponent left, and the player ends the game so.
func (a *API) ClaimVictory(w http.ResponseWriter, r *http.Request) {
	a.simple(w, r, Action{Type: "claim-victory"})
}

// ClaimDraw answers lichess's POST /api/board/game/{id}/claim-draw: the
// opponent left, and the player calls it a draw.
func (a *API) ClaimDraw(w http.ResponseWriter, r *http.Request) {
	a.simple(w, r, Action{Type: "claim-victory", Draw: true})
}

// Draw answers /draw/{yes|no}: yes offers a draw, or accepts the
// opponent's; no declines it (or withdraws one's own).
func (a *API) Draw(w http.ResponseWriter, r *http.Request) { a.offer(w, r, game.OfferDraw, "draw") }

// Takeback answers /takeback/{yes|no}, as Draw does for a takeback.
func (a *API) Takeback(w http.ResponseWriter, r *http.Request) {
	a.offer(w, r, game.OfferTakeback, "takeback")
}

// offer answers an offer of kind k as lichess means its {answer}: yes
// offers, or accepts the opponent's offer; no declines it (or withdraws
// one's own). prefix is the WebSocket messages' name of the offer.
func (a *API) offer(w http.ResponseWriter, r *http.Request, k game.OfferKind, prefix string) {
	_, player, err := a.boardPlayer(r)
	if err != nil {
		a.srv.Error(w, err)
		return
	}
	yes, err := parseYesNo(r.PathValue("answer"))
	if err != nil {
		a.srv.Error(w, err)
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
	a.boardAct(w, r, player, Action{Type: t})
}

// parseYesNo reads the {answer} of /draw/{answer}: yes or no (lichess
// also takes true/false).
func parseYesNo(v string) (bool, error) {
	switch v {
	case "yes", "true":
		return true, nil
	case "no", "false":
		return false, nil
	}
	return false, fmt.Errorf("%w: answer yes or no, not %.20q", wire.ErrBadRequest, v)
}

// ParseBoardChat reads a chat body's fields into the chat action they
// ask for: room (player, the default, or spectator) and text, which the
// server checks as the WebSocket's chat line.
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
func ParseBoardChat(f map[string]string) (Action, error) {
	act := Action{Type: "chat"}
	for k, v := range f {
		switch k {
		case "room":
			switch v {
			case "player":
			case "spectator":
				act.Spectators = true
			default:
				return Action{}, fmt.Errorf("%w: room must be player or spectator, not %.20q", wire.ErrBadRequest, v)
			}
		case "text":
		default:
			return Action{}, fmt.Errorf("%w: unknown field %.40q (room, text)", wire.ErrBadRequest, k)
		}
	}
	text, ok := f["text"]
	if !ok {
		return Action{}, fmt.Errorf("%w: chat needs a text", wire.ErrBadRequest)
	}
	act.Text = text
	return act, nil
}

// Chat answers POST /api/board/game/{id}/chat.
func (a *API) Chat(w http.ResponseWriter, r *http.Request) {
	_, player, err := a.boardPlayer(r)
	var f map[string]string
	if err == nil {
		f, err = ReadParams(r, w)
	}
	var act Action
	if err == nil {
		act, err = ParseBoardChat(f)
	}
	if err != nil {
		a.srv.Error(w, err)
		return
	}
	a.boardAct(w, r, player, act)
}

// playerChatJSON is a line of the players' chat as lichess's GET
// /api/board/game/{id}/chat writes it (its PlayerGameChat).
type playerChatJSON struct {
	Text string `json:"text"`
	User string `json:"user"`
}

// chatLogWait bounds how long reading a game's chat waits for its hub.
const chatLogWait = 5 * time.Second

// GamePart answers GET /api/board/game/{id}/chat, which ServeMux cannot
// have as a pattern beside GET /api/board/game/stream/{id} (both would
// match /api/board/game/stream/chat, neither more specific): no game's
// id is "stream" (ids are longer), so the stream's pattern, the more
// specific, takes its paths and this one, {part}, the rest.
func (a *API) GamePart(w http.ResponseWriter, r *http.Request) {
	if r.PathValue("part") != "chat" {
		a.srv.Error(w, fmt.Errorf("%w: no such endpoint %s %.100s", store.ErrNotFound, r.Method, r.URL.Path))
		return
	}
	a.chatLog(w, r)
}

// chatLog answers GET /api/board/game/{id}/chat: the players' chat of
// game {id}, to its players only (as lichess's; anyone else 403), as a
// JSON array of {text, user}, oldest first; [] in a game without chat
// (online games have it).
func (a *API) chatLog(w http.ResponseWriter, r *http.Request) {
	_, player, err := a.boardPlayer(r)
	if err != nil {
		a.srv.Error(w, err)
		return
	}
	id := r.PathValue("id")
	chat := false
	var refused error
	err = a.srv.Read(r.Context(), id, func(g *game.Game) {
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
		lines, err = a.playersChat(r.Context(), id, player, guards.ClientAddress(r))
	}
	if err != nil {
		a.srv.Error(w, err)
		return
	}
	wire.WriteJSON(w, http.StatusOK, lines)
}

// hubMsg is a message of a game's hub, as its WebSocket reads it (the
// wire format package round describes): its type and its data.
type hubMsg struct {
	T string          `json:"t"`
	D json.RawMessage `json:"d"`
}

// hubChatLine is a chat line of a hub's "chat" and "chat-log" messages,
// the fields read here.
type hubChatLine struct {
	Name string `json:"name"`
	Text string `json:"text"`
}

// playersChat reads the players' chat of game id for player, one of them.
// The chat lives in the game's hub only (never saved), which sends a
// client joining it its room's recent lines: the request joins the game
// as its player's program for that moment (on whichever node runs it,
// as the game stream does), reads them, and leaves. Meanwhile the seat
// shows online, as it does while its program streams the game.
func (a *API) playersChat(ctx context.Context, id, player, addr string) ([]playerChatJSON, error) {
	ctx, cancel := context.WithTimeout(ctx, chatLogWait)
	defer cancel()
	msgs, leave, err := a.srv.Watch(ctx, id, player, addr, cancel)
	if err != nil {
		return nil, err
	}
	defer leave()
	for {
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("%w: the game's chat did not come", wire.ErrBusy)
		case msg := <-msgs:
			var env hubMsg
			if json.Unmarshal(msg, &env) != nil || env.T != "chat-log" {
				continue
			}
			var log struct {
				Lines []hubChatLine `json:"lines"`
			}
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

// botsOnlineDefault and botsOnlineMax bound GET /api/bot/online's nb.
const botsOnlineDefault, botsOnlineMax = 50, 512

// BotsOnline streams the bots online (an event stream open here,
// online.go), one NDJSON line each, by name: GET /api/bot/online.
func (a *API) BotsOnline(w http.ResponseWriter, r *http.Request) {
	nb, err := ParseNB(r, botsOnlineDefault, botsOnlineMax)
	if err != nil {
		a.srv.Error(w, err)
		return
	}
	bots := a.online.List(func(u store.User) bool { return u.Title == store.TitleBot })
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.Header().Set("Cache-Control", "no-store")
	for _, u := range bots[:min(nb, len(bots))] {
		_, _ = w.Write(Line(Bot{ID: ID(u.Name), Username: u.Name, Title: u.Title, CreatedAt: u.CreatedAt.UnixMilli()}))
	}
}
