package player

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/gambitchess/gambit/server/guards"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
)

// Cookie names the cookie holding a browser's player secret over
// plain http (a machine of one's own, a LAN).
const Cookie = "gambit_player"

// HostCookie is its name over TLS. The MAC stops a client from
// choosing a secret, but not an attacker from planting their own issued
// cookie in a victim's browser, who would then play in seats the attacker
// holds too (the probe did it). Planting takes a sibling subdomain, or a
// man in the middle of plain http, setting the cookie; the __Host- prefix
// makes the browser refuse a cookie of that name unless this very host
// set it, over https, Secure, with Path=/ and no Domain. So over TLS only
// that cookie counts: a plain gambit_player sent over https is ignored,
// since anyone may have planted it. Over plain http no cookie can be
// protected from the network, and the plain name is used.
const HostCookie = "__Host-" + Cookie

// cookieName is the player cookie's name for request r.
func cookieName(r *http.Request) string {
	if guards.Scheme(r) == "https" {
		return HostCookie
	}
	return Cookie
}

// cookieAge is how long a browser keeps its secret (renewed on every
// game it creates or joins).
const cookieAge = 400 * 24 * time.Hour // the longest browsers allow

// keyName is the store secret that signs player cookies.
const keyName = "player-cookie"

// ID is the id a seat records for the person holding secret.
func ID(secret string) string {
	sum := sha256.Sum256([]byte("gambit player " + secret))
	return hex.EncodeToString(sum[:16])
}

// validSecret reports whether s could be a secret NewSecret made.
func validSecret(s string) bool {
	if len(s) != 32 {
		return false
	}
	_, err := hex.DecodeString(s)
	return err == nil
}

// Cookies issues and checks player cookies for a server. It is safe for
// concurrent use.
type Cookies struct {
	secrets store.Secrets // nil: the store keeps none (a test's); the key lives as long as the process
	log     *slog.Logger

	mu  sync.Mutex
	key []byte // loaded on first use: tests use a Server without ever starting it
}

// New checks cookies against st's key when it keeps secrets.
func New(st store.Log, log *slog.Logger) *Cookies {
	p := &Cookies{log: log}
	if sec, ok := st.(store.Secrets); ok {
		p.secrets = sec
	} else {
		log.Warn("the store keeps no secrets: player cookies will not outlive this process")
	}
	return p
}

// signingKey returns the key player cookies are signed with.
func (p *Cookies) signingKey(ctx context.Context) ([]byte, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.key != nil {
		return p.key, nil
	}
	if p.secrets == nil {
		key := make([]byte, 32)
		_, _ = rand.Read(key) // crypto/rand.Read never fails
		p.key = key
		return key, nil
	}
	key, err := p.secrets.Secret(ctx, keyName, 32)
	if err != nil {
		return nil, err
	}
	p.key = key
	return key, nil
}

// cookieMAC is the MAC a cookie carries for secret under key: the
// browser's own secret, never an account's.
func cookieMAC(key []byte, secret string) string { return macOf(key, "gambit browser cookie ", secret) }

// sharedCookieMAC is the MAC the cookies issued before schema 15 carry,
// which may hold an account's secret (see prove).
func sharedCookieMAC(key []byte, secret string) string {
	return macOf(key, "gambit player cookie ", secret)
}

// macOf is the first 16 bytes, in hex, of the HMAC-SHA256 of domain and
// secret under key.
func macOf(key []byte, domain, secret string) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(domain + secret))
	return hex.EncodeToString(m.Sum(nil)[:16])
}

// issue is the cookie value for secret.
func issue(key []byte, secret string) string { return secret + "." + cookieMAC(key, secret) }

// prove reads a cookie value: the player id it proves and the value to
// renew it with (the current form), or "" for both when it proves nothing.
// It fails only when the key or the store cannot be read.
func (p *Cookies) prove(ctx context.Context, value string) (id, renew string, err error) {
	secret, mac, signed := strings.Cut(value, ".")
	if !validSecret(secret) {
		return "", "", nil
	}
	key, err := p.signingKey(ctx)
	if err != nil {
		return "", "", err
	}
	if signed && hmac.Equal([]byte(mac), []byte(cookieMAC(key, secret))) {
		return ID(secret), value, nil
	}
	if p.secrets == nil { // the key lives as long as the process: no cookie of an older release
		return "", "", nil
	}
	if signed && !hmac.Equal([]byte(mac), []byte(sharedCookieMAC(key, secret))) {
		return "", "", nil
	}
	if !signed { // a bare secret from before the MAC: issued if a stored game seats it
		seated, err := p.secrets.Seated(ctx, ID(secret))
		if err != nil || !seated {
			return "", "", err
		}
	}
	shared, err := p.secrets.SharedSecret(ctx, secret)
	if err != nil || shared {
		return "", "", err
	}
	return ID(secret), issue(key, secret), nil
}

