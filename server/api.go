package server

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/review"
	"github.com/gambitchess/gambit/server/account"
	"github.com/gambitchess/gambit/server/app"
	"github.com/gambitchess/gambit/server/computer"
	"github.com/gambitchess/gambit/server/games"
	"github.com/gambitchess/gambit/server/guards"
	"github.com/gambitchess/gambit/server/media"
	"github.com/gambitchess/gambit/server/node"
	"github.com/gambitchess/gambit/server/reviews"
	"github.com/gambitchess/gambit/server/round"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
)

// exportIDsPath is lichess's export of games by id: a POST that only
// reads, which programs send as plain text, with no token as often as
// with one (guards.Secure lets it through from anywhere).
const exportIDsPath = "/api/games/export/_ids"

// Handler returns the server's routes.
func (s *Server) Handler() http.Handler {
	h, _ := s.handler()
	return h
}

// handler returns the server's routes, and each route with what it lets a
// token do (account.Access: the table TestRouteScopes walks).
func (s *Server) handler() (http.Handler, []account.Route) {
	mux := http.NewServeMux()
	rs := account.NewRoutes(mux, s.httpError)
	hs := s.handlers() // the routes of other packages (handlers.go)
	public := account.Public()
	// A token acts for its account on a game (its seats, their view of it)
	// with board:play, as lichess's Board API; it makes or takes games
	// with challenge:write, as lichess's challenges.
	asPlayer, playing, challenging := account.SeenWith(account.ScopeBoardPlay), account.Needs(account.ScopeBoardPlay), account.Needs(account.ScopeChallengeWrite)
	rs.HandleFunc("POST /api/games", challenging, s.games.Create)
	rs.HandleFunc("POST /api/games/{id}/join", challenging, s.games.Join)
	rs.HandleFunc("POST /api/games/{id}/adopt", account.BrowserOnly(), s.games.Adopt) // an old release's browser storage
	rs.HandleFunc("GET /api/games", asPlayer, hs.profiles.List)
	rs.HandleFunc("GET /api/games/{id}", public, s.handleGet)               // the spectator's view, to everyone
	rs.HandleFunc("GET /api/games/{id}/{part}", asPlayer, s.handleGamePart) // pgn, rating; and lichess's /api/games/user/{name} (handlers.go)
	rs.HandleFunc("POST "+exportIDsPath, asPlayer, hs.export.ByIDs)         // lichess's export by ids: a read, sent with a text body (guards.Secure's reads)
	rs.HandleFunc("POST /api/games/{id}/review", public, hs.reviews.Start)
	rs.HandleFunc("GET /api/games/{id}/review", public, hs.reviews.Get)
	rs.HandleFunc("GET /api/games/{id}/analysis", asPlayer, hs.analysis.Record)
	rs.HandleFunc("POST /api/analysis/position", public, hs.analysis.Position)
	rs.HandleFunc("GET /api/user/{name}", public, hs.profiles.User)
	rs.HandleFunc("GET /api/user/{name}/games", asPlayer, hs.profiles.UserGames)
	rs.HandleFunc("GET /api/user/{name}/games.pgn", asPlayer, hs.profiles.UserPGN)
	rs.HandleFunc("GET /api/user/{name}/rating.svg", public, hs.profiles.RatingGraph)
	rs.HandleFunc("GET /api/user/{name}/rating-history", public, hs.profiles.RatingHistory) // lichess's
	rs.HandleFunc("GET /api/leaderboard/{perf}", public, hs.profiles.Leaderboard)
	rs.HandleFunc("GET /api/levels", public, s.handleLevels)
	rs.HandleFunc("GET /api/variants", public, s.handleVariants)
	rs.HandleFunc("GET /api/lobby", asPlayer, s.games.Lobby)
	rs.HandleFunc("POST /api/pair", playing, s.games.Pair)
	rs.HandleFunc("GET /game/export/{id}", public, hs.export.Game) // lichess's one-game export
	rs.HandleFunc("GET /api/users/status", public, s.lichess.UsersStatus)
	rs.HandleFunc("GET /api/stream/game/{id}", public, s.lichess.GameStream) // lichess's stream of a game's moves, to anyone
	// lichess's puzzles: a token reads the account's (next, batch,
	// activity) with puzzle:read and sends its results with puzzle:write;
	// the daily puzzle, a puzzle by id, Gambit's streak and themes are
	// everyone's alike.
	readPuzzles, solvePuzzles := account.Needs(account.ScopePuzzleRead), account.Needs(account.ScopePuzzleWrite)
	rs.HandleFunc("GET /api/puzzle/daily", public, hs.puzzles.Daily)
	rs.HandleFunc("GET /api/puzzle/next", readPuzzles, hs.puzzles.Next)
	rs.HandleFunc("GET /api/puzzle/activity", readPuzzles, hs.puzzles.Activity)
	rs.HandleFunc("GET /api/puzzle/batch/{angle}", readPuzzles, hs.puzzles.Batch)
	rs.HandleFunc("POST /api/puzzle/batch/{angle}", solvePuzzles, hs.puzzles.Solve)
	rs.HandleFunc("GET /api/puzzle/{id}", public, hs.puzzles.Puzzle)
	rs.HandleFunc("GET /api/training/streak", public, hs.puzzles.Streak)
	rs.HandleFunc("GET /api/training/themes", public, hs.puzzles.Themes)
	rs.HandleFunc("GET /api/opening", public, hs.openings.Opening)
	rs.HandleFunc("GET /api/book", public, hs.openings.Book)
	rs.HandleFunc("GET /ws/game/{id}", playing, s.handleWS)
	rs.Handle("GET /game/{file}", asPlayer, s.media) // the page, id.svg, id.png, id.gif, id.html (package media)
	// Under /api/, before the app's GET /: an unknown endpoint (apiMisses answers it first).
	rs.HandleFunc("GET /api/", public, func(w http.ResponseWriter, r *http.Request) { s.apiMiss(w, r, mux) })
	var page http.HandlerFunc // the app's page of an address of its own; nil without the app
	if s.assets != nil {
		pages := app.New(s.assets, media.AppPage, s.httpError)
		page = pages.Route
		rs.HandleFunc("GET /", public, pages.Files(http.FileServerFS(s.assets))) // the app's files; any other address: the page, 404
		rs.HandleFunc("GET /{$}", public, pages.Index)
		rs.HandleFunc("GET /favicon.ico", public, pages.Favicon)
		rs.HandleFunc("GET /analysis", public, hs.analysis.Page)
		rs.HandleFunc("GET /account", public, pages.Route)         // the account page: the app's own route (web/src/account.ts)
		rs.HandleFunc("GET /@/{name}", public, pages.Route)        // a player's profile (web/src/profile.ts)
		rs.HandleFunc("GET /leaderboard", public, pages.Route)     // the leaderboards (web/src/leaderboard.ts)
		rs.HandleFunc("GET /bots", public, pages.Route)            // the bots online, to challenge (web/src/bots/)
		rs.HandleFunc("GET /training", public, pages.Route)        // the puzzles (web/src/training/)
		rs.HandleFunc("GET /training/{id}", public, pages.Route)   // one puzzle, by its id
		rs.HandleFunc("GET /tournament", public, pages.Route)      // the arenas (web/src/tournament/)
		rs.HandleFunc("GET /tournament/{id}", public, pages.Route) // one arena's live page
	}
	h := s.apiMisses(mux) // an unknown endpoint or method under /api/: the API's JSON error
	if s.accounts != nil {
		s.accounts.Register(rs)
		rs.HandleFunc("GET /api/account", account.AnyToken(), hs.profiles.Account) // as lichess's: any token reads its own account
		s.registerAPI(rs)
		s.registerBotAPI(rs)
		s.registerTournaments(rs, hs.export.IDs, page)
		h = s.accounts.Middleware(h)
	}
	// lichess's token test and export by ids come from programs as text/plain
	// without a token: they read no cookie and change nothing
	// (account/tokentest.go, export/ids.go).
	anySite := []string{account.TokenTestRoute, "POST " + exportIDsPath}
	return guards.Secure(guards.MarkProxied(s.conn.TrustedProxies, guards.Forwarded(s.conn.TrustedProxies, s.players.Middleware(h))), refuse, anySite...), rs.List()
}

