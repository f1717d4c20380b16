package server

import (
	"errors"
	"net/http"

	"context"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/render"
	"github.com/gambitchess/gambit/review"
	"github.com/gambitchess/gambit/server/guards"
	"github.com/gambitchess/gambit/server/reviews"
	"github.com/gambitchess/gambit/store"
)

// handleReviewStart starts a finished game's review (POST
// /api/games/{id}/review, no body needed): 202 {"state":"queued",...}
// when it starts or is under way, 200 with the review when it is done;
// 409 not_over for a game still played, 422 not_reviewable for a variant
// no engine judges, 429 past the reviews an address may run at once.
func (s *Server) handleReviewStart(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	var rg *review.Game
	var prepErr error
	if err := s.read(r.Context(), id, func(g *game.Game) { rg, prepErr = reviews.Prepare(g) }); err != nil {
		s.httpError(w, err)
		return
	}
	if prepErr != nil {
		s.httpError(w, prepErr)
		return
	}
	st, _, err := s.reviews.Start(r.Context(), id, guards.ClientAddress(r), rg)
	if err != nil {
		s.httpError(w, err)
		return
	}
	status := http.StatusAccepted
	if st.State == reviews.StateDone {
		status = http.StatusOK
	}
	writeJSON(w, status, st)
}

// handleReviewGet answers where a game's review stands (GET
// /api/games/{id}/review): {"state":"none"|"queued"|"running"|"done"|
// "failed","done":N,"total":M,"review":REVIEW|null}. Anyone who may open
// the game may read it.
func (s *Server) handleReviewGet(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if err := s.read(r.Context(), id, func(*game.Game) {}); err != nil { // the game exists
		s.httpError(w, err)
		return
	}
	st, err := s.reviews.Get(r.Context(), id)
	if err != nil {
		s.httpError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, st)
}

// reviewedPGN writes a reviewed game's review into its PGN text
// (review.AnnotatePGN); a game without a review keeps text as it is.
func (s *Server) reviewedPGN(ctx context.Context, id, text string, xiangqi bool) string {
	rv, err := s.reviews.Review(ctx, id)
	if err != nil {
		if !errors.Is(err, store.ErrNotFound) {
			s.log.Warn("review for the PGN", "game", id, "err", err)
		}
		return text
	}
	out, err := review.AnnotatePGN(text, rv, xiangqi)
	if err != nil {
		s.log.Warn("annotating the PGN", "game", id, "err", err)
		return text
	}
	return out
}

// evalGraph returns the points of game id's eval graph (the start, then
// after each move): store.ErrNotFound while it has no review.
func (s *Server) evalGraph(ctx context.Context, id string) ([]render.EvalPoint, error) {
	rv, err := s.reviews.Review(ctx, id)
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
