package lichess

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"

	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
)

// Who is online, for lichess's GET /api/users/status and GET
// /api/bot/online: an account is online while one of its event streams
// (GET /api/stream/event) is open on this node, as a program that plays
// keeps one open all the time (lichess-bot does). A browser's presence
// is its game's WebSocket, seen by its opponent (round's presence), not
// here. On a cluster each node knows its own streams only: an account
// streaming to another node reads as offline here.

// Online counts the open event streams of each account.
type Online struct {
	mu    sync.Mutex
	users map[string]onlineUser // by account id
}

// onlineUser is an account with event streams open here.
type onlineUser struct {
	user    store.User
	streams int
}

func NewOnline() *Online { return &Online{users: map[string]onlineUser{}} }

// Enter counts a stream of u's opening; call the func it returns when the
// stream closes.
func (o *Online) Enter(u store.User) (leave func()) {
	o.mu.Lock()
	on := o.users[u.ID]
	on.user, on.streams = u, on.streams+1
	o.users[u.ID] = on
	o.mu.Unlock()
	return func() {
		o.mu.Lock()
		defer o.mu.Unlock()
		on := o.users[u.ID]
		if on.streams--; on.streams <= 0 {
			delete(o.users, u.ID)
			return
		}
		o.users[u.ID] = on
	}
}

// IsOnline reports whether account id has a stream open here.
func (o *Online) IsOnline(id string) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	_, ok := o.users[id]
	return ok
}

// List returns the accounts online that keep, by name.
func (o *Online) List(keep func(store.User) bool) []store.User {
	o.mu.Lock()
	var out []store.User
	for _, on := range o.users {
		if keep(on.user) {
			out = append(out, on.user)
		}
	}
	o.mu.Unlock()
	slices.SortFunc(out, func(a, b store.User) int { return strings.Compare(ID(a.Name), ID(b.Name)) })
	return out
}

// UserStatus is an account in lichess's GET /api/users/status.
type UserStatus struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Title  string `json:"title,omitempty"`
	Online bool   `json:"online,omitempty"`
}

// MaxStatusIDs is how many accounts one GET /api/users/status may ask
// of, as lichess's.
const MaxStatusIDs = 100

// ParseStatusIDs reads ids, lichess's comma-separated user ids.
func ParseStatusIDs(ids string) ([]string, error) {
	var out []string
	for id := range strings.SplitSeq(ids, ",") {
		if id = strings.TrimSpace(id); id == "" {
			continue
		}
		if len(id) > 64 {
			return nil, fmt.Errorf("%w: ids: %.20q… is longer than a name", wire.ErrBadRequest, id)
		}
		out = append(out, id)
	}
	switch {
	case len(out) == 0:
		return nil, fmt.Errorf("%w: ids: name at least one user (ids=alice,bob)", wire.ErrBadRequest)
	case len(out) > MaxStatusIDs:
		return nil, fmt.Errorf("%w: ids: at most %d users, not %d", wire.ErrBadRequest, MaxStatusIDs, len(out))
	}
	return out, nil
}

// UsersStatus answers lichess's GET /api/users/status?ids=…: each
// account named that exists, and whether it is online (above); unknown
// names are left out, as lichess leaves them.
func (a *API) UsersStatus(w http.ResponseWriter, r *http.Request) {
	ids, err := ParseStatusIDs(r.URL.Query().Get("ids"))
	if err != nil {
		a.srv.Error(w, err)
		return
	}
	accounts, _ := a.store.(store.Accounts)
	out := []UserStatus{}
	for _, id := range ids {
		if accounts == nil {
			break
		}
		u, err := accounts.UserByName(r.Context(), id)
		if err != nil {
			continue
		}
		out = append(out, UserStatus{ID: ID(u.Name), Name: u.Name, Online: a.online.IsOnline(u.ID)})
	}
	wire.WriteJSON(w, http.StatusOK, out)
}
