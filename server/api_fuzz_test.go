package server

import (
	"strings"
	"testing"

	"github.com/gambitchess/gambit/server/lichess"
	"github.com/gambitchess/gambit/server/wire/wiretest"
)

// clientError fails unless err is nil or a 4xx with a message
// (wiretest.ClientError).
func clientError(t *testing.T, what string, err error) {
	t.Helper()
	wiretest.ClientError(t, what, err)
}

// FuzzBoardChat feeds arbitrary chat bodies to the Board API's chat
// parser and on to the chat message it runs (lichess.ParseBoardChat,
// then actionMsg): no panic, a refusal is a 4xx, and an accepted line is
// a chat message with a text, for the spectators exactly when
// room=spectator.
func FuzzBoardChat(f *testing.F) {
	for _, seed := range []string{"room=player&text=gg", "room=spectator&text=hi", "text=", "text=a%00b", "room=player", "x=1",
		"room=Spectator&text=hi", "room=spectator&room=player&text=x", "text=" + strings.Repeat("é", 141)} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, body string) {
		fields, err := lichess.ParseParams(formType, []byte(body))
		clientError(t, "parseParams", err)
		if err != nil {
			return
		}
		act, err := lichess.ParseBoardChat(fields)
		clientError(t, "ParseBoardChat", err)
		if err != nil {
			return
		}
		m, err := actionMsg(act)
		clientError(t, "actionMsg", err)
		if err == nil && (m.T != "chat" || m.Text == "" || m.Spectators != (fields["room"] == "spectator")) {
			t.Fatalf("chat %v = %+v", fields, m)
		}
	})
}
