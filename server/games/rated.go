package games

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/rating"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
)

// Rated games: an online game between two accounts, with a clock or days
// per move, asked for at its creation ("rated": true). The creator's
// account is recorded with the game; the account that takes the other
// seat is recorded as it joins; the store rates the game in the
// transaction that ends it (store.Ratings), so nothing here runs at the
// end. A game against the computer, a local one or an untimed one is
// never rated, and an aborted one (no result) changes no rating.

// errRatedNeedsAccount refuses a rated game to someone signed out.
var errRatedNeedsAccount = fmt.Errorf("%w: sign in to play a rated game", wire.ErrSignedOut)

// JoinRated seats account u in rated game id's open seat (req), together
// with the game's rating record: the record's open side is taken first, so
// that no one else can take it, then the seat; a seat that cannot be taken
// gives the side back. So a join never leaves a seat taken whose rating
// is not recorded (a game played as rated that ends void), nor a side
// recorded for someone who is not seated. Joining the side one holds is a
// plain rejoin.
func (h *Handler) JoinRated(ctx context.Context, id string, req SeatRequest, u store.User) (Seated, error) {
	rs := h.ratings
	rg, err := rs.RatedGame(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return Seated{}, fmt.Errorf("%w: no such rated game", store.ErrNotFound)
	}
	if err != nil {
		return Seated{}, fmt.Errorf("%w: %v", wire.ErrStorage, err)
	}
	if rg.White == u.ID || rg.Black == u.ID {
		return h.srv.Seat(ctx, id, req)
	}
	white := rg.White == ""
	if !white && rg.Black != "" {
		return Seated{}, fmt.Errorf("%w: both seats are taken; you can watch", game.ErrSeatTaken)
	}
	ok, err := rs.SeatRated(ctx, id, white, u.ID)
	if err != nil {
		return Seated{}, fmt.Errorf("%w: the rating could not record your seat: %v", wire.ErrStorage, err)
	}
	if !ok {
		return Seated{}, fmt.Errorf("%w: the seat was taken meanwhile; you can watch", game.ErrSeatTaken)
	}
	resp, err := h.srv.Seat(ctx, id, req)
	if err == nil && (resp.Color == "white") != white {
		err = fmt.Errorf("%w: the seat taken is not the rated one", wire.ErrStorage) // the hub seats the one open seat: never
	}
	if err != nil && !h.seatedIn(ctx, id, req.Player) {
		if _, uerr := rs.UnseatRated(context.WithoutCancel(ctx), id, white, u.ID); uerr != nil {
			h.log.Error("rated side not given back", "game", id, "err", uerr)
		}
	}
	return resp, err
}

// seatedIn reports whether player holds a seat of game id; false when the
// game cannot be read.
func (h *Handler) seatedIn(ctx context.Context, id, player string) bool {
	held := false
	_ = h.srv.Read(context.WithoutCancel(ctx), id, func(g *game.Game) { held = !g.ViewerOf(player).IsSpectator() })
	return held
}

// CheckRated refuses a rated game that cannot be: it must be online, with
// a clock or days per move, from the variant's own start (a Chess960
// start number is one), made by someone signed in, on a store that keeps
// ratings. A set-up position is never rated, as on lichess: two accounts
// could otherwise trade a mate in one back and forth for rating.
func (h *Handler) CheckRated(r *http.Request, opts game.Options) (store.User, error) {
	u, ok := h.srv.User(r)
	switch {
	case h.ratings == nil:
		return u, fmt.Errorf("%w: this server keeps no ratings", wire.ErrBadRequest)
	case opts.Mode != game.ModeOnline:
		return u, fmt.Errorf("%w: only an online game can be rated", wire.ErrBadRequest)
	case opts.Clock.Initial <= 0:
		return u, fmt.Errorf("%w: a rated game needs a clock or days per move", wire.ErrBadRequest)
	case strings.Trim(opts.Setup, "0123456789") != "":
		return u, fmt.Errorf("%w: a game from a set-up position is never rated", wire.ErrBadRequest)
	case !ok:
		return u, errRatedNeedsAccount
	}
	return u, nil
}

// MarkRated records new game id as rated, its creator u on side color.
func (h *Handler) MarkRated(ctx context.Context, id, color string, u store.User, opts game.Options) error {
	rg := store.RatedGame{GameID: id, Perf: h.srv.Perf(opts.Variant, opts.Clock)}
	if color == "white" {
		rg.White = u.ID
	} else {
		rg.Black = u.ID
	}
	if err := h.ratings.CreateRated(ctx, rg); err != nil {
		return fmt.Errorf("%w: %v", wire.ErrStorage, err)
	}
	return nil
}

