package storetest

import (
	"bytes"
	"context"
	"errors"
	"testing"

	"github.com/gambitchess/gambit/store"
)

// ReviewStore is a store that keeps reviews beside its games.
type ReviewStore interface {
	store.Log
	store.Reviews
}

// RunReviews runs the contract of store.Reviews, each test in a subtest on
// its own store; open returns an empty one, which RunReviews closes.
func RunReviews(t *testing.T, open func(t *testing.T) ReviewStore) {
	runCases(t, open, []contractCase[ReviewStore]{
		{"SaveLoad", testReviewSaveLoad},
		{"Replace", testReviewReplace},
		{"None", testReviewNone},
		{"Invalid", testReviewInvalid},
		{"Large", testReviewLarge},
	})
}

// mustLoadReview loads game id's review, failing the test on an error.
func mustLoadReview(t *testing.T, s store.Reviews, id string) []byte {
	t.Helper()
	got, err := s.LoadReview(context.Background(), id)
	if err != nil {
		t.Fatalf("LoadReview(%s): %v", id, err)
	}
	return got
}

// testReviewSaveLoad: a review reads back as saved, for its game only,
// and does not touch the game in the log.
func testReviewSaveLoad(t *testing.T, s ReviewStore) {
	ctx := context.Background()
	sum := summary("g1", 1)
	sum.Status, sum.Result = "mate", "1-0"
	create(t, s, sum, []byte("h"), events(0, 1))
	data := []byte(`{"engine":"gambit","moves":[]}`)
	if err := s.SaveReview(ctx, "g1", data); err != nil {
		t.Fatal(err)
	}
	if got := mustLoadReview(t, s, "g1"); !bytes.Equal(got, data) {
		t.Errorf("LoadReview = %q, want %q", got, data)
	}
	if _, err := s.LoadReview(ctx, "g2"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("another game's review: %v, want ErrNotFound", err)
	}
	st, err := s.Load(ctx, "g1")
	if err != nil || st.Summary.Version != 1 || len(st.Events) != 1 {
		t.Errorf("the game after its review: %+v, %v", st.Summary, err)
	}
}

// testReviewReplace: a second save replaces the first.
func testReviewReplace(t *testing.T, s ReviewStore) {
	ctx := context.Background()
	for _, d := range []string{`{"v":1}`, `{"v":2}`} {
		if err := s.SaveReview(ctx, "g1", []byte(d)); err != nil {
			t.Fatal(err)
		}
	}
	if got := mustLoadReview(t, s, "g1"); string(got) != `{"v":2}` {
		t.Errorf("LoadReview = %q, want the second", got)
	}
}

// testReviewNone: a game without a review, or an unknown one, is ErrNotFound.
func testReviewNone(t *testing.T, s ReviewStore) {
	create(t, s, summary("g1", 0), []byte("h"), nil)
	for _, id := range []string{"g1", "nope", ""} {
		if _, err := s.LoadReview(context.Background(), id); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("LoadReview(%q): %v, want ErrNotFound", id, err)
		}
	}
}

// testReviewInvalid: no id or no data is ErrInvalid, and nothing is stored.
func testReviewInvalid(t *testing.T, s ReviewStore) {
	ctx := context.Background()
	if err := s.SaveReview(ctx, "", []byte("x")); !errors.Is(err, store.ErrInvalid) {
		t.Errorf("empty id: %v, want ErrInvalid", err)
	}
	if err := s.SaveReview(ctx, "g1", nil); !errors.Is(err, store.ErrInvalid) {
		t.Errorf("empty data: %v, want ErrInvalid", err)
	}
	if _, err := s.LoadReview(ctx, "g1"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("after a refused save: %v, want ErrNotFound", err)
	}
}

// testReviewLarge: a long game's review (a few hundred KB) is kept whole.
func testReviewLarge(t *testing.T, s ReviewStore) {
	data := bytes.Repeat([]byte(`{"ply":1,"san":"Nf3","class":"blunder"},`), 10000)
	if err := s.SaveReview(context.Background(), "g1", data); err != nil {
		t.Fatal(err)
	}
	if got := mustLoadReview(t, s, "g1"); !bytes.Equal(got, data) {
		t.Errorf("LoadReview: %d bytes back of %d", len(got), len(data))
	}
}
