package computer

import (
	"slices"
	"sync"

	"github.com/gambitchess/gambit/server/wire"
)

// Games counts the live games against the computer (a hub running,
// the game not over), per client and in all, so that a new one is refused
// while the machine is past what it can think for, or while one client
// already has its share: refused at once with a clear message, never
// accepted and left silent. A game leaves the count when it ends or its
// hub retires (no one is there and the computer is not to move).
type Games struct {
	perClient, total int

	mu       sync.Mutex
	byGame   map[string]string // game id -> client
	byClient map[string]int
}

// NewGames counts up to perClient live games for one client and total in all.
func NewGames(perClient, total int) *Games {
	return &Games{perClient: perClient, total: total, byGame: map[string]string{}, byClient: map[string]int{}}
}

// Reserve counts game id of client, or refuses it: a
// *wire.ComputerGamesError (a rate limit) when the client has its share of
// live computer games, wire.ErrComputerBusy when the machine has.
func (c *Games) Reserve(id, client string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.byGame[id]; ok {
		return nil
	}
	if c.byClient[client] >= c.perClient {
		return &wire.ComputerGamesError{Limit: c.perClient}
	}
	if len(c.byGame) >= c.total {
		return wire.ErrComputerBusy
	}
	c.addLocked(id, client)
	return nil
}

// Of returns the ids of the games counted for client.
func (c *Games) Of(client string) []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var ids []string
	for id, cl := range c.byGame {
		if cl == client {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return ids
}

// Add counts game id of client with no limit: a game loaded again (a
// player came back, a restart) is already someone's.
func (c *Games) Add(id, client string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.byGame[id]; !ok {
		c.addLocked(id, client)
	}
}

func (c *Games) addLocked(id, client string) {
	c.byGame[id] = client
	c.byClient[client]++
}

// Release stops counting game id.
func (c *Games) Release(id string) {
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
