package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/store"
)

// maxBody bounds request bodies (a pasted PGN included).
const maxBody = 256 << 10

// Handler returns the server's routes.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/games", s.handleCreate)
	mux.HandleFunc("POST /api/games/{id}/join", s.handleJoin)
	mux.HandleFunc("GET /api/games", s.handleList)
	mux.HandleFunc("GET /api/games/{id}", s.handleGet)
	mux.HandleFunc("GET /api/games/{id}/pgn", s.handlePGN)
	mux.HandleFunc("GET /api/levels", s.handleLevels)
	mux.HandleFunc("GET /ws/game/{id}", s.handleWS)
	mux.HandleFunc("GET /api/", func(w http.ResponseWriter, r *http.Request) {
		s.httpError(w, fmt.Errorf("%w: no such endpoint %s %s", ErrBadRequest, r.Method, r.URL.Path))
	})
	if s.assets != nil {
		files := http.FileServerFS(s.assets)
		mux.Handle("GET /", files)
		mux.HandleFunc("GET /game/{id}", s.handleIndex)
		mux.HandleFunc("GET /favicon.ico", s.handleFavicon)
	}
	return secure(mux)
}

// handleIndex serves the single-page app for a game URL.
func (s *Server) handleIndex(w http.ResponseWriter, r *http.Request) {
	http.ServeFileFS(w, r, s.assets, "index.html")
}

// handleFavicon answers the /favicon.ico that browsers and feed readers ask
// for by habit with the app's SVG icon (pages link it as /favicon.svg).
func (s *Server) handleFavicon(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "image/svg+xml")
	http.ServeFileFS(w, r, s.assets, "favicon.svg")
}

// createRequest is the body of POST /api/games.
type createRequest struct {
	Mode    game.Mode `json:"mode"`    // "local" or "computer"
	Variant string    `json:"variant"` // "chess" (the default), "chess960" or "xiangqi"
	Color   string    `json:"color"`   // the human's colour against the computer: white, black or random
	Level   string    `json:"level"`   // a Levels name, against the computer
	Clock   *struct {
		Minutes   float64 `json:"minutes"`
		Increment int     `json:"increment"` // seconds
	} `json:"clock"`
	Setup string `json:"setup"` // a FEN or PGN (of the variant) to start from; in chess960 also a start number, "" for a random one
}

// createResponse answers POST /api/games.
type createResponse struct {
	ID    string    `json:"id"`
	Token string    `json:"token"` // the player's secret, for the WebSocket
	Color string    `json:"color"` // the human's colour (white in a local game)
	State stateJSON `json:"state"`
}

// decodeCreate reads the body of POST /api/games; unknown fields are refused.
func decodeCreate(body io.Reader) (createRequest, error) {
	var req createRequest
	dec := json.NewDecoder(body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return createRequest{}, fmt.Errorf("%w: the request body is over %d bytes", ErrTooLarge, tooBig.Limit)
		}
		return createRequest{}, fmt.Errorf("%w: malformed JSON: %v", ErrBadRequest, err)
	}
	return req, nil
}

func (s *Server) handleCreate(w http.ResponseWriter, r *http.Request) {
	req, err := decodeCreate(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		s.httpError(w, err)
		return
	}
	opts, human, err := s.gameOptions(req)
	if err != nil {
		s.httpError(w, err)
		return
	}
	g, err := game.New(opts)
	if err != nil {
		s.httpError(w, err)
		return
	}
	if err := s.createGame(r.Context(), g); err != nil {
		s.httpError(w, err)
		return
	}
	viewer := viewerFor(g, opts.Seats[human].Token)
	resp := createResponse{ID: g.ID(), Token: opts.Seats[human].Token, Color: game.ColorName(human), State: snapshot(g, viewer)}
	s.startHub(g)
	writeJSON(w, http.StatusCreated, resp)
}

