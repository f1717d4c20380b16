package account

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
)

// botService is a Service on a fresh SQLite store with two accounts, u1
// (Ann) and u2 (Bob), its routes behind its Middleware, and cfg's
// settings (its Store set here).
func botService(t testing.TB, cfg Config) (*Service, http.Handler, *store.SQLite) {
	t.Helper()
	st, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "gambit.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	for _, u := range []store.User{{ID: "u1", Name: "Ann", Password: "h", Player: "p1"}, {ID: "u2", Name: "Bob", Password: "h", Player: "p2"}} {
		if err := st.CreateUser(context.Background(), u); err != nil {
			t.Fatal(err)
		}
	}
	cfg.Store, cfg.Params = st, cheap
	s := New(cfg)
	mux := http.NewServeMux()
	s.Register(NewRoutes(mux, s.fail))
	return s, s.Middleware(mux), st
}

// giveToken makes a token of user userID with scopes (space-separated)
// and returns its text.
func giveToken(t testing.TB, st store.Tokens, userID, scopes string) string {
	t.Helper()
	tok, hash := newToken()
	if err := st.CreateToken(context.Background(), store.Token{Hash: hash, UserID: userID, Scopes: scopes, CreatedAt: time.Unix(1, 0)}); err != nil {
		t.Fatal(err)
	}
	return tok
}