// newGame creates, stores and starts the game opts describe, and answers
// as player sees it; client is the address asking (games.Games.Start). A
// game against the computer is refused when its player, their address or
// the machine has as many as it may (computer.Games).
func (s *Server) newGame(ctx context.Context, opts game.Options, player, client string) (games.Seated, error) {
	g, err := game.New(opts)
	if err != nil {
		return games.Seated{}, err
	}
	if round.AgainstComputer(g) {
		if err := s.computer.Reserve(g, client); err != nil {
			return games.Seated{}, err // games names player's own (games.Handler)
		}
	}
	if err := s.createGame(ctx, g); err != nil {
		s.computer.Release(g.ID())
		return games.Seated{}, err
	}
	if err := s.live.Claim(ctx, g.ID()); err != nil { // a new id: no other node has it
		s.computer.Release(g.ID())
		return games.Seated{}, err
	}
	v := g.ViewerOf(player)
	resp := games.Seated{ID: g.ID(), Color: game.ColorName(round.Acting(v, chess.White)), State: round.Snapshot(g, v)}
	s.lobby.Note(g, func(chess.Color) bool { return false }) // listed from the answer on, before its hub runs
	s.live.Start(g, client)
	return resp, nil
}

// runSeatCommand runs a seat command on game id's hub (games.Games.Seat).
func (s *Server) runSeatCommand(ctx context.Context, id string, cmd round.JoinSeatCmd) (games.Seated, error) {
	type joined struct {
		color chess.Color
		err   error
		state round.StateJSON
	}
	res := make(chan joined, 1)
	cmd.Reply = func(c chess.Color, err error, g *game.Game) {
		out := joined{color: c, err: err}
		if err == nil {
			out.state = round.Snapshot(g, g.ViewerOf(cmd.Player))
		}
		res <- out
	}
	err := s.live.With(ctx, id, func(h *round.Hub) error { return h.Send(ctx, cmd) })
	var remote *wire.RemoteOwner
	if errors.As(err, &remote) {
		return s.seatElsewhere(ctx, remote.Node, node.SeatRequest{Game: id, Player: cmd.Player, Name: cmd.Name, Title: cmd.Title, Token: cmd.Token})
	}
	if err != nil {
		return games.Seated{}, err
	}
	j := <-res // an accepted command always runs and replies
	if j.err != nil {
		return games.Seated{}, j.err
	}
	return games.Seated{ID: id, Color: game.ColorName(j.color), State: j.state}, nil
}

