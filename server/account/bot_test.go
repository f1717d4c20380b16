package account

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"github.com/gambitchess/gambit/store"
)

// TestBotUpgrade: POST /api/bot/account/upgrade with a bot:play token
// makes an account that has played no game a bot, for good, and answers
// {"ok":true}, again when asked again (lichess's setBot); an account that
// has played is refused 400 and stays as it was, as is anyone when the
// games cannot be read or the server cannot tell; a token without
// bot:play is refused before anything runs, and no token is 401.
func TestBotUpgrade(t *testing.T) {
	errGames := errors.New("games unreadable")
	tests := []struct {
		name      string
		hasGames  func(ctx context.Context, u store.User) (bool, error) // nil: the Config's is nil
		scopes    string                                                // of Ann's token; "" for no token at all
		times     int                                                   // how many times it is sent (1 when 0)
		status    int
		body      string // the answer's, or its error code
		wantTitle string // Ann's afterwards
	}{
		{"new account", played(false), "bot:play", 1, 200, "{\"ok\":true}\n", store.TitleBot},
		{"twice", played(false), "bot:play board:play", 2, 200, "{\"ok\":true}\n", store.TitleBot},
		{"has played", played(true), "bot:play", 1, 400, "bad_request", ""},
		{"games unreadable", func(context.Context, store.User) (bool, error) { return false, errGames }, "bot:play", 1, 503, "storage", ""},
		{"no way to tell", nil, "bot:play", 1, 400, "bad_request", ""},
		{"without bot:play", played(false), "board:play challenge:write challenge:read preference:read", 1, 403, "missing_scope", ""},
		{"no token", played(false), "", 1, 401, "signed_out", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, h, st := botService(t, Config{HasGames: tt.hasGames})
			var tok string
			if tt.scopes != "" {
				tok = giveToken(t, st, "u1", tt.scopes)
			}
			for range max(tt.times, 1) {
				w := send(h, "POST", "/api/bot/account/upgrade", "", "", tok)
				got := w.Body.String()
				if w.Code >= 400 {
					got = errorCode(t, w)
				}
				if w.Code != tt.status || got != tt.body {
					t.Errorf("status %d %q, want %d %q", w.Code, w.Body, tt.status, tt.body)
				}
			}
			if u, err := st.UserByID(context.Background(), "u1"); err != nil || u.Title != tt.wantTitle {
				t.Errorf("Ann afterwards: %+v, %v; want title %q", u, err, tt.wantTitle)
			}
			if u, _ := st.UserByID(context.Background(), "u2"); u.Title != "" {
				t.Errorf("Bob afterwards: %+v; want no title", u)
			}
		})
	}
}

// TestBotUpgradeAsksForTheAccount: the games asked about are those of the
// token's own account.
func TestBotUpgradeAsksForTheAccount(t *testing.T) {
	var asked []string
	_, h, st := botService(t, Config{HasGames: func(_ context.Context, u store.User) (bool, error) {
		asked = append(asked, u.ID+" "+u.Player)
		return u.ID == "u2", nil // Bob has played
	}})
	if w := send(h, "POST", "/api/bot/account/upgrade", "", "", giveToken(t, st, "u2", "bot:play")); w.Code != http.StatusBadRequest {
		t.Errorf("Bob's upgrade: %d %s, want 400", w.Code, w.Body)
	}
	if w := send(h, "POST", "/api/bot/account/upgrade", "", "", giveToken(t, st, "u1", "bot:play")); w.Code != http.StatusOK {
		t.Errorf("Ann's upgrade: %d %s, want 200", w.Code, w.Body)
	}
	if len(asked) != 2 || asked[0] != "u2 p2" || asked[1] != "u1 p1" {
		t.Errorf("HasGames asked for %q, want [u2 p2, u1 p1]", asked)
	}
}

// played is a HasGames answering has.
func played(has bool) func(context.Context, store.User) (bool, error) {
	return func(context.Context, store.User) (bool, error) { return has, nil }
}
