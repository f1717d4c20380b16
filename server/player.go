package server

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

	"github.com/gambitchess/gambit/server/account"
	"github.com/gambitchess/gambit/server/guards"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
)

// A person is known by a secret their browser keeps in an httpOnly cookie:
// never in a URL, never readable by the page's scripts. A seat records the
// player id, a hash of that secret, so whoever holds the secret plays the
// seat in any tab, and the store (or a log) holding player ids gives no one
// a seat. One secret for all of a browser's games lets a rematch, a lobby
// challenge or a quick pairing seat a person with no secret handed over.
//
// An account has a player secret of its own, which never leaves the
// server: a browser signed in to the account (a live session) or a program
// with its token plays as the account's player id, and the moment the
// session or token ends, so does every seat of the account on that device
// (playerOf). The browser's cookie keeps the browser's own secret all the
// while, so the games it played before signing in stay its own: while
// signed in it is the account (and watches those games), and once signed
// out it plays them again. One id a request keeps the seats simple: a
// browser signing in in the middle of an anonymous game keeps the socket
// it has, and meets the game as a spectator when it reconnects. (Until schema 15 the account's secret was put in the cookie of
// every browser signed in to it, and a device signed out kept it: such
// secrets are refused, see store.Secrets.SharedSecret.)
//
// The server honours only secrets it issued, or a client could choose its
// own (or have one planted in a victim's browser, a sibling subdomain can
// set cookies) and play as whoever then uses it: cookie fixation. The
// cookie is "secret.mac": the secret (32 hex digits, 128 random bits) and
// an HMAC-SHA256 of it under the server's key (its first 16 bytes, in
// hex). The key is a store secret (store.Secrets): made once, the same
// for every node on one database and after every restart, so no operator
// has to hand it out. A cookie whose MAC does not check, or that is not a
// cookie at all, proves nothing: it holds no seat, and the next create or
// join replaces it with a fresh issued one (a plain read leaves it alone:
// a cacheable answer never sets a cookie).
//
// The cookies issued before schema 15 carry a MAC of another domain
// (sharedCookieMAC), since any of them may hold an account's secret: one
// is honoured when its secret is no account's shared secret (a look-up),
// and the next create or join gives the browser the same secret under the
// current MAC. The cookies from before the MAC (the bare secret) are
// honoured when a stored game seats them (they were issued by a server,
// as before the MAC the seats recorded only secrets a server had set, or
// that their holder chose for themselves and still holds) and they are no
// shared secret; the set of such secrets honoured can only shrink. Each
// request carrying an old cookie costs an indexed look-up or two until
// the browser has its current one.

// playerCookie names the cookie holding a browser's player secret over
// plain http (a machine of one's own, a LAN).
const playerCookie = "gambit_player"

// hostPlayerCookie is its name over TLS. The MAC stops a client from
// choosing a secret, but not an attacker from planting their own issued
// cookie in a victim's browser, who would then play in seats the attacker
// holds too (the probe did it). Planting takes a sibling subdomain, or a
// man in the middle of plain http, setting the cookie; the __Host- prefix
// makes the browser refuse a cookie of that name unless this very host
// set it, over https, Secure, with Path=/ and no Domain. So over TLS only
// that cookie counts: a plain gambit_player sent over https is ignored,
// since anyone may have planted it. Over plain http no cookie can be
// protected from the network, and the plain name is used.
const hostPlayerCookie = "__Host-" + playerCookie

// playerCookieName is the player cookie's name for request r.
func playerCookieName(r *http.Request) string {
	if guards.Scheme(r) == "https" {
		return hostPlayerCookie
	}
	return playerCookie
}

// playerCookieAge is how long a browser keeps its secret (renewed on every
// game it creates or joins).
const playerCookieAge = 400 * 24 * time.Hour // the longest browsers allow

// playerKeyName is the store secret that signs player cookies.
const playerKeyName = "player-cookie"

// playerID is the id a seat records for the person holding secret.
func playerID(secret string) string {
	sum := sha256.Sum256([]byte("gambit player " + secret))
	return hex.EncodeToString(sum[:16])
}

// validSecret reports whether s could be a secret randomToken made.
func validSecret(s string) bool {
	if len(s) != 32 {
		return false
	}
	_, err := hex.DecodeString(s)
	return err == nil
}

// players issues and checks player cookies for a server.
type players struct {
	secrets store.Secrets // nil: the store keeps none (a test's); the key lives as long as the process
	log     *slog.Logger

	mu  sync.Mutex
	key []byte // loaded on first use: tests use a Server without ever starting it
}

// newPlayers checks cookies against st's key when it keeps secrets.
func newPlayers(st store.Log, log *slog.Logger) *players {
	p := &players{log: log}
	if sec, ok := st.(store.Secrets); ok {
		p.secrets = sec
	} else {
		log.Warn("the store keeps no secrets: player cookies will not outlive this process")
	}
	return p
}

