package server

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/server/computer"
)

// TestNullMoveRefusedInEveryMode: a seat's "0000" (a pass) is refused as
// an illegal move in chess and Chess960, online, against the computer and
// on one screen, and the game goes on from where it was; a pasted PGN with
// a pass is refused with the move named. The hostile probe had them played
// as "--".
func TestNullMoveRefusedInEveryMode(t *testing.T) {
	s, srv, _ := serve(t, openStore(t, t.TempDir()), computer.NewEngineBot(1))
	const pass = `{"t":"move","d":{"u":"0000"}}`
	for _, variant := range []string{"chess", "chess960"} {
		t.Run(variant+"/local", func(t *testing.T) {
			g := create(t, s.Handler(), `{"mode":"local","variant":"`+variant+`"}`)
			p := dial(t, srv, g.ID, g.Token)
			p.state("state")
			p.send(pass)
			p.wantError("illegal_move")
			p.send(`{"t":"move","d":{"u":"e2e4"}}`) // e2e4 is legal in every Chess960 start too
			if m := p.state("move"); m.Ply != 1 || m.Turn != "black" {
				t.Fatalf("after the refused pass, e2e4 gave ply %d, %s to move", m.Ply, m.Turn)
			}
		})
		t.Run(variant+"/online", func(t *testing.T) {
			white, black, _, _ := onlinePair(t, s, srv, `{"mode":"online","color":"white","variant":"`+variant+`"}`)
			white.send(pass)
			white.wantError("illegal_move")
			white.send(`{"t":"move","d":{"u":"e2e4"}}`)
			white.position(1)
			black.position(1)
			black.send(pass)
			black.wantError("illegal_move")
			black.send(`{"t":"move","d":{"u":"e7e5"}}`)
			if m := white.position(2); m.Turn != "white" {
				t.Fatalf("after black's refused pass: %+v", m)
			}
		})
		t.Run(variant+"/computer", func(t *testing.T) {
			g := create(t, s.Handler(), `{"mode":"computer","color":"white","level":"greedy","variant":"`+variant+`"}`)
			p := dial(t, srv, g.ID, g.Token)
			p.state("state")
			p.send(pass)
			p.wantError("illegal_move")
			p.send(`{"t":"move","d":{"u":"e2e4"}}`)
			p.position(2) // the computer answered the real move, not a pass
		})
	}
	t.Run("pasted PGN", func(t *testing.T) {
		rec := httptest.NewRecorder()
		s.Handler().ServeHTTP(rec, apiRequest("POST", "/api/games", `{"mode":"local","setup":"1. e4 -- 2. d4 *"}`))
		if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), "1... --") {
			t.Fatalf("a PGN with a pass: %d %s, want 422 naming the move", rec.Code, rec.Body)
		}
	})
}
