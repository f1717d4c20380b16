// Package account serves the accounts: sign-up, sign-in with a password
// or a passkey, the sessions (listed, revoked one by one or all at once),
// a password change and deleting an account; the personal access tokens
// programs send (token.go, with lichess's token test, tokentest.go) and
// bot accounts (bot.go). It knows no game: what it needs of them (whether
// an account has played, before it becomes a bot) it asks through
// Config.HasGames.
//
//	svc := account.New(account.Config{Store: st, Signup: true, HasGames: hasGames})
//	rs := account.NewRoutes(mux, fail)
//	svc.Register(rs)           // POST /api/signup, /api/login, /api/token, ...
//	h := svc.Middleware(mux)   // account.UserOf(r) in every handler
//
// Passwords are hashed with argon2id (password.go); a session is a random
// id in an httpOnly cookie, kept by the store as its SHA-256 (session.go).
package account
