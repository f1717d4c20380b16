package swiss

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/tourney/tourneytest"
	"github.com/gambitchess/gambit/store"
)

// peekingServer reads the live room's reading of the event while the
// director creates a round's games, as a room's refresh (every second, or
// kicked by any game's end) may.
type peekingServer struct {
	*tourneytest.FakeServer
	s    *Service
	t    *testing.T
	told map[string]string // user: a game id Mine sent them to before it existed
}

func (p *peekingServer) StartGame(ctx context.Context, id string, opts game.Options, rated bool, w, b store.User) error {
	rd, err := p.s.reading(ctx, "swiss1")
	if err == nil {
		for _, u := range []string{"u0", "u1", "u2", "u3"} {
			msg, _ := rd.Mine(u)
			var m struct{ D *meJSON }
			_ = json.Unmarshal(msg, &m)
			if m.D != nil && m.D.GameID != "" {
				if _, made := p.FakeServer.Games[m.D.GameID]; !made {
					p.told[u] = m.D.GameID
				}
			}
		}
	}
	return p.FakeServer.StartGame(ctx, id, opts, rated, w, b)
}

// TestSwissSendsPlayersToCreatedGamesOnly: while the director creates a
// round's games, the live room names none not yet created; once the
// round is made, every player of a game hears of it.
func TestSwissSendsPlayersToCreatedGamesOnly(t *testing.T) {
	sto := tourneytest.Stores[0]
	st := sto.Open(t)
	ctx := context.Background()
	c := tourneytest.NewClock(time.Date(2026, 12, 6, 18, 0, 0, 0, time.UTC))
	ps := &peekingServer{FakeServer: tourneytest.NewFakeServer(""), t: t, told: map[string]string{}}
	s := New(Config{Store: st, Server: ps, Node: "n1", Now: c.Now})
	ps.s = s
	newEvent(t, st, c.Now(), 4, 3)
	if err := s.Direct(ctx); err != nil {
		t.Fatal(err)
	}
	if err := s.Direct(ctx); err != nil {
		t.Fatal(err)
	}
	for u, g := range ps.told {
		t.Errorf("a reading while the round's games were created sends %s to game %s, not yet created", u, g)
	}
	rd, err := s.reading(ctx, "swiss1")
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range []string{"u0", "u1", "u2", "u3"} {
		msg, news := rd.Mine(u)
		var m struct{ D *meJSON }
		if err := json.Unmarshal(msg, &m); err != nil || m.D == nil || m.D.GameID == "" || news == "" {
			t.Errorf("after the round was made, %s is told %s (news %q); want their game", u, msg, news)
		}
	}
}
