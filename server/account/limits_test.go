package account

import (
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/store"
)

// deviceService is a Service on a fresh SQLite store, for the device
// cookies' tests.
func deviceService(t testing.TB) *Service {
	t.Helper()
	st, err := store.OpenSQLite(t.Context(), filepath.Join(t.TempDir(), "gambit.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return New(Config{Store: st})
}

// withDevice is a request carrying device cookie value.
func withDevice(value string) *http.Request {
	r := httptest.NewRequest("POST", "/api/login", nil)
	r.AddCookie(&http.Cookie{Name: deviceCookie, Value: value})
	return r
}

// TestDeviceCookie: a device cookie the service gave proves its account
// and keeps its nonce when given again; another account's, a forged or
// a mangled one proves nothing.
func TestDeviceCookie(t *testing.T) {
	s := deviceService(t)
	u1, u2 := store.User{ID: "u1", Password: "hash 1"}, store.User{ID: "u2", Password: "hash 2"}
	rec := httptest.NewRecorder()
	s.rememberDevice(rec, httptest.NewRequest("POST", "/api/login", nil), u1)
	var given string
	for _, c := range rec.Result().Cookies() {
		if c.Name == deviceCookie {
			given = c.Value
		}
	}
	if given == "" {
		t.Fatal("no device cookie given")
	}
	nonce := s.deviceOf(withDevice(given), u1)
	if nonce == "" {
		t.Fatalf("the cookie given (%q) proves nothing", given)
	}
	other := "x" // a nonce's first character changed
	if nonce[0] == 'x' {
		other = "y"
	}
	flipped := "0" // the MAC's last digit changed
	if strings.HasSuffix(given, "0") {
		flipped = "1"
	}
	for _, tt := range []struct {
		name, value string
		user        store.User
	}{
		{"another account's", given, u2},
		{"the account's, its password changed since", given, store.User{ID: "u1", Password: "hash 1, changed"}},
		{"its MAC changed", given[:len(given)-1] + flipped, u1},
		{"its nonce changed", strings.Replace(given, nonce, other+nonce[1:], 1), u1},
		{"no MAC", "u1." + nonce, u1},
		{"empty", "", u1},
		{"too long", given + strings.Repeat("a", 300), u1},
	} {
		if got := s.deviceOf(withDevice(tt.value), tt.user); got != "" {
			t.Errorf("%s: proves %q", tt.name, got)
		}
	}
	rec = httptest.NewRecorder()
	s.rememberDevice(rec, withDevice(given), u1)
	if c := rec.Result().Cookies(); len(c) != 1 || c[0].Value != given {
		t.Errorf("signed in again, the device got %v; want its cookie as it was (its limit its own)", c)
	}
}

// FuzzDeviceCookie: any cookie value is read without a panic, and none
// but one the service signed proves an account.
func FuzzDeviceCookie(f *testing.F) {
	for _, seed := range []string{"", "u1.abc.def", "u1..", "..", "u1.nonce.0123456789abcdef0123456789abcdef", strings.Repeat(".", 300)} {
		f.Add(seed)
	}
	s := deviceService(f)
	f.Fuzz(func(t *testing.T, value string) {
		if nonce := s.deviceOf(withDevice(value), store.User{ID: "u1", Password: "hash"}); nonce != "" {
			t.Errorf("the unsigned %q proves the account (nonce %q)", value, nonce)
		}
	})
}
