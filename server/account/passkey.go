package account

import (
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"

	"github.com/gambitchess/gambit/server/guards"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
)

// Passkeys (WebAuthn, https://www.w3.org/TR/webauthn-3/) are a second way
// to sign in: a registration (signed in) adds one to the account, a
// sign-in with one needs no username (a discoverable credential: the
// authenticator answers with the account's user handle, its ID). Each
// ceremony is two requests, begin and finish; what lies between them (the
// library's session data, with the challenge) is kept in the store, so the
// finish may reach another node than the begin. The checks themselves are
// github.com/go-webauthn/webauthn's.

// ceremonyAge is how long a begun ceremony may be finished.
const ceremonyAge = 5 * time.Minute

// Each begin stores a ceremony, so the ceremonies under way are bounded
// (store.Passkeys.CreateCeremony drops the oldest beyond the bound, in
// the begin's own transaction). An account keeps its newest
// ceremoniesPerAccount registrations: a person adds one passkey at a
// time, perhaps retried or in a second tab. The sign-ins, begun by no one
// known yet, share signInCeremonies, some 200 KiB: a sign-in is begun
// by a click and finished within a minute, so that many under way is
// some 200 sign-ins a minute, more than a server of this kind meets. A
// flood from many addresses (each limited as sign-ins are) can then only
// push out the oldest, whose person is asked to try again; it cannot
// fill the disk.
const (
	ceremoniesPerAccount = 3
	signInCeremonies     = 1000
)

// The registration begins allowed a minute, each in a burst of twice as
// many: of one account, and from one address (a little more: a household
// shares one). A person meets neither: a passkey is added a few times in
// an account's life, a cancelled prompt and its retry a begin each.
const (
	registerPerMinute     = 5
	registerAddrPerMinute = 10
)

// passkeyLimits limit the registration begins (the sign-in begins take a
// sign-in attempt of their address).
type passkeyLimits struct {
	byAccount, byAddr *guards.Limiter
}

func newPasskeyLimits(now func() time.Time) passkeyLimits {
	return passkeyLimits{
		byAccount: guards.NewLimiter(registerPerMinute, 2*registerPerMinute, now),
		byAddr:    guards.NewLimiter(registerAddrPerMinute, 2*registerAddrPerMinute, now),
	}
}

// take takes one registration begin of u from r's address: the
// account's first, so that an account looping over begin uses up its own
// limit, not its address's, which others may share.
func (l passkeyLimits) take(r *http.Request, u store.User) error {
	if err := take(l.byAccount, u.ID, "passkey registrations"); err != nil {
		return err
	}
	return take(l.byAddr, guards.ClientAddress(r), "passkey registrations from this address")
}

// maxPasskeyBody bounds a finish's body: an attestation is larger than
// the other account bodies.
const maxPasskeyBody = 32 << 10

// MaxPasskeyName bounds a passkey's name, in characters.
const MaxPasskeyName = 60

// registerPasskeys adds the passkey endpoints to rs.
func (s *Service) registerPasskeys(rs *Routes) {
	if s.passkeys == nil {
		return
	}
	rs.HandleFunc("POST /api/account/passkeys/begin", BrowserOnly(), s.handlePasskeyRegisterBegin)
	rs.HandleFunc("POST /api/account/passkeys/finish", BrowserOnly(), s.handlePasskeyRegisterFinish)
	rs.HandleFunc("GET /api/account/passkeys", BrowserOnly(), s.handlePasskeyList)
	rs.HandleFunc("DELETE /api/account/passkeys/{id}", BrowserOnly(), s.handlePasskeyDelete)
	rs.HandleFunc("POST /api/login/passkey/begin", Public(), s.handlePasskeyLoginBegin)
	rs.HandleFunc("POST /api/login/passkey/finish", Public(), s.handlePasskeyLoginFinish)
}

// passkeyUser is an account as the WebAuthn library sees it: its user
// handle is the account's ID.
type passkeyUser struct {
	u     store.User
	creds []webauthn.Credential
}

