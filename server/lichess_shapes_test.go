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

// TestChallengePerfIcon: a challenge's perf has icon (empty: lichess's is
// a glyph of its own icon font) beside its name, as lichess's
// ChallengeJson requires, in the answer and the event stream's lines.
func TestChallengePerfIcon(t *testing.T) {
	_, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir())})
	ann, bob := newProgram(t, srv, "ann"), newProgram(t, srv, "bob")
	events := bob.stream("/api/stream/event")
	var ch struct {
		Perf map[string]string
	}
	if err := json.Unmarshal([]byte(ann.want(200, "POST", "/api/challenge/bob", formType, "clock.limit=300&clock.increment=0")), &ch); err != nil {
		t.Fatal(err)
	}
	line := next(t, events, "challenge")["challenge"].(map[string]any)["perf"].(map[string]any)
	if icon, ok := ch.Perf["icon"]; !ok || icon != "" || ch.Perf["name"] != "blitz" || line["icon"] != "" || line["name"] != "blitz" {
		t.Errorf("the challenge's perf %v, its line's %v; want icon \"\" and name blitz", ch.Perf, line)
	}
}
