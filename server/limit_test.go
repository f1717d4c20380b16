package server

import (
	"testing"
	"time"
)

// TestMessageFlood: a connection sending faster than the limit has the
// excess dropped, with one error event, and the game changes only by what
// got through.
func TestMessageFlood(t *testing.T) {
	s, srv, _ := serve(t, openStore(t, t.TempDir()), nil)
	g := create(t, s.Handler(), `{"mode":"local"}`)
	p := dial(t, srv, g.ID, g.Token)
	p.state("state")
	for range messageBurst + 20 {
		p.send(`{"t":"draw-offer"}`) // every one after the first is refused by the game: cheap to check
	}
	codes := map[string]int{}
	for {
		data, err := p.read(500 * time.Millisecond)
		if err != nil {
			break
		}
		var m struct {
			T string
			D struct{ Code string }
		}
		mustDecode(t, data, &m)
		if m.T == "error" {
			codes[m.D.Code]++
		}
	}
	if codes["rate_limited"] != 1 || codes["offer"] != messageBurst-1 {
		t.Fatalf("errors %v, want one rate_limited and %d offer", codes, messageBurst-1)
	}
}
