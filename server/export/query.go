package export

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/gambitchess/gambit/server/wire"
)

// options are lichess's presentation parameters, which both exports take:
// what a game's PGN or JSON says besides its record.
type options struct {
	Moves     bool // the moves (default true)
	Tags      bool // the PGN's tags (default true)
	Clocks    bool // [%clk] after each move; JSON "clocks" (centiseconds)
	Evals     bool // the review's [%eval] and judgments; JSON "analysis"
	Accuracy  bool // JSON: each player's accuracy in the review (with its counts)
	Opening   bool // the Opening tag; JSON "opening"
	PGNInJSON bool // JSON: the game's PGN in "pgn"
	LastFEN   bool // JSON: the last position in "lastFen"
}

// gamesQuery is the query of GET /api/games/user/{username}.
type gamesQuery struct {
	Max          int   // 0: all
	Since, Until int64 // ms since the epoch; 0: unbounded
	Rated        *bool
	PerfType     []string
	Vs           string // the opponent's name as sent ("" for anyone)
	Color        string // "white" or "black": the player's own; "" for both
	Analysed     *bool  // only games with (or without) a stored review
	Ongoing      bool   // games under way too (default false)
	Finished     bool   // finished games (default true)
	options
}

// defaultOptions are lichess's defaults for the export of many games.
func defaultOptions() options { return options{Moves: true, Tags: true} }

// parseOptions reads the presentation parameter k of v into o; known says
// whether k is one. A value it cannot read is a 400; so is true for the
// options lichess has that this server cannot honour (literate, division,
// players): it refuses them aloud rather than answer without them.
func parseOptions(o *options, k string, v url.Values) (known bool, err error) {
	dst := map[string]*bool{"moves": &o.Moves, "tags": &o.Tags, "clocks": &o.Clocks, "evals": &o.Evals,
		"accuracy": &o.Accuracy, "opening": &o.Opening, "pgnInJson": &o.PGNInJSON, "lastFen": &o.LastFEN}
	if p, ok := dst[k]; ok {
		*p, err = parseBool(k, v)
		return true, err
	}
	switch k {
	case "literate", "division":
		b, err := parseBool(k, v)
		if err == nil && b {
			err = fmt.Errorf("%w: %s=true is not offered by this server (docs/api.md)", wire.ErrBadRequest, k)
		}
		return true, err
	case "players":
		val, err := single(k, v)
		if err == nil && val != "" {
			err = fmt.Errorf("%w: players (a file of names to fetch) is not offered by this server", wire.ErrBadRequest)
		}
		return true, err
	case "withBookmarked":
		// Gambit has no bookmarks: no game is bookmarked, so true is honoured
		// by writing no "bookmarked" field, as lichess does for the others.
		_, err := parseBool(k, v)
		return true, err
	}
	return false, nil
}

