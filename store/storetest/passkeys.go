package storetest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/gambitchess/gambit/store"
)

// PasskeyStore is a store with its accounts and passkeys, as RunPasskeys
// tests it.
type PasskeyStore interface {
	store.Accounts
	store.Passkeys
	Close() error
}

// RunPasskeys runs every contract test of store.Passkeys, each in a
// subtest on its own store. open returns an empty store; RunPasskeys
// closes it when the subtest ends.
func RunPasskeys(t *testing.T, open func(t *testing.T) PasskeyStore) {
	runCases(t, open, []contractCase[PasskeyStore]{
		{"CreateFind", testPasskeyCreateFind},
		{"IDTaken", testPasskeyIDTaken},
		{"ListOldestFirst", testPasskeysList},
		{"Use", testPasskeyUse},
		{"DeleteOwnOnly", testPasskeyDeleteOwnOnly},
		{"GoneWithUser", testPasskeysGoneWithUser},
		{"CeremonyTakenOnce", testCeremonyTakenOnce},
		{"CeremonyExpires", testCeremonyExpires},
		{"CeremoniesKeptNewest", testCeremoniesKeptNewest},
		{"CeremonyJustBegunKept", testCeremonyJustBegunKept},
		{"CeremoniesKeptAtOnce", testCeremoniesKeptAtOnce},
	})
}

func passkey(id, userID string, at time.Time) store.Passkey {
	return store.Passkey{ID: []byte("cred-" + id), UserID: userID, Name: "key " + id, PublicKey: []byte{0xa5, 1, 2, 3, 0},
		SignCount: 7, Credential: []byte(`{"id":"` + id + `"}`), CreatedAt: at.UTC()}
}

func createPasskey(t *testing.T, s store.Passkeys, p store.Passkey) {
	t.Helper()
	if err := s.CreatePasskey(context.Background(), p); err != nil {
		t.Fatalf("CreatePasskey(%s): %v", p.ID, err)
	}
}

func samePasskey(got, want store.Passkey) bool {
	return bytes.Equal(got.ID, want.ID) && got.UserID == want.UserID && got.Name == want.Name &&
		bytes.Equal(got.PublicKey, want.PublicKey) && got.SignCount == want.SignCount &&
		bytes.Equal(got.Credential, want.Credential) && got.CreatedAt.Equal(want.CreatedAt) &&
		got.LastUsedAt.Equal(want.LastUsedAt)
}

func testPasskeyCreateFind(t *testing.T, s PasskeyStore) {
	ctx := context.Background()
	ann := user("u1", "Ann")
	ann.Title = store.TitleBot // the account comes whole with its passkey, title included
	createUser(t, s, ann)
	k := passkey("a", "u1", t0)
	k.SignCount = 1<<32 - 1 // the counter is unsigned 32 bits: its top value survives
	createPasskey(t, s, k)
	got, u, err := s.Passkey(ctx, k.ID)
	if err != nil || !samePasskey(got, k) || u != ann {
		t.Errorf("Passkey = %+v, %+v, %v; want %+v of %+v", got, u, err, k, ann)
	}
	if !got.LastUsedAt.IsZero() {
		t.Errorf("LastUsedAt of an unused passkey = %v, want zero", got.LastUsedAt)
	}
	if _, _, err := s.Passkey(ctx, []byte("cred-none")); !errors.Is(err, store.ErrNoPasskey) {
		t.Errorf("Passkey(unknown) = %v, want ErrNoPasskey", err)
	}
}

func testPasskeyIDTaken(t *testing.T, s PasskeyStore) {
	ctx := context.Background()
	annAndBob(t, s)
	createPasskey(t, s, passkey("a", "u1", t0))
	if err := s.CreatePasskey(ctx, passkey("a", "u2", t0.Add(time.Minute))); !errors.Is(err, store.ErrPasskeyTaken) {
		t.Errorf("CreatePasskey(same id, other user) = %v, want ErrPasskeyTaken", err)
	}
	if _, u, _ := s.Passkey(ctx, []byte("cred-a")); u.ID != "u1" {
		t.Errorf("after the refused copy the passkey belongs to %q, want u1", u.ID)
	}
}

