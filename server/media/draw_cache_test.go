package media

import "testing"

// TestDrawCacheSlots: a new version of a file takes the place of the one
// kept before (a game in play moved on), another file's stays, the bytes
// kept are counted through both, and the least recently used goes first.
func TestDrawCacheSlots(t *testing.T) {
	c := newDrawCache(80)
	c.add("v1", "a", make([]byte, 10))
	c.add("w1", "b", make([]byte, 10))
	c.add("v2", "a", make([]byte, 10))
	if _, ok := c.get("v1"); ok {
		t.Error("the first version of a is still kept beside the second")
	}
	for _, tag := range []string{"v2", "w1"} {
		if _, ok := c.get(tag); !ok {
			t.Errorf("%s is not kept", tag)
		}
	}
	if c.bytes != 20 || len(c.byTag) != 2 || len(c.bySlot) != 2 || c.order.Len() != 2 {
		t.Errorf("%d bytes, %d tags, %d slots, %d entries; want 20, 2, 2, 2", c.bytes, len(c.byTag), len(c.bySlot), c.order.Len())
	}
	c.add("x", "c", make([]byte, 10))
	c.get("v2")                                              // w1 is now the least recently used
	c.add("y", "d", make([]byte, 10))                        // 40 bytes: all fit
	for _, slot := range []string{"e", "f", "g", "h", "i"} { // 90 bytes: one must go
		c.add(slot+"1", slot, make([]byte, 10))
	}
	if _, ok := c.get("w1"); ok {
		t.Error("the least recently used drawing was kept over the room")
	}
	if _, ok := c.get("v2"); !ok {
		t.Error("a recently used drawing was forgotten before the least recently used")
	}
	if c.bytes != 80 || len(c.bySlot) != len(c.byTag) || c.order.Len() != len(c.byTag) {
		t.Errorf("%d bytes (of 80), %d slots, %d tags, %d entries", c.bytes, len(c.bySlot), len(c.byTag), c.order.Len())
	}
}
