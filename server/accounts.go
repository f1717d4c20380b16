package server

import (
	"context"
	"fmt"
	"net/http"

	"github.com/gambitchess/gambit/server/account"
	"github.com/gambitchess/gambit/server/player"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
)

// accountService returns the account service of s, nil when its store keeps no
// accounts (a test's store).
func (s *Server) accountService(cfg Config) *account.Service {
	st, ok := s.store.(store.Accounts)
	if !ok {
		return nil
	}
	return account.New(account.Config{Store: st, Signup: !cfg.NoSignup, Now: s.now, Logger: s.log, Anonymize: s.anonymize,
		RPID: cfg.RPID, RPOrigin: cfg.RPOrigin, Params: cfg.PasswordParams, CheckEvery: cfg.CredentialCheckEvery, HasGames: s.hasGames})
}

// hasGames reports whether account u holds a seat in any game the store
// keeps, whatever its state (what "has played" means for a bot upgrade,
// see account/bot.go). Every game is stored as it is made, before anyone
// moves, with its seats' player ids, and an account's seats record its
// player id: one listing of the account's own games, one long, answers.
func (s *Server) hasGames(ctx context.Context, u store.User) (bool, error) {
	games, err := s.store.List(ctx, store.ListQuery{Player: player.ID(u.Player), Mine: true, Limit: 1})
	return len(games) > 0, err
}

// Who asks: an account, while a request is signed in to one (a live
// session, or a token the route lets act for the account), else a
// browser by its player cookie (package player). An account has a
// player secret of its own, which never leaves the server: its seats are
// the account's on every device for as long as the session or token
// lives, and on none after.

// playerOf returns the id of the person making r: its account's player,
// while r is signed in to one; else its browser's cookie's (player.Of),
// "" for a stranger.
func playerOf(r *http.Request) string {
	if id, ok := accountPlayer(r); ok {
		return id
	}
	return player.Of(r)
}

// ensurePlayer returns the id of the person making r, as playerOf does,
// giving a browser that is signed in to no account a freshly issued
// secret first when its cookie proves none (player.Ensure). It fails
// when the cookie cannot be checked or issued, for a bot account (a bot
// plays by challenge) and for a program whose token may not act here.
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
	return player.Ensure(w, r)
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
	return player.ID(u.Player), true
}
