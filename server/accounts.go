package server

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/gambitchess/gambit/server/account"
	"github.com/gambitchess/gambit/store"
)

// accountPlayers is the player cookie as package account reaches it: a
// signed-in browser holds its account's player secret, so the account's
// seats are its on every device, and the games a browser played before
// signing up are the new account's (its secret becomes the account's).
type accountPlayers struct{ s *Server }

var _ account.Players = accountPlayers{}

// Secret implements account.Players.
func (p accountPlayers) Secret(w http.ResponseWriter, r *http.Request) (string, error) {
	st, ok := r.Context().Value(playerKey{}).(*playerState)
	if !ok {
		return "", fmt.Errorf("%w: no player state", ErrStorage)
	}
	if st.fresh != "" { // set by Use or Fresh earlier in this request
		return st.fresh, nil
	}
	id, value, err := st.resolve(r.Context())
	if err != nil {
		return "", fmt.Errorf("%w: player cookie: %v", ErrStorage, err)
	}
	if id == "" { // none the server issued: a new one
		secret := randomToken()
		return secret, p.Use(w, r, secret)
	}
	if _, err := ensurePlayer(w, r); err != nil { // renewed, signed if it was bare
		return "", err
	}
	secret, _, _ := strings.Cut(value, ".")
	return secret, nil
}

// Use implements account.Players.
func (p accountPlayers) Use(w http.ResponseWriter, r *http.Request, secret string) error {
	if !validSecret(secret) {
		return fmt.Errorf("%w: the account's player secret is malformed", ErrStorage)
	}
	key, err := p.s.players.signingKey(r.Context())
	if err != nil {
		return fmt.Errorf("%w: player cookie: %v", ErrStorage, err)
	}
	setPlayerCookie(w, r, issue(key, secret))
	if st, ok := r.Context().Value(playerKey{}).(*playerState); ok {
		st.fresh = secret
	}
	return nil
}

// Fresh implements account.Players.
func (p accountPlayers) Fresh(w http.ResponseWriter, r *http.Request) error {
	return p.Use(w, r, randomToken())
}

// accountService returns the account service of s, nil when its store keeps no
// accounts (a test's store).
func (s *Server) accountService(signup bool, rpID, rpOrigin string) *account.Service {
	st, ok := s.store.(store.Accounts)
	if !ok {
		return nil
	}
	return account.New(account.Config{Store: st, Players: accountPlayers{s}, Signup: signup, Now: s.now, Logger: s.log,
		Anonymize: s.anonymize, RPID: rpID, RPOrigin: rpOrigin})
}
