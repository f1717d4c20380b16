package export

import (
	"fmt"
	"strings"

	"github.com/gambitchess/gambit/server/wire"
)

// MaxIDs is how many game ids POST /api/games/export/_ids takes at once,
// as lichess's.
const MaxIDs = 300

// maxIDsBody bounds the body of POST /api/games/export/_ids: MaxIDs of
// the longest ids (wire.ValidID's 32 characters) with a comma and a space
// each.
const maxIDsBody = MaxIDs * 34

// parseIDs reads the body of POST /api/games/export/_ids: game ids
// separated by commas (lichess's), with any white space around them
// (newlines too: a list pasted one a line). An id twice counts once, in its
// first place; empty items are skipped (a trailing comma). An item that
// cannot be a game's id, or more than MaxIDs ids, is a 400 that says so:
// nothing is dropped without a word.
func parseIDs(body string) ([]string, error) {
	var ids []string
	seen := map[string]bool{}
	for item := range strings.SplitSeq(body, ",") {
		for id := range strings.FieldsSeq(item) {
			if !wire.ValidID(id) {
				return nil, fmt.Errorf("%w: %.40q is not a game id (lower-case letters and digits, comma-separated)", wire.ErrBadRequest, id)
			}
			if seen[id] {
				continue
			}
			if len(ids) == MaxIDs {
				return nil, fmt.Errorf("%w: more than %d game ids", wire.ErrBadRequest, MaxIDs)
			}
			seen[id] = true
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return nil, fmt.Errorf("%w: no game id in the body (send ids separated by commas)", wire.ErrBadRequest)
	}
	return ids, nil
}