// gameOptions checks a create request and turns it into game options and
// the human's colour.
func (s *Server) gameOptions(req createRequest) (game.Options, chess.Color, error) {
	opts := game.Options{ID: randomID(), Mode: req.Mode, Now: s.now, Public: true}
	token := randomToken()
	human := chess.White
	switch req.Mode {
	case game.ModeLocal:
		opts.Seats = [2]game.Seat{{Kind: game.SeatHuman, Token: token}, {Kind: game.SeatHuman, Token: token}}
	case game.ModeComputer:
		level, err := levelFor(game.Variant(req.Variant), req.Level)
		if err != nil {
			return opts, human, err
		}
		if human, err = parseSeatColor(req.Color); err != nil {
			return opts, human, err
		}
		opts.Seats[human] = game.Seat{Kind: game.SeatHuman, Token: token}
		opts.Seats[human.Other()] = game.Seat{Kind: game.SeatBot, Level: level.Name, Name: "Gambit · " + level.Label}
	case game.ModeOnline:
		// An invite: the creator's seat, and an open one that the first
		// person with the link takes (POST /api/games/{id}/join). Private
		// until made public.
		var err error
		if human, err = parseSeatColor(req.Color); err != nil {
			return opts, human, err
		}
		opts.Seats[human] = game.Seat{Kind: game.SeatHuman, Token: token, Player: randomToken()}
		opts.Seats[human.Other()] = game.Seat{Kind: game.SeatOpen}
		opts.Public = false
	default:
		return opts, human, fmt.Errorf("%w: mode must be local or computer, not %q", ErrBadRequest, req.Mode)
	}
	if c := req.Clock; c != nil {
		lo := s.minClock.Minutes()
		if !(c.Minutes >= lo && c.Minutes <= 180) || c.Increment < 0 || c.Increment > 180 {
			return opts, human, fmt.Errorf("%w: clock wants %g <= minutes <= 180 and 0 <= increment <= 180 (no clock: leave it out)",
				ErrBadRequest, lo)
		}
		opts.Clock = game.ClockConfig{Initial: time.Duration(c.Minutes * float64(time.Minute)),
			Increment: time.Duration(c.Increment) * time.Second}
	}
	v, err := game.ParseVariant(req.Variant)
	if err != nil {
		return opts, human, err
	}
	opts.Variant, opts.Setup = v, req.Setup
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
		return chess.Color(randomInt(2)), nil
	}
	return chess.White, fmt.Errorf("%w: colour must be white, black or random, not %.40q", ErrBadRequest, s)
}

// handleJoin seats the caller in an invite game's open seat: the first
// person with the link plays, and gets the seat's secret; everyone after
// that watches (409 seat_taken).
func (s *Server) handleJoin(w http.ResponseWriter, r *http.Request) {
	if _, err := decodeJoin(http.MaxBytesReader(w, r.Body, maxMessage)); err != nil {
		s.httpError(w, err)
		return
	}
	seat := game.Seat{Kind: game.SeatHuman, Token: randomToken(), Player: randomToken()}
	type joined struct {
		color chess.Color
		err   error
		state stateJSON
	}
	res := make(chan joined, 1)
	err := s.withHub(r.Context(), r.PathValue("id"), func(h *hub) error {
		return h.send(r.Context(), joinSeatCmd{seat: seat, reply: func(c chess.Color, err error, g *game.Game) {
			out := joined{color: c, err: err}
			if err == nil {
				out.state = snapshot(g, game.SeatViewer(c))
			}
			res <- out
		}})
	})
	if err != nil {
		s.httpError(w, err)
		return
	}
	j := <-res // an accepted command always runs and replies
	if j.err != nil {
		s.httpError(w, j.err)
		return
	}
	writeJSON(w, http.StatusOK, createResponse{ID: r.PathValue("id"), Token: seat.Token, Color: game.ColorName(j.color), State: j.state})
}

