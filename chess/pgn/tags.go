package pgn

import "github.com/gambitchess/gambit/internal/pgntag"

// Tag is one tag pair of a game's header, such as [White "Réti, Richard"].
type Tag = pgntag.Tag

// Tags is a game's header: its tag pairs in the order they were read or set,
// with Get, Lookup, Set and Delete. Names are case-sensitive, as the PGN
// standard says.
type Tags = pgntag.Tags

// SevenTagRoster lists the seven tags every PGN game should carry, in the
// order the export format writes them.
var SevenTagRoster = [7]string{"Event", "Site", "Date", "Round", "White", "Black", "Result"}

// rosterIndex returns the position of name in the Seven Tag Roster, or -1.
func rosterIndex(name string) int {
	for i, n := range SevenTagRoster {
		if n == name {
			return i
		}
	}
	return -1
}

// commonTagNames lets the reader share one string per frequent tag name
// instead of allocating one per game (map lookups keyed by string(b) do not allocate).
var commonTagNames = map[string]string{}

func init() {
	for _, n := range []string{"Event", "Site", "Date", "Round", "White", "Black", "Result",
		"WhiteElo", "BlackElo", "WhiteTitle", "BlackTitle", "WhiteFideId", "BlackFideId",
		"ECO", "Opening", "Variation", "EventDate", "EventType", "EventRounds", "EventCountry",
		"Source", "SourceDate", "PlyCount", "TimeControl", "Termination", "Annotator", "Mode",
		"FEN", "SetUp", "Variant", "UTCDate", "UTCTime", "WhiteRatingDiff", "BlackRatingDiff",
		"WhiteTeam", "BlackTeam", "Board", "Time", "GameId", "Link", "StudyName", "ChapterName"} {
		commonTagNames[n] = n
	}
}

// tagName returns b as a string, shared for common names.
func tagName(b []byte) string {
	if s, ok := commonTagNames[string(b)]; ok {
		return s
	}
	return string(b)
}
