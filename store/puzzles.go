package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/gambitchess/gambit/rating"
)

// Puzzles keeps the training puzzles (package puzzle finds them), each
// with its Glicko-2 rating and its count of plays, and each solver's
// rounds and puzzle rating, by variant. A solver is an account's id or a
// browser's player id: whoever the server rates. Both stores keep
// puzzles.
type Puzzles interface {
	// AddPuzzles stores ps; a puzzle whose id is stored already is left as
	// it is (its rating and plays kept). It returns how many were new. A
	// puzzle without an id, a variant, a FEN or moves, or with a move or
	// theme that is empty or holds a space (they are kept space-separated),
	// is ErrInvalid, and nothing of ps is stored.
	AddPuzzles(ctx context.Context, ps []Puzzle) (added int, err error)
	// Puzzle returns puzzle id; ErrNoPuzzle for none.
	Puzzle(ctx context.Context, id string) (Puzzle, error)
	// NextPuzzle returns the puzzle q asks for: of q.Variant, with theme
	// q.Theme ("" for any), not played by q.Solver, whose rating is the
	// nearest to q.Rating (ties: the smaller id); ErrNoPuzzle when none is
	// left. Its cost does not grow with the puzzles the solver played
	// (an index on the rating; the rounds' index for the exclusion).
	NextPuzzle(ctx context.Context, q PuzzleQuery) (Puzzle, error)
	// RecordRound stores r, the solver's first attempt at a puzzle (its
	// plays one more), with the ratings it gave when rated is not nil: the
	// puzzle's new rating and the solver's new puzzle rating in the
	// puzzle's variant. ErrExists when the solver played the puzzle
	// already (nothing changes: only a first attempt counts); ErrNoPuzzle
	// for no such puzzle; ErrConflict when the puzzle's rating is no
	// longer rated.PuzzleBefore (another round moved it meanwhile: rate
	// again from the new one). An unrated round moves no rating. The round
	// and the solver's rating are kept under the puzzle's stored variant
	// (r.Variant is not read). All of it or nothing is stored.
	RecordRound(ctx context.Context, r PuzzleRound, rated *RoundRatings) error
	// PuzzleRating returns solver's puzzle rating in variant; ok false (and
	// rating.Default()) before the solver's first round there.
	PuzzleRating(ctx context.Context, solver, variant string) (g rating.Glicko, ok bool, err error)
	// PuzzleRounds returns solver's rounds, the newest first, at most
	// limit (lichess's puzzle activity).
	PuzzleRounds(ctx context.Context, solver string, limit int) ([]PuzzleRound, error)
	// CountPuzzles returns how many puzzles of variant there are with theme
	// ("" for any).
	CountPuzzles(ctx context.Context, variant, theme string) (int, error)
	// NextPuzzles returns up to n of the puzzles q asks for, as NextPuzzle
	// chooses one: the n nearest to q.Rating (ties: the smaller id), the
	// nearest first; none left is an empty list. It costs what NextPuzzle
	// costs, times n.
	NextPuzzles(ctx context.Context, q PuzzleQuery, n int) ([]Puzzle, error)
	// PuzzleFrom returns the puzzle of variant rated within lo..hi whose
	// id is the first at or after from in the ids' order; ErrNoPuzzle for
	// none. A point of the ids drawn at random (or from a date) finds a
	// puzzle that stays the one while the puzzles stay: a puzzle added
	// elsewhere, or a rating changed, changes the answer only when it falls
	// between the point and that puzzle.
	PuzzleFrom(ctx context.Context, variant, from string, lo, hi float64) (Puzzle, error)
	// PuzzleThemes returns the themes of variant's puzzles, each with how
	// many puzzles have it: the most first (ties: by name).
	PuzzleThemes(ctx context.Context, variant string) ([]ThemeCount, error)
	// PuzzleRoundsBetween returns solver's rounds played at or after since
	// and before before (a zero time: no bound), the newest first (as
	// PuzzleRounds orders them), at most limit: a page of lichess's puzzle
	// activity, the next one before the last round's time.
	PuzzleRoundsBetween(ctx context.Context, solver string, since, before time.Time, limit int) ([]PuzzleRound, error)
}

