package guards

import (
	"cmp"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestSecure: a state-changing request from a browser must be same-site
// JSON; one with a token (Authorization: Bearer) may be a form from
// anywhere, since its cookies never count; a Basic header proves nothing.
// A POST that only reads (lichess's export by ids) comes from anywhere, as
// a GET does; no other path or method shares its pass.
func TestSecure(t *testing.T) {
	tests := []struct {
		name    string
		method  string // POST when ""
		path    string // /api/x when ""
		headers map[string]string
		refused bool
	}{
		{"same-site JSON", "", "", map[string]string{"Content-Type": "application/json", "Sec-Fetch-Site": "same-origin"}, false},
		{"program JSON", "", "", map[string]string{"Content-Type": "application/json"}, false},
		{"cookie form", "", "", map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, true},
		{"cross-site JSON", "", "", map[string]string{"Content-Type": "application/json", "Sec-Fetch-Site": "cross-site"}, true},
		{"bearer form", "", "", map[string]string{"Content-Type": "application/x-www-form-urlencoded", "Authorization": "Bearer gbt_x"}, false},
		{"bearer any origin", "", "", map[string]string{"Origin": "https://elsewhere.example", "Authorization": "bearer gbt_x"}, false},
		{"basic form", "", "", map[string]string{"Content-Type": "application/x-www-form-urlencoded", "Authorization": "Basic YTpi"}, true},
		{"a read's plain text", "", "/api/read", map[string]string{"Content-Type": "text/plain"}, false},
		{"a read from another site", "", "/api/read", map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "https://elsewhere.example"}, false},
		{"a read's path with another method", "DELETE", "/api/read", map[string]string{"Content-Type": "text/plain"}, true},
		{"a read's path below", "", "/api/read/x", map[string]string{"Content-Type": "text/plain"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var refused error
			h := Secure(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}), func(_ http.ResponseWriter, err error) { refused = err }, "POST /api/read")
			method, path := cmp.Or(tt.method, "POST"), cmp.Or(tt.path, "/api/x")
			r := httptest.NewRequest(method, "http://gambit.example"+path, strings.NewReader("a=1"))
			for k, v := range tt.headers {
				r.Header.Set(k, v)
			}
			h.ServeHTTP(httptest.NewRecorder(), r)
			if (refused != nil) != tt.refused || (refused != nil && !errors.Is(refused, ErrCrossSite)) {
				t.Errorf("refused = %v, want refused %v", refused, tt.refused)
			}
		})
	}
}
