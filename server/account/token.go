package account

import (
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
)

// A personal access token lets a program act for an account: it sends
// "Authorization: Bearer <token>" (as lichess's API takes its tokens) and
// no cookies. The token is "gbt_" and 32 random bytes, base64url; the
// store keeps its SHA-256 only, as for a session. A token has scopes,
// lichess's names for what it may do; an endpoint checks the one it needs
// (Allowed). A request carrying an Authorization header is judged by it
// alone: a bad token is answered 401, never served as the cookie's
// account, and its cookies are never read.

// The scopes a token may have (lichess's names, those this server's
// endpoints check).
const (
	ScopeBoardPlay       = "board:play"       // play one's own games: the Board API
	ScopeChallengeRead   = "challenge:read"   // the event stream: challenges, games starting and ending
	ScopeChallengeWrite  = "challenge:write"  // challenge, accept and decline
	ScopePreferenceRead  = "preference:read"  // read the account (GET /api/account)
	ScopePuzzleRead      = "puzzle:read"      // the account's puzzles: the next ones for it, its activity
	ScopePuzzleWrite     = "puzzle:write"     // send the account's puzzle results, which rate it
	ScopeTournamentWrite = "tournament:write" // create, join and leave tournaments
	// ScopeBotPlay plays as a bot account, through lichess's Bot API, and
	// makes an account that has played no game a bot (POST
	// /api/bot/account/upgrade): lichess-bot refuses a token without it.
	ScopeBotPlay         = "bot:play"
	tokenPrefix          = "gbt_"
	maxTokenDescription  = 100
	maxTokensPerUser     = 100
	maxTokenHeaderLength = 200
)

// Scopes lists every scope a token may have, in the order tokens list them.
var Scopes = []string{ScopeBoardPlay, ScopeBotPlay, ScopeChallengeRead, ScopeChallengeWrite, ScopePreferenceRead, ScopePuzzleRead, ScopePuzzleWrite, ScopeTournamentWrite}

// tokenRequest is the body of POST /api/token.
type tokenRequest struct {
	Username    string   `json:"username"`
	Password    string   `json:"password"`
	Description string   `json:"description"`
	Scopes      []string `json:"scopes"` // none: every scope
}

// tokenJSON answers POST /api/token: the token, shown this once.
type tokenJSON struct {
	Token  string   `json:"token"`
	Scopes []string `json:"scopes"`
}

// tokenInfoJSON is one token as its owner lists it (never its text).
type tokenInfoJSON struct {
	ID          string    `json:"id"`
	Description string    `json:"description"`
	Scopes      []string  `json:"scopes"`
	CreatedAt   time.Time `json:"createdAt"`
	Current     bool      `json:"current"`
}

// parseTokenRequest reads a token request: a username and a password, an
// optional description and scopes, each scope one of Scopes.
func parseTokenRequest(data []byte) (tokenRequest, error) {
	var req tokenRequest
	if err := decodeStrict(data, &req); err != nil {
		return req, err
	}
	if req.Username == "" || req.Password == "" {
		return req, fmt.Errorf("%w: give a username and a password", wire.ErrBadRequest)
	}
	if len(req.Description) > maxTokenDescription {
		return req, fmt.Errorf("%w: description over %d bytes", wire.ErrBadRequest, maxTokenDescription)
	}
	if len(req.Scopes) == 0 {
		req.Scopes = Scopes
	}
	for i, sc := range req.Scopes {
		if !slices.Contains(Scopes, sc) {
			return req, fmt.Errorf("%w: scopes[%d]: %.40q is none of %s", wire.ErrBadRequest, i, sc, strings.Join(Scopes, ", "))
		}
	}
	slices.Sort(req.Scopes)
	req.Scopes = slices.Compact(req.Scopes)
	return req, nil
}

// parseBearer reads an Authorization header: the token of "Bearer <token>"
// (the scheme in any case), or an error saying what is wrong with it.
func parseBearer(header string) (string, error) {
	if len(header) > maxTokenHeaderLength {
		return "", fmt.Errorf("%w: Authorization header over %d bytes", wire.ErrBadToken, maxTokenHeaderLength)
	}
	scheme, tok, ok := strings.Cut(header, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return "", fmt.Errorf("%w: send Authorization: Bearer <token>", wire.ErrBadToken)
	}
	tok = strings.TrimSpace(tok)
	if !isToken(tok) {
		return "", fmt.Errorf("%w: not a token of this server", wire.ErrBadToken)
	}
	return tok, nil
}

// isToken reports whether tok has the shape of a token newToken makes
// (only such a text is looked up).
func isToken(tok string) bool {
	return strings.HasPrefix(tok, tokenPrefix) && len(tok) == len(tokenPrefix)+43
}

// newToken returns a fresh token and its hash.
func newToken() (tok, hash string) {
	b := make([]byte, 32)
	_, _ = rand.Read(b) // crypto/rand.Read never fails
	tok = tokenPrefix + base64.RawURLEncoding.EncodeToString(b)
	return tok, hashID(tok)
}

// registerTokens adds the token endpoints to rs.
func (s *Service) registerTokens(rs *Routes) {
	rs.HandleFunc("POST /api/token", Public(), s.handleNewToken)
	rs.HandleFunc(TokenTestRoute, Public(), s.handleTokenTest)        // any site may send it (guards.Secure): it reads no cookie and changes nothing
	rs.HandleFunc("DELETE /api/token", Public(), s.handleRevokeToken) // the token sent, whatever its scopes
	rs.HandleFunc("GET /api/account/tokens", BrowserOnly(), s.handleTokens)
	rs.HandleFunc("DELETE /api/account/tokens/{id}", BrowserOnly(), s.handleDeleteToken)
}

