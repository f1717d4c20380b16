package server

import (
	"bytes"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/round"
	"github.com/gambitchess/gambit/variant/jieqi/jieqigame"
)

// TestJieqiTakenFaceDownKnownToCaptorOnly: Red's face-down piece on a
// cannon's point takes Black's face-down piece on a horse's point (b2b9,
// as a cannon over Black's cannon point). The reveal of Red's piece is
// public; what it took is Red's alone: Black, its owner, and a spectator
// read "?" and one unknown piece taken, in the move and in every state,
// and no message to them holds the letter.
func TestJieqiTakenFaceDownKnownToCaptorOnly(t *testing.T) {
	s, srv, _ := serve(t, openStore(t, t.TempDir()), nil)
	red, black, g, joined := onlinePair(t, s, srv, `{"mode":"online","variant":"jieqi","color":"white"}`)
	spectator := dial(t, srv, g.ID, "")
	spectator.nextBoard()
	red.send(`{"t":"move","d":{"u":"b2b9"}}`)
	seen := map[string]round.StateJSON{}
	for name, c := range map[string]*wsClient{"red": red, "black": black, "spectator": spectator} {
		st := c.nextBoard()
		if st.Ply != 1 || st.Last == nil || st.Last.UCI != "b2b9" {
			t.Fatalf("%s: after b2b9 read %+v", name, st)
		}
		seen[name] = st
	}
	turned, _ := game.ExtAs[jieqigame.Turned](seen["red"].Last.Ext)
	if len(turned.Reveal) != 1 || len(turned.Took) != 1 || turned.Took == "?" || strings.ToLower(turned.Took) != turned.Took {
		t.Fatalf("the captor reads %+v: want its piece and the black piece it took", turned)
	}
	if taken, _ := game.ExtAs[jieqigame.Taken](seen["red"].Ext); taken.Known[1] != turned.Took || taken.Unknown[1] != 0 {
		t.Errorf("the captor's pieces taken: %+v", taken)
	}
	for _, name := range []string{"black", "spectator"} {
		other, _ := game.ExtAs[jieqigame.Turned](seen[name].Last.Ext)
		if other.Reveal != turned.Reveal || other.Took != "?" {
			t.Errorf("%s reads the move as %+v; want the reveal %s and an unknown piece taken", name, other, turned.Reveal)
		}
		if taken, _ := game.ExtAs[jieqigame.Taken](seen[name].Ext); taken.Known[1] != "" || taken.Unknown[1] != 1 {
			t.Errorf("%s's pieces taken: %+v; want one black piece taken, unknown", name, taken)
		}
	}
	// A fresh state for each (a reload) tells no more than the move did.
	for name, token := range map[string]string{"black": joined.Token, "spectator": ""} {
		c := dial(t, srv, g.ID, token)
		st := c.nextBoard()
		if taken, _ := game.ExtAs[jieqigame.Taken](st.Ext); taken.Unknown[1] != 1 || taken.Known[1] != "" {
			t.Errorf("%s's reloaded state: pieces taken %+v", name, taken)
		}
		for _, data := range append(append(c.recorded(), spectator.recorded()...), black.recorded()...) {
			if bytes.Contains(data, []byte(`"took":"`+turned.Took+`"`)) || bytes.Contains(data, []byte(`"known":["","`+turned.Took)) {
				t.Errorf("%s was told the piece taken face down: %s", name, data)
			}
		}
	}
}

// TestJieqiAgainstTheComputer: the computer plays Black from its seat's
// sight, and its reply turns a piece up like anyone's.
func TestJieqiAgainstTheComputer(t *testing.T) {
	s, srv, _ := serve(t, openStore(t, t.TempDir()), nil)
	g := create(t, s.Handler(), `{"mode":"computer","variant":"jieqi","color":"white","level":"easy"}`)
	c := dial(t, srv, g.ID, g.Token)
	c.state("state")
	c.send(`{"t":"move","d":{"u":"h2e2"}}`)
	st := c.position(2)
	if st.Turn != "white" || len(st.Dests) == 0 || st.Last == nil || st.Last.UCI == "" {
		t.Fatalf("after the computer's reply: %+v", st)
	}
	if !strings.Contains(st.FEN, "X") || !strings.Contains(st.FEN, "x") {
		t.Errorf("face-down pieces gone from the board: %s", st.FEN)
	}
}

// TestJieqiImage: a jieqi game in play draws, for a stranger, with its
// face-down pieces as backs (the image is cut from the spectator's sight).
func TestJieqiImage(t *testing.T) {
	s, _, _ := serve(t, openStore(t, t.TempDir()), nil)
	g := create(t, s.Handler(), `{"mode":"local","variant":"jieqi"}`)
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/game/"+g.ID+".svg", nil))
	if rec.Code != 200 || strings.Count(rec.Body.String(), "face-down") != 30 {
		t.Errorf("GET %s.svg: %d, %d face-down pieces drawn", g.ID, rec.Code, strings.Count(rec.Body.String(), "face-down"))
	}
	rec = httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/game/"+g.ID+".png", nil))
	if rec.Code != 200 {
		t.Errorf("GET %s.png: %d %s", g.ID, rec.Code, rec.Body)
	}
}