// decodeJoin reads the body of a join: an empty JSON object for now.
func decodeJoin(body io.Reader) (struct{}, error) {
	var req struct{}
	dec := json.NewDecoder(body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil && !errors.Is(err, io.EOF) {
		return req, fmt.Errorf("%w: malformed JSON: %v", ErrBadRequest, err)
	}
	return req, nil
}

// summaryJSON is one game in GET /api/games.
type summaryJSON struct {
	ID          string              `json:"id"`
	Mode        game.Mode           `json:"mode"`
	Variant     game.Variant        `json:"variant"`
	Status      string              `json:"status"`
	Result      string              `json:"result"`
	Plies       int                 `json:"plies"`
	Seats       map[string]seatJSON `json:"seats"`
	UpdatedAt   time.Time           `json:"updatedAt"`
	CreatedAt   time.Time           `json:"createdAt"`
	Termination string              `json:"termination,omitempty"`
	TimeControl string              `json:"timeControl,omitempty"` // "5+3": minutes and seconds of increment
}

func (s *Server) handleList(w http.ResponseWriter, r *http.Request) {
	limit := 20
	if v := r.URL.Query().Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 200 {
			s.httpError(w, fmt.Errorf("%w: limit must be 1 to 200", ErrBadRequest))
			return
		}
		limit = n
	}
	sums, err := s.store.List(r.Context(), store.ListQuery{Limit: limit})
	if err != nil {
		s.httpError(w, err)
		return
	}
	out := []summaryJSON{}
	for _, sum := range sums {
		out = append(out, summaryJSON{ID: sum.ID, Mode: game.Mode(sum.Mode), Variant: game.Variant(sum.Variant), Status: sum.Status,
			Result: sum.Result, Plies: sum.Plies, UpdatedAt: sum.UpdatedAt, CreatedAt: sum.CreatedAt, Termination: sum.Termination,
			TimeControl: sum.TimeControl, Seats: map[string]seatJSON{
				"white": {Kind: game.SeatKind(sum.WhiteKind), Name: sum.White},
				"black": {Kind: game.SeatKind(sum.BlackKind), Name: sum.Black}}})
	}
	writeJSON(w, http.StatusOK, out)
}

// read runs f on the live game id, on its hub's goroutine.
func (s *Server) read(ctx context.Context, id string, f func(g *game.Game)) error {
	done := make(chan struct{})
	err := s.withHub(ctx, id, func(h *hub) error {
		return h.send(ctx, snapshotFunc(func(g *game.Game) { f(g); close(done) }))
	})
	if err != nil {
		return err
	}
	<-done // an accepted command always runs
	return nil
}

func (s *Server) handleGet(w http.ResponseWriter, r *http.Request) {
	var st stateJSON
	if err := s.read(r.Context(), r.PathValue("id"), func(g *game.Game) { st = snapshot(g, game.Spectator) }); err != nil {
		s.httpError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, st)
}

func (s *Server) handlePGN(w http.ResponseWriter, r *http.Request) {
	var text string
	if err := s.read(r.Context(), r.PathValue("id"), func(g *game.Game) { text = g.PGN() }); err != nil {
		s.httpError(w, err)
		return
	}
	w.Header().Set("Content-Type", "application/x-chess-pgn; charset=utf-8")
	if r.URL.Query().Get("download") != "" {
		w.Header().Set("Content-Disposition", `attachment; filename="gambit-`+r.PathValue("id")+`.pgn"`)
	}
	io.WriteString(w, text)
}

// handleLevels lists the computer levels; ?variant=xiangqi labels them for xiangqi.
func (s *Server) handleLevels(w http.ResponseWriter, r *http.Request) {
	levels, err := LevelsFor(game.Variant(r.URL.Query().Get("variant")))
	if err != nil {
		s.httpError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, levels)
}

// httpError answers with err's status and a JSON {"code","message"}.
func (s *Server) httpError(w http.ResponseWriter, err error) {
	status, code := errorCode(err)
	if status >= 500 {
		s.log.Error("request failed", "err", err)
	}
	writeJSON(w, status, map[string]string{"code": code, "message": errorMessage(err)})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// validID reports whether id could be a game ID: what randomID makes (ten
// characters of base 36), with room to grow, and nothing else.
func validID(id string) bool {
	if id == "" || len(id) > 32 {
		return false
	}
	for _, r := range id {
		if (r < '0' || r > '9') && (r < 'a' || r > 'z') {
			return false
		}
	}
	return true
}

// randomID returns a short game ID (10 characters of base 36).
func randomID() string {
	const digits = "0123456789abcdefghijklmnopqrstuvwxyz"
	var b strings.Builder
	for range 10 {
		b.WriteByte(digits[randomInt(len(digits))])
	}
	return b.String()
}

// randomToken returns a 128-bit secret in hex.
func randomToken() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b) // crypto/rand.Read never fails
	return hex.EncodeToString(b)
}

// randomInt returns a uniform int in [0, n) from crypto/rand.
func randomInt(n int) int {
	v, _ := rand.Int(rand.Reader, big.NewInt(int64(n)))
	return int(v.Int64())
}
