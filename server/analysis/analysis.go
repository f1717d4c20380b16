package analysis

import (
	"context"
	"fmt"
	"io/fs"
	"net/http"
	"strings"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/wire"
)

// The analysis board (/analysis) reads a game's record (GET
// /api/games/{id}/analysis) and asks for the positions its user reaches
// (POST /api/analysis/position): the rules stay on the server, in the
// rules libraries, as lichess's analysis board asks its server for the
// legal moves of a position. The engine lines cost the server nothing:
// they come from the engine in the browser.

// Server is what the analysis board reads from the server.
type Server interface {
	// Read calls f with game id as it stands (from its hub if live, else
	// from the store); f must not keep g.
	Read(ctx context.Context, id string, f func(g *game.Game)) error
	// Player is the player id of whoever sent r ("" for a stranger).
	Player(r *http.Request) string
	// Error answers err: its status, code and message.
	Error(w http.ResponseWriter, err error)
	// TakeAnalysis takes one position played on the analysis board from
	// r's address, or says how long to wait.
	TakeAnalysis(r *http.Request) error
}

// Handler serves the analysis board's page and API. It holds no state
// of its own and is safe for concurrent use.
type Handler struct {
	srv    Server
	assets fs.FS // the app, index.html at its root
}

// New returns the analysis board's handlers over srv; assets hold the
// app's index.html (nil: no page).
func New(srv Server, assets fs.FS) *Handler { return &Handler{srv: srv, assets: assets} }

// maxBody bounds a position request's body (a pasted PGN included), as
// the server bounds every request body.
const maxBody = 256 << 10

// maxAnalysisPlies bounds the moves one position request plays.
const maxAnalysisPlies = 600

// Move is one move of a record: its coordinate text, its notation
// and the position after it.
type Move struct {
	UCI string `json:"uci"`
	SAN string `json:"san"`
	WXF string `json:"wxf,omitempty"`
	FEN string `json:"fen"`
}

// Record is a game's record for the analysis board (GET
// /api/games/{id}/analysis).
type Record struct {
	Variant    game.Variant      `json:"variant"`
	Board      game.Board        `json:"board"`
	InitialFEN string            `json:"initial_fen"`
	Moves      []Move            `json:"moves"`
	Tags       map[string]string `json:"tags"`
	Result     string            `json:"result"`
}

