package lichess

import (
	"context"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/guards"
	"github.com/gambitchess/gambit/store"
)

// Server is what the API for programs asks of the server that runs it:
// its games and who is asking. Package server implements it; nothing
// else of the server reaches this package.
type Server interface {
	Games
	Accounts
	// Error answers err as every handler of the server does: its status,
	// code and message.
	Error(w http.ResponseWriter, err error)
}

// Games are the server's games as the API reaches them: read, followed
// and acted on through their hubs (on whichever node runs each), made and
// seated by the server's own rules, the browser's.
type Games interface {
	// Read runs f on game id as it stands (on its hub when it is live,
	// else on a copy read from the store); f must not keep g.
	Read(ctx context.Context, id string, f func(g *game.Game)) error
	// Watch joins game id as a connection of player ("" for a spectator)
	// from addr: the hub's messages for it, as a WebSocket gets them,
	// arrive on msgs until leave is called; a hub that drops the
	// connection calls cancel.
	Watch(ctx context.Context, id, player, addr string, cancel func()) (msgs <-chan []byte, leave func(), err error)
	// Act runs a for player on game id, as the WebSocket's message of the
	// same type (so the same seat rules, clock and judgement apply), and
	// returns why it was refused.
	Act(ctx context.Context, id, player, addr string, a Action) error
	// NewGame checks the game challenge req asks of account u as the
	// browser's POST /api/games checks a game (the address's limit of new
	// games, the options, a rated game's terms), and returns its options
	// and u's colour: StartGame makes it.
	NewGame(r *http.Request, u store.User, req ChallengeRequest) (game.Options, chess.Color, error)
	// StartGame makes, stores and starts the game opts describe for u,
	// recorded rated for u when rated is set.
	StartGame(r *http.Request, u store.User, opts game.Options, rated bool) error
	// Seat seats account u in game id's open seat; in a rated game
	// together with the game's rating record.
	Seat(ctx context.Context, id string, u store.User, rated bool) error
}

// Accounts are how the API knows who asks: an account, by its token or
// its browser's session.
type Accounts interface {
	// Allowed is the account r acts for when it may do what scope names
	// (a token must have the scope; a browser signed in may do
	// everything), else why not.
	Allowed(r *http.Request, scope Scope) (store.User, error)
	// User is the account r acts for, whatever its token's scopes.
	User(r *http.Request) (store.User, bool)
	// PlayerOf is the player id the seats of account u record.
	PlayerOf(u store.User) string
	// Named is the account r's {name} names, every spelling of it;
	// store.ErrNoUser for none.
	Named(r *http.Request) (store.User, error)
	// Hold ties a connection that outlives r to the session or token r
	// came with: cancel ends the connection when that credential ends.
	// Call release when the connection ends.
	Hold(r *http.Request, cancel func()) (release func())
	// TakeMessage takes one message of the Board API from r's address
	// (the address's WebSocket messages: the same limit), or says why not.
	TakeMessage(r *http.Request) error
}

// Scope is what a token may do, in lichess's words (its OAuth scopes,
// which the server issues and checks: Accounts.Allowed).
type Scope int

const (
	ChallengeRead  Scope = iota // challenge:read: the event stream, the challenges listed
	ChallengeWrite              // challenge:write: challenge, accept, decline
	BoardPlay                   // board:play: play one's own games, the Board API
	BotPlay                     // bot:play: a bot account's games, the Bot API
)

// Action is a player's action on a game, run as the WebSocket's message
// of type Type (package round's ClientMsg, which the server builds from
// it and checks as it checks a WebSocket's).
type Action struct {
	Type string // resign, abort, claim-victory, draw-offer, draw-decline, takeback-yes, takeback-decline, move, chat
	Move string // move: its UCI (or ICCS) text
	Draw bool   // claim-victory: call it a draw instead
	Text string // chat: the line
	// Spectators sends a chat line to the spectators' room instead of
	// the players' (parseBoardChat says why).
	Spectators bool
}

// Config is what an API is made of.
type Config struct {
	Server Server
	// Store lists the accounts' games; where it keeps them, it also has
	// the accounts (store.Accounts), the ratings (store.Ratings) and the
	// open challenges (store.Challenges).
	Store store.Log
	Now   func() time.Time
	Log   *slog.Logger
	// Ctx is the server's life: the streams end with it, and the event
	// stream's work for a game runs under it.
	Ctx context.Context
	// Relay sends an event line to player's streams on the other nodes;
	// nil for a node on its own.
	Relay func(player string, line []byte) error
}

// API serves lichess's API for programs: the event stream, challenges,
// the Board and Bot APIs, the game streams, who is online. It is safe
// for concurrent use.
type API struct {
	srv   Server
	store store.Log
	now   func() time.Time
	log   *slog.Logger
	ctx   context.Context
	relay func(player string, line []byte) error

	events *EventBus // the event streams, by player id
	online *Online   // the accounts with an event stream open here
	// order runs each game's gameStart and gameFinish work in the order
	// its hub asked for it (gameevents.go).
	order *serialQueue
	wg    sync.WaitGroup // that work, under way
}

// New returns the API cfg describes.
func New(cfg Config) *API {
	return &API{srv: cfg.Server, store: cfg.Store, now: cfg.Now, log: cfg.Log, ctx: cfg.Ctx, relay: cfg.Relay,
		events: NewEventBus(), online: NewOnline(), order: newSerialQueue()}
}

// Wait waits for the event stream's work under way, which ends soon
// after the server's Ctx.
func (a *API) Wait() { a.wg.Wait() }

// Deliver sends line, an event line from another node, to player's
// streams here.
func (a *API) Deliver(player string, line []byte) { a.events.Publish(player, line) }

// Subscribe returns a stream of player's event lines here and its
// cancel, as an event stream reads them.
func (a *API) Subscribe(player string) (chan []byte, func()) { return a.events.Subscribe(player) }

// publish sends v, as one line, to the event streams of player, on every
// node.
func (a *API) publish(player string, v any) {
	if player == "" {
		return
	}
	line := Line(v)
	a.events.Publish(player, line)
	if a.relay != nil {
		if err := a.relay(player, line); err != nil {
			a.log.Warn("send an event line to the other nodes", "err", err)
		}
	}
}

// ndjson readies w for a stream of lines: its type, no caching, and the
// write deadline lifted (a stream lasts as long as its reader).
func (a *API) ndjson(w http.ResponseWriter) (http.Flusher, bool) {
	f, ok := w.(http.Flusher)
	if !ok {
		return nil, false
	}
	if err := guards.LiftDeadlines(w); err != nil {
		a.log.Warn("stream keeps the request's deadlines", "err", err)
	}
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	f.Flush()
	return f, true
}

// ratings returns the store's ratings, nil when it keeps none.
func (a *API) ratings() store.Ratings {
	r, _ := a.store.(store.Ratings)
	return r
}

// isRated reports whether game id is rated (its rating record exists).
func (a *API) isRated(ctx context.Context, id string) bool {
	rs := a.ratings()
	if rs == nil {
		return false
	}
	_, err := rs.RatedGame(ctx, id)
	return err == nil
}
