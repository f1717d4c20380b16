package account

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/gambitchess/gambit/server/guards"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
)

// A session is 32 random bytes, base64url, in an httpOnly cookie with
// SameSite=Lax (a link from another site arrives signed in; a cross-site
// POST does not, and guards.Secure refuses it anyway). The store keeps its
// SHA-256 only, so reading the database signs no one in; the hash (hex)
// is the session's public id, which its owner lists and revokes.

// sessionCookie names the cookie over plain http; over TLS it is
// hostSessionCookie, Secure, which only this very host can set (see
// server/player for why the __Host- prefix matters).
const (
	sessionCookie     = "gambit_session"
	hostSessionCookie = "__Host-" + sessionCookie
)

// SessionAge is how long a session lasts from sign-in.
const SessionAge = 180 * 24 * time.Hour

// cookieName is the session cookie's name for r.
func cookieName(r *http.Request) string {
	if guards.Scheme(r) == "https" {
		return hostSessionCookie
	}
	return sessionCookie
}

// newSessionID returns a fresh session id and its hash.
func newSessionID() (id, hash string) {
	b := make([]byte, 32)
	_, _ = rand.Read(b) // crypto/rand.Read never fails
	id = base64.RawURLEncoding.EncodeToString(b)
	return id, hashID(id)
}

// hashID is what the store keeps of session id.
func hashID(id string) string {
	sum := sha256.Sum256([]byte(id))
	return hex.EncodeToString(sum[:])
}

// setCookie gives the browser session id (or, with id "", takes it away).
func setCookie(w http.ResponseWriter, r *http.Request, id string) {
	name := cookieName(r)
	c := &http.Cookie{Name: name, Value: id, Path: "/", HttpOnly: true, Secure: name == hostSessionCookie,
		SameSite: http.SameSiteLaxMode, MaxAge: int(SessionAge.Seconds())}
	if id == "" {
		c.MaxAge = -1
	}
	http.SetCookie(w, c)
}

// auth is what a request's session cookie proves, worked out once and
// only if a handler asks.
type auth struct {
	svc   *Service
	value string // the cookie as sent; "" for none

	once sync.Once
	ses  store.Session
	user store.User
	ok   bool

	// bearer: the request came with a token (tok, its user in user);
	// then no cookie counts. acts: the route lets the token act for its
	// account (Routes); until then UserOf answers no one.
	bearer, acts bool
	tok          store.Token
}

// resolve reads the session from the store, once.
func (a *auth) resolve(ctx context.Context) {
	a.once.Do(func() {
		if a.bearer || a.value == "" || len(a.value) > 100 {
			return
		}
		ses, u, err := a.svc.store.Session(ctx, hashID(a.value), a.svc.now())
		if err != nil {
			if !errors.Is(err, store.ErrNoSession) {
				a.svc.log.Warn("cannot read a session", "err", err)
			}
			return
		}
		a.ses, a.user, a.ok = ses, u, true
	})
}

type authKey struct{}

// Middleware gives every request what UserOf needs to read its session,
// or its token: a request with an Authorization header is judged by its
// token alone (token.go), and one whose token is no token is answered 401
// here.
func (s *Service) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		a := &auth{svc: s}
		if h := r.Header.Get("Authorization"); h != "" {
			if err := s.resolveToken(r, a, h); err != nil {
				s.fail(w, err)
				return
			}
		} else if c, err := r.Cookie(cookieName(r)); err == nil {
			a.value = c.Value
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), authKey{}, a)))
	})
}

// resolveToken fills a from the token of Authorization header h.
func (s *Service) resolveToken(r *http.Request, a *auth, h string) error {
	tok, err := parseBearer(h)
	if err != nil {
		return err
	}
	if s.tokens == nil {
		return fmt.Errorf("%w: this server's store keeps no tokens", wire.ErrBadToken)
	}
	t, u, err := s.tokens.Token(r.Context(), hashID(tok))
	if errors.Is(err, store.ErrNoToken) {
		return fmt.Errorf("%w: unknown or revoked token", wire.ErrBadToken)
	}
	if err != nil {
		return fmt.Errorf("%w: %v", wire.ErrStorage, err)
	}
	a.once.Do(func() {}) // nothing of the cookie's to read
	a.bearer, a.tok, a.user, a.ok = true, t, u, true
	return nil
}

// UserOf returns the account r is signed in to, or whose token it
// carries where the route lets the token act for it (Routes), and false
// for none (no session, an expired or revoked one, a token on a route
// that does not let it act, a request outside Middleware).
func UserOf(r *http.Request) (store.User, bool) {
	a, ok := r.Context().Value(authKey{}).(*auth)
	if !ok {
		return store.User{}, false
	}
	a.resolve(r.Context())
	if a.bearer && !a.acts {
		return store.User{}, false
	}
	return a.user, a.ok
}

// sessionOf returns r's account and session: a browser's, signed in with
// a cookie (a token opens no session).
func sessionOf(r *http.Request) (store.User, store.Session, bool) {
	a, ok := r.Context().Value(authKey{}).(*auth)
	if !ok || a.bearer {
		return store.User{}, store.Session{}, false
	}
	a.resolve(r.Context())
	return a.user, a.ses, a.ok
}
