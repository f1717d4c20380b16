package profile

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
)

// List answers GET /api/games: the newest games (?limit=, 20 by
// default, at most 200) that the asker may see, or with ?mine=1 the
// asker's own alone, however many newer games others played.
func (h *Handler) List(w http.ResponseWriter, r *http.Request) {
	limit := 20
	if v := r.URL.Query().Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 200 {
			h.srv.Error(w, fmt.Errorf("%w: limit must be 1 to 200", wire.ErrBadRequest))
			return
		}
		limit = n
	}
	mine := r.URL.Query().Get("mine") == "1"
	player := h.srv.Player(r)
	if mine && player == "" {
		wire.WriteJSON(w, http.StatusOK, []Summary{}) // no cookie: no games yet
		return
	}
	sums, err := h.srv.List(r.Context(), store.ListQuery{Player: player, Mine: mine, Limit: limit})
	if err != nil {
		h.srv.Error(w, err)
		return
	}
	out := []Summary{}
	titles := h.accountTitles(r.Context())
	for _, sum := range sums {
		yours := player != "" && slices.Contains(sum.Players, player)
		if sum.Status == game.Aborted.String() && !yours {
			continue // someone else's game that never began: nothing to see
		}
		out = append(out, titles.of(sum, SummaryOf(sum, yours, h.srv.BotLevel)))
	}
	wire.WriteJSON(w, http.StatusOK, out)
}

// listedTitles gives the seats of listed games their account's title
// ("BOT"), which a stored summary does not keep (a game's state has it
// from its seat, game.Seat.Title): each name of a person in an online
// game is looked up once a listing.
type listedTitles struct {
	ctx      context.Context
	accounts store.Accounts // nil: the store keeps none
	playerOf func(store.User) string
	users    map[string]*store.User
}

// accountTitles returns the titles of a listing's accounts.
func (h *Handler) accountTitles(ctx context.Context) *listedTitles {
	lt := &listedTitles{ctx: ctx, playerOf: h.srv.PlayerOf, users: map[string]*store.User{}}
	if h.store != nil {
		lt.accounts = h.store
	}
	return lt
}

// of returns out, sum as listed, with its account seats titled. A seat
// counts as an account's only when the account's player sits in the game
// and the other seat has not the same name: the summary does not say
// which player sat where, and anyone may call themselves by a bot's name.
func (lt *listedTitles) of(sum store.Summary, out Summary) Summary {
	if lt.accounts == nil || game.Mode(sum.Mode) != game.ModeOnline || strings.EqualFold(sum.White, sum.Black) {
		return out
	}
	for c, s := range out.Seats {
		if s.Kind != game.SeatHuman || s.Name == "" {
			continue
		}
		if u := lt.user(s.Name); u != nil && u.Title != "" && slices.Contains(sum.Players, lt.playerOf(*u)) {
			s.Title = u.Title
			out.Seats[c] = s
		}
	}
	return out
}

// user is account name, read once a listing; nil for none.
func (lt *listedTitles) user(name string) *store.User {
	key := strings.ToLower(name) // a name's every spelling: one account
	if u, seen := lt.users[key]; seen {
		return u
	}
	var found *store.User
	if u, err := lt.accounts.UserByName(lt.ctx, name); err == nil {
		found = &u
	}
	lt.users[key] = found
	return found
}
