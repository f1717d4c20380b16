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

// Config holds a Service's dependencies.
type Config struct {
	Store store.Accounts
	// Signup lets anyone make an account (POST /api/signup); false
	// answers it signup_closed.
	Signup bool
	// Params are the password hashes' costs (DefaultParams when zero).
	Params Params
	Now    func() time.Time
	Logger *slog.Logger
	// The sign-in limits, a minute (limits.go): LoginPerMinute attempts
	// from one address (10 when zero, in a burst of as many);
	// AccountPerMinute on one account from one address (5, in a burst of
	// 10); UnknownDevicesPerMinute on one account from every browser that
	// never signed in to it (30, in a burst of 60), which a guesser spread
	// over many addresses meets; DevicePerMinute from one browser that did,
	// which nobody else's attempts touch (5, in a burst of 10). And
	// SignupPerMinute sign-ups from one address (1, in a burst of 5).
	LoginPerMinute, AccountPerMinute, UnknownDevicesPerMinute, DevicePerMinute, SignupPerMinute int
	// Anonymize, when set, makes the games of an account about to be
	// deleted forget its name (they stay); the deletion waits for it,
	// and fails, the account kept, when it fails (it can be retried).
	Anonymize func(ctx context.Context, u store.User) error
	// RPID and RPOrigin are the passkeys' relying party (the site's
	// domain, and its origin, https://example.org); each request's own
	// host when empty (RPID from RPOrigin when only that is set).
	RPID, RPOrigin string
	// CheckEvery is how often the connections' credentials are checked
	// against the store (Hold): DefaultCheckEvery when zero.
	CheckEvery time.Duration
	// HasGames reports whether account u has played: holds a seat in any
	// game the server keeps (bot.go says which count). An account that
	// has becomes no bot (POST /api/bot/account/upgrade, lichess's rule);
	// nil refuses every upgrade, the server unable to tell.
	HasGames func(ctx context.Context, u store.User) (bool, error)
	// TokenTestsPerMinute is how many tokens one address may test a
	// minute (POST /api/token/test), in a burst of as many:
	// defaultTokenTestsPerMinute when zero (tokentest.go).
	TokenTestsPerMinute int
}

// Service answers the account endpoints.
type Service struct {
	store  store.Accounts
	tokens store.Tokens // nil: the store keeps none
	// passkeys is nil when the store keeps none.
	passkeys       store.Passkeys
	rpID, rpOrigin string
	signup         bool
	params         Params
	now            func() time.Time
	log            *slog.Logger

	limits       signInLimits // sign-in attempts and password confirmations (limits.go)
	devices      *deviceKeys  // the device cookies' key (limits.go)
	signupByAddr *guards.Limiter
	// dummyHash is verified against when a username is unknown, so that
	// the answer takes as long as for a wrong password. It is made at the
	// first sign-in, not at start: hashing costs the start-up ~20 MiB and
	// tens of milliseconds.
	dummyHash func() string
	anonymize func(ctx context.Context, u store.User) error
	hasGames  func(ctx context.Context, u store.User) (bool, error) // nil: unknown, no upgrade to a bot
	// tokenTests limits the tokens an address tests (tokentest.go).
	tokenTests *guards.Limiter
	// holds are the credentials this node's open connections were let in
	// by (Hold).
	holds *holds

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
	signup := cfg.SignupPerMinute
	if signup <= 0 {
		signup = 1
	}
	params := cfg.Params
	dummy := sync.OnceValue(func() string {
		h, _ := params.Hash("not a password anyone has: " + hex.EncodeToString(randomBytes(16)))
		return h
	})
	tokens, _ := cfg.Store.(store.Tokens)
	passkeys, _ := cfg.Store.(store.Passkeys)
	secrets, _ := cfg.Store.(store.Secrets)
	if cfg.CheckEvery <= 0 {
		cfg.CheckEvery = DefaultCheckEvery
	}
	if cfg.TokenTestsPerMinute <= 0 {
		cfg.TokenTestsPerMinute = defaultTokenTestsPerMinute
	}
	svc := &Service{store: cfg.Store, tokens: tokens, passkeys: passkeys, rpID: cfg.RPID, rpOrigin: strings.TrimSuffix(cfg.RPOrigin, "/"), signup: cfg.Signup, params: cfg.Params, now: cfg.Now, log: cfg.Logger,
		limits: newSignInLimits(cfg), devices: &deviceKeys{secrets: secrets},
		signupByAddr: guards.NewLimiter(signup, 5*signup, cfg.Now), dummyHash: dummy, anonymize: cfg.Anonymize, hasGames: cfg.HasGames,
		tokenTests: guards.NewLimiter(cfg.TokenTestsPerMinute, cfg.TokenTestsPerMinute, cfg.Now)}
	svc.holds = newHolds(svc.alive, cfg.CheckEvery, cfg.Now)
	svc.passkeyLimits = newPasskeyLimits(cfg.Now)
	return svc
}

