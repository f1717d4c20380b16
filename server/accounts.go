package server

import (
	"context"

	"github.com/gambitchess/gambit/server/account"
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
	games, err := s.store.List(ctx, store.ListQuery{Player: playerID(u.Player), Mine: true, Limit: 1})
	return len(games) > 0, err
}
