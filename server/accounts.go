package server

import (
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
		RPID: cfg.RPID, RPOrigin: cfg.RPOrigin, Params: cfg.PasswordParams, CheckEvery: cfg.CredentialCheckEvery})
}
