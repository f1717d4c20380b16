package server

import (
	"encoding/json"
	"testing"
)

// The shapes the lichess contract test (web/e2e/lichess-contract.test.mjs)
// found Gambit's answers lacking, each checked here where the server is.

// TestUserURL: GET /api/user/{name} and GET /api/account carry url, the
// profile page's path (lichess's UserExtended requires it).
func TestUserURL(t *testing.T) {
	_, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir())})
	ann := newProgram(t, srv, "Ann")
	for _, path := range []string{"/api/user/ann", "/api/user/ANN", "/api/account"} {
		var u struct{ URL *string }
		if err := json.Unmarshal([]byte(ann.want(200, "GET", path, "", "")), &u); err != nil || u.URL == nil || *u.URL != "/@/Ann" {
			t.Errorf("GET %s: url %v (%v); want /@/Ann", path, u.URL, err)
		}
	}
}
