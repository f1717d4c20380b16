package store

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"
)

// BenchmarkPlayerGames reads a page of 20 of one player's 100,000 games,
// from the first page and from a cursor deep in the list, with and without
// filters: keyset paging costs the same wherever the page is.
func BenchmarkPlayerGames(b *testing.B) {
	ctx := context.Background()
	st, err := OpenSQLite(ctx, filepath.Join(b.TempDir(), "gambit.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	const games = 100_000
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	tx, err := st.db.BeginTx(ctx, nil)
	if err != nil {
		b.Fatal(err)
	}
	for i := range games {
		id := fmt.Sprintf("g%06d", i)
		at := t0.Add(time.Duration(i) * time.Minute).UnixNano()
		variant := []string{"chess", "xiangqi"}[i%2]
		result := []string{"1-0", "0-1", "1/2-1/2"}[i%3]
		if _, err := tx.ExecContext(ctx, `INSERT INTO games (id, finished, updated_at, record, variant, version, mode, status, result, public,
			white, black, created_at, white_kind, black_kind, plies) VALUES (?, 1, ?, '', ?, 2, 'online', 'resigned', ?, 1, 'A', 'B', ?, 'human', 'human', 40)`,
			id, at, variant, result, at); err != nil {
			b.Fatal(err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO game_players (game_id, player, created_at) VALUES (?, 'p', ?), (?, ?, ?)`,
			id, at, id, fmt.Sprintf("o%d", i%500), at); err != nil {
			b.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
	deep := Cursor{CreatedAt: t0.Add(1000 * time.Minute), ID: "g001000"} // 99,000 games in
	for _, bc := range []struct {
		name string
		q    GamesQuery
	}{
		{"first", GamesQuery{Limit: 20}},
		{"deep", GamesQuery{Limit: 20, After: deep}},
		{"deep-filtered", GamesQuery{Limit: 20, After: deep, Variant: "xiangqi", Result: "1-0"}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sums, err := st.PlayerGames(ctx, "p", bc.q)
				if err != nil || len(sums) != 20 {
					b.Fatalf("%d games, %v", len(sums), err)
				}
			}
		})
	}
}
