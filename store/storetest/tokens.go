package storetest

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/gambitchess/gambit/store"
)

// TokenStore is a store with its accounts and tokens, as RunTokens tests it.
type TokenStore interface {
	store.Accounts
	store.Tokens
	Close() error
}

// RunTokens runs every contract test of store.Tokens, each in a subtest on
// its own store. open returns an empty store; RunTokens closes it when the
// subtest ends.
func RunTokens(t *testing.T, open func(t *testing.T) TokenStore) {
	runCases(t, open, []contractCase[TokenStore]{
		{"CreateFind", testTokenCreateFind},
		{"ListNewestFirst", testTokensList},
		{"DeleteOwnOnly", testTokenDeleteOwnOnly},
		{"DeleteAllOfOne", testTokensDeleteAllOfOne},
		{"GoneWithUser", testTokensGoneWithUser},
	})
}

func token(hash, userID string, at time.Time) store.Token {
	return store.Token{Hash: hash, UserID: userID, Description: "bot " + hash, Scopes: "board:play challenge:write", CreatedAt: at.UTC()}
}

func createToken(t *testing.T, s store.Tokens, tk store.Token) {
	t.Helper()
	if err := s.CreateToken(context.Background(), tk); err != nil {
		t.Fatalf("CreateToken(%s): %v", tk.Hash, err)
	}
}

func testTokenCreateFind(t *testing.T, s TokenStore) {
	ctx := context.Background()
	ann := user("u1", "Ann")
	createUser(t, s, ann)
	want := token("h1", "u1", t0)
	createToken(t, s, want)
	got, u, err := s.Token(ctx, "h1")
	if err != nil || got != want || u.ID != "u1" || u.Name != "Ann" || u.Player != ann.Player {
		t.Errorf("Token(h1) = %+v, %+v, %v; want %+v of Ann", got, u, err, want)
	}
	if _, _, err := s.Token(ctx, "nope"); !errors.Is(err, store.ErrNoToken) {
		t.Errorf("Token(nope) error = %v, want ErrNoToken", err)
	}
	// A token's account is read as it stands: a bot once upgraded.
	if err := s.UpgradeToBot(ctx, "u1"); err != nil {
		t.Fatal(err)
	}
	if _, u, err := s.Token(ctx, "h1"); err != nil || u.Title != store.TitleBot {
		t.Errorf("Token(h1)'s user after the upgrade = %+v, %v; want a bot", u, err)
	}
}

func testTokensList(t *testing.T, s TokenStore) {
	ctx := context.Background()
	annAndBob(t, s)
	createToken(t, s, token("old", "u1", t0))
	createToken(t, s, token("new", "u1", t0.Add(time.Hour)))
	createToken(t, s, token("bobs", "u2", t0))
	list, err := s.TokensOf(ctx, "u1")
	if err != nil || len(list) != 2 || list[0].Hash != "new" || list[1].Hash != "old" {
		t.Errorf("TokensOf(u1) = %+v, %v; want new then old", list, err)
	}
	if list, err := s.TokensOf(ctx, "u3"); err != nil || len(list) != 0 {
		t.Errorf("TokensOf(nobody) = %+v, %v; want none", list, err)
	}
}

func testTokenDeleteOwnOnly(t *testing.T, s TokenStore) {
	ctx := context.Background()
	annAndBob(t, s)
	createToken(t, s, token("anns", "u1", t0))
	if err := s.DeleteToken(ctx, "u2", "anns"); !errors.Is(err, store.ErrNoToken) {
		t.Errorf("Bob deleting Ann's token: %v, want ErrNoToken", err)
	}
	if _, _, err := s.Token(ctx, "anns"); err != nil {
		t.Errorf("Ann's token after Bob's try: %v", err)
	}
	if err := s.DeleteToken(ctx, "u1", "anns"); err != nil {
		t.Errorf("DeleteToken: %v", err)
	}
	if _, _, err := s.Token(ctx, "anns"); !errors.Is(err, store.ErrNoToken) {
		t.Errorf("Token after delete: %v, want ErrNoToken", err)
	}
	if err := s.DeleteToken(ctx, "u1", "anns"); !errors.Is(err, store.ErrNoToken) {
		t.Errorf("DeleteToken twice: %v, want ErrNoToken", err)
	}
}

func testTokensGoneWithUser(t *testing.T, s TokenStore) {
	ctx := context.Background()
	createUser(t, s, user("u1", "Ann"))
	createToken(t, s, token("anns", "u1", t0))
	if err := s.DeleteUser(ctx, "u1"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Token(ctx, "anns"); !errors.Is(err, store.ErrNoToken) {
		t.Errorf("Token after the user's deletion: %v, want ErrNoToken", err)
	}
}

func testTokensDeleteAllOfOne(t *testing.T, s TokenStore) {
	ctx := context.Background()
	annAndBob(t, s)
	createToken(t, s, token("ann1", "u1", t0))
	createToken(t, s, token("ann2", "u1", t0.Add(time.Hour)))
	createToken(t, s, token("bobs", "u2", t0))
	if err := s.DeleteTokens(ctx, "u1"); err != nil {
		t.Fatalf("DeleteTokens(u1): %v", err)
	}
	if list, err := s.TokensOf(ctx, "u1"); err != nil || len(list) != 0 {
		t.Errorf("TokensOf(u1) after DeleteTokens = %+v, %v; want none", list, err)
	}
	if _, _, err := s.Token(ctx, "bobs"); err != nil {
		t.Errorf("Bob's token after Ann's DeleteTokens: %v", err)
	}
	if err := s.DeleteTokens(ctx, "u1"); err != nil {
		t.Errorf("DeleteTokens with none left: %v", err)
	}
}
