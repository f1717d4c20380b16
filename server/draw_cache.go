package server

import (
	"container/list"
	"sync"
)

// drawCacheBytes bounds the drawings of finished games kept in memory: a
// long game's largest GIF is about 600 KB, so some fifty of those.
const drawCacheBytes = 32 << 20

// drawCache keeps the most recently asked drawings of finished games, by
// their ETag, up to a number of bytes in all: what cannot change need not
// be drawn twice. The ETag names what was drawn for whom (see fileTag),
// so one asker's drawing is never another's unless they are the same. It
// is safe for concurrent use.
type drawCache struct {
	mu    sync.Mutex
	most  int        // bytes kept at most
	bytes int        // bytes kept
	order *list.List // of *drawEntry, the most recently used first
	byTag map[string]*list.Element
}

// drawEntry is one drawing kept.
type drawEntry struct {
	tag  string
	body []byte
}

// newDrawCache keeps up to most bytes of drawings.
func newDrawCache(most int) *drawCache {
	return &drawCache{most: most, order: list.New(), byTag: map[string]*list.Element{}}
}

// get is the drawing of ETag tag, if kept.
func (c *drawCache) get(tag string) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.byTag[tag]
	if !ok {
		return nil, false
	}
	c.order.MoveToFront(e)
	return e.Value.(*drawEntry).body, true
}

// add keeps body, the drawing of ETag tag, forgetting the least recently
// used ones to make room. A drawing over an eighth of the room is not
// kept: it would push out many others. body must not change afterwards.
func (c *drawCache) add(tag string, body []byte) {
	if len(body) > c.most/8 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.byTag[tag]; ok {
		return
	}
	c.byTag[tag] = c.order.PushFront(&drawEntry{tag: tag, body: body})
	c.bytes += len(body)
	for c.bytes > c.most {
		old := c.order.Remove(c.order.Back()).(*drawEntry)
		delete(c.byTag, old.tag)
		c.bytes -= len(old.body)
	}
}
