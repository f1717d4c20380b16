package computer

import (
	"slices"
	"sync"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/wire"
)

// Games counts the live games against the computer (a hub running, the
// game not over) per player, per address and in all, so that a new one is
// refused while its player already has their share, while their address
// has as many as one address may, or while the machine is past what it
// can think for: refused at once with a clear message, never accepted and
// left silent. A game leaves the count when it ends or its hub retires (no
// one is there and the computer is not to move).
//
// The player is the one the human seat records: a browser's player id, or
// an account's while signed in (server/player.go), so two people behind
// one address (a household, a school, a café's network) each have their
// own share. The address's ceiling is higher, a few people's shares: it
// still holds when a client mints a new player for every request (no
// cookie kept), which the per-player count alone would not stop.
type Games struct {
	perPlayer, perAddr, total int

	mu       sync.Mutex
	byGame   map[string]holder // game id -> who holds it
	byPlayer map[string]int
	byAddr   map[string]int
}

// holder is who a counted game is charged to.
type holder struct{ player, addr string }

// NewGames counts up to perPlayer live games for one player, perAddr for
// one address and total in all.
func NewGames(perPlayer, perAddr, total int) *Games {
	return &Games{perPlayer: perPlayer, perAddr: perAddr, total: total,
		byGame: map[string]holder{}, byPlayer: map[string]int{}, byAddr: map[string]int{}}
}

// holderOf is whom game g, played from address addr, is charged to: the
// player of its human seat, and addr. A game whose human seat names no
// player (none does that the server makes; a record from elsewhere) or
// played from no known address is charged to itself alone.
func holderOf(g *game.Game, addr string) holder {
	h := holder{addr: addr}
	for _, c := range []chess.Color{chess.White, chess.Black} {
		if s := g.Seat(c); s.Kind == game.SeatHuman && s.Player != "" {
			h.player = s.Player
			break
		}
	}
	if h.player == "" {
		h.player = "game " + g.ID()
	}
	if h.addr == "" {
		h.addr = "game " + g.ID()
	}
	return h
}

// Reserve counts game g, asked for from address addr, or refuses it: a
// *wire.ComputerGamesError (a rate limit) when its player has their share
// of live computer games (Reason wire.HeldByPlayer) or the address has
// (wire.HeldByAddress), wire.ErrComputerBusy when the machine has. The
// error names no game: Of lists the player's, for the caller to describe.
func (c *Games) Reserve(g *game.Game, addr string) error {
	h := holderOf(g, addr)
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.byGame[g.ID()]; ok {
		return nil
	}
	if c.byPlayer[h.player] >= c.perPlayer {
		return &wire.ComputerGamesError{Limit: c.perPlayer, Reason: wire.HeldByPlayer}
	}
	if c.byAddr[h.addr] >= c.perAddr {
		return &wire.ComputerGamesError{Limit: c.perAddr, Reason: wire.HeldByAddress}
	}
	if len(c.byGame) >= c.total {
		return wire.ErrComputerBusy
	}
	c.addLocked(g.ID(), h)
	return nil
}

// Of returns the ids of the games counted for player, from any address.
func (c *Games) Of(player string) []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var ids []string
	for id, h := range c.byGame {
		if h.player == player {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return ids
}

// Add counts game g, played from address addr, with no limit: a game
// loaded again (a player came back, a restart) or played on is already
// someone's.
func (c *Games) Add(g *game.Game, addr string) {
	h := holderOf(g, addr)
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.byGame[g.ID()]; !ok {
		c.addLocked(g.ID(), h)
	}
}

func (c *Games) addLocked(id string, h holder) {
	c.byGame[id] = h
	c.byPlayer[h.player]++
	c.byAddr[h.addr]++
}

// Release stops counting game id.
func (c *Games) Release(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	h, ok := c.byGame[id]
	if !ok {
		return
	}
	delete(c.byGame, id)
	if c.byPlayer[h.player]--; c.byPlayer[h.player] <= 0 {
		delete(c.byPlayer, h.player)
	}
	if c.byAddr[h.addr]--; c.byAddr[h.addr] <= 0 {
		delete(c.byAddr, h.addr)
	}
}
