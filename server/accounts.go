package server

import (
	"github.com/gambitchess/gambit/server/account"
	"github.com/gambitchess/gambit/store"
)

// accountService returns the account service of s, nil when its store keeps no
// accounts (a test's store).
func (s *Server) accountService(signup bool, rpID, rpOrigin string) *account.Service {
	st, ok := s.store.(store.Accounts)
	if !ok {
		return nil
	}
	return account.New(account.Config{Store: st, Signup: signup, Now: s.now, Logger: s.log,
		Anonymize: s.anonymize, RPID: rpID, RPOrigin: rpOrigin})
}
