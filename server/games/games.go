package games

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/guards"
	"github.com/gambitchess/gambit/server/lobby"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
)

// Server is what the game API asks of the server that runs it. Package
// server implements it; nothing else of the server reaches this package.
type Server interface {
	Games
	Askers
	// Error answers err as every handler of the server does: its status,
	// code and message.
	Error(w http.ResponseWriter, err error)
	// BotSeat is the computer's seat at level, by its name, in variant v
	// (its level and its name: "Gambit Casual (~1200)").
	BotSeat(v game.Variant, level string) (game.Seat, error)
	// Perf is the rating a game of variant v with clock c counts for
	// (lichess's perf names).
	Perf(v game.Variant, c game.ClockConfig) string
}

// Games are the server's games as the API reaches them: read, started
// and seated through their hubs, on whichever node runs each.
type Games interface {
	// Read runs f on game id as it stands (on its hub when it is live,
	// else on a copy read from the store); f must not keep g.
	Read(ctx context.Context, id string, f func(g *game.Game)) error
	// Start makes, stores and starts the game opts describe, made by
	// player from address client, and answers as player sees it. A game
	// against the computer is refused when its player, their address or
	// the machine has as many as it may.
	Start(ctx context.Context, opts game.Options, player, client string) (Seated, error)
	// Seat runs a seat command on game id (a join: the open seat taken,
	// or one's own seat again; an adopt: the seats an old secret holds),
	// and answers as the seated person sees the game.
	Seat(ctx context.Context, id string, req SeatRequest) (Seated, error)
	// Withdraw takes back player's lobby challenge id while it is still
	// waiting (the game aborted), or says why not.
	Withdraw(ctx context.Context, id, player string) error
	// ComputerGames are the ids of the live games against the computer
	// that player plays (computer.Games.Of).
	ComputerGames(player string) []string
	// SeatHeldFor is the account an open challenge of the API for
	// programs holds game id's open seat for; ok false for none.
	SeatHeldFor(ctx context.Context, id string) (userID, name string, ok bool, err error)
}

// Askers are who asks, and what their address may still do.
type Askers interface {
	// Player is the player id of whoever sent r ("" for a stranger).
	Player(r *http.Request) string
	// EnsurePlayer is the player id of whoever sent r, a browser given a
	// fresh player cookie first when it has none.
	EnsurePlayer(w http.ResponseWriter, r *http.Request) (string, error)
	// User is the account r acts for.
	User(r *http.Request) (store.User, bool)
	// TakeCreation takes a game creation from addr, TakeChallenge a lobby
	// challenge or a quick pairing, or says why not.
	TakeCreation(addr string) error
	TakeChallenge(addr string) error
}

// Seated is how a person sees a game they made or sat down in: its id,
// their colour and its state (package round's StateJSON, as the
// WebSocket's first state). Their secret is not in it: it is the
// browser's player cookie.
type Seated struct {
	ID    string `json:"id"`
	Color string `json:"color"` // the person's colour (white in a local game)
	State any    `json:"state"`
}

// SeatRequest is a seat command: a person (Player), by the name and
// title they sit under, takes an invite's open seat or their own again;
// or, Token set, the seats an older release's secret holds.
type SeatRequest struct {
	Player, Name, Title, Token string
}

// Config is what a Handler is made of.
type Config struct {
	Server Server
	// Store keeps the games' rating records where it keeps ratings
	// (store.Ratings); none, no game is rated.
	Store store.Log
	Lobby *lobby.Lobby // the open challenges
	Now   func() time.Time
	Log   *slog.Logger
	// MinClock is the shortest time control a game may have, MaxDays the
	// most days per move of a correspondence game.
	MinClock time.Duration
	MaxDays  int
}

// Handler serves the game API. It is safe for concurrent use.
type Handler struct {
	srv      Server
	ratings  store.Ratings // nil: the store keeps none
	lobby    *lobby.Lobby
	now      func() time.Time
	log      *slog.Logger
	minClock time.Duration
	maxDays  int
}

// New returns the game API cfg describes.
func New(cfg Config) *Handler {
	rs, _ := cfg.Store.(store.Ratings)
	return &Handler{srv: cfg.Server, ratings: rs, lobby: cfg.Lobby, now: cfg.Now, log: cfg.Log, minClock: cfg.MinClock, maxDays: cfg.MaxDays}
}

// smallBody bounds the bodies of a join, an adopt and a pairing: a name,
// a token, a time control (a WebSocket message's bound, round.MaxMessage).
const smallBody = 2048

// MaxBody bounds a create's body, a pasted PGN included.
const MaxBody = 256 << 10

