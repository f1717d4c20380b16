package player

import (
	"context"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/store"
)

// FuzzPlayerCookie: any player cookie value is read without a panic, and
// on a store that seats no one none proves a player: only a MAC the
// server made does, and no fuzzed value forges one.
func FuzzPlayerCookie(f *testing.F) {
	for _, seed := range []string{"", ".", "0123456789abcdef0123456789abcdef", "0123456789abcdef0123456789abcdef.0123456789abcdef0123456789abcdef",
		"0123456789ABCDEF0123456789ABCDEF.", strings.Repeat("a", 4096), "\x00.\xff"} {
		f.Add(seed)
	}
	st, err := store.OpenSQLite(context.Background(), filepath.Join(f.TempDir(), "gambit.db"))
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { st.Close() })
	p := New(st, slog.Default())
	f.Fuzz(func(t *testing.T, value string) {
		id, renew, err := p.prove(context.Background(), value)
		if err != nil || id != "" || renew != "" {
			t.Errorf("prove(%q) = %q, %q, %v; want nothing proved", value, id, renew, err)
		}
	})
}
