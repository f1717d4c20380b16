package account

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"time"

	"github.com/gambitchess/gambit/store"
)

// A connection that outlives its request (a game's WebSocket, an NDJSON
// stream) was let in by a session or a token that can end while it is
// open: signed out, revoked, a password changed, the account deleted.
// Hold ties the connection to that credential, so that it ends with it:
// at once when this node ends the credential, and within CheckEvery when
// another node does (each node checks the credentials its connections
// hold against the store). The connection then comes back, if it does, as
// whoever its request proves to be by then.

// DefaultCheckEvery is how often a node checks that the credentials its
// connections hold still live, when Config.CheckEvery is zero.
const DefaultCheckEvery = 3 * time.Second

// holdKey names one credential: "s" and a session's hash, or "t" and a
// token's.
type holdKey string

func sessionHold(hash string) holdKey { return holdKey("s" + hash) }
func tokenHold(hash string) holdKey   { return holdKey("t" + hash) }

// hold is one connection's tie to its credential.
type hold struct {
	user   string // the credential's account
	cancel func()
}

// holds are the credentials this node's connections hold.
type holds struct {
	alive func(ctx context.Context, k holdKey) (bool, error)
	every time.Duration
	now   func() time.Time

	mu       sync.Mutex
	byKey    map[holdKey]map[*hold]struct{}
	checking bool // the checker runs; it stops when no connection holds anything
	// ended are the credentials this node ended lately, and endedUsers
	// the accounts it ended every credential of (but one) lately, with
	// when: a connection whose request was let in just before, and that
	// comes to hold its credential just after, is ended as it does
	// (lately: within recentEnd).
	ended      map[holdKey]time.Time
	endedUsers map[string]endedUser
}

// endedUser is when an account's credentials were ended, all but except.
type endedUser struct {
	at     time.Time
	except holdKey
}

// recentEnd is how long an ended credential is remembered: far longer than
// a request takes from its check to its hold.
const recentEnd = 30 * time.Second

func newHolds(alive func(ctx context.Context, k holdKey) (bool, error), every time.Duration, now func() time.Time) *holds {
	return &holds{alive: alive, every: every, now: now, byKey: map[holdKey]map[*hold]struct{}{},
		ended: map[holdKey]time.Time{}, endedUsers: map[string]endedUser{}}
}

// endedLately reports whether credential k of user, made at made, was
// ended by this node after it was made and lately. hs.mu is held.
func (hs *holds) endedLately(k holdKey, user string, made time.Time) bool {
	now := hs.now()
	for x, at := range hs.ended {
		if now.Sub(at) > recentEnd {
			delete(hs.ended, x)
		}
	}
	for u, e := range hs.endedUsers {
		if now.Sub(e.at) > recentEnd {
			delete(hs.endedUsers, u)
		}
	}
	if _, ok := hs.ended[k]; ok {
		return true
	}
	e, ok := hs.endedUsers[user]
	return ok && k != e.except && !made.After(e.at)
}

// add ties cancel to credential k of user, made at made; release unties
// it. A credential this node ended meanwhile is ended at once.
func (hs *holds) add(k holdKey, user string, made time.Time, cancel func()) (release func()) {
	h := &hold{user: user, cancel: cancel}
	hs.mu.Lock()
	if hs.endedLately(k, user, made) {
		hs.mu.Unlock()
		cancel()
		return func() {}
	}
	if hs.byKey[k] == nil {
		hs.byKey[k] = map[*hold]struct{}{}
	}
	hs.byKey[k][h] = struct{}{}
	if !hs.checking {
		hs.checking = true
		go hs.check()
	}
	hs.mu.Unlock()
	return func() {
		hs.mu.Lock()
		delete(hs.byKey[k], h)
		if len(hs.byKey[k]) == 0 {
			delete(hs.byKey, k)
		}
		hs.mu.Unlock()
	}
}

// revoke ends the connections holding credentials ks.
func (hs *holds) revoke(ks ...holdKey) {
	hs.mu.Lock()
	for _, k := range ks {
		hs.ended[k] = hs.now()
	}
	hs.mu.Unlock()
	hs.end(func(k holdKey, _ *hold) bool {
		for _, x := range ks {
			if k == x {
				return true
			}
		}
		return false
	})
}

// revokeUser ends the connections holding any credential of user but
// except ("" for none).
func (hs *holds) revokeUser(user string, except holdKey) {
	hs.mu.Lock()
	hs.endedUsers[user] = endedUser{at: hs.now(), except: except}
	hs.mu.Unlock()
	hs.end(func(k holdKey, h *hold) bool { return h.user == user && k != except })
}

// end cancels (and forgets) every hold that match picks, outside the lock.
func (hs *holds) end(match func(holdKey, *hold) bool) {
	var cancels []func()
	hs.mu.Lock()
	for k, set := range hs.byKey {
		for h := range set {
			if match(k, h) {
				cancels = append(cancels, h.cancel)
				delete(set, h)
			}
		}
		if len(set) == 0 {
			delete(hs.byKey, k)
		}
	}
	hs.mu.Unlock()
	for _, cancel := range cancels {
		cancel()
	}
}

// check asks the store, every hs.every, whether each credential held
// still lives, and ends the connections of those that do not. A store
// that cannot answer ends nothing. It returns once nothing is held.
func (hs *holds) check() {
	t := time.NewTicker(hs.every)
	defer t.Stop()
	for range t.C {
		hs.mu.Lock()
		if len(hs.byKey) == 0 {
			hs.checking = false
			hs.mu.Unlock()
			return
		}
		keys := make([]holdKey, 0, len(hs.byKey))
		for k := range hs.byKey {
			keys = append(keys, k)
		}
		hs.mu.Unlock()
		var dead []holdKey
		for _, k := range keys {
			ctx, cancel := context.WithTimeout(context.Background(), hs.every)
			ok, err := hs.alive(ctx, k)
			cancel()
			if err == nil && !ok {
				dead = append(dead, k)
			}
		}
		if len(dead) > 0 {
			hs.revoke(dead...)
		}
	}
}

// alive reports whether credential k still lets its holder in.
func (s *Service) alive(ctx context.Context, k holdKey) (bool, error) {
	hash := string(k[1:])
	var err error
	switch k[0] {
	case 's':
		_, _, err = s.store.Session(ctx, hash, s.now())
		if errors.Is(err, store.ErrNoSession) {
			return false, nil
		}
	case 't':
		if s.tokens == nil {
			return false, nil
		}
		_, _, err = s.tokens.Token(ctx, hash)
		if errors.Is(err, store.ErrNoToken) {
			return false, nil
		}
	}
	return err == nil, err
}

// Hold ties cancel to the credential r was let in by (its session or its
// token): cancel is called when that credential ends — at once when this
// node ends it, within CheckEvery when another does. release unties it
// (call it when the connection ends). A request signed in to no account
// holds nothing.
func (s *Service) Hold(r *http.Request, cancel func()) (release func()) {
	a, ok := r.Context().Value(authKey{}).(*auth)
	if !ok {
		return func() {}
	}
	if a.bearer {
		return s.holds.add(tokenHold(a.tok.Hash), a.tok.UserID, a.tok.CreatedAt, cancel)
	}
	a.resolve(r.Context())
	if !a.ok {
		return func() {}
	}
	return s.holds.add(sessionHold(a.ses.Hash), a.user.ID, a.ses.CreatedAt, cancel)
}