func testPasskeysList(t *testing.T, s PasskeyStore) {
	ctx := context.Background()
	annAndBob(t, s)
	createPasskey(t, s, passkey("b", "u1", t0.Add(time.Hour)))
	createPasskey(t, s, passkey("a", "u1", t0))
	createPasskey(t, s, passkey("c", "u2", t0))
	got, err := s.PasskeysOf(ctx, "u1")
	if err != nil || len(got) != 2 || string(got[0].ID) != "cred-a" || string(got[1].ID) != "cred-b" {
		t.Fatalf("PasskeysOf(u1) = %+v, %v; want cred-a then cred-b", got, err)
	}
	if got, err := s.PasskeysOf(ctx, "u3"); err != nil || len(got) != 0 {
		t.Errorf("PasskeysOf(nobody) = %+v, %v", got, err)
	}
}

func testPasskeyUse(t *testing.T, s PasskeyStore) {
	ctx := context.Background()
	createUser(t, s, user("u1", "Ann"))
	k := passkey("a", "u1", t0)
	createPasskey(t, s, k)
	at := t0.Add(3 * time.Hour).UTC()
	if err := s.UsePasskey(ctx, k.ID, 8, []byte(`{"n":8}`), at); err != nil {
		t.Fatal(err)
	}
	got, _, err := s.Passkey(ctx, k.ID)
	if err != nil || got.SignCount != 8 || string(got.Credential) != `{"n":8}` || !got.LastUsedAt.Equal(at) || got.Name != k.Name {
		t.Errorf("after UsePasskey: %+v, %v", got, err)
	}
	if err := s.UsePasskey(ctx, []byte("cred-none"), 1, nil, at); !errors.Is(err, store.ErrNoPasskey) {
		t.Errorf("UsePasskey(unknown) = %v, want ErrNoPasskey", err)
	}
	// A count that does not rise (a second sign-in racing with the same
	// count, a cloned authenticator) is not recorded.
	for _, n := range []uint32{8, 7, 0} {
		if err := s.UsePasskey(ctx, k.ID, n, []byte(`{"n":0}`), at.Add(time.Hour)); !errors.Is(err, store.ErrNoPasskey) {
			t.Errorf("UsePasskey with count %d after 8 = %v, want ErrNoPasskey", n, err)
		}
	}
	if got, _, _ := s.Passkey(ctx, k.ID); got.SignCount != 8 || string(got.Credential) != `{"n":8}` {
		t.Errorf("after refused counts: %+v", got)
	}
	zero := passkey("z", "u1", t0)
	zero.SignCount = 0
	createPasskey(t, s, zero)
	for range 2 { // an authenticator that keeps no counter signs in again and again
		if err := s.UsePasskey(ctx, zero.ID, 0, []byte(`{}`), at); err != nil {
			t.Errorf("UsePasskey with count 0 on a counter-less passkey: %v", err)
		}
	}
}

func testPasskeyDeleteOwnOnly(t *testing.T, s PasskeyStore) {
	ctx := context.Background()
	annAndBob(t, s)
	createPasskey(t, s, passkey("a", "u1", t0))
	if err := s.DeletePasskey(ctx, "u2", []byte("cred-a")); !errors.Is(err, store.ErrNoPasskey) {
		t.Errorf("DeletePasskey(another's) = %v, want ErrNoPasskey", err)
	}
	if _, _, err := s.Passkey(ctx, []byte("cred-a")); err != nil {
		t.Errorf("Ann's passkey after Bob tried to delete it: %v", err)
	}
	if err := s.DeletePasskey(ctx, "u1", []byte("cred-a")); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Passkey(ctx, []byte("cred-a")); !errors.Is(err, store.ErrNoPasskey) {
		t.Errorf("Passkey after its deletion = %v, want ErrNoPasskey", err)
	}
	if err := s.DeletePasskey(ctx, "u1", []byte("cred-a")); !errors.Is(err, store.ErrNoPasskey) {
		t.Errorf("DeletePasskey twice = %v, want ErrNoPasskey", err)
	}
}

