package account

import (
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/gambitchess/gambit/server/wire"
)

// Every route of the server is registered with its Access: what it lets a
// request that carries a token do. A browser signed in with a session may
// do everything a route offers; a token acts for its account only where
// the route lets it, and only with the scope the route names (lichess's
// scopes). So a route that forgets to check a scope cannot be reached by
// a token that lacks it: the account is not there for the handler to see
// (UserOf answers no one), and a route that acts for an account refuses
// the token outright.

// accessKind is how a route treats a token.
type accessKind uint8

const (
	// public: anyone; a token acts for no one here (UserOf answers
	// false), as if the program had sent none.
	public accessKind = iota
	// needs: a token must have the scope, or the request is refused
	// with missing_scope; with it, the token acts for its account.
	needs
	// seen: anyone; a token acts for its account (its seats, its private
	// games) only when it has the scope, else it is served as a stranger.
	seen
	// browserOnly: a signed-in person's own page (password, sessions,
	// tokens, passkeys): never with a token.
	browserOnly
	// anyToken: a token acts for its account whatever its scopes (its
	// own profile, as lichess's GET /api/account asks for no scope).
	anyToken
)

// Access is what a route lets a request carrying a token do.
type Access struct {
	kind  accessKind
	scope string
}

// Public is the access of a route anyone may use: a token adds nothing.
func Public() Access { return Access{kind: public} }

// Needs is the access of a route that acts for an account: a token must
// have scope.
func Needs(scope string) Access { return Access{kind: needs, scope: scope} }

// SeenWith is the access of a route anyone may read, which shows the
// asker's own (its seats' view of a game, its private games): a token's
// account counts only when it has scope.
func SeenWith(scope string) Access { return Access{kind: seen, scope: scope} }

// BrowserOnly is the access of a route for a signed-in person in their
// browser alone: a token is refused.
func BrowserOnly() Access { return Access{kind: browserOnly} }

// AnyToken is the access of a route that reads the asker's own account
// and nothing more: any token acts for its account there.
func AnyToken() Access { return Access{kind: anyToken} }

// String says what a's route asks of a token, as the route table lists it.
func (a Access) String() string {
	switch a.kind {
	case needs:
		return "needs " + a.scope
	case seen:
		return "seen with " + a.scope
	case browserOnly:
		return "browser only"
	case anyToken:
		return "any token"
	}
	return "public"
}

// Scope is the scope a's route names ("" for none).
func (a Access) Scope() string { return a.scope }

// RefusesWithout reports whether a's route refuses a token without scope.
func (a Access) RefusesWithout(scope string) bool {
	switch a.kind {
	case needs:
		return a.scope != scope
	case browserOnly:
		return true
	}
	return false
}

// ActsFor reports whether a token with scope acts for its account on a's
// route.
func (a Access) ActsFor(scope string) bool {
	return a.kind == anyToken || (a.kind == needs || a.kind == seen) && a.scope == scope
}

// Route is one registered route and its access.
type Route struct {
	Pattern string // the ServeMux pattern, "POST /api/games"
	Access  Access
}

// Routes registers a server's routes on a ServeMux, each with its Access,
// and lists them (for the table test of every route and scope).
type Routes struct {
	mux  *http.ServeMux
	fail func(http.ResponseWriter, error)
	list []Route
}

// NewRoutes returns Routes on mux; fail answers a refused token as the
// server answers every error.
func NewRoutes(mux *http.ServeMux, fail func(http.ResponseWriter, error)) *Routes {
	return &Routes{mux: mux, fail: fail}
}

// Handle registers h for pattern, with access a.
func (rs *Routes) Handle(pattern string, a Access, h http.Handler) {
	rs.list = append(rs.list, Route{Pattern: pattern, Access: a})
	rs.mux.Handle(pattern, rs.guard(a, h))
}

// HandleFunc registers f for pattern, with access a.
func (rs *Routes) HandleFunc(pattern string, a Access, f http.HandlerFunc) {
	rs.Handle(pattern, a, f)
}

// List returns the routes registered so far, in order.
func (rs *Routes) List() []Route { return slices.Clone(rs.list) }

// guard applies a to the requests that carry a token, before h.
func (rs *Routes) guard(a Access, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		au, ok := r.Context().Value(authKey{}).(*auth)
		if ok && au.bearer {
			has := slices.Contains(strings.Fields(au.tok.Scopes), a.scope)
			switch {
			case a.kind == browserOnly:
				rs.fail(w, fmt.Errorf("%w: a token cannot do this; sign in in a browser", wire.ErrMissingScope))
				return
			case a.kind == needs && !has:
				rs.fail(w, fmt.Errorf("%w: this needs %s", wire.ErrMissingScope, a.scope))
				return
			}
			au.acts = a.kind == anyToken || has && (a.kind == needs || a.kind == seen)
		}
		h.ServeHTTP(w, r)
	})
}
