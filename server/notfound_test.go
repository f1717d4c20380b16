package server

import (
	"net/http"
	"strings"
	"testing"
	"testing/fstest"
)

// TestUnknownAddressIsTheAppsPage: an address that is no route and no
// file of the app is answered 404 with the app's page in the reader's
// language (which says so and links home), never Go's bare English "404
// page not found" nor a folder's listing; the app's files, its own routes
// and the API's unknown endpoints answer as before.
func TestUnknownAddressIsTheAppsPage(t *testing.T) {
	assets := fstest.MapFS{
		"index.html":    {Data: []byte(langPage)},
		"assets/app.js": {Data: []byte("console.log(1)")},
		"favicon.svg":   {Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`)},
	}
	s := New(Config{Store: openStore(t, t.TempDir()), Assets: assets})
	t.Cleanup(s.Close)
	h := s.Handler()
	for _, tt := range []struct {
		path, accept, lang string
	}{
		{"/no/such/page", "", "en"},
		{"/nosuchpage", "zh-TW,zh;q=0.9", "zh-TW"},
		{"/nosuchpage.html", "zh-CN", "zh-CN"},
		{"/assets/", "zh-CN", "zh-CN"},
		{"/assets/nosuch.js", "", "en"},
	} {
		rec := fetch(h, tt.path, "", "Accept-Language", tt.accept)
		body := rec.Body.String()
		if rec.Code != http.StatusNotFound {
			t.Errorf("GET %s: %d, want 404", tt.path, rec.Code)
		}
		if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
			t.Errorf("GET %s: Content-Type %q, want the app's page", tt.path, ct)
		}
		if !strings.Contains(body, `<html lang="`+tt.lang+`">`) || strings.Contains(body, "404 page not found") || strings.Contains(body, "app.js</a>") {
			t.Errorf("GET %s (%s): not the app's page in %s:\n%s", tt.path, tt.accept, tt.lang, body)
		}
		if !strings.Contains(strings.Join(rec.Header().Values("Vary"), ","), "Accept-Language") {
			t.Errorf("GET %s lacks Vary: Accept-Language", tt.path)
		}
	}
	for _, tt := range []struct {
		path string
		code int
	}{
		{"/assets/app.js", http.StatusOK},
		{"/favicon.svg", http.StatusOK},
		{"/", http.StatusOK},
		{"/account", http.StatusOK},
		{"/bots", http.StatusOK},             // the bots online (web/src/bots)
		{"/api/nosuch", http.StatusNotFound}, // the API's JSON error (apimiss.go), not the app's page
	} {
		if rec := fetch(h, tt.path, ""); rec.Code != tt.code {
			t.Errorf("GET %s: %d, want %d", tt.path, rec.Code, tt.code)
		}
	}
}