func testPasskeysGoneWithUser(t *testing.T, s PasskeyStore) {
	ctx := context.Background()
	createUser(t, s, user("u1", "Ann"))
	createPasskey(t, s, passkey("a", "u1", t0))
	if err := s.CreateCeremony(ctx, store.Ceremony{ID: "c1", UserID: "u1", Data: []byte("{}"), ExpiresAt: time.Now().Add(time.Hour)}, 3); err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteUser(ctx, "u1"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Passkey(ctx, []byte("cred-a")); !errors.Is(err, store.ErrNoPasskey) {
		t.Errorf("Passkey after the user's deletion: %v, want ErrNoPasskey", err)
	}
	if _, err := s.TakeCeremony(ctx, "c1", time.Now()); !errors.Is(err, store.ErrNoCeremony) {
		t.Errorf("the user's ceremony after its deletion: %v, want ErrNoCeremony", err)
	}
}

func testCeremonyTakenOnce(t *testing.T, s PasskeyStore) {
	ctx := context.Background()
	now := time.Now()
	for _, c := range []store.Ceremony{
		{ID: "reg", UserID: "u1", Data: []byte(`{"challenge":"x"}`), ExpiresAt: now.Add(time.Minute)},
		{ID: "login", Data: []byte(`{"challenge":"y"}`), ExpiresAt: now.Add(time.Minute)},
	} {
		if err := s.CreateCeremony(ctx, c, 3); err != nil {
			t.Fatal(err)
		}
		got, err := s.TakeCeremony(ctx, c.ID, now)
		if err != nil || got.ID != c.ID || got.UserID != c.UserID || string(got.Data) != string(c.Data) || !got.ExpiresAt.Equal(c.ExpiresAt) {
			t.Errorf("TakeCeremony(%s) = %+v, %v; want %+v", c.ID, got, err, c)
		}
		if _, err := s.TakeCeremony(ctx, c.ID, now); !errors.Is(err, store.ErrNoCeremony) {
			t.Errorf("TakeCeremony(%s) twice = %v, want ErrNoCeremony", c.ID, err)
		}
	}
}

func testCeremonyExpires(t *testing.T, s PasskeyStore) {
	ctx := context.Background()
	now := time.Now()
	if err := s.CreateCeremony(ctx, store.Ceremony{ID: "c", Data: []byte("{}"), ExpiresAt: now.Add(time.Minute)}, 3); err != nil {
		t.Fatal(err)
	}
	if _, err := s.TakeCeremony(ctx, "c", now.Add(time.Minute)); !errors.Is(err, store.ErrNoCeremony) {
		t.Errorf("TakeCeremony at its expiry = %v, want ErrNoCeremony", err)
	}
	if _, err := s.TakeCeremony(ctx, "none", now); !errors.Is(err, store.ErrNoCeremony) {
		t.Errorf("TakeCeremony(unknown) = %v, want ErrNoCeremony", err)
	}
}

// ceremony is ceremony id of userID, expiring after at.
func ceremony(id, userID string, at time.Time) store.Ceremony {
	return store.Ceremony{ID: id, UserID: userID, Data: []byte(`{"challenge":"` + id + `"}`), ExpiresAt: at}
}

// takeCeremonies takes each of ids and returns those the store held.
func takeCeremonies(t *testing.T, s store.Passkeys, now time.Time, ids ...string) []string {
	t.Helper()
	var held []string
	for _, id := range ids {
		_, err := s.TakeCeremony(context.Background(), id, now)
		switch {
		case err == nil:
			held = append(held, id)
		case !errors.Is(err, store.ErrNoCeremony):
			t.Fatalf("TakeCeremony(%s): %v", id, err)
		}
	}
	return held
}

// testCeremoniesKeptNewest: an account keeps its newest keep ceremonies,
// whatever it begins; the sign-ins ("" their user) are kept so as a
// group; no one's trimming touches another's.
func testCeremoniesKeptNewest(t *testing.T, s PasskeyStore) {
	ctx := context.Background()
	now := time.Now()
	const keep = 3
	var ann, signIns []string
	for i := range 8 {
		at := now.Add(time.Hour + time.Duration(i)*time.Second)
		for _, c := range []store.Ceremony{ceremony(fmt.Sprint("ann", i), "u1", at), ceremony(fmt.Sprint("in", i), "", at)} {
			if err := s.CreateCeremony(ctx, c, keep); err != nil {
				t.Fatal(err)
			}
		}
		ann, signIns = append(ann, fmt.Sprint("ann", i)), append(signIns, fmt.Sprint("in", i))
		if i < 2 { // Bob's, begun amid Ann's and under the cap, stay
			if err := s.CreateCeremony(ctx, ceremony(fmt.Sprint("bob", i), "u2", at), keep); err != nil {
				t.Fatal(err)
			}
		}
	}
	if got := takeCeremonies(t, s, now, "ann7"); len(got) != 1 {
		t.Errorf("the newest of Ann's ceremonies is gone")
	}
	if got := takeCeremonies(t, s, now, ann[:7]...); fmt.Sprint(got) != "[ann5 ann6]" {
		t.Errorf("Ann's older ceremonies held: %v, want [ann5 ann6] (her newest %d, one of them taken)", got, keep)
	}
	if got := takeCeremonies(t, s, now, signIns...); fmt.Sprint(got) != "[in5 in6 in7]" {
		t.Errorf("sign-in ceremonies held: %v, want the newest %d, [in5 in6 in7]", got, keep)
	}
	if got := takeCeremonies(t, s, now, "bob0", "bob1"); len(got) != 2 {
		t.Errorf("Bob's ceremonies held: %v, want both", got)
	}
}

// testCeremonyJustBegunKept: the ceremony just begun is never the one
// dropped, even when it expires before the others (another node's clock
// behind): the person about to finish it would fail.
func testCeremonyJustBegunKept(t *testing.T, s PasskeyStore) {
	ctx := context.Background()
	now := time.Now()
	for i, at := range []time.Duration{time.Hour, time.Hour + time.Second, time.Hour + 2*time.Second, time.Minute} {
		if err := s.CreateCeremony(ctx, ceremony(fmt.Sprint("c", i), "u1", now.Add(at)), 3); err != nil {
			t.Fatal(err)
		}
	}
	if got := takeCeremonies(t, s, now, "c0", "c1", "c2", "c3"); fmt.Sprint(got) != "[c1 c2 c3]" {
		t.Errorf("held %v, want [c1 c2 c3]: the one just begun, c3, and the newest others", got)
	}
}

// testCeremoniesKeptAtOnce: begins racing for one account still leave
// keep ceremonies once they are done (each one's insertion and trimming
// is one transaction, serialised with the others'). A race is a matter of
// chance, so it runs a few.
func testCeremoniesKeptAtOnce(t *testing.T, s PasskeyStore) {
	ctx := context.Background()
	now := time.Now()
	const rounds, n, keep = 4, 16, 3
	for r := range rounds {
		start := make(chan struct{})
		var wg sync.WaitGroup
		ids := make([]string, n)
		for i := range n {
			ids[i] = fmt.Sprint("c", r, "-", i)
			wg.Go(func() {
				<-start
				if err := s.CreateCeremony(ctx, ceremony(ids[i], "u1", now.Add(time.Hour+time.Duration(i)*time.Millisecond)), keep); err != nil {
					t.Error(err)
				}
			})
		}
		close(start)
		wg.Wait()
		if got := takeCeremonies(t, s, now, ids...); len(got) != keep {
			t.Fatalf("%d begins at once left %v, want %d of them", n, got, keep)
		}
	}
}
