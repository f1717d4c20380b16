package account

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
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

// Players is how the accounts reach the browser's player secret (the
// player cookie of package server): a signed-in browser plays with its
// account's secret, so the account's seats are its on every device.
type Players interface {
	// Secret returns the player secret of r's browser, issuing it one
	// first when it has none.
	Secret(w http.ResponseWriter, r *http.Request) (string, error)
	// Use makes secret the player secret of r's browser.
	Use(w http.ResponseWriter, r *http.Request, secret string) error
	// Fresh gives r's browser a new player secret, its own.
	Fresh(w http.ResponseWriter, r *http.Request) error
}

// Config holds a Service's dependencies.
type Config struct {
	Store   store.Accounts
	Players Players
	// Signup lets anyone make an account (POST /api/signup); false
	// answers it signup_closed.
	Signup bool
	// Params are the password hashes' costs (DefaultParams when zero).
	Params Params
	Now    func() time.Time
	Logger *slog.Logger
	// LoginPerMinute is how many sign-in attempts one address may make a
	// minute (10 when zero, in a burst of as many), and AccountPerMinute
	// how many one account may receive from anywhere (5 when zero, in a
	// burst of 10): a guesser spread over many addresses still meets
	// the second. SignupPerMinute is sign-ups per address (1 when zero,
	// in a burst of 5).
	LoginPerMinute, AccountPerMinute, SignupPerMinute int
	// Anonymize, when set, makes the games of an account about to be
	// deleted forget its name (they stay); the deletion waits for it,
	// and fails, the account kept, when it fails (it can be retried).
	Anonymize func(ctx context.Context, u store.User) error
	// RPID and RPOrigin are the passkeys' relying party (the site's
	// domain, and its origin, https://example.org); each request's own
	// host when empty (RPID from RPOrigin when only that is set).
	RPID, RPOrigin string
}

// Service answers the account endpoints.
type Service struct {
	store  store.Accounts
	tokens store.Tokens // nil: the store keeps none
	// passkeys is nil when the store keeps none.
	passkeys       store.Passkeys
	rpID, rpOrigin string
	players        Players
	signup         bool
	params         Params
	now            func() time.Time
	log            *slog.Logger

	loginByAddr, loginByAccount, signupByAddr *guards.Limiter
	// dummyHash is verified against when a username is unknown, so that
	// the answer takes as long as for a wrong password. It is made at the
	// first sign-in, not at start: hashing costs the start-up ~20 MiB and
	// tens of milliseconds.
	dummyHash func() string
	anonymize func(ctx context.Context, u store.User) error

	passkeyLimits passkeyLimits // registration begins (passkey.go)
}