// Request is the body of POST /api/games, and the game a challenge of
// the API for programs asks for.
type Request struct {
	Mode    game.Mode `json:"mode"`    // "local", "computer" or "online"
	Variant string    `json:"variant"` // "chess" (the default), "chess960" or "xiangqi"
	Color   string    `json:"color"`   // the creator's colour (computer, online): white, black or random
	Level   string    `json:"level"`   // a Levels name, against the computer
	Clock   *Clock    `json:"clock"`
	Setup   string    `json:"setup"`   // a FEN or PGN (of the variant) to start from; in chess960 also a start number, "" for a random one
	Lobby   bool      `json:"lobby"`   // online: a public challenge in the lobby instead of a private invite
	Name    string    `json:"name"`    // the creator's display name (computer, online): game.ParseName; "" for none
	Rated   bool      `json:"rated"`   // online, with a clock, both players signed in: the game changes their ratings (rated.go)
	RuleSet string    `json:"ruleSet"` // the variant's set of rules (xiangqi: wxf or chinese); "" for its default
}

// Clock is a time control as requests give it: minutes and increment,
// or days per move (correspondence).
type Clock struct {
	Minutes   float64 `json:"minutes"`
	Increment int     `json:"increment"` // seconds
	Days      int     `json:"days"`
}

// clockConfig checks a requested time control.
func (h *Handler) clockConfig(c Clock) (game.ClockConfig, error) {
	if c.Days != 0 {
		if c.Days < 1 || c.Days > h.maxDays || c.Minutes != 0 || c.Increment != 0 {
			return game.ClockConfig{}, fmt.Errorf("%w: correspondence wants 1 <= days <= %d per move, and no minutes or increment",
				wire.ErrBadRequest, h.maxDays)
		}
		return game.ClockConfig{Initial: time.Duration(c.Days) * 24 * time.Hour, PerMove: true}, nil
	}
	lo := h.minClock.Minutes()
	if !(c.Minutes >= lo && c.Minutes <= 180) || c.Increment < 0 || c.Increment > 180 {
		return game.ClockConfig{}, fmt.Errorf("%w: clock wants %g <= minutes <= 180 and 0 <= increment <= 180, or days (no clock: leave it out)",
			wire.ErrBadRequest, lo)
	}
	return game.ClockConfig{Initial: time.Duration(c.Minutes * float64(time.Minute)), Increment: time.Duration(c.Increment) * time.Second}, nil
}

// Create answers POST /api/games: the game made, 201.
func (h *Handler) Create(w http.ResponseWriter, r *http.Request) {
	req, err := wire.DecodeBody[Request](http.MaxBytesReader(w, r.Body, MaxBody))
	if err != nil {
		h.srv.Error(w, err)
		return
	}
	req.Name = h.nameOrAccount(r, req.Name)
	if req.Mode == game.ModeOnline && req.Lobby { // the narrower limit first: a refused challenge costs no game
		if err := h.srv.TakeChallenge(guards.ClientAddress(r)); err != nil {
			h.srv.Error(w, err)
			return
		}
	}
	if err := h.srv.TakeCreation(guards.ClientAddress(r)); err != nil {
		h.srv.Error(w, err)
		return
	}
	player, err := h.srv.EnsurePlayer(w, r)
	if err != nil {
		h.srv.Error(w, err)
		return
	}
	opts, _, err := h.Options(req, player)
	if err != nil {
		h.srv.Error(w, err)
		return
	}
	if !req.Rated {
		h.answerNewGame(w, r, opts, player)
		return
	}
	u, err := h.CheckRated(r, opts)
	if err == nil && req.Lobby { // a rated seek: the lobby lists its seeker's rating (lobby.go)
		var seeker lobby.Seeker
		if seeker, err = h.seekerOf(r.Context(), u, opts); err == nil {
			h.lobby.NoteRated(opts.ID, seeker)
		}
	}
	if err != nil {
		h.srv.Error(w, err)
		return
	}
	h.answerRatedGame(w, r, opts, player, u)
}

// answerRatedGame creates the game opts describe, records it rated for
// account u (MarkRated), and answers 201 with it; a game that cannot be
// so recorded leaves the lobby and is refused.
func (h *Handler) answerRatedGame(w http.ResponseWriter, r *http.Request, opts game.Options, player string, u store.User) {
	resp, err := h.start(r, opts, player)
	if err == nil {
		err = h.MarkRated(r.Context(), resp.ID, resp.Color, u, opts)
	}
	if err != nil {
		h.lobby.Drop(opts.ID)
		h.srv.Error(w, err)
		return
	}
	wire.WriteJSON(w, http.StatusCreated, resp)
}

