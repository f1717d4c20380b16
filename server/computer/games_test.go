package computer

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/wire"
)

// computerGame is a game of player's against the computer, with id.
func computerGame(t *testing.T, id, player string) *game.Game {
	t.Helper()
	g, err := game.New(game.Options{ID: id, Mode: game.ModeComputer, Seats: [2]game.Seat{
		{Kind: game.SeatHuman, Player: player}, {Kind: game.SeatBot, Level: "beginner", Name: "Gambit Beginner (~800)"}}})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestGamesSharesPerPlayerAndAddress: two players behind one address each
// have their own share; the address's ceiling holds for everyone behind
// it (a client minting players included), the machine's for all; a
// refusal says which limit it is, and Of lists a player's games from any
// address.
func TestGamesSharesPerPlayerAndAddress(t *testing.T) {
	c := NewGames(2, 3, 5)
	reserve := func(id, player, addr string) error {
		t.Helper()
		return c.Reserve(computerGame(t, id, player), addr)
	}
	refused := func(err error, reason string, limit int) {
		t.Helper()
		held := new(wire.ComputerGamesError)
		if !errors.As(err, &held) || held.Reason != reason || held.Limit != limit {
			t.Fatalf("got %v, want a %s refusal at %d", err, reason, limit)
		}
		if !errors.Is(err, wire.ErrRateLimited) {
			t.Errorf("%v is no rate limit", err)
		}
	}
	for _, tt := range []struct{ id, player, addr string }{
		{"a1", "ann", "net"}, {"a2", "ann", "net"}, {"b1", "bob", "net"},
	} {
		if err := reserve(tt.id, tt.player, tt.addr); err != nil {
			t.Fatalf("%s of %s from %s: %v", tt.id, tt.player, tt.addr, err)
		}
	}
	refused(reserve("a3", "ann", "elsewhere"), wire.HeldByPlayer, 2) // her share, from any address
	refused(reserve("b2", "bob", "net"), wire.HeldByAddress, 3)      // his share left, the address full
	refused(reserve("x1", "minted", "net"), wire.HeldByAddress, 3)   // a new player each time: the address holds
	if err := reserve("a1", "ann", "net"); err != nil {
		t.Errorf("a game already counted, asked again: %v", err)
	}
	if got := c.Of("ann"); !slices.Equal(got, []string{"a1", "a2"}) {
		t.Errorf("Of(ann) = %v", got)
	}
	if err := reserve("b2", "bob", "phone"); err != nil { // his second from another network
		t.Fatalf("bob from another address: %v", err)
	}
	if got := c.Of("bob"); !slices.Equal(got, []string{"b1", "b2"}) {
		t.Errorf("Of(bob) = %v", got)
	}
	c.Add(computerGame(t, "loaded", "cy"), "") // loaded again: no limit, charged to itself
	if err := reserve("d1", "dee", "cafe"); !errors.Is(err, wire.ErrComputerBusy) {
		t.Errorf("the sixth game in all: %v, want busy", err)
	}
	c.Release("a1")
	if err := reserve("b3", "bob", "net"); err == nil {
		t.Error("bob's third: accepted")
	}
	if err := reserve("a3", "ann", "net"); err != nil {
		t.Errorf("ann's, after one of hers ended: %v", err)
	}
	for i := range 10 { // releasing what is not counted changes nothing
		c.Release(fmt.Sprint("none", i))
	}
	if got := c.Of("ann"); !slices.Equal(got, []string{"a2", "a3"}) {
		t.Errorf("Of(ann) after the release = %v", got)
	}
}
