package store

import (
	"context"
	"testing"
)

// checkTitleMigrated: the account stored before migration 17 is a
// person's (no title) with everything else as it was, and may become a
// bot.
func checkTitleMigrated(t *testing.T, st Accounts) {
	t.Helper()
	ctx := context.Background()
	want := User{ID: "u-old", Name: "Old", Password: "h", Player: "old-secret", CreatedAt: fromNanos(1)}
	if u, err := st.UserByName(ctx, "old"); err != nil || u != want {
		t.Errorf("UserByName(old) after the migration = %+v, %v; want %+v", u, err, want)
	}
	if err := st.UpgradeToBot(ctx, "u-old"); err != nil {
		t.Fatal(err)
	}
	if u, err := st.UserByID(ctx, "u-old"); err != nil || u.Title != TitleBot {
		t.Errorf("UserByID(u-old) after the upgrade = %+v, %v; want a bot", u, err)
	}
}

// TestUserTitleMigrated: SQLite and PostgreSQL at schema 16 holding an
// account come up to date with it kept, titled "".
func TestUserTitleMigrated(t *testing.T) {
	const insertOld = `INSERT INTO users (id, name, name_key, password, player, created_at) VALUES ('u-old', 'Old', 'old', 'h', 'old-secret', 1)`
	t.Run("SQLite", func(t *testing.T) { checkTitleMigrated(t, sqliteFrom(t, 16, insertOld)) })
	t.Run("Postgres", func(t *testing.T) { checkTitleMigrated(t, postgresFrom(t, 16, insertOld)) })
}