// send sends method path with body to h, as a program at 192.0.2.1 would:
// contentType ("" for none) and, unless "", Authorization: Bearer token.
func send(h http.Handler, method, path, contentType, body, token string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(method, "http://localhost:8080"+path, strings.NewReader(body))
	r.RemoteAddr = "192.0.2.1:1234"
	if contentType != "" {
		r.Header.Set("Content-Type", contentType)
	}
	if token != "" {
		r.Header.Set("Authorization", "Bearer "+token)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

// errorCode is the code of an error answer's body.
func errorCode(t testing.TB, w *httptest.ResponseRecorder) string {
	t.Helper()
	var e struct{ Code string }
	if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil {
		t.Fatalf("error body %q: %v", w.Body, err)
	}
	return e.Code
}

func TestParseTokenList(t *testing.T) {
	tok := "gbt_" + strings.Repeat("A", 43)
	tests := []struct {
		in      string
		want    []string
		wantErr error
	}{
		{tok, []string{tok}, nil},
		{"a,b,c", []string{"a", "b", "c"}, nil},
		{" a , b\n", []string{"a", "b"}, nil},                       // spaces and a final newline around each
		{"a,,b,", []string{"a", "b"}, nil},                          // empty ones skipped
		{"b,a,b,a", []string{"b", "a"}, nil},                        // each once, in the order first sent
		{"lip_xyz,a b", []string{"lip_xyz", "a b"}, nil},            // not Gambit's: answered null, not refused
		{"令牌", []string{"令牌"}, nil},                                 // any text
		{strings.Repeat("x,", 1000), nil, nil},                      // 1000 tokens
		{strings.Repeat("x,", 999) + "y", nil, nil},                 // 1000 tokens, repeats included
		{strings.Repeat("x,", 1000) + "y", nil, wire.ErrBadRequest}, // 1001
		{"", nil, wire.ErrBadRequest},
		{" , ,\n", nil, wire.ErrBadRequest},
		{"a\nb", nil, wire.ErrBadRequest},   // newlines do not separate tokens: commas do
		{"a\x00b", nil, wire.ErrBadRequest}, // a control character
		{"a,\xff", nil, wire.ErrBadRequest}, // not UTF-8
	}
	for _, tt := range tests {
		got, err := parseTokenList([]byte(tt.in))
		if !errors.Is(err, tt.wantErr) || (err == nil) != (tt.wantErr == nil) {
			t.Errorf("parseTokenList(%.40q) error = %v, want %v", tt.in, err, tt.wantErr)
			continue
		}
		if tt.want != nil && !slices.Equal(got, tt.want) {
			t.Errorf("parseTokenList(%.40q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// FuzzTokenList: no body makes parseTokenList panic; every refusal is a
// 400; what it accepts is 1 to 1000 distinct, trimmed, non-empty tokens
// of UTF-8 text without a comma or a control character, which read back
// the same once joined with commas.
func FuzzTokenList(f *testing.F) {
	for _, s := range []string{"gbt_" + strings.Repeat("A", 43), "a,b", " a , ,b\n", "", ",", "a\nb", "\xff", "lip_abc,lip_abc"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		toks, err := parseTokenList(data)
		if err != nil {
			if status, code := wire.Code(err); status != 400 || code != "bad_request" {
				t.Fatalf("parseTokenList(%q): %v answers %d %s", data, err, status, code)
			}
			return
		}
		if len(toks) == 0 || len(toks) > maxTokensTested {
			t.Fatalf("parseTokenList(%q) accepted %d tokens", data, len(toks))
		}
		seen := map[string]bool{}
		for _, tok := range toks {
			if tok == "" || tok != strings.TrimSpace(tok) || strings.ContainsAny(tok, ",\n\r\t") || seen[tok] {
				t.Fatalf("parseTokenList(%q) accepted %q", data, tok)
			}
			seen[tok] = true
		}
		again, err := parseTokenList([]byte(strings.Join(toks, ",")))
		if err != nil || !slices.Equal(again, toks) {
			t.Fatalf("parseTokenList(join(%q)) = %q, %v", toks, again, err)
		}
	})
}

// tokenInfo is an entry of POST /api/token/test's answer.
type tokenInfo struct {
	UserID  string  `json:"userId"`
	Scopes  string  `json:"scopes"`
	Expires *int64  `json:"expires"`
	Extra   *string `json:"extra"` // never sent
}

// TestTokenTest: each token sent is answered its account's id (the name
// in lower case) and scopes (comma-separated), with no expiry, or null
// for one that is not a live token of this server; with or without a
// token of the asker's own, whatever the body's type.
func TestTokenTest(t *testing.T) {
	_, h, st := botService(t, Config{})
	ann := giveToken(t, st, "u1", "board:play bot:play")
	bob := giveToken(t, st, "u2", "challenge:read")
	revoked := giveToken(t, st, "u2", "board:play")
	if err := st.DeleteToken(context.Background(), "u2", hashID(revoked)); err != nil {
		t.Fatal(err)
	}
	unknown := "gbt_" + strings.Repeat("Z", 43)
	annInfo, bobInfo := &tokenInfo{UserID: "ann", Scopes: "board:play,bot:play"}, &tokenInfo{UserID: "bob", Scopes: "challenge:read"}
	tests := []struct {
		name, contentType, body, auth string
		want                          map[string]*tokenInfo
	}{
		{"one", "text/plain", ann, "", map[string]*tokenInfo{ann: annInfo}},
		{"several", "text/plain", ann + ", " + bob + "," + revoked + "," + unknown + ",lip_abc", "",
			map[string]*tokenInfo{ann: annInfo, bob: bobInfo, revoked: nil, unknown: nil, "lip_abc": nil}},
		{"no type, with a token", "", bob + "\n", ann, map[string]*tokenInfo{bob: bobInfo}},                  // lichess-bot: requests, data=token
		{"a form's type", "application/x-www-form-urlencoded", ann, "", map[string]*tokenInfo{ann: annInfo}}, // curl -d
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := send(h, "POST", "/api/token/test", tt.contentType, tt.body, tt.auth)
			if w.Code != http.StatusOK || !strings.HasPrefix(w.Header().Get("Content-Type"), "application/json") {
				t.Fatalf("status %d %q: %s", w.Code, w.Header().Get("Content-Type"), w.Body)
			}
			var got map[string]*tokenInfo
			if err := json.Unmarshal(w.Body.Bytes(), &got); err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tt.want) {
				t.Errorf("answer %s; want %d entries", w.Body, len(tt.want))
			}
			for tok, want := range tt.want {
				g, ok := got[tok]
				switch {
				case !ok:
					t.Errorf("no entry for %.12s…: %s", tok, w.Body)
				case (g == nil) != (want == nil), g != nil && (g.UserID != want.UserID || g.Scopes != want.Scopes || g.Expires != nil || g.Extra != nil):
					t.Errorf("entry for %.12s… = %+v, want %+v", tok, g, want)
				}
			}
			if want := `"expires":null`; tt.want[ann] != nil && !strings.Contains(w.Body.String(), want) {
				t.Errorf("answer %s lacks %s", w.Body, want)
			}
		})
	}
}

// TestTokenTestRefused: a malformed body is 400 saying why, one too large
// 413, a bad token of the asker's own 401, and an address past its
// tokens a minute 429 with Retry-After, the tokens it sent unlooked-up.
func TestTokenTestRefused(t *testing.T) {
	at := time.Unix(1e9, 0) // the clock stands still: nothing refills
	_, h, st := botService(t, Config{TokenTestsPerMinute: 5, Now: func() time.Time { return at }})
	ann := giveToken(t, st, "u1", "bot:play")
	tests := []struct {
		name, body, auth string
		status           int
		code, message    string
	}{
		{"empty", "", "", 400, "bad_request", "no token"},
		{"not UTF-8", "a,\xff", "", 400, "bad_request", "UTF-8"},
		{"a newline inside", "a\nb", "", 400, "bad_request", "commas"},
		{"too many", strings.Repeat("x,", 1001), "", 400, "bad_request", "1000"},
		{"too large", strings.Repeat("x", maxTokenTestBody+1), "", 413, "too_large", ""},
		{"a bad token of the asker's", ann, "gbt_nope", 401, "bad_token", ""},
		{"within the limit", "a,b,c,d", "", 200, "", ""},
		{"past the limit", "e,f", "", 429, "rate_limited", ""}, // 4 taken of 5: 2 more are refused whole
		{"a single one still", ann, "", 200, "", ""},
		{"and then none", ann, "", 429, "rate_limited", ""},
	}
	for _, tt := range tests {
		w := send(h, "POST", "/api/token/test", "text/plain", tt.body, tt.auth)
		if w.Code != tt.status {
			t.Errorf("%s: status %d %s, want %d", tt.name, w.Code, w.Body, tt.status)
			continue
		}
		if tt.code == "" {
			continue
		}
		if c := errorCode(t, w); c != tt.code || !strings.Contains(w.Body.String(), tt.message) {
			t.Errorf("%s: %s; want %s saying %q", tt.name, w.Body, tt.code, tt.message)
		}
		if tt.status == 429 && w.Header().Get("Retry-After") == "" {
			t.Errorf("%s: 429 without Retry-After", tt.name)
		}
	}
}
