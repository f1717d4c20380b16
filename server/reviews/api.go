package reviews

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/internal/lang"
	"github.com/gambitchess/gambit/render"
	"github.com/gambitchess/gambit/review"
	"github.com/gambitchess/gambit/server/guards"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
	"github.com/gambitchess/gambit/xiangqi"
)

// Games is what the review API reads from the server.
type Games interface {
	// Read calls f with game id as it stands (from its hub if live, else
	// from the store); f must not keep g.
	Read(ctx context.Context, id string, f func(g *game.Game)) error
	// Error answers err: its status, code and message.
	Error(w http.ResponseWriter, err error)
}

// Handler serves a game's review: POST and GET /api/games/{id}/review.
// It is safe for concurrent use.
type Handler struct {
	rs    *Reviews
	games Games
}

// NewHandler returns the review API of rs over the server's games.
func NewHandler(rs *Reviews, games Games) *Handler { return &Handler{rs: rs, games: games} }

// Start starts a finished game's review (POST
// /api/games/{id}/review, no body needed): 202 {"state":"queued",...}
// when it starts or is under way, 200 with the review when it is done;
// 409 not_over for a game still played, 422 not_reviewable for a variant
// no engine judges, 429 past the reviews an address may run at once.
func (h *Handler) Start(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	var rg *review.Game
	var prepErr error
	if err := h.games.Read(r.Context(), id, func(g *game.Game) { rg, prepErr = Prepare(g) }); err != nil {
		h.games.Error(w, err)
		return
	}
	if prepErr != nil {
		h.games.Error(w, prepErr)
		return
	}
	st, _, err := h.rs.Start(r.Context(), id, guards.ClientAddress(r), rg)
	if err != nil {
		h.games.Error(w, err)
		return
	}
	status := http.StatusAccepted
	if st.State == StateDone {
		status = http.StatusOK
	}
	writeStatus(w, r, status, st)
}

// Get answers where a game's review stands (GET
// /api/games/{id}/review): {"state":"none"|"queued"|"running"|"done"|
// "failed","done":N,"total":M,"review":REVIEW|null}. Anyone who may open
// the game may read it.
func (h *Handler) Get(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if err := h.games.Read(r.Context(), id, func(*game.Game) {}); err != nil { // the game exists
		h.games.Error(w, err)
		return
	}
	st, err := h.rs.Get(r.Context(), id)
	if err != nil {
		h.games.Error(w, err)
		return
	}
	writeStatus(w, r, http.StatusOK, st)
}

// writeStatus answers st in the reader's script (?lang=, then
// Accept-Language: lang.FromRequest): a review is stored as written, its
// xiangqi moves in traditional characters (reviews stored before this
// choice too), and a reader of simplified Chinese gets them in simplified
// ones (xiangqi.ConvertScript over Review.MapNotation; a chess review's SAN
// is the same in every script), worked out at each read.
func writeStatus(w http.ResponseWriter, r *http.Request, code int, st Status) {
	lang.Vary(w.Header())
	if st.Review != nil && lang.FromRequest(r).Hans() {
		if data, err := inScript(st.Review, xiangqi.Simplified); err == nil {
			st.Review = data
		}
	}
	wire.WriteJSON(w, code, st)
}

// inScript rewrites a review's JSON with its moves' notation in script s.
func inScript(data json.RawMessage, s xiangqi.Script) (json.RawMessage, error) {
	var rv review.Review
	if err := json.Unmarshal(data, &rv); err != nil {
		return nil, fmt.Errorf("reviews: a review to write in %v: %w", s, err)
	}
	return json.Marshal(rv.MapNotation(func(san string) string { return xiangqi.ConvertScript(san, s) }))
}

// AnnotatePGN writes a reviewed game's review into its PGN text
// (review.AnnotatePGNWith, its judged moves' comments worded by advice,
// nil for lichess's English); a game without a review keeps text as it is.
func (rs *Reviews) AnnotatePGN(ctx context.Context, id, text string, xiangqi bool, advice review.Advice) string {
	rv, err := rs.Review(ctx, id)
	if err != nil {
		if !errors.Is(err, store.ErrNotFound) {
			rs.cfg.Logger.Warn("review for the PGN", "game", id, "err", err)
		}
		return text
	}
	out, err := review.AnnotatePGNWith(text, rv, xiangqi, advice)
	if err != nil {
		rs.cfg.Logger.Warn("annotating the PGN", "game", id, "err", err)
		return text
	}
	return out
}

// EvalGraph returns the points of game id's eval graph (the start, then
// after each move): store.ErrNotFound while it has no review.
func (rs *Reviews) EvalGraph(ctx context.Context, id string) ([]render.EvalPoint, error) {
	rv, err := rs.Review(ctx, id)
	if err != nil {
		return nil, err
	}
	if len(rv.Moves) == 0 {
		return nil, errors.Join(store.ErrNotFound, errors.New("the game has no move"))
	}
	points := []render.EvalPoint{{Win: rv.Moves[0].WinBefore}}
	for _, m := range rv.Moves {
		points = append(points, render.EvalPoint{Win: m.WinAfter, Mark: string(m.Class)})
	}
	return points, nil
}
