package guards

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestSecure: a state-changing request from a browser must be same-site
// JSON; one with a token (Authorization: Bearer) may be a form from
// anywhere, since its cookies never count; a Basic header proves nothing.
func TestSecure(t *testing.T) {
	tests := []struct {
		name    string
		headers map[string]string
		refused bool
		path    string // "/api/x" when empty
	}{
		{"same-site JSON", map[string]string{"Content-Type": "application/json", "Sec-Fetch-Site": "same-origin"}, false, ""},
		{"program JSON", map[string]string{"Content-Type": "application/json"}, false, ""},
		{"cookie form", map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, true, ""},
		{"cross-site JSON", map[string]string{"Content-Type": "application/json", "Sec-Fetch-Site": "cross-site"}, true, ""},
		{"bearer form", map[string]string{"Content-Type": "application/x-www-form-urlencoded", "Authorization": "Bearer gbt_x"}, false, ""},
		{"bearer any origin", map[string]string{"Origin": "https://elsewhere.example", "Authorization": "bearer gbt_x"}, false, ""},
		{"basic form", map[string]string{"Content-Type": "application/x-www-form-urlencoded", "Authorization": "Basic YTpi"}, true, ""},
		// A request any site may send: any body, any origin, no token.
		{"any-site text", map[string]string{"Content-Type": "text/plain"}, false, "/api/open"},
		{"any-site cross-site", map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "https://elsewhere.example"}, false, "/api/open"},
		{"any-site's sibling", map[string]string{"Content-Type": "text/plain"}, true, "/api/open/more"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var refused error
			h := Secure(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}), func(_ http.ResponseWriter, err error) { refused = err }, "POST /api/open")
			path := tt.path
			if path == "" {
				path = "/api/x"
			}
			r := httptest.NewRequest("POST", "http://gambit.example"+path, strings.NewReader("a=1"))
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