func (p passkeyUser) WebAuthnID() []byte                         { return []byte(p.u.ID) }
func (p passkeyUser) WebAuthnName() string                       { return p.u.Name }
func (p passkeyUser) WebAuthnDisplayName() string                { return p.u.Name }
func (p passkeyUser) WebAuthnCredentials() []webauthn.Credential { return p.creds }

// relyingParty returns the WebAuthn relying party r is made to: the
// configured one, else r's own host (http unless r came over TLS, or a
// trusted proxy says it did).
func (s *Service) relyingParty(r *http.Request) (*webauthn.WebAuthn, error) {
	origin := s.rpOrigin
	if origin == "" {
		origin = guards.Scheme(r) + "://" + r.Host // behind a trusted TLS proxy, the browser's https
	}
	id := s.rpID
	if id == "" {
		id = r.Host
		if h, _, err := net.SplitHostPort(r.Host); err == nil {
			id = h
		}
		if s.rpOrigin != "" {
			id = strings.TrimPrefix(strings.TrimPrefix(origin, "https://"), "http://")
			if h, _, err := net.SplitHostPort(id); err == nil {
				id = h
			}
		}
	}
	wa, err := webauthn.New(&webauthn.Config{RPID: id, RPDisplayName: "Gambit", RPOrigins: []string{origin}})
	if err != nil {
		return nil, fmt.Errorf("%w: passkeys need a domain name (not an IP address): %v", wire.ErrBadRequest, err)
	}
	return wa, nil
}

// ceremonyJSON is what a begin answers: the ceremony's id, to send back
// with the finish, and the options for navigator.credentials.
type ceremonyJSON struct {
	Ceremony string `json:"ceremony"`
	Options  any    `json:"options"`
}

// passkeyFinish is the body of a finish: the ceremony's id, the
// credential as the browser made it (PublicKeyCredential's JSON form),
// and, for a registration, a name for the passkey.
type passkeyFinish struct {
	Ceremony   string          `json:"ceremony"`
	Name       string          `json:"name,omitempty"`
	Credential json.RawMessage `json:"credential"`
}

// parsePasskeyFinish reads a finish body; the credential inside is the
// library's to parse.
func parsePasskeyFinish(data []byte) (passkeyFinish, error) {
	var f passkeyFinish
	if err := decodeStrict(data, &f); err != nil {
		return f, err
	}
	if f.Ceremony == "" || len(f.Credential) == 0 || bytes.Equal(f.Credential, []byte("null")) {
		return f, fmt.Errorf("%w: give the ceremony and the credential", wire.ErrBadRequest)
	}
	f.Name = strings.TrimSpace(f.Name)
	if !utf8.ValidString(f.Name) || utf8.RuneCountInString(f.Name) > MaxPasskeyName {
		return f, fmt.Errorf("%w: a passkey's name is at most %d characters", wire.ErrBadRequest, MaxPasskeyName)
	}
	return f, nil
}

// passkeyBody reads a finish's body, at most maxPasskeyBody bytes.
func (s *Service) passkeyBody(w http.ResponseWriter, r *http.Request) (passkeyFinish, bool) {
	var buf bytes.Buffer
	if _, err := buf.ReadFrom(http.MaxBytesReader(w, r.Body, maxPasskeyBody)); err != nil {
		s.fail(w, fmt.Errorf("%w: body over %d bytes", wire.ErrTooLarge, maxPasskeyBody))
		return passkeyFinish{}, false
	}
	f, err := parsePasskeyFinish(buf.Bytes())
	if err != nil {
		s.fail(w, err)
		return f, false
	}
	return f, true
}

