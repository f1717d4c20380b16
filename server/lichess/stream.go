package lichess

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/guards"
	"github.com/gambitchess/gambit/server/wire"
)

// The streams of a game: the Board API's to one of its players (gameFull,
// then a gameState line whenever the game changes, and the players'
// chat), and lichess's GET /api/stream/game/{id} to anyone (a first line
// telling of the game, a line of the position after each move, and the
// first line's shape again when it ends). Both follow the game's hub as a
// connection of its own and read the game again when the hub says it
// changed; follow is what they share.

// followed is a game stream's course after its checks.
type followed struct {
	player string // whose connection the stream is; "" for a spectator's
	first  []byte // the stream's first line
	// live: the game goes on after the first line, and the stream
	// follows its hub until it ends; else the first line is all.
	live bool
	// hold: the stream ends with the session or token r came with (the
	// stream of an account's own game).
	hold bool
	// next turns a message of the hub into the stream's lines, if any,
	// and says whether the stream ends after them.
	next func(ctx context.Context, msg []byte) (out []byte, end bool)
}

// follow streams game id to r as f says: the first line, then while the
// game is live the lines next makes of the hub's messages, an empty line
// every KeepAlive, until the reader goes, the server stops or next ends
// it.
func (a *API) follow(w http.ResponseWriter, r *http.Request, id string, f followed) {
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	if f.hold {
		defer a.srv.Hold(r, cancel)()
	}
	var msgs <-chan []byte
	if f.live { // a connection of the game's hub: its messages say when to look again
		m, leave, err := a.srv.Watch(ctx, id, f.player, guards.ClientAddress(r), cancel)
		if err != nil {
			a.srv.Error(w, err)
			return
		}
		defer leave()
		msgs = m
	}
	fl, ok := a.ndjson(w)
	if !ok {
		return
	}
	if _, err := w.Write(f.first); err != nil || !f.live {
		return
	}
	fl.Flush()
	tick := time.NewTicker(KeepAlive)
	defer tick.Stop()
	for {
		var out []byte
		end := false
		select {
		case <-ctx.Done():
			return
		case <-a.ctx.Done():
			return
		case <-tick.C:
			out = []byte("\n")
		case msg := <-msgs:
			out, end = f.next(ctx, msg)
		}
		if len(out) > 0 {
			if _, err := w.Write(out); err != nil {
				return
			}
			fl.Flush()
		}
		if end {
			return
		}
	}
}

// BoardStream streams game {id} to one of its players: GET
// /api/board/game/stream/{id}.
func (a *API) BoardStream(w http.ResponseWriter, r *http.Request) {
	u, err := a.playingAccount(r)
	if err != nil {
		a.srv.Error(w, err)
		return
	}
	id, player := r.PathValue("id"), a.srv.PlayerOf(u)
	var full GameFull
	var seats [2]game.Seat
	var refused error
	err = a.srv.Read(r.Context(), id, func(g *game.Game) {
		switch {
		case g.ViewerOf(player).IsSpectator():
			refused = fmt.Errorf("%w: the Board API streams your own games", game.ErrNotYourSeat)
		case g.Hidden() && !g.Status().Finished():
			refused = fmt.Errorf("%w: a game of hidden information streams over its WebSocket only (its moves are not everyone's)", wire.ErrBadRequest)
		default:
			full, seats = FullOf(g, false, [2]Player{}), [2]game.Seat{g.Seat(chess.White), g.Seat(chess.Black)}
		}
	})
	if err == nil && refused == nil {
		sides, rated := a.sidesOf(r.Context(), id, seats)
		full.White, full.Black, full.Rated = sides[chess.White], sides[chess.Black], rated
	}
	if err == nil {
		err = refused
	}
	if err != nil {
		a.srv.Error(w, err)
		return
	}
	last := full.State
	a.follow(w, r, id, followed{player: player, first: Line(full), live: Live(last.Status), hold: true,
		next: func(ctx context.Context, msg []byte) ([]byte, bool) {
			var out []byte
			out, last = a.stateLine(ctx, id, msg, last)
			return out, !Live(last.Status)
		}})
}