// ThemeCount is a theme and how many puzzles have it.
type ThemeCount struct {
	Theme string
	Count int
}

// ErrNoPuzzle says there is no such puzzle, or none left to play.
var ErrNoPuzzle = errors.New("store: no such puzzle")

// Puzzle is a stored puzzle (package puzzle's, with its rating).
type Puzzle struct {
	ID      string
	Variant string
	FEN     string   // before the opponent's move
	Moves   []string // the opponent's move, then the solution, coordinate text
	Rating  rating.Glicko
	Plays   int
	Themes  []string // lichess's theme names, a set, returned sorted
	Game    string   // where it came from
}

// PuzzleQuery asks NextPuzzle for a puzzle.
type PuzzleQuery struct {
	Variant string
	Theme   string // "" for any
	Solver  string // the puzzles it played are left out ("" leaves none out)
	Rating  float64
}

// PuzzleRound is one solver's first attempt at one puzzle.
type PuzzleRound struct {
	Solver  string
	Puzzle  string // its id
	Variant string
	Win     bool
	At      time.Time
	// RatingDiff is what the round changed the solver's rating by
	// (rounded), as lichess's activity shows it.
	RatingDiff int
}

// RoundRatings are what a rated round changes: the puzzle's rating from
// PuzzleBefore (the one it was rated from) to Puzzle, and the solver's to
// Solver.
type RoundRatings struct {
	PuzzleBefore, Puzzle, Solver rating.Glicko
}

// Both stores keep puzzles.
var (
	_ Puzzles = (*SQLite)(nil)
	_ Puzzles = (*Postgres)(nil)
)

// puzzlesSchema is migration 18 of SQLite: the puzzles, their themes, the
// solvers' rounds and puzzle ratings; times are Unix nanoseconds.
//
// puzzles_next serves NextPuzzle without a theme: two range scans from
// the solver's rating, up and down. puzzle_themes keeps each puzzle's
// themes (the puzzles' themes column, space-separated, is what Puzzle
// reads) with its variant and rating, copied there so that
// puzzle_themes_next serves NextPuzzle with a theme the same way;
// RecordRound keeps the copies' ratings. The rounds' primary key answers
// NextPuzzle's "not played"; puzzle_rounds_solver serves PuzzleRounds.
const puzzlesSchema = `
CREATE TABLE puzzles (
	id         TEXT PRIMARY KEY,
	variant    TEXT NOT NULL,
	fen        TEXT NOT NULL,
	moves      TEXT NOT NULL,
	rating     DOUBLE PRECISION NOT NULL,
	deviation  DOUBLE PRECISION NOT NULL,
	volatility DOUBLE PRECISION NOT NULL,
	plays      INTEGER NOT NULL,
	themes     TEXT NOT NULL,
	game       TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX puzzles_next ON puzzles(variant, rating, id);
CREATE TABLE puzzle_themes (
	puzzle_id TEXT NOT NULL REFERENCES puzzles(id),
	theme     TEXT NOT NULL,
	variant   TEXT NOT NULL,
	rating    DOUBLE PRECISION NOT NULL,
	PRIMARY KEY (puzzle_id, theme)
) WITHOUT ROWID;
CREATE INDEX puzzle_themes_next ON puzzle_themes(theme, variant, rating, puzzle_id);
CREATE TABLE puzzle_rounds (
	solver      TEXT NOT NULL,
	puzzle_id   TEXT NOT NULL,
	variant     TEXT NOT NULL,
	win         INTEGER NOT NULL,
	at          INTEGER NOT NULL,
	rating_diff INTEGER NOT NULL,
	PRIMARY KEY (solver, puzzle_id)
) WITHOUT ROWID;
CREATE INDEX puzzle_rounds_solver ON puzzle_rounds(solver, at, puzzle_id);
CREATE TABLE puzzle_ratings (
	solver     TEXT NOT NULL,
	variant    TEXT NOT NULL,
	rating     DOUBLE PRECISION NOT NULL,
	deviation  DOUBLE PRECISION NOT NULL,
	volatility DOUBLE PRECISION NOT NULL,
	PRIMARY KEY (solver, variant)
) WITHOUT ROWID;
`

