package server

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"time"
)

// A person is known by a secret their browser keeps in an httpOnly cookie:
// never in a URL, never readable by the page's scripts. A seat records the
// player id, a hash of that secret, so whoever holds the secret plays the
// seat in any tab, and the store (or a log) holding player ids gives no one
// a seat. One secret for all of a browser's games lets a rematch, a lobby
// challenge or a quick pairing seat a person with no secret handed over.

// playerCookie names the cookie holding a browser's player secret.
const playerCookie = "gambit_player"

// playerCookieAge is how long a browser keeps its secret (renewed on every
// game it creates or joins).
const playerCookieAge = 400 * 24 * time.Hour // the longest browsers allow

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

// playerOf returns the id of the person making r, or "" when r carries no
// (well-formed) secret.
func playerOf(r *http.Request) string {
	c, err := r.Cookie(playerCookie)
	if err != nil || !validSecret(c.Value) {
		return ""
	}
	return playerID(c.Value)
}

// ensurePlayer returns the id of the person making r, giving the browser a
// new secret first when it has none. The cookie is renewed either way.
func ensurePlayer(w http.ResponseWriter, r *http.Request) string {
	secret := ""
	if c, err := r.Cookie(playerCookie); err == nil && validSecret(c.Value) {
		secret = c.Value
	} else {
		secret = randomToken()
	}
	http.SetCookie(w, &http.Cookie{Name: playerCookie, Value: secret, Path: "/", MaxAge: int(playerCookieAge.Seconds()),
		HttpOnly: true, Secure: r.TLS != nil, SameSite: http.SameSiteStrictMode})
	return playerID(secret)
}