// state is what a request's player cookie proves, worked out once
// and only if a handler asks (a request for an asset never does).
type state struct {
	p     *Cookies
	value string // the cookie as sent; "" for none
	// plainOverTLS: value is a bare secret from before the signature, sent
	// under the plain name over https (see Middleware); renewing it also
	// expires the plain cookie.
	plainOverTLS bool

	once      sync.Once
	id, renew string
	err       error
}

// resolve proves st's cookie, once.
func (st *state) resolve(ctx context.Context) (id, renew string, err error) {
	st.once.Do(func() { st.id, st.renew, st.err = st.p.prove(ctx, st.value) })
	return st.id, st.renew, st.err
}

// stateKey is the context key of a request's *state.
type stateKey struct{}

// Middleware gives each request what Of and Ensure need to read its
// cookie.
func (p *Cookies) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		st := &state{p: p}
		name := cookieName(r)
		if r.Header.Get("Authorization") != "" {
			// A program with a token: its account's player (the server's),
			// never a cookie's.
		} else if c, err := r.Cookie(name); err == nil {
			st.value = c.Value
		} else if c, err := r.Cookie(Cookie); err == nil && name == HostCookie && !strings.Contains(c.Value, ".") {
			// A bare secret from before the signature and the __Host- name,
			// when the browser has nothing newer: honoured as such secrets
			// are (a stored game must seat it), so that players on a TLS
			// site keep their seats across the upgrade. A signed plain
			// cookie over https is ignored: it was issued after the change,
			// so the browser was given the __Host- one, and a plain one
			// may have been planted.
			st.value, st.plainOverTLS = c.Value, true
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), stateKey{}, st)))
	})
}

// setCookie gives r's browser the player cookie value.
func setCookie(w http.ResponseWriter, r *http.Request, value string) {
	name := cookieName(r)
	http.SetCookie(w, &http.Cookie{Name: name, Value: value, Path: "/", MaxAge: int(cookieAge.Seconds()),
		HttpOnly: true, Secure: name == HostCookie, SameSite: http.SameSiteStrictMode})
}

// Of returns the player id r's cookie proves, or "" when r carries no
// cookie the server issued (or it cannot be checked now: the store is
// down, and the request is served as a stranger's).
func Of(r *http.Request) string {
	st, ok := r.Context().Value(stateKey{}).(*state)
	if !ok {
		return ""
	}
	id, _, err := st.resolve(r.Context())
	if err != nil {
		st.p.log.Warn("cannot check a player cookie", "err", err)
	}
	return id
}

// Ensure returns the player id r's cookie proves, giving the browser a
// freshly issued secret first when its cookie proves none. Its cookie is
// renewed either way, Secure when the request came over TLS (directly or
// by a trusted proxy's word, as guards.Scheme reads it). It fails when
// the key or the store cannot be read: a cookie that may be good is never
// replaced for that.
func Ensure(w http.ResponseWriter, r *http.Request) (string, error) {
	st, ok := r.Context().Value(stateKey{}).(*state)
	if !ok {
		return "", fmt.Errorf("%w: no player state (a handler outside Cookies.Middleware)", wire.ErrStorage)
	}
	id, value, err := st.resolve(r.Context())
	if err != nil {
		return "", fmt.Errorf("%w: player cookie: %v", wire.ErrStorage, err)
	}
	if id == "" {
		secret := NewSecret()
		if value, err = st.p.Issue(r.Context(), secret); err != nil {
			return "", fmt.Errorf("%w: player cookie: %v", wire.ErrStorage, err)
		}
		id = ID(secret)
	}
	setCookie(w, r, value)
	if st.plainOverTLS { // moved to the __Host- name: the old one goes
		http.SetCookie(w, &http.Cookie{Name: Cookie, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, Secure: true, SameSite: http.SameSiteStrictMode})
	}
	return id, nil
}

// Issue returns the cookie value for secret, signed with the key of p.
func (p *Cookies) Issue(ctx context.Context, secret string) (string, error) {
	key, err := p.signingKey(ctx)
	if err != nil {
		return "", err
	}
	return issue(key, secret), nil
}

// NewSecret returns a new player secret: 128 random bits in hex.
func NewSecret() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b) // crypto/rand.Read never fails
	return hex.EncodeToString(b)
}