// pgPuzzlesSchema is migration 18 of PostgreSQL: SQLite's puzzlesSchema.
const pgPuzzlesSchema = `
CREATE TABLE puzzles (
	id         TEXT PRIMARY KEY,
	variant    TEXT NOT NULL,
	fen        TEXT NOT NULL,
	moves      TEXT NOT NULL,
	rating     DOUBLE PRECISION NOT NULL,
	deviation  DOUBLE PRECISION NOT NULL,
	volatility DOUBLE PRECISION NOT NULL,
	plays      INTEGER NOT NULL,
	themes     TEXT NOT NULL,
	game       TEXT NOT NULL
);
CREATE INDEX puzzles_next ON puzzles(variant, rating, id);
CREATE TABLE puzzle_themes (
	puzzle_id TEXT NOT NULL REFERENCES puzzles(id),
	theme     TEXT NOT NULL,
	variant   TEXT NOT NULL,
	rating    DOUBLE PRECISION NOT NULL,
	PRIMARY KEY (puzzle_id, theme)
);
CREATE INDEX puzzle_themes_next ON puzzle_themes(theme, variant, rating, puzzle_id);
CREATE TABLE puzzle_rounds (
	solver      TEXT NOT NULL,
	puzzle_id   TEXT NOT NULL,
	variant     TEXT NOT NULL,
	win         BOOLEAN NOT NULL,
	at          BIGINT NOT NULL,
	rating_diff INTEGER NOT NULL,
	PRIMARY KEY (solver, puzzle_id)
);
CREATE INDEX puzzle_rounds_solver ON puzzle_rounds(solver, at, puzzle_id);
CREATE TABLE puzzle_ratings (
	solver     TEXT NOT NULL,
	variant    TEXT NOT NULL,
	rating     DOUBLE PRECISION NOT NULL,
	deviation  DOUBLE PRECISION NOT NULL,
	volatility DOUBLE PRECISION NOT NULL,
	PRIMARY KEY (solver, variant)
);
`

// puzzleRows is how many puzzles one INSERT of AddPuzzles holds: 10
// parameters each, under SQLite's 32,766 and PostgreSQL's 65,535.
const puzzleRows = 500

// checkPuzzle validates a puzzle to add. Moves and themes are stored
// space-separated, so neither may be empty or hold a space.
func checkPuzzle(p Puzzle) error {
	switch {
	case p.ID == "":
		return fmt.Errorf("%w: puzzle without an id", ErrInvalid)
	case p.Variant == "":
		return fmt.Errorf("%w: puzzle %s without a variant", ErrInvalid, p.ID)
	case p.FEN == "":
		return fmt.Errorf("%w: puzzle %s without a FEN", ErrInvalid, p.ID)
	case len(p.Moves) == 0:
		return fmt.Errorf("%w: puzzle %s without moves", ErrInvalid, p.ID)
	}
	for _, w := range [][]string{p.Moves, p.Themes} {
		for _, s := range w {
			if s == "" || strings.ContainsFunc(s, unicode.IsSpace) {
				return fmt.Errorf("%w: puzzle %s: move or theme %q", ErrInvalid, p.ID, s)
			}
		}
	}
	return nil
}

// themeSet is themes as stored: sorted, without repeats.
func themeSet(themes []string) []string {
	s := slices.Clone(themes)
	slices.Sort(s)
	return slices.Compact(s)
}