// chatLineJSON is a chat line of the game stream, as lichess writes it.
type chatLineJSON struct {
	Type     string `json:"type"` // chatLine
	Room     string `json:"room"` // player
	Username string `json:"username"`
	Text     string `json:"text"`
}

// stateLine turns a message the hub sent into the Board API stream's
// line, if any: a chat line, or the game's state when it changed since
// last.
func (a *API) stateLine(ctx context.Context, id string, msg []byte, last GameState) ([]byte, GameState) {
	var env hubMsg
	if json.Unmarshal(msg, &env) != nil {
		return nil, last
	}
	switch env.T {
	case "chat":
		var line hubChatLine
		if json.Unmarshal(env.D, &line) != nil {
			return nil, last
		}
		return Line(chatLineJSON{Type: "chatLine", Room: "player", Username: line.Name, Text: line.Text}), last
	case "presence", "hello", "chat-log", "error", "rematch":
		return nil, last
	}
	var st GameState
	if err := a.srv.Read(ctx, id, func(g *game.Game) { st = StateOf(g) }); err != nil {
		if !errors.Is(err, context.Canceled) {
			a.log.Warn("board stream cannot read its game", "game", id, "err", err)
		}
		return nil, last
	}
	if !changed(st, last) {
		return nil, last
	}
	return Line(st), st
}

// changed reports whether the game differs between two of its states by
// more than its clocks' running: a message of the hub that changes nothing
// (the state a newly joined client is sent, arriving after a move) would
// otherwise show a program the same position again, which it may answer
// again, as lichess's clients answer every gameState on their turn.
func changed(st, last GameState) bool {
	st.WTime, st.BTime = last.WTime, last.BTime
	return st != last
}

// moveStreamGame is g as the move stream's first line, and the count of
// its moves (the imported ones of a setup too).
func moveStreamGame(g *game.Game, rated bool) (MoveStreamGame, int) {
	eg := eventGameOf(g)
	name, id := Status(g)
	view := g.View(game.Spectator) // a game streamed to anyone
	hist := view.History()
	out := MoveStreamGame{ID: g.ID(), Variant: eg.info.Variant, Speed: eg.info.Speed, Perf: eg.info.Perf, Rated: rated,
		InitialFen: view.StartFEN(), Fen: view.FEN(), Player: game.ColorName(g.Turn()), Turns: len(hist),
		StartedAtTurn: len(g.Header().Moves), Source: eg.info.Source, Status: GameStatus{ID: id, Name: name},
		CreatedAt: g.CreatedAt().UnixMilli(), LastMove: eg.info.LastMove, Winner: StateOf(g).Winner}
	return out, len(hist)
}

// GameStream answers lichess's GET /api/stream/game/{id}, to anyone, as
// the game's page shows it to spectators. A game of hidden information is
// not streamed before its end (its moves are not everyone's); one over
// is told in its first line.
func (a *API) GameStream(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	rated := a.isRated(r.Context(), id)
	var first MoveStreamGame
	var moves int
	var refused error
	err := a.srv.Read(r.Context(), id, func(g *game.Game) {
		if g.Hidden() && !g.Status().Finished() {
			refused = fmt.Errorf("%w: game %s", game.ErrHiddenInPlay, id)
			return
		}
		first, moves = moveStreamGame(g, rated)
	})
	if err == nil {
		err = refused
	}
	if err != nil {
		a.srv.Error(w, err)
		return
	}
	a.follow(w, r, id, followed{first: Line(first), live: Live(first.Status.Name),
		next: func(ctx context.Context, _ []byte) (out []byte, over bool) {
			err := a.srv.Read(ctx, id, func(g *game.Game) {
				if n := g.Ply(); n != moves {
					moves = n
					out = Line(MoveLine(g))
				}
				if over = g.Status().Finished(); over {
					end, _ := moveStreamGame(g, rated)
					out = append(out, Line(end)...)
				}
			})
			return out, err != nil || over
		}})
}
