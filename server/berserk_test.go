package server

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/server/lichess"
)

// TestBoardAPIBerserkRefused: the Board API's berserk reaches the game,
// which refuses it outside an arena (a challenge's game is not
// berserkable): 409 cannot_berserk, and a token of no seat's is refused
// as on every action. (Arena games go berserk in server/tournaments'
// and the contract test's arena.)
func TestBoardAPIBerserkRefused(t *testing.T) {
	_, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir())})
	ann, bob, cat := newProgram(t, srv, "ann"), newProgram(t, srv, "bob"), newProgram(t, srv, "cat")
	var ch lichess.Challenge
	body := ann.want(200, "POST", "/api/challenge/bob", formType, "clock.limit=300&clock.increment=3&color=white&variant=standard")
	if err := json.Unmarshal([]byte(body), &ch); err != nil || ch.ID == "" {
		t.Fatalf("challenge = %s", body)
	}
	bob.want(200, "POST", "/api/challenge/"+ch.ID+"/accept", "", "")
	if text := ann.want(409, "POST", "/api/board/game/"+ch.ID+"/berserk", "", ""); !strings.Contains(text, "cannot_berserk") {
		t.Errorf("berserk in a challenge's game: %s, want cannot_berserk", text)
	}
	if status, _ := cat.call("POST", "/api/board/game/"+ch.ID+"/berserk", "", ""); status < 400 {
		t.Errorf("a stranger's berserk: %d, want a refusal", status)
	}
}
