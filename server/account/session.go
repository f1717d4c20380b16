package account

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"net/http"
	"sync"
	"time"

	"github.com/gambitchess/gambit/server/guards"
	"github.com/gambitchess/gambit/store"
)

// A session is 32 random bytes, base64url, in an httpOnly cookie with
// SameSite=Lax (a link from another site arrives signed in; a cross-site
// POST does not, and guards.Secure refuses it anyway). The store keeps its
// SHA-256 only, so reading the database signs no one in; the hash (hex)
// is the session's public id, which its owner lists and revokes.

// sessionCookie names the cookie over plain http; over TLS it is
// hostSessionCookie, Secure, which only this very host can set (see
// server/player.go for why the __Host- prefix matters).
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
}

// resolve reads the session from the store, once.
func (a *auth) resolve(ctx context.Context) {
	a.once.Do(func() {
		if a.value == "" || len(a.value) > 100 {
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

// Middleware gives every request what UserOf needs to read its session.
func (s *Service) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		a := &auth{svc: s}
		if c, err := r.Cookie(cookieName(r)); err == nil {
			a.value = c.Value
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), authKey{}, a)))
	})
}

// UserOf returns the account r is signed in to, and false for none (no
// session, an expired or revoked one, a request outside Middleware).
func UserOf(r *http.Request) (store.User, bool) {
	u, _, ok := sessionOf(r)
	return u, ok
}

// sessionOf returns r's account and session.
func sessionOf(r *http.Request) (store.User, store.Session, bool) {
	a, ok := r.Context().Value(authKey{}).(*auth)
	if !ok {
		return store.User{}, store.Session{}, false
	}
	a.resolve(r.Context())
	return a.user, a.ses, a.ok
}
