package account

import (
	"context"
	"sync/atomic"
	"testing"
	"time"
)

// TestHolds: a connection's hold ends when its credential is revoked, by
// key or with every credential of its account but one; a hold taken just
// after its credential was revoked (its request let in just before) ends
// at once; one taken for a credential made after its account's
// revocation, or the one kept, lives; and the checker ends the holds of
// credentials the store no longer has.
func TestHolds(t *testing.T) {
	at := time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)
	now := func() time.Time { return at }
	var dead atomic.Value
	dead.Store(holdKey(""))
	alive := func(_ context.Context, k holdKey) (bool, error) { return k != dead.Load().(holdKey), nil }
	hs := newHolds(alive, 10*time.Millisecond, now)
	ended := func() (func(), func() bool) {
		var n atomic.Int32
		return func() { n.Add(1) }, func() bool { return n.Load() > 0 }
	}

	c1, ended1 := ended()
	release := hs.add(sessionHold("s1"), "u1", at.Add(-time.Hour), c1)
	hs.revoke(sessionHold("s1"))
	if !ended1() {
		t.Error("a hold lived on after its session was revoked")
	}
	release()

	c2, ended2 := ended()
	hs.add(sessionHold("s1"), "u1", at.Add(-time.Hour), c2)
	if !ended2() {
		t.Error("a hold taken just after its session was revoked lived")
	}

	hs.revokeUser("u2", sessionHold("kept"))
	for _, tt := range []struct {
		name  string
		k     holdKey
		made  time.Time
		lives bool
	}{
		{"a token made before", tokenHold("t1"), at.Add(-time.Minute), false},
		{"the session kept", sessionHold("kept"), at.Add(-time.Minute), true},
		{"a session made after", sessionHold("new"), at.Add(time.Second), true},
	} {
		c, gone := ended()
		release := hs.add(tt.k, "u2", tt.made, c)
		if gone() == tt.lives {
			t.Errorf("%s of an account signed out everywhere: ended %v, want %v", tt.name, gone(), !tt.lives)
		}
		release()
	}

	at = at.Add(recentEnd + time.Second) // forgotten: what the checker does from now on
	dead.Store(tokenHold("gone"))
	c3, ended3 := ended()
	c4, ended4 := ended()
	defer hs.add(tokenHold("gone"), "u3", at, c3)()
	defer hs.add(tokenHold("here"), "u3", at, c4)()
	deadline := time.Now().Add(5 * time.Second)
	for !ended3() && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if !ended3() || ended4() {
		t.Errorf("after the checker: the hold of the token the store lost ended %v (want true), the other's %v (want false)", ended3(), ended4())
	}
}
