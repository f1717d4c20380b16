package export

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/gambitchess/gambit/server/wire"
)

// gamesQuery is the query of GET /api/games/user/{username}.
type gamesQuery struct {
	Max          int   // 0: all
	Since, Until int64 // ms since the epoch; 0: unbounded
	Rated        *bool
	PerfType     []string
}

// parseGamesQueryAPI reads max, since, until (ms), rated and perfType (a
// comma-separated list) as lichess's game export takes them.
func parseGamesQueryAPI(v url.Values) (gamesQuery, error) {
	var q gamesQuery
	for k, vals := range v {
		if len(vals) != 1 {
			return q, fmt.Errorf("%w: parameter %.40q given %d times", wire.ErrBadRequest, k, len(vals))
		}
		val := vals[0]
		var err error
		switch k {
		case "max":
			q.Max, err = parseInt(k, val, 1, 1<<30)
		case "since", "until":
			var n int64
			n, err = strconv.ParseInt(val, 10, 64)
			if err != nil || n < 0 {
				err = fmt.Errorf("%w: %s must be milliseconds since 1970, not %.40q", wire.ErrBadRequest, k, val)
			}
			if k == "since" {
				q.Since = n
			} else {
				q.Until = n
			}
		case "rated":
			var b bool
			b, err = parseBool(k, val)
			q.Rated = &b
		case "perfType":
			for _, p := range strings.Split(val, ",") {
				if !wire.ValidID(p) {
					return q, fmt.Errorf("%w: perfType %.40q", wire.ErrBadRequest, p)
				}
				q.PerfType = append(q.PerfType, p)
			}
		case "moves", "tags", "clocks", "evals", "opening", "pgnInJson", "literate", "finished", "ongoing", "sort":
			// lichess's presentation options: this server writes every game
			// its one way (documented in docs/api.md).
		default:
			err = fmt.Errorf("%w: unknown parameter %.40q (max, since, until, rated, perfType)", wire.ErrBadRequest, k)
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

// parseBool reads query parameter k's value v: true or false.
func parseBool(k, v string) (bool, error) {
	switch v {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, fmt.Errorf("%w: %s must be true or false, not %.40q", wire.ErrBadRequest, k, v)
}

// parseInt reads query parameter k's value v: a whole number from lo to hi.
func parseInt(k, v string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("%w: %s must be a whole number from %d to %d, not %.40q", wire.ErrBadRequest, k, lo, hi, v)
	}
	return n, nil
}
