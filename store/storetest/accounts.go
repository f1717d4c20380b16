package storetest

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/gambitchess/gambit/store"
)

// AccountStore is a store with its accounts, as RunAccounts tests it.
type AccountStore interface {
	store.Accounts
	Close() error
}

// RunAccounts runs every contract test of store.Accounts, each in a
// subtest on its own store. open returns an empty store; RunAccounts
// closes it when the subtest ends.
func RunAccounts(t *testing.T, open func(t *testing.T) AccountStore) {
	runCases(t, open, []contractCase[AccountStore]{
		{"CreateFind", testCreateFind},
		{"NameTakenAnyCase", testNameTaken},
		{"SetPassword", testSetPassword},
		{"Sessions", testSessions},
		{"SessionsOfOthers", testSessionsOfOthers},
		{"DeleteUser", testDeleteUser},
		{"UpgradeToBot", testUpgradeToBot},
		{"TitleKept", testTitleKept},
	})
}

func user(id, name string) store.User {
	return store.User{ID: id, Name: name, Password: "$argon2id$hash-of-" + name, Player: "secret-" + id, CreatedAt: t0.UTC()}
}

func createUser(t *testing.T, a store.Accounts, u store.User) {
	t.Helper()
	if err := a.CreateUser(context.Background(), u); err != nil {
		t.Fatalf("CreateUser(%s): %v", u.Name, err)
	}
}

func testCreateFind(t *testing.T, a AccountStore) {
	ctx := context.Background()
	ann := user("u1", "Ann_Lee")
	createUser(t, a, ann)
	for _, name := range []string{"Ann_Lee", "ann_lee", "ANN_LEE"} {
		got, err := a.UserByName(ctx, name)
		if err != nil || got != ann {
			t.Errorf("UserByName(%q) = %+v, %v; want %+v", name, got, err, ann)
		}
	}
	if got, err := a.UserByID(ctx, "u1"); err != nil || got != ann {
		t.Errorf("UserByID(u1) = %+v, %v", got, err)
	}
	if _, err := a.UserByName(ctx, "Bob"); !errors.Is(err, store.ErrNoUser) {
		t.Errorf("UserByName(Bob) = %v, want ErrNoUser", err)
	}
	if _, err := a.UserByID(ctx, "u2"); !errors.Is(err, store.ErrNoUser) {
		t.Errorf("UserByID(u2) = %v, want ErrNoUser", err)
	}
}

func testNameTaken(t *testing.T, a AccountStore) {
	ctx := context.Background()
	createUser(t, a, user("u1", "Ann"))
	samePlayer := user("u4", "Other")
	samePlayer.Player = "secret-u1"
	tests := []store.User{user("u2", "ann"), user("u3", "ANN"), user("u1", "Other"), samePlayer}
	for _, u := range tests {
		if err := a.CreateUser(ctx, u); !errors.Is(err, store.ErrNameTaken) {
			t.Errorf("CreateUser(%s, %s) = %v, want ErrNameTaken", u.ID, u.Name, err)
		}
	}
	if got, _ := a.UserByName(ctx, "ANN"); got.ID != "u1" || got.Name != "Ann" {
		t.Errorf("after refused sign-ups: %+v", got)
	}
}

func testSetPassword(t *testing.T, a AccountStore) {
	ctx := context.Background()
	createUser(t, a, user("u1", "Ann"))
	if err := a.SetPassword(ctx, "u1", "new-hash"); err != nil {
		t.Fatal(err)
	}
	if got, _ := a.UserByID(ctx, "u1"); got.Password != "new-hash" {
		t.Errorf("password = %q after SetPassword", got.Password)
	}
	if err := a.SetPassword(ctx, "u9", "x"); !errors.Is(err, store.ErrNoUser) {
		t.Errorf("SetPassword(unknown) = %v, want ErrNoUser", err)
	}
}

func session(hash, user string, created time.Duration) store.Session {
	return store.Session{Hash: hash, UserID: user, Agent: "Firefox", CreatedAt: t0.Add(created).UTC(), ExpiresAt: t0.Add(created + 24*time.Hour).UTC()}
}