// read runs f on game id: on its hub's goroutine when it is live, else on
// a copy read from the store, so that reading a game (a link preview, a
// crawler, a flood of GETs) never brings it into memory. A game whose
// correspondence flag fell while it was stored is loaded live, which ends
// it and saves that.
func (s *Server) read(ctx context.Context, id string, f func(g *game.Game)) error {
	if !validID(id) {
		return fmt.Errorf("%w: no such game", store.ErrNotFound)
	}
	if s.live.Running(id) == nil {
		g, err := s.loadGame(ctx, id)
		if err != nil {
			return err
		}
		if len(g.Flag()) == 0 {
			f(g)
			return nil
		}
	}
	return s.readLive(ctx, id, f)
}

// readLive runs f on the live game id, on its hub's goroutine.
func (s *Server) readLive(ctx context.Context, id string, f func(g *game.Game)) error {
	done := make(chan struct{})
	err := s.live.With(ctx, id, func(h *round.Hub) error {
		return h.Send(ctx, round.ReadCmd(func(g *game.Game) { f(g); close(done) }))
	})
	if err != nil {
		return err
	}
	<-done // an accepted command always runs
	return nil
}

func (s *Server) handleGet(w http.ResponseWriter, r *http.Request) {
	var st round.StateJSON
	if err := s.read(r.Context(), r.PathValue("id"), func(g *game.Game) { st = round.Snapshot(g, game.Spectator) }); err != nil {
		s.httpError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, st)
}

// handlePGN answers GET /api/games/{id}/pgn: the game's PGN with its
// review and its players' ratings, canonical, or with ?lang= in the
// reader's language and script (readerpgn.go); ?download=1 saves it.
func (s *Server) handlePGN(w http.ResponseWriter, r *http.Request) {
	var text string
	var reviewable, xq bool
	var pgnErr error
	err := s.read(r.Context(), r.PathValue("id"), func(g *game.Game) {
		text, pgnErr = g.View(game.Spectator).PGN() // a hidden game in play: its public record
		reviewable = reviews.Reviewable(g) == nil
		xq = g.Spec().BoardPGN && g.Spec().Board == game.BoardXiangqi // xiangqi/pgn wrote it: its notation is the reader's
	})
	if err == nil {
		err = pgnErr
	}
	if err != nil {
		s.httpError(w, err)
		return
	}
	l, asked := readerLang(r)
	var advice review.Advice
	if asked {
		advice = media.PGNAdvice(l, xq)
	}
	if reviewable {
		text = s.reviews.AnnotatePGN(r.Context(), r.PathValue("id"), text, xq, advice)
	}
	text = s.games.RatedPGN(r.Context(), r.PathValue("id"), text)
	if asked && xq {
		text = media.PGNIn(text, l)
	}
	w.Header().Set("Content-Type", "application/x-chess-pgn; charset=utf-8")
	if r.URL.Query().Get("download") != "" {
		w.Header().Set("Content-Disposition", `attachment; filename="gambit-`+r.PathValue("id")+`.pgn"`)
	}
	io.WriteString(w, text)
}