func randomBytes(n int) []byte {
	b := make([]byte, n)
	_, _ = rand.Read(b) // crypto/rand.Read never fails
	return b
}

// Register adds the account endpoints to rs (GET /api/account, which
// answers with the ratings, is package server's).
func (s *Service) Register(rs *Routes) {
	rs.HandleFunc("POST /api/signup", Public(), s.handleSignup)
	rs.HandleFunc("POST /api/login", Public(), s.handleLogin)
	rs.HandleFunc("POST /api/logout", BrowserOnly(), s.handleLogout)
	rs.HandleFunc("POST /api/logout/all", BrowserOnly(), s.handleLogoutAll)
	rs.HandleFunc("GET /api/session", Public(), s.handleSession)
	rs.HandleFunc("GET /api/account/sessions", BrowserOnly(), s.handleSessions)
	rs.HandleFunc("DELETE /api/account/sessions/{id}", BrowserOnly(), s.handleRevoke)
	rs.HandleFunc("POST /api/account/password", BrowserOnly(), s.handlePassword)
	rs.HandleFunc("DELETE /api/account", BrowserOnly(), s.handleDelete)
	s.registerTokens(rs)
	s.registerPasskeys(rs)
	s.registerBot(rs)
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
	if err == nil { // the name as it is stored: "Ｋａｔｅ" signs up as Kate
		c.Username, _, err = NormalizeName(c.Username)
	}
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
	u, err := s.createUser(r, c)
	if err != nil {
		s.fail(w, err)
		return
	}
	if err := s.startSession(w, r, u); err != nil {
		s.fail(w, err)
		return
	}
	s.rememberDevice(w, r, u)
	writeJSON(w, http.StatusCreated, accountJSON{Username: u.Name, CreatedAt: u.CreatedAt})
}

// createUser makes the account, with a player secret of its own: it never
// leaves the server (the account's seats follow its sessions and tokens,
// see server/player), and the games the browser played before signing
// up stay the browser's.
func (s *Service) createUser(r *http.Request, c credentials) (store.User, error) {
	hash, err := s.params.Hash(c.Password)
	if err != nil {
		return store.User{}, err
	}
	u := store.User{ID: "u" + hex.EncodeToString(randomBytes(12)), Name: c.Username, Password: hash,
		Player: hex.EncodeToString(randomBytes(16)), CreatedAt: s.now().UTC()}
	err = s.store.CreateUser(r.Context(), u)
	if errors.Is(err, store.ErrNameTaken) {
		return store.User{}, fmt.Errorf("%w: %q", store.ErrNameTaken, c.Username)
	}
	if err != nil {
		return store.User{}, fmt.Errorf("%w: %v", wire.ErrStorage, err)
	}
	return u, nil
}

// startSession signs r's browser in to u: a new session and its cookie. A
// session the browser was signed in with before (to u or another account)
// ends on the server too, not only in the browser: whoever copied its
// cookie is signed out with it.
func (s *Service) startSession(w http.ResponseWriter, r *http.Request, u store.User) error {
	if old, ses, ok := sessionOf(r); ok {
		if err := s.store.DeleteSession(r.Context(), old.ID, ses.Hash); err != nil && !errors.Is(err, store.ErrNoSession) {
			return fmt.Errorf("%w: %v", wire.ErrStorage, err)
		}
		s.holds.revoke(sessionHold(ses.Hash))
	}
	id, hash := newSessionID()
	now := s.now().UTC()
	agent := wire.Shorten(r.UserAgent(), 120)
	if err := s.store.CreateSession(r.Context(), store.Session{Hash: hash, UserID: u.ID, Agent: agent, CreatedAt: now, ExpiresAt: now.Add(SessionAge)}); err != nil {
		return fmt.Errorf("%w: %v", wire.ErrStorage, err)
	}
	setCookie(w, r, id)
	return nil
}

func (s *Service) handleLogin(w http.ResponseWriter, r *http.Request) {
	data, ok := s.body(w, r)
	if !ok {
		return
	}
	c, err := parseCredentials(data)
	var u store.User
	if err == nil {
		u, err = s.signIn(r, c.Username, c.Password)
	}
	if err == nil {
		err = s.startSession(w, r, u)
	}
	if err != nil {
		s.fail(w, err)
		return
	}
	s.rememberDevice(w, r, u)
	writeJSON(w, http.StatusOK, accountJSON{Username: u.Name, CreatedAt: u.CreatedAt})
}