func testSessions(t *testing.T, a AccountStore) {
	ctx := context.Background()
	ann := user("u1", "Ann")
	createUser(t, a, ann)
	s1, s2, s3 := session("h1", "u1", 0), session("h2", "u1", time.Hour), session("h3", "u1", 2*time.Hour)
	for _, s := range []store.Session{s1, s2, s3} {
		if err := a.CreateSession(ctx, s); err != nil {
			t.Fatal(err)
		}
	}
	got, u, err := a.Session(ctx, "h2", t0)
	if err != nil || got != s2 || u != ann {
		t.Errorf("Session(h2) = %+v, %+v, %v", got, u, err)
	}
	// Expired: h1 ends a day after t0.
	if _, _, err := a.Session(ctx, "h1", t0.Add(25*time.Hour)); !errors.Is(err, store.ErrNoSession) {
		t.Errorf("Session(h1) expired = %v, want ErrNoSession", err)
	}
	list, err := a.Sessions(ctx, "u1", t0.Add(24*time.Hour+time.Minute)) // h1 has expired
	if err != nil || len(list) != 2 || list[0] != s3 || list[1] != s2 {
		t.Errorf("Sessions = %+v, %v; want h3, h2", list, err)
	}
	if err := a.DeleteSession(ctx, "u1", "h2"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := a.Session(ctx, "h2", t0); !errors.Is(err, store.ErrNoSession) {
		t.Errorf("Session(h2) after delete = %v", err)
	}
	if err := a.DeleteSession(ctx, "u1", "h2"); !errors.Is(err, store.ErrNoSession) {
		t.Errorf("DeleteSession twice = %v, want ErrNoSession", err)
	}
	// Everywhere but here.
	if err := a.DeleteSessions(ctx, "u1", "h3"); err != nil {
		t.Fatal(err)
	}
	if list, _ := a.Sessions(ctx, "u1", t0); len(list) != 1 || list[0].Hash != "h3" {
		t.Errorf("Sessions after DeleteSessions(except h3) = %+v", list)
	}
	if err := a.DeleteSessions(ctx, "u1", ""); err != nil {
		t.Fatal(err)
	}
	if list, _ := a.Sessions(ctx, "u1", t0); len(list) != 0 {
		t.Errorf("Sessions after DeleteSessions(all) = %+v", list)
	}
}

// testSessionsOfOthers: a user can neither list nor delete another's session.
func testSessionsOfOthers(t *testing.T, a AccountStore) {
	ctx := context.Background()
	annAndBob(t, a)
	if err := a.CreateSession(ctx, session("hb", "u2", 0)); err != nil {
		t.Fatal(err)
	}
	if list, _ := a.Sessions(ctx, "u1", t0); len(list) != 0 {
		t.Errorf("Ann sees %+v", list)
	}
	if err := a.DeleteSession(ctx, "u1", "hb"); !errors.Is(err, store.ErrNoSession) {
		t.Errorf("Ann deleting Bob's session = %v, want ErrNoSession", err)
	}
	if err := a.DeleteSessions(ctx, "u1", ""); err != nil {
		t.Fatal(err)
	}
	if _, u, err := a.Session(ctx, "hb", t0); err != nil || u.ID != "u2" {
		t.Errorf("Bob's session after Ann's deletes = %+v, %v", u, err)
	}
}

func testDeleteUser(t *testing.T, a AccountStore) {
	ctx := context.Background()
	createUser(t, a, user("u1", "Ann"))
	if err := a.CreateSession(ctx, session("h1", "u1", 0)); err != nil {
		t.Fatal(err)
	}
	if err := a.DeleteUser(ctx, "u1"); err != nil {
		t.Fatal(err)
	}
	if _, err := a.UserByName(ctx, "ann"); !errors.Is(err, store.ErrNoUser) {
		t.Errorf("UserByName after delete = %v", err)
	}
	if _, _, err := a.Session(ctx, "h1", t0); !errors.Is(err, store.ErrNoSession) {
		t.Errorf("Session after delete = %v", err)
	}
	if err := a.DeleteUser(ctx, "u1"); !errors.Is(err, store.ErrNoUser) {
		t.Errorf("DeleteUser twice = %v", err)
	}
	// The name is free again.
	createUser(t, a, user("u2", "ANN"))
}

// testUpgradeToBot: an account becomes a bot, and stays one; upgrading a
// bot again changes nothing and is no error; an unknown account is
// ErrNoUser; no other account changes.
func testUpgradeToBot(t *testing.T, a AccountStore) {
	ctx := context.Background()
	annAndBob(t, a)
	tests := []struct {
		id      string
		wantErr error
	}{
		{"u1", nil},
		{"u1", nil}, // a bot already: idempotent
		{"u9", store.ErrNoUser},
		{"", store.ErrNoUser},
	}
	for _, tt := range tests {
		if err := a.UpgradeToBot(ctx, tt.id); !errors.Is(err, tt.wantErr) || (err == nil) != (tt.wantErr == nil) {
			t.Errorf("UpgradeToBot(%q) = %v, want %v", tt.id, err, tt.wantErr)
		}
	}
	for _, tt := range []struct{ id, name, title string }{{"u1", "ANN", store.TitleBot}, {"u2", "bob", ""}} {
		if u, err := a.UserByID(ctx, tt.id); err != nil || u.Title != tt.title {
			t.Errorf("UserByID(%s) = %+v, %v; want title %q", tt.id, u, err, tt.title)
		}
		if u, err := a.UserByName(ctx, tt.name); err != nil || u.Title != tt.title {
			t.Errorf("UserByName(%s) = %+v, %v; want title %q", tt.name, u, err, tt.title)
		}
	}
	// The account a session finds is the bot too.
	if err := a.CreateSession(ctx, session("h1", "u1", 0)); err != nil {
		t.Fatal(err)
	}
	if _, u, err := a.Session(ctx, "h1", t0); err != nil || u.Title != store.TitleBot {
		t.Errorf("Session(h1)'s user = %+v, %v; want a bot", u, err)
	}
	// Nothing else of the account changed.
	want := user("u1", "Ann")
	want.Title = store.TitleBot
	if u, _ := a.UserByID(ctx, "u1"); u != want {
		t.Errorf("after the upgrade: %+v, want %+v", u, want)
	}
}

// testTitleKept: an account created with a title has it, and a password
// change keeps it.
func testTitleKept(t *testing.T, a AccountStore) {
	ctx := context.Background()
	bot := user("u1", "Robo")
	bot.Title = store.TitleBot
	createUser(t, a, bot)
	if err := a.SetPassword(ctx, "u1", "new-hash"); err != nil {
		t.Fatal(err)
	}
	bot.Password = "new-hash"
	if got, err := a.UserByName(ctx, "robo"); err != nil || got != bot {
		t.Errorf("UserByName(robo) = %+v, %v; want %+v", got, err, bot)
	}
}