// AddPuzzles implements Puzzles: the new puzzles, a few hundred an INSERT
// whose RETURNING names the ones added (an id stored already, or given
// twice, adds nothing), then their themes.
func (s sqlStore) AddPuzzles(ctx context.Context, ps []Puzzle) (int, error) {
	fresh := make([]Puzzle, 0, len(ps))
	seen := make(map[string]bool, len(ps))
	for _, p := range ps {
		if err := checkPuzzle(p); err != nil {
			return 0, fmt.Errorf("store: add puzzles: %w", err)
		}
		if !seen[p.ID] {
			seen[p.ID] = true
			fresh = append(fresh, p)
		}
	}
	added := 0
	err := s.q.inTx(ctx, func(tx querier) error {
		added = 0
		for c := range slices.Chunk(fresh, puzzleRows) {
			ids, err := insertPuzzles(ctx, tx, c)
			if err != nil {
				return err
			}
			added += len(ids)
			if err := insertThemes(ctx, tx, c, ids); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("store: add puzzles: %w", err)
	}
	return added, nil
}

// insertPuzzles inserts ps (distinct ids) with no plays, but those whose
// id is taken; it returns the ids it inserted.
func insertPuzzles(ctx context.Context, tx querier, ps []Puzzle) (map[string]bool, error) {
	var b strings.Builder
	b.WriteString(`INSERT INTO puzzles (id, variant, fen, moves, rating, deviation, volatility, plays, themes, game) VALUES `)
	args := make([]any, 0, 9*len(ps))
	for i, p := range ps {
		if i > 0 {
			b.WriteString(", ")
		}
		n := len(args)
		fmt.Fprintf(&b, "($%d, $%d, $%d, $%d, $%d, $%d, $%d, 0, $%d, $%d)", n+1, n+2, n+3, n+4, n+5, n+6, n+7, n+8, n+9)
		args = append(args, p.ID, p.Variant, p.FEN, strings.Join(p.Moves, " "),
			p.Rating.Rating, p.Rating.Deviation, p.Rating.Volatility, strings.Join(themeSet(p.Themes), " "), p.Game)
	}
	b.WriteString(` ON CONFLICT (id) DO NOTHING RETURNING id`)
	ids := make(map[string]bool, len(ps))
	err := tx.query(ctx, b.String(), args, func(row scanner) error {
		var id string
		err := row.Scan(&id)
		ids[id] = true
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("puzzles: %w", err)
	}
	return ids, nil
}

// insertThemes stores the themes of the puzzles of ps that insertPuzzles
// added (ids).
func insertThemes(ctx context.Context, tx querier, ps []Puzzle, ids map[string]bool) error {
	var b strings.Builder
	var args []any
	flush := func() error {
		if len(args) == 0 {
			return nil
		}
		_, err := tx.exec(ctx, `INSERT INTO puzzle_themes (puzzle_id, theme, variant, rating) VALUES `+b.String(), args...)
		b.Reset()
		args = args[:0]
		if err != nil {
			return fmt.Errorf("puzzle themes: %w", err)
		}
		return nil
	}
	for _, p := range ps {
		if !ids[p.ID] {
			continue
		}
		for _, th := range themeSet(p.Themes) {
			if len(args) > 0 {
				b.WriteString(", ")
			}
			n := len(args)
			fmt.Fprintf(&b, "($%d, $%d, $%d, $%d)", n+1, n+2, n+3, n+4)
			args = append(args, p.ID, th, p.Variant, p.Rating.Rating)
			if len(args) >= 4*puzzleRows {
				if err := flush(); err != nil {
					return err
				}
			}
		}
	}
	return flush()
}

// puzzleColumns are what scanPuzzle reads, in its order.
const puzzleColumns = `id, variant, fen, moves, rating, deviation, volatility, plays, themes, game`

// scanPuzzle reads a row of puzzleColumns.
func scanPuzzle(row scanner) (Puzzle, error) {
	var p Puzzle
	var moves, themes string
	err := row.Scan(&p.ID, &p.Variant, &p.FEN, &moves, &p.Rating.Rating, &p.Rating.Deviation, &p.Rating.Volatility,
		&p.Plays, &themes, &p.Game)
	p.Moves, p.Themes = fieldsOrNil(moves), fieldsOrNil(themes)
	return p, err
}

// fieldsOrNil is s's space-separated words; nil for none.
func fieldsOrNil(s string) []string {
	if f := strings.Fields(s); len(f) > 0 {
		return f
	}
	return nil
}

// Puzzle implements Puzzles.
func (s sqlStore) Puzzle(ctx context.Context, id string) (Puzzle, error) {
	p, err := scanPuzzle(s.q.queryRow(ctx, `SELECT `+puzzleColumns+` FROM puzzles WHERE id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		err = ErrNoPuzzle
	}
	if err != nil {
		return Puzzle{}, fmt.Errorf("store: puzzle %s: %w", id, err)
	}
	return p, nil
}

// NextPuzzle implements Puzzles: NextPuzzles' first.
func (s sqlStore) NextPuzzle(ctx context.Context, q PuzzleQuery) (Puzzle, error) {
	ps, err := s.NextPuzzles(ctx, q, 1)
	switch {
	case err != nil:
		return Puzzle{}, err
	case len(ps) == 0:
		return Puzzle{}, fmt.Errorf("store: next puzzle of %s: %w", q.Variant, ErrNoPuzzle)
	}
	return ps[0], nil
}

// RecordRound implements Puzzles in one transaction: the puzzle's play
// and rating (and its themes' copies), the round, the solver's rating.
// The puzzle's row is updated first, only from the rating the round was
// rated from (countPlay): on PostgreSQL two rounds of one puzzle
// serialise on that row, and the second finds it moved (ErrConflict)
// rather than overwriting the first's rating; a solver's rating row is
// the last each locks, so no two rounds wait for each other in a cycle.
func (s sqlStore) RecordRound(ctx context.Context, r PuzzleRound, rated *RoundRatings) error {
	err := s.q.inTx(ctx, func(tx querier) error {
		variant, err := countPlay(ctx, tx, r.Puzzle, rated)
		if err != nil {
			return err
		}
		n, err := tx.exec(ctx, `INSERT INTO puzzle_rounds (solver, puzzle_id, variant, win, at, rating_diff)
			VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (solver, puzzle_id) DO NOTHING`,
			r.Solver, r.Puzzle, variant, r.Win, nanos(r.At), r.RatingDiff)
		if err != nil {
			return fmt.Errorf("round: %w", err)
		}
		if n == 0 {
			return ErrExists
		}
		if rated == nil {
			return nil
		}
		if _, err := tx.exec(ctx, `UPDATE puzzle_themes SET rating = $1 WHERE puzzle_id = $2`, rated.Puzzle.Rating, r.Puzzle); err != nil {
			return fmt.Errorf("puzzle themes: %w", err)
		}
		if _, err := tx.exec(ctx, `INSERT INTO puzzle_ratings (solver, variant, rating, deviation, volatility)
			VALUES ($1, $2, $3, $4, $5) ON CONFLICT (solver, variant) DO UPDATE
			SET rating = excluded.rating, deviation = excluded.deviation, volatility = excluded.volatility`,
			r.Solver, variant, rated.Solver.Rating, rated.Solver.Deviation, rated.Solver.Volatility); err != nil {
			return fmt.Errorf("solver's rating: %w", err)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: record round of %s on puzzle %s: %w", r.Solver, r.Puzzle, err)
	}
	return nil
}

// countPlay adds a play to puzzle id and, for a rated round, moves its
// rating from rated.PuzzleBefore (the row's own: a rating another round
// moved meanwhile is ErrConflict, not overwritten); it returns the
// puzzle's variant.
func countPlay(ctx context.Context, tx querier, id string, rated *RoundRatings) (string, error) {
	var variant string
	var err error
	if rated == nil {
		err = tx.queryRow(ctx, `UPDATE puzzles SET plays = plays + 1 WHERE id = $1 RETURNING variant`, id).Scan(&variant)
	} else {
		p, b := rated.Puzzle, rated.PuzzleBefore
		err = tx.queryRow(ctx, `UPDATE puzzles SET rating = $1, deviation = $2, volatility = $3, plays = plays + 1
			WHERE id = $4 AND rating = $5 AND deviation = $6 AND volatility = $7 RETURNING variant`,
			p.Rating, p.Deviation, p.Volatility, id, b.Rating, b.Deviation, b.Volatility).Scan(&variant)
	}
	if !errors.Is(err, sql.ErrNoRows) {
		if err != nil {
			return "", fmt.Errorf("puzzle: %w", err)
		}
		return variant, nil
	}
	var one int
	switch err := tx.queryRow(ctx, `SELECT 1 FROM puzzles WHERE id = $1`, id).Scan(&one); {
	case errors.Is(err, sql.ErrNoRows):
		return "", ErrNoPuzzle
	case err != nil:
		return "", fmt.Errorf("puzzle: %w", err)
	}
	return "", fmt.Errorf("puzzle %s rated meanwhile: %w", id, ErrConflict)
}

// PuzzleRating implements Puzzles.
func (s sqlStore) PuzzleRating(ctx context.Context, solver, variant string) (rating.Glicko, bool, error) {
	var g rating.Glicko
	err := s.q.queryRow(ctx, `SELECT rating, deviation, volatility FROM puzzle_ratings WHERE solver = $1 AND variant = $2`,
		solver, variant).Scan(&g.Rating, &g.Deviation, &g.Volatility)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return rating.Default(), false, nil
	case err != nil:
		return rating.Default(), false, fmt.Errorf("store: puzzle rating of %s in %s: %w", solver, variant, err)
	}
	return g, true, nil
}

// scanRound reads solver, puzzle_id, variant, win, at, rating_diff.
func scanRound(row scanner) (PuzzleRound, error) {
	var r PuzzleRound
	var at int64
	err := row.Scan(&r.Solver, &r.Puzzle, &r.Variant, &r.Win, &at, &r.RatingDiff)
	r.At = fromNanos(at)
	return r, err
}

// PuzzleRounds implements Puzzles; rounds at the same time come in the
// reverse order of their puzzles' ids.
func (s sqlStore) PuzzleRounds(ctx context.Context, solver string, limit int) ([]PuzzleRound, error) {
	return queryAll(ctx, s.q, "puzzle rounds of "+solver, scanRound, `SELECT solver, puzzle_id, variant, win, at, rating_diff
		FROM puzzle_rounds WHERE solver = $1 ORDER BY at DESC, puzzle_id DESC LIMIT $2`, solver, max(limit, 0))
}

// CountPuzzles implements Puzzles.
func (s sqlStore) CountPuzzles(ctx context.Context, variant, theme string) (int, error) {
	query, args := `SELECT count(*) FROM puzzles WHERE variant = $1`, []any{variant}
	if theme != "" {
		query, args = `SELECT count(*) FROM puzzle_themes WHERE theme = $1 AND variant = $2`, []any{theme, variant}
	}
	var n int
	if err := s.q.queryRow(ctx, query, args...).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: count puzzles of %s: %w", variant, err)
	}
	return n, nil
}

// NextPuzzles implements Puzzles in two index range scans, of
// puzzles_next (or puzzle_themes_next for a theme) from q.Rating: the n
// nearest puzzles at or above it, the n nearest below, each skipping the
// ones the solver played by the rounds' primary key; the nearest n of
// those are the ones. Neither scan sorts: each reads the index in order
// and stops at its n-th row left (below, ties of one rating come by id:
// PostgreSQL and SQLite sort the ties of that rating alone).
func (s sqlStore) NextPuzzles(ctx context.Context, q PuzzleQuery, n int) ([]Puzzle, error) {
	if n <= 0 {
		return nil, nil
	}
	args := []any{q.Variant, q.Rating, n}
	arg := func(v any) string { args = append(args, v); return fmt.Sprintf("$%d", len(args)) }
	from, id, where := `puzzles p`, `p.id`, `p.variant = $1`
	if q.Theme != "" {
		from, id, where = `puzzle_themes p`, `p.puzzle_id`, `p.theme = `+arg(q.Theme)+` AND p.variant = $1`
	}
	if q.Solver != "" {
		where += ` AND NOT EXISTS (SELECT 1 FROM puzzle_rounds r WHERE r.solver = ` + arg(q.Solver) + ` AND r.puzzle_id = ` + id + `)`
	}
	nearest := func(cmp, order string) string {
		return `SELECT ` + id + ` AS id, p.rating FROM ` + from + ` WHERE ` + where + ` AND p.rating ` + cmp + ` $2
			ORDER BY p.rating ` + order + `, ` + id + ` LIMIT $3`
	}
	query := `SELECT ` + prefixed("z.", puzzleColumns) + ` FROM (
		SELECT id, rating FROM (` + nearest(">=", "ASC") + `) up
		UNION ALL SELECT id, rating FROM (` + nearest("<", "DESC") + `) down
	) near JOIN puzzles z ON z.id = near.id ORDER BY abs(near.rating - $2), near.id LIMIT $3`
	return queryAll(ctx, s.q, "next puzzles of "+q.Variant, scanPuzzle, query, args...)
}

// prefixed is columns, a comma-separated list, each with prefix.
func prefixed(prefix, columns string) string {
	cs := strings.Split(columns, ", ")
	for i := range cs {
		cs[i] = prefix + cs[i]
	}
	return strings.Join(cs, ", ")
}

// PuzzleFrom implements Puzzles: a scan of the primary key from from,
// which reads the puzzles of other variants and ratings on its way (the
// daily puzzle asks once a day).
func (s sqlStore) PuzzleFrom(ctx context.Context, variant, from string, lo, hi float64) (Puzzle, error) {
	p, err := scanPuzzle(s.q.queryRow(ctx, `SELECT `+puzzleColumns+` FROM puzzles
		WHERE id >= $1 AND variant = $2 AND rating >= $3 AND rating <= $4 ORDER BY id LIMIT 1`, from, variant, lo, hi))
	if errors.Is(err, sql.ErrNoRows) {
		err = ErrNoPuzzle
	}
	if err != nil {
		return Puzzle{}, fmt.Errorf("store: puzzle of %s from %q: %w", variant, from, err)
	}
	return p, nil
}

// PuzzleThemes implements Puzzles.
func (s sqlStore) PuzzleThemes(ctx context.Context, variant string) ([]ThemeCount, error) {
	return queryAll(ctx, s.q, "puzzle themes of "+variant, func(row scanner) (ThemeCount, error) {
		var tc ThemeCount
		err := row.Scan(&tc.Theme, &tc.Count)
		return tc, err
	}, `SELECT theme, count(*) FROM puzzle_themes WHERE variant = $1 GROUP BY theme ORDER BY count(*) DESC, theme`, variant)
}

// PuzzleRoundsBetween implements Puzzles over puzzle_rounds_solver.
func (s sqlStore) PuzzleRoundsBetween(ctx context.Context, solver string, since, before time.Time, limit int) ([]PuzzleRound, error) {
	from, until := int64(math.MinInt64), int64(math.MaxInt64)
	if !since.IsZero() {
		from = since.UnixNano()
	}
	if !before.IsZero() {
		until = before.UnixNano()
	}
	return queryAll(ctx, s.q, "puzzle rounds of "+solver, scanRound, `SELECT solver, puzzle_id, variant, win, at, rating_diff
		FROM puzzle_rounds WHERE solver = $1 AND at >= $2 AND at < $3 ORDER BY at DESC, puzzle_id DESC LIMIT $4`,
		solver, from, until, max(limit, 0))
}
