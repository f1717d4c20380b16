package server

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestAPIMisses: a request under /api/ that no endpoint takes is answered
// in the API's JSON error body, never ServeMux's text/plain nor the app's
// page: a path an endpoint has under other methods is 405
// method_not_allowed with Allow, any other 404 not_found. Every error
// body carries lichess's "error" (the message) beside code and message.
func TestAPIMisses(t *testing.T) {
	_, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir())})
	for _, tt := range []struct {
		method, path string
		status       int
		code, allow  string
	}{
		{"GET", "/api/challenge/k3x9b2qz7w/accept", 405, "method_not_allowed", "POST"},
		{"GET", "/api/challenge/k3x9b2qz7w/decline", 405, "method_not_allowed", "POST"},
		{"POST", "/api/levels", 405, "method_not_allowed", "GET, HEAD"},
		{"DELETE", "/api/games", 405, "method_not_allowed", "GET, HEAD, POST"},
		{"PUT", "/api/board/game/k3x9b2qz7w/move/e2e4", 405, "method_not_allowed", "POST"},
		{"POST", "/api/board/game/stream/k3x9b2qz7w", 405, "method_not_allowed", "GET, HEAD"},
		{"GET", "/api/nothing", 404, "not_found", ""},
		{"POST", "/api/nothing", 404, "not_found", ""},
		{"PATCH", "/api/no/such/thing", 404, "not_found", ""},
		{"GET", "/api/board/game/k3x9b2qz7w/nothing", 404, "not_found", ""},
		{"GET", "/api/games/nosuchgame", 404, "not_found", ""},         // an endpoint's own refusal
		{"POST", "/api/challenge/nobody", 401, "signed_out", ""},       // the endpoint, not a miss
		{"GET", "/api/leaderboard/Not-A-Perf", 400, "bad_request", ""}, // the same
	} {
		what := tt.method + " " + tt.path
		r, err := http.NewRequest(tt.method, srv.URL+tt.path, strings.NewReader("{}"))
		if err != nil {
			t.Fatal(err)
		}
		r.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(r)
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		var body struct{ Code, Message, Error string }
		if resp.StatusCode != tt.status {
			t.Errorf("%s: %d %s, want %d", what, resp.StatusCode, data, tt.status)
			continue
		}
		if ct := resp.Header.Get("Content-Type"); ct != "application/json" {
			t.Errorf("%s: Content-Type %q, want application/json (%s)", what, ct, data)
		}
		if err := json.Unmarshal(data, &body); err != nil || body.Code != tt.code || body.Message == "" || body.Error != body.Message {
			t.Errorf("%s: body %s, want code %s, a message and error the same", what, data, tt.code)
		}
		if got := resp.Header.Get("Allow"); got != tt.allow {
			t.Errorf("%s: Allow %q, want %q", what, got, tt.allow)
		}
	}
}