// handleNewToken makes a token for the account whose username and
// password the body gives, rate-limited as sign-in is, with the same
// answer for an unknown user and a wrong password.
func (s *Service) handleNewToken(w http.ResponseWriter, r *http.Request) {
	if s.tokens == nil {
		s.fail(w, fmt.Errorf("%w: this server's store keeps no tokens", wire.ErrBadRequest))
		return
	}
	data, ok := s.body(w, r)
	if !ok {
		return
	}
	req, err := parseTokenRequest(data)
	var u store.User
	if err == nil {
		u, err = s.signIn(r, req.Username, req.Password)
	}
	if err == nil {
		err = s.checkTokenCount(r, u.ID)
	}
	tok, hash := newToken()
	if err == nil {
		err = s.tokens.CreateToken(r.Context(), store.Token{Hash: hash, UserID: u.ID, Description: wire.Shorten(req.Description, maxTokenDescription),
			Scopes: strings.Join(req.Scopes, " "), CreatedAt: s.now().UTC()})
		if err != nil {
			err = fmt.Errorf("%w: %v", wire.ErrStorage, err)
		}
	}
	if err != nil {
		s.fail(w, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, tokenJSON{Token: tok, Scopes: req.Scopes})
}

// checkTokenCount refuses a token beyond maxTokensPerUser.
func (s *Service) checkTokenCount(r *http.Request, userID string) error {
	list, err := s.tokens.TokensOf(r.Context(), userID)
	if err != nil {
		return fmt.Errorf("%w: %v", wire.ErrStorage, err)
	}
	if len(list) >= maxTokensPerUser {
		return fmt.Errorf("%w: an account has at most %d tokens; revoke one first", wire.ErrBadRequest, maxTokensPerUser)
	}
	return nil
}

// handleRevokeToken revokes the token the request carries.
func (s *Service) handleRevokeToken(w http.ResponseWriter, r *http.Request) {
	tok, ok := TokenOf(r)
	if !ok {
		s.fail(w, fmt.Errorf("%w: DELETE /api/token revokes the token it is sent with (Authorization: Bearer)", wire.ErrBadToken))
		return
	}
	if err := s.tokens.DeleteToken(r.Context(), tok.UserID, tok.Hash); err != nil {
		s.fail(w, err)
		return
	}
	s.holds.revoke(tokenHold(tok.Hash))
	w.WriteHeader(http.StatusNoContent)
}

// handleTokens lists a signed-in account's tokens (the account page).
func (s *Service) handleTokens(w http.ResponseWriter, r *http.Request) {
	u, _, ok := s.signedIn(w, r)
	if !ok || s.tokens == nil {
		if ok {
			writeJSON(w, http.StatusOK, []tokenInfoJSON{})
		}
		return
	}
	list, err := s.tokens.TokensOf(r.Context(), u.ID)
	if err != nil {
		s.fail(w, fmt.Errorf("%w: %v", wire.ErrStorage, err))
		return
	}
	out := make([]tokenInfoJSON, len(list))
	for i, t := range list {
		out[i] = tokenInfoJSON{ID: t.Hash, Description: t.Description, Scopes: strings.Fields(t.Scopes), CreatedAt: t.CreatedAt}
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, out)
}

// handleDeleteToken revokes one of a signed-in account's tokens.
func (s *Service) handleDeleteToken(w http.ResponseWriter, r *http.Request) {
	u, _, ok := s.signedIn(w, r)
	if !ok {
		return
	}
	id := r.PathValue("id")
	if len(id) != 64 || s.tokens == nil {
		s.fail(w, fmt.Errorf("%w: no such token", store.ErrNotFound))
		return
	}
	if err := s.tokens.DeleteToken(r.Context(), u.ID, id); err != nil {
		if errors.Is(err, store.ErrNoToken) {
			err = fmt.Errorf("%w: no such token", store.ErrNotFound)
		}
		s.fail(w, err)
		return
	}
	s.holds.revoke(tokenHold(id))
	w.WriteHeader(http.StatusNoContent)
}

// TokenOf returns the token r was sent with, false for none.
func TokenOf(r *http.Request) (store.Token, bool) {
	a, ok := r.Context().Value(authKey{}).(*auth)
	if !ok || !a.bearer {
		return store.Token{}, false
	}
	return a.tok, true
}

// IsBearer reports whether r is authenticated by a token (and so carries
// no cookie that counts).
func IsBearer(r *http.Request) bool {
	_, ok := TokenOf(r)
	return ok
}

// Allowed says whether r may do what scope names: a token must have the
// scope, a browser signed in may do everything; anyone else is signed out.
func Allowed(r *http.Request, scope string) (store.User, error) {
	u, ok := UserOf(r)
	if !ok {
		return u, fmt.Errorf("%w: send Authorization: Bearer <token> (POST /api/token makes one)", wire.ErrSignedOut)
	}
	if tok, bearer := TokenOf(r); bearer && !slices.Contains(strings.Fields(tok.Scopes), scope) {
		return u, fmt.Errorf("%w: this needs %s", wire.ErrMissingScope, scope)
	}
	return u, nil
}
