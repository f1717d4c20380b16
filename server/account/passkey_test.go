package account

import (
	"context"
	"crypto/tls"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/server/guards"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
)

// fixedPlayers gives every browser the same player secret: the passkey
// tests sign in, they play nothing.
type fixedPlayers struct{}

func (fixedPlayers) Secret(http.ResponseWriter, *http.Request) (string, error) { return "p", nil }
func (fixedPlayers) Use(http.ResponseWriter, *http.Request, string) error      { return nil }
func (fixedPlayers) Fresh(http.ResponseWriter, *http.Request) error            { return nil }

// passkeyService is a Service on a fresh SQLite store with one account,
// u1 (Ann), and its routes.
func passkeyService(t testing.TB) (*Service, *http.ServeMux, store.User) {
	t.Helper()
	st, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "gambit.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	u := store.User{ID: "u1", Name: "Ann", Player: "p"}
	if err := st.CreateUser(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	s := New(Config{Store: st, Players: fixedPlayers{}, Params: cheap, LoginPerMinute: 1 << 30})
	mux := http.NewServeMux()
	s.Register(mux)
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
	s := New(Config{Store: st, Players: fixedPlayers{}, Params: cheap, LoginPerMinute: 2})
	mux := http.NewServeMux()
	s.Register(mux)
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

// TestPasskeySignInCeremoniesBounded: the sign-ins' ceremonies, begun by
// no one signed in, are bounded together; the newest still finishes as
// far as its credential.
func TestPasskeySignInCeremoniesBounded(t *testing.T) {
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