// New returns a Service.
func New(cfg Config) *Service {
	if cfg.Params == (Params{}) {
		cfg.Params = DefaultParams
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	orDefault := func(v, d int) int {
		if v <= 0 {
			return d
		}
		return v
	}
	login, perAccount, signup := orDefault(cfg.LoginPerMinute, 10), orDefault(cfg.AccountPerMinute, 5), orDefault(cfg.SignupPerMinute, 1)
	params := cfg.Params
	dummy := sync.OnceValue(func() string {
		h, _ := params.Hash("not a password anyone has: " + hex.EncodeToString(randomBytes(16)))
		return h
	})
	tokens, _ := cfg.Store.(store.Tokens)
	passkeys, _ := cfg.Store.(store.Passkeys)
	return &Service{store: cfg.Store, tokens: tokens, passkeys: passkeys, rpID: cfg.RPID, rpOrigin: strings.TrimSuffix(cfg.RPOrigin, "/"), players: cfg.Players, signup: cfg.Signup, params: cfg.Params, now: cfg.Now, log: cfg.Logger,
		loginByAddr: guards.NewLimiter(login, login, cfg.Now), loginByAccount: guards.NewLimiter(perAccount, 2*perAccount, cfg.Now),
		signupByAddr: guards.NewLimiter(signup, 5*signup, cfg.Now), dummyHash: dummy, anonymize: cfg.Anonymize,
		passkeyLimits: newPasskeyLimits(cfg.Now)}
}

func randomBytes(n int) []byte {
	b := make([]byte, n)
	_, _ = rand.Read(b) // crypto/rand.Read never fails
	return b
}

// Register adds the account endpoints to mux (GET /api/account, which
// answers with the ratings, is package server's).
func (s *Service) Register(mux *http.ServeMux) {
	mux.HandleFunc("POST /api/signup", s.handleSignup)
	mux.HandleFunc("POST /api/login", s.handleLogin)
	mux.HandleFunc("POST /api/logout", s.handleLogout)
	mux.HandleFunc("POST /api/logout/all", s.handleLogoutAll)
	mux.HandleFunc("GET /api/session", s.handleSession)
	mux.HandleFunc("GET /api/account/sessions", s.handleSessions)
	mux.HandleFunc("DELETE /api/account/sessions/{id}", s.handleRevoke)
	mux.HandleFunc("POST /api/account/password", s.handlePassword)
	mux.HandleFunc("DELETE /api/account", s.handleDelete)
	s.registerTokens(mux)
	s.registerPasskeys(mux)
}

// accountJSON is what GET /api/account answers, and sign-up and sign-in.
type accountJSON struct {
	Username  string    `json:"username"`
	CreatedAt time.Time `json:"createdAt"`
}

// sessionJSON is one session as its owner sees it.
type sessionJSON struct {
	ID        string    `json:"id"`
	Agent     string    `json:"agent"`
	CreatedAt time.Time `json:"createdAt"`
	Current   bool      `json:"current"`
}

// take takes a token for key from l, or says how long to wait.
func take(l *guards.Limiter, key, what string) error {
	if retry, ok := l.Take(key); !ok {
		return guards.RateLimited(retry, "too many %s, wait a little", what)
	}
	return nil
}

func (s *Service) handleSignup(w http.ResponseWriter, r *http.Request) {
	if !s.signup {
		s.fail(w, wire.ErrSignupClosed)
		return
	}
	data, ok := s.body(w, r)
	if !ok {
		return
	}
	c, err := parseCredentials(data)
	if err == nil {
		err = CheckName(c.Username)
	}
	if err == nil {
		err = CheckPassword(c.Password, c.Username)
	}
	if err == nil {
		err = take(s.signupByAddr, guards.ClientAddress(r), "sign-ups")
	}
	if err != nil {
		s.fail(w, err)
		return
	}
	u, err := s.createUser(w, r, c)
	if err != nil {
		s.fail(w, err)
		return
	}
	if err := s.startSession(w, r, u); err != nil {
		s.fail(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, accountJSON{Username: u.Name, CreatedAt: u.CreatedAt})
}

// createUser makes the account, with the browser's player secret: the
// games it played before signing up are the account's. A browser still
// signed in to another account, or whose secret another account has,
// starts a secret of its own.
func (s *Service) createUser(w http.ResponseWriter, r *http.Request, c credentials) (store.User, error) {
	hash, err := s.params.Hash(c.Password)
	if err != nil {
		return store.User{}, err
	}
	if _, signedIn := UserOf(r); signedIn {
		if err := s.players.Fresh(w, r); err != nil {
			return store.User{}, err
		}
	}
	for range 2 {
		secret, err := s.players.Secret(w, r)
		if err != nil {
			return store.User{}, err
		}
		u := store.User{ID: "u" + hex.EncodeToString(randomBytes(12)), Name: c.Username, Password: hash, Player: secret, CreatedAt: s.now().UTC()}
		err = s.store.CreateUser(r.Context(), u)
		if err == nil {
			return u, nil
		}
		if !errors.Is(err, store.ErrNameTaken) {
			return store.User{}, fmt.Errorf("%w: %v", wire.ErrStorage, err)
		}
		if _, err := s.store.UserByName(r.Context(), c.Username); !errors.Is(err, store.ErrNoUser) {
			return store.User{}, fmt.Errorf("%w: %q", store.ErrNameTaken, c.Username)
		}
		// The name is free: the player secret was another account's.
		if err := s.players.Fresh(w, r); err != nil {
			return store.User{}, err
		}
	}
	return store.User{}, fmt.Errorf("%w: could not make the account, try again", wire.ErrBusy)
}

// startSession signs r's browser in to u: a new session, its cookie, and
// the account's player secret.
func (s *Service) startSession(w http.ResponseWriter, r *http.Request, u store.User) error {
	id, hash := newSessionID()
	now := s.now().UTC()
	agent := wire.Shorten(r.UserAgent(), 120)
	if err := s.store.CreateSession(r.Context(), store.Session{Hash: hash, UserID: u.ID, Agent: agent, CreatedAt: now, ExpiresAt: now.Add(SessionAge)}); err != nil {
		return fmt.Errorf("%w: %v", wire.ErrStorage, err)
	}
	setCookie(w, r, id)
	return s.players.Use(w, r, u.Player)
}

func (s *Service) handleLogin(w http.ResponseWriter, r *http.Request) {
	data, ok := s.body(w, r)
	if !ok {
		return
	}
	c, err := parseCredentials(data)
	if err == nil {
		err = take(s.loginByAddr, guards.ClientAddress(r), "sign-in attempts")
	}
	if err == nil && len(c.Username) <= MaxName {
		err = take(s.loginByAccount, strings.ToLower(c.Username), "sign-in attempts for this account")
	}
	if err != nil {
		s.fail(w, err)
		return
	}
	u, err := s.checkPassword(r, c.Username, c.Password)
	if err != nil {
		s.fail(w, err)
		return
	}
	if err := s.startSession(w, r, u); err != nil {
		s.fail(w, err)
		return
	}
	writeJSON(w, http.StatusOK, accountJSON{Username: u.Name, CreatedAt: u.CreatedAt})
}

// checkPassword returns the account named name if password is its own,
// else ErrBadCredentials, the same for an unknown name (whose check takes
// as long: a dummy hash is verified). A hash made with weaker parameters
// than the service's is made again.
func (s *Service) checkPassword(r *http.Request, name, password string) (store.User, error) {
	u, err := s.store.UserByName(r.Context(), name)
	if err != nil && !errors.Is(err, store.ErrNoUser) {
		return u, fmt.Errorf("%w: %v", wire.ErrStorage, err)
	}
	hash := u.Password
	if err != nil || hash == "" {
		hash = s.dummyHash()
	}
	if ok := Verify(hash, password); !ok || err != nil || u.Password == "" {
		return store.User{}, wire.ErrBadCredentials
	}
	if s.params.NeedsRehash(u.Password) {
		if h, err := s.params.Hash(password); err == nil {
			if err := s.store.SetPassword(r.Context(), u.ID, h); err != nil {
				s.log.Warn("cannot store a rehashed password", "err", err)
			}
		}
	}
	return u, nil
}

func (s *Service) handleLogout(w http.ResponseWriter, r *http.Request) {
	if u, ses, ok := sessionOf(r); ok {
		if err := s.store.DeleteSession(r.Context(), u.ID, ses.Hash); err != nil && !errors.Is(err, store.ErrNoSession) {
			s.fail(w, fmt.Errorf("%w: %v", wire.ErrStorage, err))
			return
		}
	}
	s.signOut(w, r)
}

// signOut takes the session cookie away and gives the browser a player
// secret of its own: what it plays next is no longer the account's.
func (s *Service) signOut(w http.ResponseWriter, r *http.Request) {
	setCookie(w, r, "")
	if err := s.players.Fresh(w, r); err != nil {
		s.fail(w, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// signedIn returns r's account and session, or answers signed_out.
func (s *Service) signedIn(w http.ResponseWriter, r *http.Request) (store.User, store.Session, bool) {
	u, ses, ok := sessionOf(r)
	if !ok {
		s.fail(w, wire.ErrSignedOut)
	}
	return u, ses, ok
}

// signedInBody is the shape the signed-in account's changes share: r's
// account and session and its body, or the answer already given
// (signed_out, or a body too large) and false.
func (s *Service) signedInBody(w http.ResponseWriter, r *http.Request) (store.User, store.Session, []byte, bool) {
	u, ses, ok := s.signedIn(w, r)
	if !ok {
		return u, ses, nil, false
	}
	data, ok := s.body(w, r)
	return u, ses, data, ok
}

// body reads r's body (readBody), or answers why not and returns false.
func (s *Service) body(w http.ResponseWriter, r *http.Request) ([]byte, bool) {
	data, err := readBody(w, r)
	if err != nil {
		s.fail(w, err)
		return nil, false
	}
	return data, true
}

func (s *Service) handleLogoutAll(w http.ResponseWriter, r *http.Request) {
	u, _, ok := s.signedIn(w, r)
	if !ok {
		return
	}
	if err := s.store.DeleteSessions(r.Context(), u.ID, ""); err != nil {
		s.fail(w, fmt.Errorf("%w: %v", wire.ErrStorage, err))
		return
	}
	s.signOut(w, r)
}

// handleSession answers who r is signed in as, {} for no one: the page's
// probe, never an error (GET /api/account answers 401 to a program
// without an account, as lichess's does).
func (s *Service) handleSession(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	u, ok := UserOf(r)
	if !ok {
		writeJSON(w, http.StatusOK, struct{}{})
		return
	}
	writeJSON(w, http.StatusOK, accountJSON{Username: u.Name, CreatedAt: u.CreatedAt})
}

func (s *Service) handleSessions(w http.ResponseWriter, r *http.Request) {
	u, cur, ok := s.signedIn(w, r)
	if !ok {
		return
	}
	list, err := s.store.Sessions(r.Context(), u.ID, s.now())
	if err != nil {
		s.fail(w, fmt.Errorf("%w: %v", wire.ErrStorage, err))
		return
	}
	out := make([]sessionJSON, len(list))
	for i, ss := range list {
		out[i] = sessionJSON{ID: ss.Hash, Agent: ss.Agent, CreatedAt: ss.CreatedAt, Current: ss.Hash == cur.Hash}
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, out)
}

func (s *Service) handleRevoke(w http.ResponseWriter, r *http.Request) {
	u, cur, ok := s.signedIn(w, r)
	if !ok {
		return
	}
	id := r.PathValue("id")
	if len(id) != 64 {
		s.fail(w, fmt.Errorf("%w: no such session", store.ErrNoSession))
		return
	}
	if err := s.store.DeleteSession(r.Context(), u.ID, id); err != nil {
		if errors.Is(err, store.ErrNoSession) {
			s.fail(w, fmt.Errorf("%w: no such session", store.ErrNotFound))
			return
		}
		s.fail(w, fmt.Errorf("%w: %v", wire.ErrStorage, err))
		return
	}
	if id == cur.Hash {
		s.signOut(w, r)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// confirmPassword asks a signed-in account's password again before a
// change that needs it (a new password, the account's deletion), within
// the account's limit of password attempts.
func (s *Service) confirmPassword(r *http.Request, u store.User, password string) error {
	if err := take(s.loginByAccount, strings.ToLower(u.Name), "password attempts for this account"); err != nil {
		return err
	}
	_, err := s.checkPassword(r, u.Name, password)
	return err
}

func (s *Service) handlePassword(w http.ResponseWriter, r *http.Request) {
	u, cur, data, ok := s.signedInBody(w, r)
	if !ok {
		return
	}
	c, err := parsePasswordChange(data)
	if err == nil {
		err = s.confirmPassword(r, u, c.Current)
	}
	if err == nil {
		err = CheckPassword(c.New, u.Name)
	}
	var hash string
	if err == nil {
		hash, err = s.params.Hash(c.New)
	}
	if err == nil {
		err = s.store.SetPassword(r.Context(), u.ID, hash)
	}
	if err == nil { // the other sessions may be whoever knew the old password
		err = s.store.DeleteSessions(r.Context(), u.ID, cur.Hash)
	}
	if err != nil {
		s.fail(w, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Service) handleDelete(w http.ResponseWriter, r *http.Request) {
	u, _, data, ok := s.signedInBody(w, r)
	if !ok {
		return
	}
	c, err := parsePasswordOnly(data)
	if err == nil {
		err = s.confirmPassword(r, u, c.Password)
	}
	if err == nil && s.anonymize != nil {
		err = s.anonymize(r.Context(), u)
	}
	if err == nil {
		err = s.store.DeleteUser(r.Context(), u.ID)
	}
	if err != nil {
		s.fail(w, err)
		return
	}
	s.signOut(w, r)
}

// fail answers err as every server error is answered: its status, and
// {"code","message","retryAfter"}.
func (s *Service) fail(w http.ResponseWriter, err error) {
	status, code := wire.Code(err)
	if status >= 500 {
		s.log.Error("account request failed", "err", err)
	}
	retry := wire.RetryAfter(err)
	if retry > 0 {
		w.Header().Set("Retry-After", fmt.Sprint(retry))
	}
	body := struct {
		Code       string `json:"code"`
		Message    string `json:"message"`
		RetryAfter int    `json:"retryAfter,omitempty"`
	}{code, wire.Message(err), retry}
	writeJSON(w, status, body)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
