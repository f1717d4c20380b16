package server

import (
	"sync"
	"time"

	"github.com/gambitchess/gambit/server/guards"
)

// computerGames counts the live games against the computer (a hub running,
// the game not over), per client and in all, so that a new one is refused
// while the machine is past what it can think for, or while one client
// already has its share: refused at once with a clear message, never
// accepted and left silent. A game leaves the count when it ends or its
// hub retires (no one is there and the computer is not to move).
type computerGames struct {
	perClient, total int

	mu       sync.Mutex
	byGame   map[string]string // game id -> client
	byClient map[string]int
}

func newComputerGames(perClient, total int) *computerGames {
	return &computerGames{perClient: perClient, total: total, byGame: map[string]string{}, byClient: map[string]int{}}
}

// reserve counts game id of client, or refuses it: ErrRateLimited when the
// client has its share of live computer games, ErrComputerBusy when the
// machine has.
func (c *computerGames) reserve(id, client string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.byGame[id]; ok {
		return nil
	}
	if c.byClient[client] >= c.perClient {
		return guards.RateLimited(time.Minute, "you already have %d games against the computer going; finish one (or leave it) first",
			c.perClient)
	}
	if len(c.byGame) >= c.total {
		return ErrComputerBusy
	}
	c.addLocked(id, client)
	return nil
}

// add counts game id of client with no limit: a game loaded again (a
// player came back, a restart) is already someone's.
func (c *computerGames) add(id, client string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.byGame[id]; !ok {
		c.addLocked(id, client)
	}
}

func (c *computerGames) addLocked(id, client string) {
	c.byGame[id] = client
	c.byClient[client]++
}

// release stops counting game id.
func (c *computerGames) release(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	client, ok := c.byGame[id]
	if !ok {
		return
	}
	delete(c.byGame, id)
	if c.byClient[client]--; c.byClient[client] <= 0 {
		delete(c.byClient, client)
	}
}