// begin stores a ceremony's session data for userID ("" for a sign-in)
// and answers its id with options. The oldest ceremonies beyond the
// bound of userID's go (ceremoniesPerAccount, signInCeremonies).
func (s *Service) begin(w http.ResponseWriter, r *http.Request, userID string, options any, sd *webauthn.SessionData) {
	data, err := json.Marshal(sd)
	if err != nil {
		s.fail(w, fmt.Errorf("passkey ceremony: %w", err))
		return
	}
	c := store.Ceremony{ID: hex.EncodeToString(randomBytes(16)), UserID: userID, Data: data, ExpiresAt: s.now().Add(ceremonyAge)}
	keep := ceremoniesPerAccount
	if userID == "" {
		keep = signInCeremonies
	}
	if err := s.passkeys.CreateCeremony(r.Context(), c, keep); err != nil {
		s.fail(w, fmt.Errorf("%w: %v", wire.ErrStorage, err))
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, ceremonyJSON{Ceremony: c.ID, Options: options})
}

// take returns ceremony id's session data if it was begun for userID.
func (s *Service) takeCeremony(r *http.Request, id, userID string) (webauthn.SessionData, error) {
	var sd webauthn.SessionData
	c, err := s.passkeys.TakeCeremony(r.Context(), id, s.now())
	if errors.Is(err, store.ErrNoCeremony) || (err == nil && c.UserID != userID) {
		return sd, fmt.Errorf("%w: the passkey request expired, try again", store.ErrNoCeremony)
	}
	if err != nil {
		return sd, fmt.Errorf("%w: %v", wire.ErrStorage, err)
	}
	if err := json.Unmarshal(c.Data, &sd); err != nil {
		return sd, fmt.Errorf("passkey ceremony %s: %w", id, err)
	}
	return sd, nil
}

// userPasskeys returns u with its passkeys as the library's credentials.
func (s *Service) userPasskeys(r *http.Request, u store.User) (passkeyUser, []store.Passkey, error) {
	list, err := s.passkeys.PasskeysOf(r.Context(), u.ID)
	if err != nil {
		return passkeyUser{}, nil, fmt.Errorf("%w: %v", wire.ErrStorage, err)
	}
	pu := passkeyUser{u: u}
	for _, p := range list {
		var c webauthn.Credential
		if err := json.Unmarshal(p.Credential, &c); err != nil {
			return pu, nil, fmt.Errorf("passkey of %s: %w", u.ID, err)
		}
		pu.creds = append(pu.creds, c)
	}
	return pu, list, nil
}

// handlePasskeyRegisterBegin begins adding a passkey, the account's
// password given again ({"password"}): a passkey signs in for good, so a
// stolen session must not be able to add one and come back after the
// owner changed the password and signed everyone out.
func (s *Service) handlePasskeyRegisterBegin(w http.ResponseWriter, r *http.Request) {
	u, ses, data, ok := s.signedInBody(w, r)
	if !ok {
		return
	}
	c, err := parsePasswordOnly(data)
	if err == nil {
		err = s.passkeyLimits.take(r, u)
	}
	if err == nil {
		err = s.confirmPassword(r, u, ses, c.Password)
	}
	if err != nil {
		s.fail(w, err)
		return
	}
	wa, err := s.relyingParty(r)
	var pu passkeyUser
	if err == nil {
		pu, _, err = s.userPasskeys(r, u)
	}
	if err == nil {
		err = checkPasskeyCount(pu)
	}
	if err != nil {
		s.fail(w, err)
		return
	}
	exclude := make([]protocol.CredentialDescriptor, len(pu.creds))
	for i, c := range pu.creds {
		exclude[i] = c.Descriptor()
	}
	options, sd, err := wa.BeginRegistration(pu, webauthn.WithResidentKeyRequirement(protocol.ResidentKeyRequirementRequired),
		webauthn.WithExclusions(exclude))
	if err != nil {
		s.fail(w, fmt.Errorf("%w: %v", wire.ErrBadRequest, err))
		return
	}
	s.begin(w, r, u.ID, options, sd)
}