// signingKey returns the key player cookies are signed with.
func (p *players) signingKey(ctx context.Context) ([]byte, error) {
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
	key, err := p.secrets.Secret(ctx, playerKeyName, 32)
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
func (p *players) prove(ctx context.Context, value string) (id, renew string, err error) {
	secret, mac, signed := strings.Cut(value, ".")
	if !validSecret(secret) {
		return "", "", nil
	}
	key, err := p.signingKey(ctx)
	if err != nil {
		return "", "", err
	}
	if signed && hmac.Equal([]byte(mac), []byte(cookieMAC(key, secret))) {
		return playerID(secret), value, nil
	}
	if p.secrets == nil { // the key lives as long as the process: no cookie of an older release
		return "", "", nil
	}
	if signed && !hmac.Equal([]byte(mac), []byte(sharedCookieMAC(key, secret))) {
		return "", "", nil
	}
	if !signed { // a bare secret from before the MAC: issued if a stored game seats it
		seated, err := p.secrets.Seated(ctx, playerID(secret))
		if err != nil || !seated {
			return "", "", err
		}
	}
	shared, err := p.secrets.SharedSecret(ctx, secret)
	if err != nil || shared {
		return "", "", err
	}
	return playerID(secret), issue(key, secret), nil
}

// playerState is what a request's player cookie proves, worked out once
// and only if a handler asks (a request for an asset never does).
type playerState struct {
	p     *players
	value string // the cookie as sent; "" for none
	// plainOverTLS: value is a bare secret from before the signature, sent
	// under the plain name over https (see withPlayer); renewing it also
	// expires the plain cookie.
	plainOverTLS bool

	once      sync.Once
	id, renew string
	err       error
}

// resolve proves st's cookie, once.
func (st *playerState) resolve(ctx context.Context) (id, renew string, err error) {
	st.once.Do(func() { st.id, st.renew, st.err = st.p.prove(ctx, st.value) })
	return st.id, st.renew, st.err
}

// playerKey is the context key of a request's *playerState.
type playerKey struct{}

// withPlayer gives each request what playerOf and ensurePlayer need to
// read its cookie.
func (s *Server) withPlayer(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		st := &playerState{p: s.players}
		name := playerCookieName(r)
		if r.Header.Get("Authorization") != "" {
			// A program with a token: its account's player (bearerPlayer),
			// never a cookie's.
		} else if c, err := r.Cookie(name); err == nil {
			st.value = c.Value
		} else if c, err := r.Cookie(playerCookie); err == nil && name == hostPlayerCookie && !strings.Contains(c.Value, ".") {
			// A bare secret from before the signature and the __Host- name,
			// when the browser has nothing newer: honoured as such secrets
			// are (a stored game must seat it), so that players on a TLS
			// site keep their seats across the upgrade. A signed plain
			// cookie over https is ignored: it was issued after the change,
			// so the browser was given the __Host- one, and a plain one
			// may have been planted.
			st.value, st.plainOverTLS = c.Value, true
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), playerKey{}, st)))
	})
}

// playerOf returns the id of the person making r: its account's player,
// while r is signed in to one (a live session, or a token the route lets
// act for the account); else its browser's, or "" when r carries no cookie
// the server issued (or it cannot be checked now: the store is down, and
// the request is served as a stranger's).
func playerOf(r *http.Request) string {
	if id, ok := accountPlayer(r); ok {
		return id
	}
	st, ok := r.Context().Value(playerKey{}).(*playerState)
	if !ok {
		return ""
	}
	id, _, err := st.resolve(r.Context())
	if err != nil {
		st.p.log.Warn("cannot check a player cookie", "err", err)
	}
	return id
}

// ensurePlayer returns the id of the person making r, as playerOf does,
// giving a browser that is signed in to no account a freshly issued
// secret first when its cookie proves none. Its cookie is renewed either
// way, Secure when the request came over TLS (directly or by a trusted
// proxy's word, as guards.Scheme reads it). It fails when the key or the
// store cannot be read (a cookie that may be good is never replaced for
// that), and for a program whose token may not act here.
func ensurePlayer(w http.ResponseWriter, r *http.Request) (string, error) {
	if u, ok := account.UserOf(r); ok && u.Title == store.TitleBot {
		return "", fmt.Errorf("%w: challenge it, or have it challenge (POST /api/challenge/{username})", wire.ErrBotAccount)
	}
	if id, ok := accountPlayer(r); ok { // signed in: the account's seats, no cookie to set
		return id, nil
	}
	if account.IsBearer(r) {
		return "", fmt.Errorf("%w: this token may not act for its account here", wire.ErrMissingScope)
	}
	st, ok := r.Context().Value(playerKey{}).(*playerState)
	if !ok {
		return "", fmt.Errorf("%w: no player state (a handler outside Server.Handler)", ErrStorage)
	}
	id, value, err := st.resolve(r.Context())
	if err != nil {
		return "", fmt.Errorf("%w: player cookie: %v", ErrStorage, err)
	}
	if id == "" {
		key, err := st.p.signingKey(r.Context())
		if err != nil {
			return "", fmt.Errorf("%w: player cookie: %v", ErrStorage, err)
		}
		secret := randomToken()
		id, value = playerID(secret), issue(key, secret)
	}
	setPlayerCookie(w, r, value)
	if st.plainOverTLS { // moved to the __Host- name: the old one goes
		http.SetCookie(w, &http.Cookie{Name: playerCookie, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, Secure: true, SameSite: http.SameSiteStrictMode})
	}
	return id, nil
}

// setPlayerCookie gives r's browser the player cookie value.
func setPlayerCookie(w http.ResponseWriter, r *http.Request, value string) {
	name := playerCookieName(r)
	http.SetCookie(w, &http.Cookie{Name: name, Value: value, Path: "/", MaxAge: int(playerCookieAge.Seconds()),
		HttpOnly: true, Secure: name == hostPlayerCookie, SameSite: http.SameSiteStrictMode})
}

// accountPlayer returns the player id of the account r acts for: its
// session's, or its token's where the route lets the token act for it
// (account.UserOf); a bot account's browser has none (it watches: a bot
// plays through the Bot API). Its seats are the account's on every device for as
// long as the session or token lives, and on none after.
func accountPlayer(r *http.Request) (string, bool) {
	u, ok := account.UserOf(r)
	switch {
	case !ok:
		return "", false
	case u.Title == store.TitleBot: // a bot plays through the Bot API only: elsewhere it watches
		return "", true
	}
	return playerID(u.Player), true
}
