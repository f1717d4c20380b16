// Package account serves the accounts: sign-up, sign-in with a password,
// the sessions (listed, revoked one by one or all at once), a password
// change and deleting an account. It knows no game: a signed-in browser
// shares the account's player secret (see Players), so the account's seats
// and games are those of that secret.
//
//	svc := account.New(account.Config{Store: st, Players: players, Signup: true})
//	svc.Register(mux)          // POST /api/signup, /api/login, ...
//	h := svc.Middleware(mux)   // account.UserOf(r) in every handler
//
// Passwords are hashed with argon2id (password.go); a session is a random
// id in an httpOnly cookie, kept by the store as its SHA-256 (session.go).
package account
