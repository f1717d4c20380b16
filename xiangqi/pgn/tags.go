package pgn

import "github.com/gambitchess/gambit/internal/pgntag"

// Tag is one tag pair of a game's header, such as [Red "许银川"].
type Tag = pgntag.Tag

// Tags is a game's header: its tag pairs in the order they were read or set,
// with Get, Lookup, Set and Delete. Names are case-sensitive, as the PGN
// standard says.
type Tags = pgntag.Tags
