package storetest

import (
	"context"
	"errors"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/gambitchess/gambit/store"
)

// ChallengeStore is a store with its accounts and challenges, as
// RunChallenges tests it.
type ChallengeStore interface {
	store.Accounts
	store.Challenges
	Close() error
}

// RunChallenges runs every contract test of store.Challenges, each in a
// subtest on its own store. open returns an empty store; RunChallenges
// closes it when the subtest ends.
func RunChallenges(t *testing.T, open func(t *testing.T) ChallengeStore) {
	runCases(t, open, []contractCase[ChallengeStore]{
		{"CreateFindTake", testChallengeCreateTake},
		{"OfAnAccountSinceAndExpire", testChallengesOf},
		{"TakenOnce", testChallengeTakenOnce},
		{"GoneWithUser", testChallengesGoneWithUser},
	})
}

func challenge(id, from, to string, minutes int) store.Challenge {
	return store.Challenge{ID: id, From: from, To: to, Data: []byte(`{"rated":true,"id":"` + id + `"}`),
		CreatedAt: t0.Add(time.Duration(minutes) * time.Minute).UTC()}
}

func createChallenge(t *testing.T, s store.Challenges, c store.Challenge) {
	t.Helper()
	if err := s.CreateChallenge(context.Background(), c); err != nil {
		t.Fatalf("CreateChallenge(%s): %v", c.ID, err)
	}
}

func testChallengeCreateTake(t *testing.T, s ChallengeStore) {
	ctx := context.Background()
	annAndBob(t, s)
	c := challenge("c1", "u1", "u2", 0)
	createChallenge(t, s, c)
	if err := s.CreateChallenge(ctx, challenge("c1", "u2", "u1", 1)); !errors.Is(err, store.ErrExists) {
		t.Errorf("CreateChallenge of a taken id = %v, want ErrExists", err)
	}
	if got, err := s.Challenge(ctx, "c1"); err != nil || !reflect.DeepEqual(got, c) {
		t.Errorf("Challenge(c1) = %+v, %v; want %+v", got, err, c)
	}
	if got, err := s.TakeChallenge(ctx, "c1"); err != nil || !reflect.DeepEqual(got, c) {
		t.Errorf("TakeChallenge(c1) = %+v, %v; want %+v", got, err, c)
	}
	if _, err := s.TakeChallenge(ctx, "c1"); !errors.Is(err, store.ErrNoChallenge) {
		t.Errorf("TakeChallenge(c1) twice = %v, want ErrNoChallenge", err)
	}
	if _, err := s.Challenge(ctx, "c1"); !errors.Is(err, store.ErrNoChallenge) {
		t.Errorf("Challenge(c1) once taken = %v, want ErrNoChallenge", err)
	}
}

func testChallengesOf(t *testing.T, s ChallengeStore) {
	ctx := context.Background()
	annAndBob(t, s)
	createUser(t, s, user("u3", "Cat"))
	for _, c := range []store.Challenge{challenge("c3", "u2", "u1", 3), challenge("c1", "u1", "u2", 1), challenge("c2", "u3", "u2", 2), challenge("c0", "u1", "u3", 0)} {
		createChallenge(t, s, c)
	}
	tests := []struct {
		user  string
		since int
		want  []string
	}{
		{"u1", 0, []string{"c0", "c1", "c3"}},
		{"u1", 1, []string{"c1", "c3"}},
		{"u2", 0, []string{"c1", "c2", "c3"}},
		{"u3", 1, []string{"c2"}},
		{"u9", 0, nil},
	}
	check := func(when string) {
		for _, tt := range tests {
			got, err := s.ChallengesOf(ctx, tt.user, t0.Add(time.Duration(tt.since)*time.Minute))
			var ids []string
			for _, c := range got {
				ids = append(ids, c.ID)
			}
			if err != nil || !reflect.DeepEqual(ids, tt.want) {
				t.Errorf("%s: ChallengesOf(%s, %d) = %v, %v; want %v", when, tt.user, tt.since, ids, err, tt.want)
			}
		}
	}
	check("before expiring")
	if err := s.ExpireChallenges(ctx, t0.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	tests[0].want, tests[4].want = []string{"c1", "c3"}, nil
	check("after expiring c0")
	if _, err := s.Challenge(ctx, "c0"); !errors.Is(err, store.ErrNoChallenge) {
		t.Errorf("an expired challenge = %v, want ErrNoChallenge", err)
	}
}

// testChallengeTakenOnce: of many callers racing to take a challenge (two
// nodes accepting), exactly one gets it.
func testChallengeTakenOnce(t *testing.T, s ChallengeStore) {
	annAndBob(t, s)
	createChallenge(t, s, challenge("c1", "u1", "u2", 0))
	var wg sync.WaitGroup
	got := make(chan error, 8)
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := s.TakeChallenge(context.Background(), "c1")
			got <- err
		}()
	}
	wg.Wait()
	close(got)
	won := 0
	for err := range got {
		switch {
		case err == nil:
			won++
		case !errors.Is(err, store.ErrNoChallenge):
			t.Errorf("TakeChallenge racing = %v", err)
		}
	}
	if won != 1 {
		t.Errorf("%d callers took the challenge, want 1", won)
	}
}

func testChallengesGoneWithUser(t *testing.T, s ChallengeStore) {
	ctx := context.Background()
	annAndBob(t, s)
	createUser(t, s, user("u3", "Cat"))
	createChallenge(t, s, challenge("c1", "u1", "u2", 0))
	createChallenge(t, s, challenge("c2", "u3", "u1", 0))
	createChallenge(t, s, challenge("c3", "u2", "u3", 0))
	if err := s.DeleteUser(ctx, "u1"); err != nil {
		t.Fatal(err)
	}
	for id, want := range map[string]error{"c1": store.ErrNoChallenge, "c2": store.ErrNoChallenge, "c3": nil} {
		if _, err := s.Challenge(ctx, id); !errors.Is(err, want) {
			t.Errorf("Challenge(%s) after its account went = %v, want %v", id, err, want)
		}
	}
}