// signIn returns the account named name if password is its own, within
// the sign-in limits (limits.go): ErrBadCredentials for a wrong password,
// and the same, as late, for a name no account has or that no name
// normalises to (NormalizeName).
func (s *Service) signIn(r *http.Request, name, password string) (store.User, error) {
	_, key, err := NormalizeName(name)
	if err != nil { // no account has such a name: the address's limit is its limit
		if err := s.limits.takeAddr(r); err != nil {
			return store.User{}, err
		}
		return s.verify(r, store.User{}, password)
	}
	u, err := s.store.UserByName(r.Context(), key)
	if err != nil && !errors.Is(err, store.ErrNoUser) {
		return store.User{}, fmt.Errorf("%w: %v", wire.ErrStorage, err)
	}
	if err := s.limits.take(r, key, s.deviceOf(r, u)); err != nil {
		return store.User{}, err
	}
	return s.verify(r, u, password)
}

// verify returns u if password is its own, else ErrBadCredentials, the
// same for no account (u's ID ""), whose check takes as long: a dummy
// hash is verified. A hash made with weaker parameters than the service's
// is made again.
func (s *Service) verify(r *http.Request, u store.User, password string) (store.User, error) {
	hash := u.Password
	if u.ID == "" || hash == "" {
		hash = s.dummyHash()
	}
	if ok := Verify(hash, password); !ok || u.ID == "" || u.Password == "" {
		return store.User{}, wire.ErrBadCredentials
	}
	if s.params.NeedsRehash(u.Password) {
		if h, err := s.params.Hash(password); err == nil {
			if err := s.store.SetPassword(r.Context(), u.ID, h); err != nil {
				s.log.Warn("cannot store a rehashed password", "err", err)
			} else {
				u.Password = h // the device cookie given now names the hash stored
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
		s.holds.revoke(sessionHold(ses.Hash))
	}
	s.signOut(w, r)
}

// signOutEverywhere ends every session of account u but except's ("" for
// all of them) and every token of u, with the connections they let in:
// whoever signed in, or made a token, with the password of before keeps
// nothing.
func (s *Service) signOutEverywhere(ctx context.Context, u store.User, except string) error {
	if err := s.store.DeleteSessions(ctx, u.ID, except); err != nil {
		return fmt.Errorf("%w: %v", wire.ErrStorage, err)
	}
	if s.tokens != nil {
		if err := s.tokens.DeleteTokens(ctx, u.ID); err != nil {
			return fmt.Errorf("%w: %v", wire.ErrStorage, err)
		}
	}
	keep := holdKey("")
	if except != "" {
		keep = sessionHold(except)
	}
	s.holds.revokeUser(u.ID, keep)
	return nil
}

// signOut takes the session cookie away: the browser plays as itself
// again (its own player cookie, which never held the account's secret).
func (s *Service) signOut(w http.ResponseWriter, r *http.Request) {
	setCookie(w, r, "")
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
	if err := s.signOutEverywhere(r.Context(), u, ""); err != nil {
		s.fail(w, err)
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
	s.holds.revoke(sessionHold(id))
	if id == cur.Hash {
		s.signOut(w, r)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// confirmPassword asks a signed-in account's password again before a
// change that needs it (a new password, the account's deletion), within
// the session's own limit: others' failed sign-ins never refuse it.
func (s *Service) confirmPassword(r *http.Request, u store.User, ses store.Session, password string) error {
	if err := take(s.limits.bySession, ses.Hash, "password attempts in this session"); err != nil {
		return err
	}
	_, err := s.verify(r, u, password)
	return err
}

func (s *Service) handlePassword(w http.ResponseWriter, r *http.Request) {
	u, cur, data, ok := s.signedInBody(w, r)
	if !ok {
		return
	}
	c, err := parsePasswordChange(data)
	if err == nil {
		err = s.confirmPassword(r, u, cur, c.Current)
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
	if err == nil { // the other sessions and the tokens may be whoever knew the old password
		err = s.signOutEverywhere(r.Context(), u, cur.Hash)
	}
	if err != nil {
		s.fail(w, err)
		return
	}
	u.Password = hash // the device cookies of the old password end; this browser's is renewed
	s.rememberDevice(w, r, u)
	w.WriteHeader(http.StatusNoContent)
}

func (s *Service) handleDelete(w http.ResponseWriter, r *http.Request) {
	u, ses, data, ok := s.signedInBody(w, r)
	if !ok {
		return
	}
	c, err := parsePasswordOnly(data)
	if err == nil {
		err = s.confirmPassword(r, u, ses, c.Password)
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
	s.holds.revokeUser(u.ID, "")
	s.signOut(w, r)
}

// fail answers err as every server error is answered: its status, and
// {"code","message","retryAfter","error"}, error the message again in the
// field lichess's errors have (its clients read it: wire.HTTPErrorBody).
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
		Error      string `json:"error"`
	}{code, wire.Message(err), retry, wire.Message(err)}
	writeJSON(w, status, body)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