// pendingRated returns game id's rating record when it is rated and not
// over; ok false otherwise.
func (h *Handler) pendingRated(ctx context.Context, id string) (store.RatedGame, bool, error) {
	rs := h.ratings
	if rs == nil || !wire.ValidID(id) {
		return store.RatedGame{}, false, nil
	}
	rg, err := rs.RatedGame(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return rg, false, nil
	}
	if err != nil {
		return rg, false, fmt.Errorf("%w: %v", wire.ErrStorage, err)
	}
	return rg, rg.State == store.RatingPending, nil
}

// ratingSideJSON is one side of a rated game as GET /api/games/{id}/rating
// answers it.
type ratingSideJSON struct {
	Name        string `json:"name"` // "" for a deleted account or a seat not taken
	Before      int    `json:"before"`
	After       int    `json:"after"`
	Diff        int    `json:"diff"` // After - Before, as shown: +12 / -12
	Provisional bool   `json:"provisional"`
}

// ratingJSON answers GET /api/games/{id}/rating.
type ratingJSON struct {
	Rated bool           `json:"rated"`
	Perf  string         `json:"perf,omitempty"`
	State string         `json:"state,omitempty"` // pending, applied, void
	White ratingSideJSON `json:"white"`
	Black ratingSideJSON `json:"black"`
}

// Rating answers GET /api/games/{id}/rating: whether game {id} is rated, and once over, each
// side's rating before and after it.
func (h *Handler) Rating(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	out := ratingJSON{}
	if rs := h.ratings; rs != nil && wire.ValidID(id) {
		rg, err := rs.RatedGame(r.Context(), id)
		switch {
		case errors.Is(err, store.ErrNotFound):
		case err != nil:
			h.srv.Error(w, fmt.Errorf("%w: %v", wire.ErrStorage, err))
			return
		default:
			out = ratingJSON{Rated: true, Perf: rg.Perf, State: [...]string{"pending", "applied", "void"}[min(max(rg.State, 0), 2)],
				White: side(rg.WhiteName, rg.WhiteBefore, rg.WhiteAfter, rg.State), Black: side(rg.BlackName, rg.BlackBefore, rg.BlackAfter, rg.State)}
		}
	}
	w.Header().Set("Cache-Control", "no-cache")
	wire.WriteJSON(w, http.StatusOK, out)
}

// side is one side's rating change; zero numbers until it is applied.
func side(name string, before, after rating.Glicko, state int) ratingSideJSON {
	out := ratingSideJSON{Name: name}
	if state == store.RatingApplied {
		out.Before, out.After = before.Int(), after.Int()
		out.Diff, out.Provisional = out.After-out.Before, after.Provisional()
	}
	return out
}

// RatedPGN adds a rated game's players and their ratings before it to its
// PGN (the White, Black, WhiteElo and BlackElo tags).
func (h *Handler) RatedPGN(ctx context.Context, id, text string) string {
	rs := h.ratings
	if rs == nil {
		return text
	}
	rg, err := rs.RatedGame(ctx, id)
	if err != nil {
		return text
	}
	tags := map[string]string{}
	if rg.WhiteName != "" {
		tags["White"] = rg.WhiteName
	}
	if rg.BlackName != "" {
		tags["Black"] = rg.BlackName
	}
	if rg.State == store.RatingApplied {
		tags["WhiteElo"] = strconv.Itoa(rg.WhiteBefore.Int())
		tags["BlackElo"] = strconv.Itoa(rg.BlackBefore.Int())
	}
	return setPGNTags(text, tags)
}

// setPGNTags sets tags in the header of a PGN game (the tag pairs before
// its first blank line): a tag present gets its value, one missing is
// added after the others. Values are names checked by account.CheckName
// and numbers, which need no escaping.
func setPGNTags(text string, tags map[string]string) string {
	head, body, _ := strings.Cut(text, "\n\n")
	lines := strings.Split(head, "\n")
	done := map[string]bool{}
	for i, line := range lines {
		name, _, ok := strings.Cut(strings.TrimPrefix(line, "["), " ")
		if v, want := tags[name]; ok && want && strings.HasPrefix(line, "[") {
			lines[i] = fmt.Sprintf("[%s %q]", name, v)
			done[name] = true
		}
	}
	for _, name := range []string{"White", "Black", "WhiteElo", "BlackElo"} {
		if v, want := tags[name]; want && !done[name] {
			lines = append(lines, fmt.Sprintf("[%s %q]", name, v))
		}
	}
	return strings.Join(lines, "\n") + "\n\n" + body
}