// answerNewGame creates the game opts describe and answers 201 with it.
func (h *Handler) answerNewGame(w http.ResponseWriter, r *http.Request, opts game.Options, player string) {
	resp, err := h.start(r, opts, player)
	if err != nil {
		h.srv.Error(w, err)
		return
	}
	wire.WriteJSON(w, http.StatusCreated, resp)
}

// start makes the game opts describe for player from r's address
// (Games.Start); a refusal for having too many games against the
// computer names those of them player plays (heldGames).
func (h *Handler) start(r *http.Request, opts game.Options, player string) (Seated, error) {
	resp, err := h.srv.Start(r.Context(), opts, player, guards.ClientAddress(r))
	if err != nil {
		return resp, h.heldGames(r.Context(), err, player)
	}
	return resp, nil
}

// heldGames fills a refusal for having too many games against the
// computer with those of them player plays, described (wire.HeldGame) to
// resume or resign; the games of someone else behind the same address are
// never named.
func (h *Handler) heldGames(ctx context.Context, err error, player string) error {
	held := new(wire.ComputerGamesError)
	if !errors.As(err, &held) {
		return err
	}
	mine := &wire.ComputerGamesError{Limit: held.Limit, Reason: held.Reason}
	for _, id := range h.srv.ComputerGames(player) {
		var d wire.HeldGame
		yours := false
		_ = h.srv.Read(ctx, id, func(g *game.Game) { d, yours = describeHeld(g, player) })
		if yours {
			mine.Held = append(mine.Held, d)
		}
	}
	slices.SortStableFunc(mine.Held, func(a, b wire.HeldGame) int { return a.Started.Compare(b.Started) }) // the oldest first
	return mine
}

// describeHeld describes g, a game against the computer, as a refusal
// offers it to player; false when player does not play in it.
func describeHeld(g *game.Game, player string) (wire.HeldGame, bool) {
	v := g.ViewerOf(player)
	if v.Seats == [2]bool{} {
		return wire.HeldGame{}, false
	}
	me := chess.White // the one seat player holds
	if !v.Holds(me) {
		me = me.Other()
	}
	bot := g.Seat(me.Other())
	return wire.HeldGame{ID: g.ID(), Variant: string(g.Variant()), Level: bot.Level, Opponent: bot.Name,
		Color: game.ColorName(me), Plies: g.Ply(), Started: g.CreatedAt()}, true
}

// Options checks a create request and turns it into game options and
// the creator's colour; player is the id of the person creating it.
func (h *Handler) Options(req Request, player string) (game.Options, chess.Color, error) {
	opts := game.Options{ID: wire.NewID(), Mode: req.Mode, Now: h.now, Public: true}
	name, err := game.ParseName(req.Name)
	if err != nil {
		return opts, chess.White, err
	}
	me := game.Seat{Kind: game.SeatHuman, Player: player}
	if req.Mode != game.ModeLocal { // on one screen the two players share the seats: no one's name
		me.Name = name
	}
	human := chess.White
	switch req.Mode {
	case game.ModeLocal:
		opts.Seats = [2]game.Seat{me, me}
	case game.ModeComputer:
		bot, err := h.srv.BotSeat(game.Variant(req.Variant), req.Level)
		if err != nil {
			return opts, human, err
		}
		if human, err = parseSeatColor(req.Color); err != nil {
			return opts, human, err
		}
		opts.Seats[human] = me
		opts.Seats[human.Other()] = bot // "Gambit Casual (~1200)", "Stockfish, level 3"
	case game.ModeOnline:
		// An invite: the creator's seat, and an open one that the first
		// person with the link takes (POST /api/games/{id}/join). Private,
		// unless it is a challenge in the lobby.
		var err error
		if human, err = parseSeatColor(req.Color); err != nil {
			return opts, human, err
		}
		opts.Seats[human] = me
		opts.Seats[human.Other()] = game.Seat{Kind: game.SeatOpen}
		opts.Public = req.Lobby
	default:
		return opts, human, fmt.Errorf("%w: mode must be local, computer or online, not %.40q", wire.ErrBadRequest, req.Mode)
	}
	if c := req.Clock; c != nil {
		clock, err := h.clockConfig(*c)
		if err != nil {
			return opts, human, err
		}
		opts.Clock = clock
	}
	v, err := game.ParseVariant(req.Variant)
	if err != nil {
		return opts, human, err
	}
	opts.Variant, opts.Setup, opts.RuleSet = v, req.Setup, req.RuleSet
	return opts, human, nil
}

// parseSeatColor reads the colour a player asks for: white (the default),
// black or random.
func parseSeatColor(s string) (chess.Color, error) {
	switch s {
	case "white", "":
		return chess.White, nil
	case "black":
		return chess.Black, nil
	case "random":
		return chess.Color(wire.RandomInt(2)), nil
	}
	return chess.White, fmt.Errorf("%w: colour must be white, black or random, not %.40q", wire.ErrBadRequest, s)
}

