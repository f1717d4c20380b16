package server

import (
	"github.com/gambitchess/gambit/server/export"
	"github.com/gambitchess/gambit/server/profile"
)

// The names the tests of rated.go and board.go (rated_test.go,
// board_test.go) still use for the shapes that moved to packages of their
// own (profile, export): to be folded into those tests once they are free
// to edit.
type (
	userJSON       = profile.User
	perfJSON       = profile.Perf
	gamesPageJSON  = profile.GamesPage
	exportGameJSON = export.Game
)

// parseGamesQuery reads the query of GET /api/user/{name}/games
// (FuzzParseGamesQuery, rated_test.go).
var parseGamesQuery = profile.ParseGamesQuery