func (s *Service) handlePasskeyRegisterFinish(w http.ResponseWriter, r *http.Request) {
	u, _, ok := s.signedIn(w, r)
	if !ok {
		return
	}
	f, ok := s.passkeyBody(w, r)
	if !ok {
		return
	}
	p, err := s.registerPasskey(r, u, f)
	if err != nil {
		s.fail(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, passkeyOut(p))
}

// registerPasskey checks a registration's finish and stores its passkey.
func (s *Service) registerPasskey(r *http.Request, u store.User, f passkeyFinish) (store.Passkey, error) {
	sd, err := s.takeCeremony(r, f.Ceremony, u.ID)
	if err != nil {
		return store.Passkey{}, err
	}
	pu, _, err := s.userPasskeys(r, u)
	if err == nil {
		err = checkPasskeyCount(pu) // again: two ceremonies may have begun under the cap
	}
	if err != nil {
		return store.Passkey{}, err
	}
	parsed, err := protocol.ParseCredentialCreationResponseBytes(f.Credential)
	if err != nil {
		return store.Passkey{}, fmt.Errorf("%w: credential: %v", wire.ErrBadRequest, err)
	}
	wa, err := s.relyingParty(r)
	if err != nil {
		return store.Passkey{}, err
	}
	cred, err := wa.CreateCredential(pu, sd, parsed)
	if err != nil {
		return store.Passkey{}, fmt.Errorf("%w: %v", wire.ErrPasskeyRefused, err)
	}
	data, err := json.Marshal(cred)
	if err != nil {
		return store.Passkey{}, fmt.Errorf("passkey: %w", err)
	}
	p := store.Passkey{ID: cred.ID, UserID: u.ID, Name: f.Name, PublicKey: cred.PublicKey, SignCount: cred.Authenticator.SignCount,
		Credential: data, CreatedAt: s.now().UTC()}
	if err := s.passkeys.CreatePasskey(r.Context(), p); err != nil {
		if errors.Is(err, store.ErrPasskeyTaken) {
			return p, err
		}
		return p, fmt.Errorf("%w: %v", wire.ErrStorage, err)
	}
	return p, nil
}

// maxPasskeysPerUser bounds an account's passkeys, as maxTokensPerUser its
// tokens: a person has a few devices, and each passkey is a row every
// sign-in of the account reads.
const maxPasskeysPerUser = 20

// checkPasskeyCount refuses a passkey beyond maxPasskeysPerUser.
func checkPasskeyCount(pu passkeyUser) error {
	if len(pu.creds) >= maxPasskeysPerUser {
		return fmt.Errorf("%w: an account has at most %d passkeys; delete one first", wire.ErrBadRequest, maxPasskeysPerUser)
	}
	return nil
}

// passkeyJSON is one passkey as its owner sees it; ID is the credential
// ID in base64url.
type passkeyJSON struct {
	ID         string     `json:"id"`
	Name       string     `json:"name"`
	CreatedAt  time.Time  `json:"createdAt"`
	LastUsedAt *time.Time `json:"lastUsedAt,omitempty"`
}

func passkeyOut(p store.Passkey) passkeyJSON {
	out := passkeyJSON{ID: base64.RawURLEncoding.EncodeToString(p.ID), Name: p.Name, CreatedAt: p.CreatedAt}
	if !p.LastUsedAt.IsZero() {
		out.LastUsedAt = &p.LastUsedAt
	}
	return out
}

func (s *Service) handlePasskeyList(w http.ResponseWriter, r *http.Request) {
	u, _, ok := s.signedIn(w, r)
	if !ok {
		return
	}
	list, err := s.passkeys.PasskeysOf(r.Context(), u.ID)
	if err != nil {
		s.fail(w, fmt.Errorf("%w: %v", wire.ErrStorage, err))
		return
	}
	out := make([]passkeyJSON, len(list))
	for i, p := range list {
		out[i] = passkeyOut(p)
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, out)
}

func (s *Service) handlePasskeyDelete(w http.ResponseWriter, r *http.Request) {
	u, _, ok := s.signedIn(w, r)
	if !ok {
		return
	}
	id, err := base64.RawURLEncoding.DecodeString(r.PathValue("id"))
	if err == nil {
		err = s.passkeys.DeletePasskey(r.Context(), u.ID, id)
		if errors.Is(err, store.ErrNoPasskey) {
			err = fmt.Errorf("%w: no such passkey", store.ErrNotFound)
		} else if err != nil {
			err = fmt.Errorf("%w: %v", wire.ErrStorage, err)
		}
	} else {
		err = fmt.Errorf("%w: no such passkey", store.ErrNotFound)
	}
	if err != nil {
		s.fail(w, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Service) handlePasskeyLoginBegin(w http.ResponseWriter, r *http.Request) {
	if err := s.limits.takeAddr(r); err != nil {
		s.fail(w, err)
		return
	}
	wa, err := s.relyingParty(r)
	if err != nil {
		s.fail(w, err)
		return
	}
	options, sd, err := wa.BeginDiscoverableLogin(webauthn.WithUserVerification(protocol.VerificationPreferred))
	if err != nil {
		s.fail(w, fmt.Errorf("%w: %v", wire.ErrBadRequest, err))
		return
	}
	s.begin(w, r, "", options, sd)
}

// handlePasskeyLoginFinish takes no sign-in attempt of its own: the begin
// took it, and its ceremony is good for one finish, so a sign-in by
// passkey costs one attempt, as one by password does.
func (s *Service) handlePasskeyLoginFinish(w http.ResponseWriter, r *http.Request) {
	f, ok := s.passkeyBody(w, r)
	if !ok {
		return
	}
	u, err := s.passkeyLogin(r, f)
	if err == nil {
		err = s.startSession(w, r, u)
	}
	if err != nil {
		s.fail(w, err)
		return
	}
	s.rememberDevice(w, r, u) // its password attempts later are its own, as after a password's sign-in
	writeJSON(w, http.StatusOK, accountJSON{Username: u.Name, CreatedAt: u.CreatedAt})
}

// passkeyLogin checks a sign-in's finish and returns its account; the
// passkey's counter and last use are recorded.
func (s *Service) passkeyLogin(r *http.Request, f passkeyFinish) (store.User, error) {
	sd, err := s.takeCeremony(r, f.Ceremony, "")
	if err != nil {
		return store.User{}, err
	}
	parsed, err := protocol.ParseCredentialRequestResponseBytes(f.Credential)
	if err != nil {
		return store.User{}, fmt.Errorf("%w: credential: %v", wire.ErrBadRequest, err)
	}
	wa, err := s.relyingParty(r)
	if err != nil {
		return store.User{}, err
	}
	var owner store.User
	find := func(rawID, userHandle []byte) (webauthn.User, error) {
		p, u, err := s.passkeys.Passkey(r.Context(), rawID)
		if err != nil {
			return nil, err
		}
		if string(userHandle) != u.ID {
			return nil, fmt.Errorf("%w: the passkey is another account's", wire.ErrPasskeyRefused)
		}
		var c webauthn.Credential
		if err := json.Unmarshal(p.Credential, &c); err != nil {
			return nil, fmt.Errorf("passkey: %w", err)
		}
		owner = u
		return passkeyUser{u: u, creds: []webauthn.Credential{c}}, nil
	}
	_, cred, err := wa.ValidatePasskeyLogin(find, sd, parsed)
	if err != nil {
		return store.User{}, fmt.Errorf("%w: %v", wire.ErrPasskeyRefused, err)
	}
	if cred.Authenticator.CloneWarning {
		return store.User{}, fmt.Errorf("%w: its signature counter went back (a cloned authenticator?)", wire.ErrPasskeyRefused)
	}
	data, err := json.Marshal(cred)
	if err == nil {
		err = s.passkeys.UsePasskey(r.Context(), cred.ID, cred.Authenticator.SignCount, data, s.now().UTC())
	}
	switch {
	case errors.Is(err, store.ErrNoPasskey): // its counter did not rise: another sign-in with the same count won
		return store.User{}, fmt.Errorf("%w: the passkey's signature counter did not rise", wire.ErrPasskeyRefused)
	case err != nil:
		return store.User{}, fmt.Errorf("%w: %v", wire.ErrStorage, err)
	}
	return owner, nil
}
