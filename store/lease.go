package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// Leases give each live game one owner at a time among the nodes serving
// one database: the node that runs its hub. A lease lasts until its expiry
// unless renewed, so the games of a node that died pass to another within
// the lease's time. Expiries are read on the database's clock, so the
// nodes' clocks need not agree.
type Leases interface {
	// Acquire takes the lease of game id for node, for ttl, unless another
	// node holds it unexpired; it returns the holder (node itself when the
	// lease is now its own). Acquiring a lease node holds renews it.
	Acquire(ctx context.Context, id, node string, ttl time.Duration) (holder string, err error)
	// Renew extends node's leases of ids by ttl and returns the ids among
	// them that node no longer holds (expired and taken by another).
	Renew(ctx context.Context, node string, ids []string, ttl time.Duration) (lost []string, err error)
	// Release gives up node's lease of game id, if it holds it.
	Release(ctx context.Context, id, node string) error
	// Orphans returns up to limit active games (Summary.Active) whose
	// lease is missing or expired: games whose owner died (or that no node
	// has taken yet), for a node to resume.
	Orphans(ctx context.Context, limit int) ([]string, error)
}

// Acquire implements Leases.
func (s *Postgres) Acquire(ctx context.Context, id, node string, ttl time.Duration) (string, error) {
	var holder string
	err := s.pool.QueryRow(ctx, `INSERT INTO game_leases (game_id, node, expires_at)
		VALUES ($1, $2, now() + $3 * interval '1 millisecond')
		ON CONFLICT (game_id) DO UPDATE SET node = EXCLUDED.node, expires_at = EXCLUDED.expires_at
			WHERE game_leases.node = EXCLUDED.node OR game_leases.expires_at < now()
		RETURNING node`, id, node, ttl.Milliseconds()).Scan(&holder)
	if errors.Is(err, pgx.ErrNoRows) { // held by another, unexpired: who?
		err = s.pool.QueryRow(ctx, `SELECT node FROM game_leases WHERE game_id = $1`, id).Scan(&holder)
		if errors.Is(err, pgx.ErrNoRows) { // released meanwhile: try again
			return s.Acquire(ctx, id, node, ttl)
		}
	}
	if err != nil {
		return "", fmt.Errorf("store: lease game %s: %w", id, err)
	}
	return holder, nil
}

// Renew implements Leases.
func (s *Postgres) Renew(ctx context.Context, node string, ids []string, ttl time.Duration) ([]string, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	rows, err := s.pool.Query(ctx, `UPDATE game_leases SET expires_at = now() + $3 * interval '1 millisecond'
		WHERE node = $1 AND game_id = ANY($2) RETURNING game_id`, node, ids, ttl.Milliseconds())
	if err != nil {
		return nil, fmt.Errorf("store: renew leases: %w", err)
	}
	kept, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("store: renew leases: %w", err)
	}
	held := make(map[string]bool, len(kept))
	for _, id := range kept {
		held[id] = true
	}
	var lost []string
	for _, id := range ids {
		if !held[id] {
			lost = append(lost, id)
		}
	}
	return lost, nil
}

// Release implements Leases.
func (s *Postgres) Release(ctx context.Context, id, node string) error {
	if _, err := s.pool.Exec(ctx, `DELETE FROM game_leases WHERE game_id = $1 AND node = $2`, id, node); err != nil {
		return fmt.Errorf("store: release lease of game %s: %w", id, err)
	}
	return nil
}

// Orphans implements Leases.
func (s *Postgres) Orphans(ctx context.Context, limit int) ([]string, error) {
	return queryAll(ctx, s.q, "orphan games", scanString, `SELECT g.id FROM games g LEFT JOIN game_leases l ON l.game_id = g.id
		WHERE g.active AND (l.game_id IS NULL OR l.expires_at < now()) ORDER BY g.updated_at LIMIT $1`, max(limit, 0))
}

var _ Leases = (*Postgres)(nil)
