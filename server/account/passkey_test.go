package account

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/tls"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/protocol/webauthncbor"
	"github.com/go-webauthn/webauthn/protocol/webauthncose"

	"github.com/gambitchess/gambit/server/guards"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
)

// annPassword is the password of passkeyService's account, and
// addPasskeyBody the body of a begin that gives it again.
const (
	annPassword    = "ann's long password"
	addPasskeyBody = `{"password":"ann's long password"}`
)

// passkeyService is a Service on a fresh SQLite store with one account,
// u1 (Ann, annPassword), and its routes.
func passkeyService(t testing.TB) (*Service, *http.ServeMux, store.User) {
	t.Helper()
	st, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "gambit.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	hash, err := cheap.Hash(annPassword)
	if err != nil {
		t.Fatal(err)
	}
	u := store.User{ID: "u1", Name: "Ann", Password: hash, Player: "p"}
	if err := st.CreateUser(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	s := New(Config{Store: st, Params: cheap, LoginPerMinute: 1 << 30})
	mux := http.NewServeMux()
	s.Register(NewRoutes(mux, s.fail))
	return s, mux, u
}

// call sends a JSON request to mux as a browser at http://localhost:8080.
func call(mux http.Handler, method, path, body string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(method, "http://localhost:8080"+path, strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	w := httptest.NewRecorder()
	mux.ServeHTTP(w, r)
	return w
}

// beginLogin begins a passkey sign-in and returns its ceremony's id.
func beginLogin(t testing.TB, mux http.Handler) string {
	t.Helper()
	w := call(mux, "POST", "/api/login/passkey/begin", "{}")
	var c struct {
		Ceremony string `json:"ceremony"`
		Options  struct {
			PublicKey struct {
				Challenge        string `json:"challenge"`
				RPID             string `json:"rpId"`
				AllowCredentials []any  `json:"allowCredentials"`
			} `json:"publicKey"`
		} `json:"options"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &c); err != nil || w.Code != http.StatusOK || c.Ceremony == "" {
		t.Fatalf("login begin: %d %s (%v)", w.Code, w.Body, err)
	}
	if c.Options.PublicKey.Challenge == "" || c.Options.PublicKey.RPID != "localhost" || c.Options.PublicKey.AllowCredentials != nil {
		t.Fatalf("login begin options: %s; want a challenge, rpId localhost and no allowCredentials", w.Body)
	}
	return c.Ceremony
}

func TestPasskeyLoginRefused(t *testing.T) {
	_, mux, _ := passkeyService(t)
	id := beginLogin(t, mux)
	tests := []struct {
		name, body string
		status     int
		code       string
	}{
		{"not JSON", `{`, 400, "bad_request"},
		{"no credential", `{"ceremony":"` + id + `"}`, 400, "bad_request"},
		{"unknown field", `{"ceremony":"x","credential":{},"extra":1}`, 400, "bad_request"},
		{"unknown ceremony", `{"ceremony":"nope","credential":{}}`, 400, "passkey_expired"},
		{"bad credential", `{"ceremony":"` + id + `","credential":{"id":"AA","type":"public-key"}}`, 400, "bad_request"},
		{"ceremony used once", `{"ceremony":"` + id + `","credential":{}}`, 400, "passkey_expired"},
	}
	for _, tt := range tests {
		w := call(mux, "POST", "/api/login/passkey/finish", tt.body)
		var e struct{ Code string }
		_ = json.Unmarshal(w.Body.Bytes(), &e)
		if w.Code != tt.status || e.Code != tt.code {
			t.Errorf("%s: %d %s, want %d %s", tt.name, w.Code, w.Body, tt.status, tt.code)
		}
	}
}

func TestPasskeysNeedSignIn(t *testing.T) {
	_, mux, _ := passkeyService(t)
	for _, c := range []struct{ method, path string }{
		{"POST", "/api/account/passkeys/begin"}, {"POST", "/api/account/passkeys/finish"},
		{"GET", "/api/account/passkeys"}, {"DELETE", "/api/account/passkeys/AAAA"},
	} {
		if w := call(mux, c.method, c.path, "{}"); w.Code != http.StatusUnauthorized {
			t.Errorf("%s %s signed out: %d %s, want 401", c.method, c.path, w.Code, w.Body)
		}
	}
}

// beginRegistration begins adding a passkey to u's account, as its begin
// route would for u signed in, and returns the request and the ceremony's id.
func beginRegistration(t testing.TB, s *Service, u store.User) (*http.Request, string) {
	t.Helper()
	reg := httptest.NewRequest("POST", "http://localhost:8080/api/account/passkeys/begin", nil)
	wa, err := s.relyingParty(reg)
	if err != nil {
		t.Fatal(err)
	}
	opts, sd, err := wa.BeginRegistration(passkeyUser{u: u})
	if err != nil {
		t.Fatal(err)
	}
	rw := httptest.NewRecorder()
	s.begin(rw, reg, u.ID, opts, sd)
	var c ceremonyJSON
	if err := json.Unmarshal(rw.Body.Bytes(), &c); err != nil {
		t.Fatal(err)
	}
	return reg, c.Ceremony
}

// FuzzPasskeyFinish sends any body as the finish of a sign-in begun a
// moment before (CEREMONY in the body stands for its id) and as the
// finish of a registration: never a panic, always a 4xx.
func FuzzPasskeyFinish(f *testing.F) {
	for _, seed := range []string{
		`{"ceremony":"CEREMONY","credential":{}}`,
		`{"ceremony":"CEREMONY","credential":{"id":"AAAA","rawId":"AAAA","type":"public-key","response":{"clientDataJSON":"e30","authenticatorData":"AAAA","signature":"AAAA","userHandle":"dTE"}}}`,
		`{"ceremony":"CEREMONY","name":"laptop","credential":{"id":"AAAA","rawId":"AAAA","type":"public-key","response":{"clientDataJSON":"e30","attestationObject":"oA"}}}`,
		`{"ceremony":"CEREMONY","credential":null}`, `[]`, ``, `{"ceremony":1}`,
	} {
		f.Add(seed)
	}
	s, mux, u := passkeyService(f)
	f.Fuzz(func(t *testing.T, body string) {
		id := beginLogin(t, mux)
		w := call(mux, "POST", "/api/login/passkey/finish", strings.ReplaceAll(body, "CEREMONY", id))
		if w.Code < 400 || w.Code >= 500 {
			t.Fatalf("login finish of %q: %d %s, want a 4xx", body, w.Code, w.Body)
		}
		reg, ceremony := beginRegistration(t, s, u)
		fin, err := parsePasskeyFinish([]byte(strings.ReplaceAll(body, "CEREMONY", ceremony)))
		if err == nil {
			_, err = s.registerPasskey(reg, u, fin)
		}
		if status, _ := wire.Code(err); err == nil || status < 400 || status >= 500 {
			t.Fatalf("registration finish of %q: %v (%d), want a 4xx", body, err, status)
		}
	})
}

// TestRelyingPartyOrigin: without --rp-origin the origin is the one the
// browser is on: https over TLS, or when a trusted proxy says the request
// came over it; a header from an untrusted peer changes nothing.
func TestRelyingPartyOrigin(t *testing.T) {
	s, _, _ := passkeyService(t)
	trusted := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}
	for _, c := range []struct {
		name, peer, proto string
		tls               bool
		want              string
	}{
		{"plain", "192.0.2.1:1234", "", false, "http://gambit.example"},
		{"over TLS", "192.0.2.1:1234", "", true, "https://gambit.example"},
		{"a trusted proxy's TLS", "10.1.2.3:1234", "https", false, "https://gambit.example"},
		{"an untrusted peer's header", "192.0.2.1:1234", "https", false, "http://gambit.example"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := httptest.NewRequest("POST", "http://gambit.example/api/login/passkey/begin", nil)
			r.RemoteAddr = c.peer
			if c.proto != "" {
				r.Header.Set("X-Forwarded-Proto", c.proto)
			}
			if c.tls {
				r.TLS = &tls.ConnectionState{}
			}
			var got []string
			guards.MarkProxied(trusted, http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
				wa, err := s.relyingParty(r)
				if err != nil {
					t.Fatal(err)
				}
				got = wa.Config.RPOrigins
			})).ServeHTTP(httptest.NewRecorder(), r)
			if len(got) != 1 || got[0] != c.want {
				t.Errorf("origins %v, want [%s]", got, c.want)
			}
		})
	}
}

// TestPasskeyCap: an account holds at most maxPasskeysPerUser passkeys; a
// registration finishing past them is refused before its credential is
// even read, and one under them gets as far as the credential.
func TestPasskeyCap(t *testing.T) {
	s, _, u := passkeyService(t)
	ctx := context.Background()
	register := func() error {
		t.Helper()
		reg, ceremony := beginRegistration(t, s, u)
		_, err := s.registerPasskey(reg, u, passkeyFinish{Ceremony: ceremony, Name: "one more", Credential: []byte(`{}`)})
		return err
	}
	for i := range maxPasskeysPerUser {
		if i == maxPasskeysPerUser-1 {
			if err := register(); err == nil || strings.Contains(err.Error(), "at most") {
				t.Fatalf("with %d passkeys: %v, want the credential refused, not the count", i, err)
			}
		}
		p := store.Passkey{ID: []byte{byte(i)}, UserID: u.ID, Name: "device", PublicKey: []byte{1}, Credential: []byte(`{}`)}
		if err := s.passkeys.CreatePasskey(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	err := register()
	if status, code := wire.Code(err); status != http.StatusBadRequest || code != "bad_request" || !strings.Contains(err.Error(), "at most 20 passkeys") {
		t.Errorf("with %d passkeys: %v (%d %s), want 400 bad_request: at most 20", maxPasskeysPerUser, err, status, code)
	}
}

// TestPasskeyLoginCostsOneAttempt: a passkey sign-in takes one of the
// address's sign-in attempts, at its begin; the finish, good once for the
// begin's ceremony, takes none.
func TestPasskeyLoginCostsOneAttempt(t *testing.T) {
	st, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "gambit.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	s := New(Config{Store: st, Params: cheap, LoginPerMinute: 2})
	mux := http.NewServeMux()
	s.Register(NewRoutes(mux, s.fail))
	code := func(w *httptest.ResponseRecorder) string {
		var e struct{ Code string }
		_ = json.Unmarshal(w.Body.Bytes(), &e)
		return e.Code
	}
	for i := range 2 {
		id := beginLogin(t, mux) // fails the test when rate-limited
		w := call(mux, "POST", "/api/login/passkey/finish", `{"ceremony":"`+id+`","credential":{"id":"AA","type":"public-key"}}`)
		if w.Code != http.StatusBadRequest || code(w) != "bad_request" {
			t.Fatalf("sign-in %d's finish: %d %s, want 400 bad_request (the credential, not the rate)", i, w.Code, w.Body)
		}
	}
	if w := call(mux, "POST", "/api/login/passkey/begin", "{}"); w.Code != http.StatusTooManyRequests || code(w) != "rate_limited" {
		t.Errorf("a third begin: %d %s, want 429 rate_limited", w.Code, w.Body)
	}
}

// signedIn opens a session of u in s's store and returns a handler that
// serves mux to a browser signed in with it.
func signedIn(t testing.TB, s *Service, mux http.Handler, u store.User) http.Handler {
	t.Helper()
	id, hash := newSessionID()
	now := s.now().UTC()
	if err := s.store.CreateSession(context.Background(), store.Session{Hash: hash, UserID: u.ID, CreatedAt: now, ExpiresAt: now.Add(SessionAge)}); err != nil {
		t.Fatal(err)
	}
	h := s.Middleware(mux)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.AddCookie(&http.Cookie{Name: cookieName(r), Value: id})
		h.ServeHTTP(w, r)
	})
}

// registrationBegun is what a registration's begin answers, as far as an
// authenticator reads it.
type registrationBegun struct {
	Ceremony string `json:"ceremony"`
	Options  struct {
		PublicKey struct {
			Challenge string `json:"challenge"`
			RP        struct {
				ID string `json:"id"`
			} `json:"rp"`
		} `json:"publicKey"`
	} `json:"options"`
}

// softPasskey makes a passkey for a registration's options, as a
// platform authenticator would ("none" attestation, an ES256 key), and
// returns the credential as the browser sends it.
func softPasskey(t testing.TB, begun registrationBegun, origin string) json.RawMessage {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	point, err := key.PublicKey.Bytes() // 0x04, X, Y
	if err != nil {
		t.Fatal(err)
	}
	cose, err := webauthncbor.Marshal(webauthncose.EC2PublicKeyData{
		PublicKeyData: webauthncose.PublicKeyData{KeyType: int64(webauthncose.EllipticKey), Algorithm: int64(webauthncose.AlgES256)},
		Curve:         int64(webauthncose.P256), XCoord: point[1:33], YCoord: point[33:65],
	})
	if err != nil {
		t.Fatal(err)
	}
	credID := make([]byte, 16)
	_, _ = rand.Read(credID)
	rpHash := sha256.Sum256([]byte(begun.Options.PublicKey.RP.ID))
	auth := append(rpHash[:], byte(protocol.FlagUserPresent|protocol.FlagUserVerified|protocol.FlagAttestedCredentialData), 0, 0, 0, 0)
	auth = append(auth, make([]byte, 16)...) // AAGUID: none
	auth = binary.BigEndian.AppendUint16(auth, uint16(len(credID)))
	auth = append(append(auth, credID...), cose...)
	att, err := webauthncbor.Marshal(map[string]any{"fmt": "none", "attStmt": map[string]any{}, "authData": auth})
	if err != nil {
		t.Fatal(err)
	}
	client, _ := json.Marshal(map[string]any{"type": "webauthn.create", "challenge": begun.Options.PublicKey.Challenge, "origin": origin})
	b64 := base64.RawURLEncoding.EncodeToString
	cred, _ := json.Marshal(map[string]any{"id": b64(credID), "rawId": b64(credID), "type": "public-key",
		"response": map[string]string{"clientDataJSON": b64(client), "attestationObject": b64(att)}})
	return cred
}

// TestPasskeyAddTwice: a person adds a passkey, then another, through the
// routes: begin, the authenticator, finish; both are listed.
func TestPasskeyAddTwice(t *testing.T) {
	s, mux, u := passkeyService(t)
	h := signedIn(t, s, mux, u)
	for i := range 2 {
		w := call(h, "POST", "/api/account/passkeys/begin", addPasskeyBody)
		var begun registrationBegun
		if err := json.Unmarshal(w.Body.Bytes(), &begun); err != nil || w.Code != http.StatusOK {
			t.Fatalf("begin %d: %d %s", i, w.Code, w.Body)
		}
		finish, _ := json.Marshal(passkeyFinish{Ceremony: begun.Ceremony, Name: fmt.Sprint("device ", i), Credential: softPasskey(t, begun, "http://localhost:8080")})
		if w := call(h, "POST", "/api/account/passkeys/finish", string(finish)); w.Code != http.StatusCreated {
			t.Fatalf("finish %d: %d %s", i, w.Code, w.Body)
		}
	}
	var list []passkeyJSON
	w := call(h, "GET", "/api/account/passkeys", "")
	if err := json.Unmarshal(w.Body.Bytes(), &list); err != nil || len(list) != 2 || list[0].Name != "device 0" || list[1].Name != "device 1" {
		t.Errorf("passkeys: %d %s, want device 0 and device 1", w.Code, w.Body)
	}
}

// TestPasskeyRegisterFlood: a signed-in client looping over the
// registration's begin is answered 429 with Retry-After once past its
// burst, and leaves at most ceremoniesPerAccount ceremonies in the store,
// of which the newest still finishes. Its address has begins left for
// another account, but not for a third.
func TestPasskeyRegisterFlood(t *testing.T) {
	s, mux, u := passkeyService(t)
	h := signedIn(t, s, mux, u)
	const burst = 2 * registerPerMinute
	var begun []registrationBegun
	limited := 0
	for i := range 200 { // the probe's client made 29,943 in 20 s
		w := call(h, "POST", "/api/account/passkeys/begin", addPasskeyBody)
		switch w.Code {
		case http.StatusOK:
			var b registrationBegun
			if err := json.Unmarshal(w.Body.Bytes(), &b); err != nil {
				t.Fatal(err)
			}
			begun = append(begun, b)
		case http.StatusTooManyRequests:
			var e struct{ Code string }
			_ = json.Unmarshal(w.Body.Bytes(), &e)
			if e.Code != "rate_limited" || w.Header().Get("Retry-After") == "" {
				t.Fatalf("begin %d: %d %s (Retry-After %q), want rate_limited with Retry-After", i, w.Code, w.Body, w.Header().Get("Retry-After"))
			}
			limited++
		default:
			t.Fatalf("begin %d: %d %s", i, w.Code, w.Body)
		}
	}
	if len(begun) != burst || limited != 200-burst {
		t.Fatalf("%d begins answered, %d refused: want the burst, %d, answered, the rest 429", len(begun), limited, burst)
	}
	newest := begun[len(begun)-1]
	finish, _ := json.Marshal(passkeyFinish{Ceremony: newest.Ceremony, Credential: softPasskey(t, newest, "http://localhost:8080")})
	if w := call(h, "POST", "/api/account/passkeys/finish", string(finish)); w.Code != http.StatusCreated {
		t.Errorf("the newest begin's finish: %d %s", w.Code, w.Body)
	}
	held := 1 // the newest, just finished
	for _, b := range begun[:len(begun)-1] {
		if _, err := s.passkeys.TakeCeremony(context.Background(), b.Ceremony, s.now()); err == nil {
			held++
		} else if !errors.Is(err, store.ErrNoCeremony) {
			t.Fatal(err)
		}
	}
	if held > ceremoniesPerAccount {
		t.Errorf("the store held %d of the account's ceremonies, want at most %d", held, ceremoniesPerAccount)
	}
	for i, name := range []string{"Bob", "Cid"} { // from the same address
		hash, err := cheap.Hash(annPassword) // the same password, so that addPasskeyBody gives it
		if err != nil {
			t.Fatal(err)
		}
		other := store.User{ID: "u" + name, Name: name, Password: hash, Player: "p" + name}
		if err := s.store.CreateUser(context.Background(), other); err != nil {
			t.Fatal(err)
		}
		answered, h := 0, signedIn(t, s, mux, other)
		for range burst {
			if w := call(h, "POST", "/api/account/passkeys/begin", addPasskeyBody); w.Code == http.StatusOK {
				answered++
			}
		}
		if want := min(2*registerAddrPerMinute-(i+1)*burst, burst); answered != want {
			t.Errorf("%s, from the address Ann used: %d of %d begins answered, want %d", name, answered, burst, want)
		}
	}
}

// TestPasskeySignInCeremoniesBounded: the sign-ins' ceremonies, begun by
// no one signed in, are bounded together; the newest still finishes as
// far as its credential.
func TestPasskeySignInCeremoniesBounded(t *testing.T) {
	if raceEnabled {
		t.Skip("a thousand begins one after another: checked without -race (make unit); the store's racing begins are storetest's CeremoniesKeptAtOnce")
	}
	_, mux, _ := passkeyService(t)
	var ids []string
	for range signInCeremonies + 5 {
		ids = append(ids, beginLogin(t, mux))
	}
	for i, id := range ids[:5] {
		w := call(mux, "POST", "/api/login/passkey/finish", `{"ceremony":"`+id+`","credential":{}}`)
		if w.Code != http.StatusBadRequest || !strings.Contains(w.Body.String(), "passkey_expired") {
			t.Fatalf("sign-in %d of %d: %d %s, want 400 passkey_expired", i, len(ids), w.Code, w.Body)
		}
	}
	w := call(mux, "POST", "/api/login/passkey/finish", `{"ceremony":"`+ids[len(ids)-1]+`","credential":{"id":"AA","type":"public-key"}}`)
	if w.Code != http.StatusBadRequest || !strings.Contains(w.Body.String(), "bad_request") {
		t.Errorf("the newest sign-in: %d %s, want 400 bad_request (its credential, not its ceremony)", w.Code, w.Body)
	}
}

// TestPasskeyAddNeedsThePassword: adding a passkey asks for the account's
// password again (a passkey signs in for good: a stolen session must not
// add one and outlive a password change); a wrong one is refused and adds
// nothing.
func TestPasskeyAddNeedsThePassword(t *testing.T) {
	s, mux, u := passkeyService(t)
	h := signedIn(t, s, mux, u)
	for _, tt := range []struct {
		body   string
		status int
		code   string
	}{
		{`{}`, http.StatusBadRequest, "bad_request"},
		{`{"password":"not ann's password"}`, http.StatusUnauthorized, "bad_credentials"},
		{addPasskeyBody, http.StatusOK, ""},
	} {
		w := call(h, "POST", "/api/account/passkeys/begin", tt.body)
		var e struct{ Code string }
		_ = json.Unmarshal(w.Body.Bytes(), &e)
		if w.Code != tt.status || e.Code != tt.code {
			t.Errorf("begin %s: %d %s, want %d %s", tt.body, w.Code, w.Body, tt.status, tt.code)
		}
	}
}