// Page serves the app's page for GET /analysis: the browser reads its
// query (?fen, ?variant, ?pgn, ?game) itself.
func (a *Handler) Page(w http.ResponseWriter, r *http.Request) {
	page, err := fs.ReadFile(a.assets, "index.html")
	if err != nil {
		a.srv.Error(w, fmt.Errorf("server: reading index.html: %w", err))
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.Write(page)
}

// Record answers GET /api/games/{id}/analysis: a game's record for the
// analysis board, when the asker may read it (see analysisOf).
func (a *Handler) Record(w http.ResponseWriter, r *http.Request) {
	player := a.srv.Player(r)
	var out Record
	var refused error
	err := a.srv.Read(r.Context(), r.PathValue("id"), func(g *game.Game) { out, refused = analysisOf(g, player) })
	if err == nil {
		err = refused
	}
	if err != nil {
		a.srv.Error(w, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	wire.WriteJSON(w, http.StatusOK, out)
}

// analysisOf is g's record as player may read it: anyone once the game
// is over; while it is played, only its seated player, and only in a game
// on one screen or against the computer (never an online game, whose
// players must not consult an engine, nor a game of hidden information).
func analysisOf(g *game.Game, player string) (Record, error) {
	if !g.Status().Finished() {
		v := g.ViewerOf(player)
		seated := v.Holds(chess.White) || v.Holds(chess.Black)
		if g.Mode() == game.ModeOnline || !seated || g.Status() == game.Created {
			return Record{}, fmt.Errorf("%w (game %s)", wire.ErrInPlay, g.ID())
		}
	}
	rp, err := g.Replay()
	if err != nil {
		return Record{}, err
	}
	out := Record{Variant: g.Variant(), Board: g.Spec().Board, InitialFEN: rp.StartFEN, Moves: Moves(rp.Steps),
		Tags: map[string]string{}, Result: g.Result()}
	for _, kv := range rp.Tags {
		out.Tags[kv[0]] = kv[1]
	}
	return out, nil
}

// Moves writes steps as the analysis board reads them.
func Moves(steps []game.Step) []Move {
	out := make([]Move, 0, len(steps))
	for _, st := range steps {
		out = append(out, Move{UCI: st.UCI, SAN: st.SAN, WXF: st.WXF, FEN: st.FEN})
	}
	return out
}

// maxLines bounds the lines one position request writes.
const maxLines = 64

// positionRequest is the body of POST /api/analysis/position: a variant
// of full information and either a position (fen, "" for the variant's
// start) with moves played from it, or setup, a FEN or PGN pasted (read
// as a new game's setup is: the PGN's main line), or lines, each a line
// of moves from fen to be written (an engine's lines, the variations of
// a link's tree: many in one request, so that the board asks once where it
// would ask once a line).
type positionRequest struct {
	Variant game.Variant `json:"variant"`
	FEN     string       `json:"fen"`
	Moves   []string     `json:"moves"`
	Setup   string       `json:"setup"`
	Lines   [][]string   `json:"lines"`
}

// positionJSON answers a position request: the moves played, each with its
// notation and the position after it, and the position reached with its
// legal moves and, when the board ends the game, its result.
type positionJSON struct {
	Variant     game.Variant        `json:"variant"`
	Board       game.Board          `json:"board"`
	InitialFEN  string              `json:"initial_fen"`
	Moves       []Move              `json:"moves"`
	FEN         string              `json:"fen"`
	Turn        string              `json:"turn"`
	Dests       map[string][]string `json:"dests"`
	Check       string              `json:"check,omitempty"`
	Result      string              `json:"result"`
	Termination string              `json:"termination,omitempty"`
	Lines       [][]Move            `json:"lines,omitempty"` // the lines asked, written, in their order
}

// Position answers POST /api/analysis/position: it plays moves on the
// analysis board, or writes lines from a position. Each request is one of
// the address's analysis positions (the server's limit, 10 a second after
// 60), and costs at most maxAnalysisPlies moves played whatever it asks:
// the board asks a position once and writes an engine's lines together,
// so a person never meets the limit, and a script flooding it does.
func (a *Handler) Position(w http.ResponseWriter, r *http.Request) {
	if err := a.srv.TakeAnalysis(r); err != nil {
		a.srv.Error(w, err)
		return
	}
	req, err := wire.DecodeBody[positionRequest](http.MaxBytesReader(w, r.Body, maxBody))
	if err == nil {
		var out positionJSON
		if out, err = playPosition(req); err == nil {
			wire.WriteJSON(w, http.StatusOK, out)
			return
		}
	}
	a.srv.Error(w, err)
}

// playPosition plays req's moves from its position with the rules of its
// variant. The variants of hidden information (or drawn from a seed) have
// no free play: a position of theirs is analysed on its board's own rules,
// which the browser asks for by that variant's name.
func playPosition(req positionRequest) (positionJSON, error) {
	spec, err := game.Lookup(req.Variant)
	if err != nil {
		return positionJSON{}, fmt.Errorf("%w: %v", wire.ErrBadRequest, err)
	}
	if spec.Hidden || spec.Seeded {
		return positionJSON{}, fmt.Errorf("%w: variant %s: the analysis board plays only variants of full information", wire.ErrBadRequest, spec.Name)
	}
	if len(req.Moves) > maxAnalysisPlies {
		return positionJSON{}, fmt.Errorf("%w: %d moves, at most %d", wire.ErrBadRequest, len(req.Moves), maxAnalysisPlies)
	}
	// Lines cost what one request's moves cost: at most maxAnalysisPlies
	// moves in all, so that the pace the server allows bounds its work.
	plies := 0
	for _, l := range req.Lines {
		plies += len(l)
	}
	switch {
	case req.Lines == nil:
	case req.Setup != "" || len(req.Moves) > 0:
		return positionJSON{}, fmt.Errorf("%w: give lines from fen, without setup or moves", wire.ErrBadRequest)
	case len(req.Lines) > maxLines || plies > maxAnalysisPlies:
		return positionJSON{}, fmt.Errorf("%w: %d lines of %d moves in all, at most %d lines and %d moves", wire.ErrBadRequest, len(req.Lines), plies, maxLines, maxAnalysisPlies)
	}
	start, moves := strings.TrimSpace(req.FEN), req.Moves
	if req.Setup != "" {
		if start != "" || len(moves) > 0 {
			return positionJSON{}, fmt.Errorf("%w: give either setup or fen and moves", wire.ErrBadRequest)
		}
		if start, moves, err = spec.Setup(req.Setup); err != nil {
			return positionJSON{}, err
		}
	}
	rules, err := spec.Rules(start, "")
	if err != nil {
		return positionJSON{}, fmt.Errorf("%w: %v", game.ErrBadSetup, err)
	}
	out := positionJSON{Variant: spec.Name, Board: spec.Board, InitialFEN: rules.StartFEN(), Moves: []Move{}}
	if out.Moves, err = playMoves(rules, moves); err != nil {
		return positionJSON{}, err
	}
	for i, l := range req.Lines {
		line, err := spec.Rules(start, "")
		if err == nil {
			var written []Move
			if written, err = playMoves(line, l); err == nil {
				out.Lines = append(out.Lines, written)
				continue
			}
		}
		return positionJSON{}, fmt.Errorf("line %d: %w", i+1, err)
	}
	o := rules.Outcome()
	out.FEN, out.Turn, out.Result, out.Termination = rules.FEN(), game.ColorName(rules.Turn()), o.Result(), o.Termination
	out.Check, _ = rules.Check()
	out.Dests = map[string][]string{}
	if !o.Over() {
		out.Dests = rules.Dests()
	}
	return out, nil
}

// playMoves plays moves on rules, each written with its notation and the
// position after it.
func playMoves(rules game.Rules, moves []string) ([]Move, error) {
	out := make([]Move, 0, len(moves))
	for i, m := range moves {
		if rules.Outcome().Over() {
			return nil, fmt.Errorf("%w: move %d (%s): the game is over before it", game.ErrIllegalMove, i+1, m)
		}
		st, err := rules.Play(m)
		if err != nil {
			return nil, fmt.Errorf("move %d (%s): %w", i+1, m, err)
		}
		out = append(out, Move{UCI: st.UCI, SAN: st.SAN, WXF: st.WXF, FEN: st.FEN})
	}
	return out, nil
}
