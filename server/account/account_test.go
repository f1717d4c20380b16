package account

import (
	"errors"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/server/wire"
)

// cheap are small costs, so that the tests run quickly; the format and the
// checks are the same as with DefaultParams.
var cheap = Params{Memory: 64, Time: 1, Threads: 1, SaltLen: 16, KeyLen: 32}

func TestHashVerify(t *testing.T) {
	h, err := cheap.Hash("correct horse")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=64,t=1,p=1$") {
		t.Errorf("Hash = %q, want the PHC form with its parameters", h)
	}
	h2, _ := cheap.Hash("correct horse")
	if h == h2 {
		t.Error("two hashes of one password are equal: no salt?")
	}
	tests := []struct {
		hash, password string
		want           bool
	}{
		{h, "correct horse", true},
		{h, "correct horsE", false},
		{h, "", false},
		{"", "correct horse", false},
		{strings.Replace(h, "argon2id", "argon2i", 1), "correct horse", false},
		{strings.Replace(h, "m=64", "m=999999999", 1), "correct horse", false}, // over the bounds: never computed
		{h[:len(h)-4], "correct horse", false},
	}
	for _, tt := range tests {
		if got := Verify(tt.hash, tt.password); got != tt.want {
			t.Errorf("Verify(%q, %q) = %v, want %v", tt.hash, tt.password, got, tt.want)
		}
	}
	// A hash made with DefaultParams checks the same way.
	hd, err := DefaultParams.Hash("pw with defaults")
	if err != nil || !Verify(hd, "pw with defaults") || !strings.Contains(hd, "$m=19456,t=2,p=1$") {
		t.Errorf("DefaultParams: %q, %v", hd, err)
	}
}

func TestNeedsRehash(t *testing.T) {
	h, _ := cheap.Hash("pw")
	stronger := cheap
	stronger.Time = 3
	if cheap.NeedsRehash(h) || !stronger.NeedsRehash(h) || !cheap.NeedsRehash("garbage") {
		t.Error("NeedsRehash wrong")
	}
	// A hash of the old parameters still verifies after the raise.
	if !Verify(h, "pw") {
		t.Error("old hash no longer verifies")
	}
}

func TestCheckName(t *testing.T) {
	tests := []struct {
		name string
		ok   bool
	}{
		{"abc", true}, {"A_b-9", true}, {"abcdefghijklmnopqrst", true},
		{"ab", false}, {"abcdefghijklmnopqrstu", false}, {"a b", false}, {"née", false}, {"a.b", false},
		{"admin", false}, {"ADMIN", false}, {"Gambit", false}, {"", false},
		{"\u212Aate", false}, {"Ｋａｔｅ", false}, // a name that normalises: sign-up stores its display, Kate
		{"white", false}, {"Admin_", false}, {"fairy-stockfish", false}, {"blackberry", true},
	}
	for _, tt := range tests {
		err := CheckName(tt.name)
		if (err == nil) != tt.ok || err != nil && !errors.Is(err, wire.ErrBadUsername) {
			t.Errorf("CheckName(%q) = %v, want ok %v", tt.name, err, tt.ok)
		}
	}
}

func TestCheckPassword(t *testing.T) {
	tests := []struct {
		pw, name string
		ok       bool
	}{
		{"correct horse", "ann", true},
		{"1234567", "ann", false},
		{"password", "ann", false},
		{"PASSWORD", "ann", false},
		{"qwertyuiop", "ann", false},
		{"ann-is-great-99", "Ann", false},
		{strings.Repeat("x", MaxPassword+1), "ann", false},
		{"我的密碼很安全啊", "ann", true},  // 8 characters, more bytes
		{"密碼密碼密碼密碼", "ann", false}, // "password" four times: too little variety
		{"        ", "ann", false},
		{"aaaaaaab", "ann", false},
		{"abcd1234", "ann", false},
		{"11112222", "ann", false},
		{"k3Jd9aQz", "ann", true},
		{"iloveyou", "ann", false},
	}
	for _, tt := range tests {
		err := CheckPassword(tt.pw, tt.name)
		if (err == nil) != tt.ok || err != nil && !errors.Is(err, wire.ErrWeakPassword) {
			t.Errorf("CheckPassword(%.20q, %q) = %v, want ok %v", tt.pw, tt.name, err, tt.ok)
		}
	}
	if n := len(lists().common); n < 10000 {
		t.Errorf("only %d common passwords read", n)
	}
}

func TestParsers(t *testing.T) {
	tests := []struct {
		in   string
		want error
	}{
		{`{"username":"a","password":"b"}`, nil},
		{`{"username":"a"}`, wire.ErrBadRequest},
		{`{"username":"a","password":"b","x":1}`, wire.ErrBadRequest},
		{`{"username":"a","password":"b"}x`, wire.ErrBadRequest},
		{`[]`, wire.ErrBadRequest},
		{``, wire.ErrBadRequest},
	}
	for _, tt := range tests {
		_, err := parseCredentials([]byte(tt.in))
		if !errors.Is(err, tt.want) || (tt.want == nil) != (err == nil) {
			t.Errorf("parseCredentials(%q) = %v, want %v", tt.in, err, tt.want)
		}
	}
}

// FuzzParsers: no body makes a parser panic, and what one accepts has its
// fields set.
func FuzzParsers(f *testing.F) {
	for _, s := range []string{`{"username":"ann","password":"secret pass"}`, `{"current":"a","new":"b"}`, `{"password":"x"}`, `{`, `null`, `{"username":1}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if c, err := parseCredentials(data); err == nil && (c.Username == "" || c.Password == "") {
			t.Errorf("parseCredentials(%q) accepted %+v", data, c)
		}
		if c, err := parsePasswordChange(data); err == nil && (c.Current == "" || c.New == "") {
			t.Errorf("parsePasswordChange(%q) accepted %+v", data, c)
		}
		if c, err := parsePasswordOnly(data); err == nil && c.Password == "" {
			t.Errorf("parsePasswordOnly(%q) accepted %+v", data, c)
		}
		_ = CheckName(string(data))
		_ = CheckPassword(string(data), "ann")
		_, _ = parseHash(string(data))
	})
}

// FuzzTokenRequest feeds arbitrary POST /api/token bodies and
// Authorization headers to their parsers: no panic, and every refusal
// is a client error (4xx).
func FuzzTokenRequest(f *testing.F) {
	f.Add([]byte(`{"username":"ann","password":"pw","scopes":["board:play"]}`), "Bearer gbt_"+strings.Repeat("A", 43))
	f.Add([]byte(`{"username":"ann","password":"pw","scopes":["x"]}`), "Basic abc")
	f.Add([]byte(`{}`), "bearer  gbt_x")
	f.Add([]byte(`{"username":"a","password":"b"} {}`), "")
	f.Fuzz(func(t *testing.T, body []byte, header string) {
		req, err := parseTokenRequest(body)
		if err != nil {
			if status, _ := wire.Code(err); status < 400 || status > 499 {
				t.Fatalf("parseTokenRequest: %v answers %d", err, status)
			}
		} else if len(req.Scopes) == 0 {
			t.Fatal("a token request with no scopes accepted")
		}
		if _, err := parseBearer(header); err != nil {
			if status, _ := wire.Code(err); status != 401 {
				t.Fatalf("parseBearer(%q): %v answers %d", header, err, status)
			}
		}
	})
}