// nameOrAccount is the name a person sits down under: the one given, else
// the username of the account signed in, else none.
func (h *Handler) nameOrAccount(r *http.Request, given string) string {
	if u, ok := h.srv.User(r); given == "" && ok {
		return u.Name
	}
	return given
}

// joinRequest is the body of POST /api/games/{id}/join.
type joinRequest struct {
	Name string `json:"name"` // the joiner's display name: game.ParseName; "" for none
}

// Join answers POST /api/games/{id}/join: it seats the caller in an
// invite game's open seat. The first person with the link plays;
// everyone after that watches (409 seat_taken). A person already seated
// (another tab, the creator opening their own link) gets their own seat
// back.
func (h *Handler) Join(w http.ResponseWriter, r *http.Request) {
	req, err := wire.DecodeBody[joinRequest](http.MaxBytesReader(w, r.Body, smallBody))
	if err != nil {
		h.srv.Error(w, err)
		return
	}
	name, err := game.ParseName(h.nameOrAccount(r, req.Name))
	if err != nil {
		h.srv.Error(w, err)
		return
	}
	rg, rated, err := h.pendingRated(r.Context(), r.PathValue("id"))
	if err != nil {
		h.srv.Error(w, err)
		return
	}
	u, signedIn := h.srv.User(r)
	if to, held, ok, err := h.srv.SeatHeldFor(r.Context(), r.PathValue("id")); err != nil || ok && (!signedIn || to != u.ID) {
		if err == nil {
			err = fmt.Errorf("%w: this seat is %s's, by challenge", game.ErrSeatTaken, held)
		}
		h.srv.Error(w, err)
		return
	}
	if rated && !signedIn && (rg.White == "" || rg.Black == "") {
		h.srv.Error(w, errRatedNeedsAccount)
		return
	}
	player, err := h.srv.EnsurePlayer(w, r)
	if err != nil {
		h.srv.Error(w, err)
		return
	}
	seat := SeatRequest{Player: player, Name: name}
	var resp Seated
	if rated && signedIn { // the seat and its rating record together
		resp, err = h.JoinRated(r.Context(), r.PathValue("id"), seat, u)
	} else {
		resp, err = h.srv.Seat(r.Context(), r.PathValue("id"), seat)
	}
	if err != nil {
		h.srv.Error(w, err)
		return
	}
	wire.WriteJSON(w, http.StatusOK, resp)
}

// adoptRequest is the body of POST /api/games/{id}/adopt.
type adoptRequest struct {
	Token string `json:"token"`
}

// Adopt answers POST /api/games/{id}/adopt: it moves the seats a browser
// held by an older release's secret (a token it kept in its storage,
// {"token": "..."}) to its player cookie, so that the token need never be
// sent again.
func (h *Handler) Adopt(w http.ResponseWriter, r *http.Request) {
	req, err := wire.DecodeBody[adoptRequest](http.MaxBytesReader(w, r.Body, smallBody))
	if err == nil && req.Token == "" {
		err = fmt.Errorf("%w: adopt needs {\"token\": \"...\"}", wire.ErrBadRequest)
	}
	if err != nil {
		h.srv.Error(w, err)
		return
	}
	player, err := h.srv.EnsurePlayer(w, r)
	if err != nil {
		h.srv.Error(w, err)
		return
	}
	resp, err := h.srv.Seat(r.Context(), r.PathValue("id"), SeatRequest{Player: player, Token: req.Token})
	if err != nil {
		h.srv.Error(w, err)
		return
	}
	wire.WriteJSON(w, http.StatusOK, resp)
}

// RematchOf is the game that follows g, a new id's: the same variant,
// start and time control, and the same people with colours swapped.
func RematchOf(g *game.Game, now func() time.Time) game.Options {
	hd := g.Header()
	opts := game.Options{ID: wire.NewID(), Mode: game.ModeOnline, Variant: g.Variant(), StartFEN: hd.StartFEN,
		MoveText: hd.Moves, Public: g.Public(), RuleSet: hd.RuleSet, Now: now}
	for _, c := range []chess.Color{chess.White, chess.Black} {
		seat := g.Seat(c)
		opts.Seats[c.Other()] = game.Seat{Kind: seat.Kind, Name: seat.Name, Player: seat.Player, Title: seat.Title}
	}
	if k := g.Clock(); k != nil {
		opts.Clock = game.ClockConfig{Initial: k.Initial, Increment: k.Increment, PerMove: k.PerMove}
	}
	return opts
}
