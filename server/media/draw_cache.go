package media

import (
	"container/list"
	"sync"
	"sync/atomic"
)

// DefaultCacheBytes bounds the drawings kept in memory: a long game's
// largest GIF is about 600 KB, so some fifty of those. A game in play
// keeps one version of each of its files asked (see drawCache.add), so
// live games do not crowd out finished ones by their moves.
const DefaultCacheBytes = 32 << 20

// drawCache keeps the most recently asked drawings, of games finished or
// in play, by their ETag, up to a number of bytes in all: a version once
// drawn need not be drawn again while it is asked. The ETag names what
// was drawn for whom (see prepareImage), so one asker's drawing is never
// another's unless they are the same. It is safe for concurrent use.
type drawCache struct {
	mu     sync.Mutex
	most   int        // bytes kept at most
	bytes  int        // bytes kept
	order  *list.List // of *drawEntry, the most recently used first
	byTag  map[string]*list.Element
	bySlot map[string]*list.Element // the version kept of each file

	misses atomic.Int64 // gets that found nothing: the drawings made (tests)
}

// drawEntry is one drawing kept.
type drawEntry struct {
	tag  string
	slot string // the file it is a version of
	body []byte
}

// newDrawCache keeps up to most bytes of drawings.
func newDrawCache(most int) *drawCache {
	return &drawCache{most: most, order: list.New(), byTag: map[string]*list.Element{}, bySlot: map[string]*list.Element{}}
}

// get is the drawing of ETag tag, if kept.
func (c *drawCache) get(tag string) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.byTag[tag]
	if !ok {
		c.misses.Add(1)
		return nil, false
	}
	c.order.MoveToFront(e)
	return e.Value.(*drawEntry).body, true
}

// add keeps body, the drawing of ETag tag, as the version of file slot
// (which game, which file, with which options, for whose sight): the one
// kept before of that slot is forgotten, for a game in play has moved on
// from it. Then the least recently used are forgotten to make room. A
// drawing over an eighth of the room is not kept: it would push out many
// others. body must not change afterwards.
func (c *drawCache) add(tag, slot string, body []byte) {
	if len(body) > c.most/8 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.byTag[tag]; ok {
		return
	}
	if old, ok := c.bySlot[slot]; ok {
		c.remove(old)
	}
	e := c.order.PushFront(&drawEntry{tag: tag, slot: slot, body: body})
	c.byTag[tag], c.bySlot[slot] = e, e
	c.bytes += len(body)
	for c.bytes > c.most {
		c.remove(c.order.Back())
	}
}

// remove forgets entry e; c.mu is held.
func (c *drawCache) remove(e *list.Element) {
	old := c.order.Remove(e).(*drawEntry)
	delete(c.byTag, old.tag)
	if c.bySlot[old.slot] == e {
		delete(c.bySlot, old.slot)
	}
	c.bytes -= len(old.body)
}
