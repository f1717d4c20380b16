package account

import (
	"encoding/json"
	"testing"
)

// TestFailCarriesLichessError: the account routes' refusals carry
// lichess's "error" (the message again) beside code and message, as every
// other route's do: lichess's clients read it, and lichess's API types
// require it (POST /api/bot/account/upgrade's 400, POST /api/token/test's).
func TestFailCarriesLichessError(t *testing.T) {
	_, h, st := botService(t, Config{HasGames: played(true)})
	tok := giveToken(t, st, "u1", "bot:play")
	for _, tt := range []struct {
		name, method, path, contentType, body, token string
		status                                       int
	}{
		{"bot upgrade of an account that has played", "POST", "/api/bot/account/upgrade", "", "", tok, 400},
		{"token test without a token", "POST", "/api/token/test", "text/plain", " , ", "", 400},
		{"a bad token", "GET", "/api/bot/account/upgrade", "", "", "gbt_nosuchtoken", 401},
	} {
		w := send(h, tt.method, tt.path, tt.contentType, tt.body, tt.token)
		var e struct{ Code, Message, Error string }
		if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil || w.Code != tt.status || e.Code == "" || e.Message == "" || e.Error != e.Message {
			t.Errorf("%s: %d %s (%v); want %d with code, message and error the message", tt.name, w.Code, w.Body, err, tt.status)
		}
	}
}