// handleLevels lists the computer levels; ?variant=xiangqi labels them for xiangqi.
func (s *Server) handleLevels(w http.ResponseWriter, r *http.Request) {
	levels, err := s.bot.LevelsFor(game.Variant(r.URL.Query().Get("variant")))
	if err != nil {
		s.httpError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, levels)
}

// variantJSON is a registered variant as the browser reads it (GET
// /api/variants): everything the registration says that a page needs, so
// the browser keeps only each board's adapter and each variant's texts.
type variantJSON struct {
	Name         game.Variant     `json:"name"`
	Label        string           `json:"label"`
	Tag          string           `json:"tag,omitempty"`
	Board        game.Board       `json:"board"`
	Sides        [2]string        `json:"sides"`
	Terminations []string         `json:"terminations"`
	RuleSets     []string         `json:"ruleSets,omitempty"` // the sets of rules a game may be played by, the default first
	ClaimDraw    bool             `json:"claimDraw"`
	Takeback     bool             `json:"takeback"`
	Seeded       bool             `json:"seeded"`
	Hidden       bool             `json:"hidden"`
	HandOver     bool             `json:"handOver"`
	Pass         bool             `json:"pass"`
	Viewer       bool             `json:"viewer"` // the standalone viewer shows its games (Spec.BoardPGN)
	Levels       []computer.Level `json:"levels"` // the computer's, weakest first; empty: no computer opponent
}

// handleVariants lists the registered variants, by name.
func (s *Server) handleVariants(w http.ResponseWriter, _ *http.Request) {
	out := []variantJSON{}
	for _, spec := range game.Specs() {
		levels, err := s.bot.LevelsFor(spec.Name)
		if err != nil {
			levels = []computer.Level{}
		}
		out = append(out, variantJSON{Name: spec.Name, Label: spec.Label, Tag: spec.Tag, Board: spec.Board,
			Sides: spec.Sides, Terminations: spec.Terminations, RuleSets: spec.RuleSets, ClaimDraw: spec.ClaimDraw, Takeback: !spec.NoTakeback,
			Seeded: spec.Seeded, Hidden: spec.Hidden, HandOver: spec.HandOver, Pass: spec.Pass, Viewer: spec.BoardPGN, Levels: levels})
	}
	w.Header().Set("Cache-Control", "no-cache")
	writeJSON(w, http.StatusOK, out)
}

// httpError answers with err's status and a JSON {"code","message"}.
func (s *Server) httpError(w http.ResponseWriter, err error) {
	status, _ := wire.Code(err)
	if errors.Is(err, wire.ErrRateLimited) || errors.Is(err, wire.ErrBusy) || errors.Is(err, wire.ErrComputerBusy) {
		s.metrics.NoteRefusal(status)
	}
	if status >= 500 && !errors.Is(err, wire.ErrBusy) && !errors.Is(err, wire.ErrComputerBusy) { // busy is the server holding up, not failing
		s.log.Error("request failed", "err", err)
	}
	setRetryAfter(w, err)
	writeJSON(w, status, wire.HTTPErrorBody(err))
}

// refuse answers a request refused before it reached a handler (by
// guards.Secure) as httpError answers one refused by a handler.
func refuse(w http.ResponseWriter, err error) {
	status, _ := wire.Code(err)
	writeJSON(w, status, wire.HTTPErrorBody(err))
}

func writeJSON(w http.ResponseWriter, status int, v any) { wire.WriteJSON(w, status, v) }

// validID reports whether id could be a game ID (wire.ValidID).
func validID(id string) bool { return wire.ValidID(id) }