// parseGamesQueryAPI reads the query of GET /api/games/user/{username}
// as lichess takes it: its filters max, since, until (ms), rated,
// perfType (comma-separated), vs, color, analysed, ongoing, finished and
// sort, and the presentation options (parseOptions). Parameters lichess
// does not know are ignored, as lichess ignores them; a known one with a
// value it cannot read is a 400 that says which; nameKey reads vs as an
// account's name (Server.NameKey).
func parseGamesQueryAPI(v url.Values, nameKey func(string) (string, error)) (gamesQuery, error) {
	q := gamesQuery{Finished: true, options: defaultOptions()}
	for k := range v {
		known, err := parseOptions(&q.options, k, v)
		if known {
			if err != nil {
				return q, err
			}
			continue
		}
		switch k {
		case "max":
			var s string
			if s, err = single(k, v); err == nil {
				q.Max, err = parseInt(k, s, 1, 1<<30)
			}
		case "since", "until":
			var s string
			var n int64
			if s, err = single(k, v); err == nil {
				n, err = strconv.ParseInt(s, 10, 64)
				if err != nil || n < 0 {
					err = fmt.Errorf("%w: %s must be milliseconds since 1970, not %.40q", wire.ErrBadRequest, k, s)
				}
			}
			if k == "since" {
				q.Since = n
			} else {
				q.Until = n
			}
		case "rated", "analysed":
			var b bool
			b, err = parseBool(k, v)
			if k == "rated" {
				q.Rated = &b
			} else {
				q.Analysed = &b
			}
		case "ongoing":
			q.Ongoing, err = parseBool(k, v)
		case "finished":
			q.Finished, err = parseBool(k, v)
		case "perfType":
			var s string
			if s, err = single(k, v); err == nil {
				q.PerfType, err = parsePerfTypes(s)
			}
		case "vs":
			var s string
			if s, err = single(k, v); err == nil && s != "" {
				if _, nerr := nameKey(s); nerr != nil {
					err = fmt.Errorf("%w: vs %.40q is no player's name", wire.ErrBadRequest, s)
				}
				q.Vs = s
			}
		case "color":
			var s string
			if s, err = single(k, v); err == nil && s != "white" && s != "black" {
				err = fmt.Errorf("%w: color must be white or black, not %.40q", wire.ErrBadRequest, s)
			}
			q.Color = s
		case "sort":
			var s string
			if s, err = single(k, v); err == nil && s != "dateDesc" {
				err = fmt.Errorf("%w: sort: this server sends a player's games newest first only (dateDesc), not %.40q", wire.ErrBadRequest, s)
			}
		}
		if err != nil {
			return q, err
		}
	}
	if q.Until != 0 && q.Since > q.Until {
		return q, fmt.Errorf("%w: since is after until", wire.ErrBadRequest)
	}
	return q, nil
}

// parseIDsQuery reads the query of POST /api/games/export/_ids: the
// presentation options alone; other parameters are ignored.
func parseIDsQuery(v url.Values) (options, error) {
	o := defaultOptions()
	for k := range v {
		if _, err := parseOptions(&o, k, v); err != nil {
			return o, err
		}
	}
	return o, nil
}

// maxPerfTypes bounds perfType's list: more names than there are perfs
// are no filter anyone needs.
const maxPerfTypes = 32

// parsePerfTypes reads perfType: comma-separated perf names, lichess's
// (ultraBullet, kingOfTheHill, …) or Gambit's variants (xiangqi). A name
// this server does not rate matches no game.
func parsePerfTypes(s string) ([]string, error) {
	names := strings.Split(s, ",")
	if len(names) > maxPerfTypes {
		return nil, fmt.Errorf("%w: perfType lists more than %d perfs", wire.ErrBadRequest, maxPerfTypes)
	}
	for _, p := range names {
		if !perfName(p) {
			return nil, fmt.Errorf("%w: perfType %.40q is no perf's name", wire.ErrBadRequest, p)
		}
	}
	return names, nil
}

// perfName reports whether p could name a perf: 1 to 32 ASCII letters and
// digits (lichess's are in camel case).
func perfName(p string) bool {
	if p == "" || len(p) > 32 {
		return false
	}
	for _, c := range p {
		if (c < '0' || c > '9') && (c < 'a' || c > 'z') && (c < 'A' || c > 'Z') {
			return false
		}
	}
	return true
}

// single is query parameter k's one value: a parameter given twice is
// ambiguous, and refused.
func single(k string, v url.Values) (string, error) {
	if vals := v[k]; len(vals) != 1 {
		return "", fmt.Errorf("%w: parameter %s given %d times", wire.ErrBadRequest, k, len(vals))
	}
	return v[k][0], nil
}

// parseBool reads query parameter k of v as lichess does: true or false
// in any case (berserk sends Python's True and False) or 1 and 0.
func parseBool(k string, v url.Values) (bool, error) {
	s, err := single(k, v)
	if err != nil {
		return false, err
	}
	switch strings.ToLower(s) {
	case "true", "1":
		return true, nil
	case "false", "0":
		return false, nil
	}
	return false, fmt.Errorf("%w: %s must be true or false, not %.40q", wire.ErrBadRequest, k, s)
}

// parseInt reads query parameter k's value v: a whole number from lo to hi.
func parseInt(k, v string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("%w: %s must be a whole number from %d to %d, not %.40q", wire.ErrBadRequest, k, lo, hi, v)
	}
	return n, nil
}
