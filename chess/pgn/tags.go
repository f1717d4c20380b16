package pgn

// Tag is one tag pair of a game's header, such as [White "Réti, Richard"].
type Tag struct {
	Name  string
	Value string
}

// Tags is a game's header: its tag pairs in the order they were read or set.
// Names are case-sensitive, as the PGN standard says.
type Tags []Tag

// SevenTagRoster lists the seven tags every PGN game should carry, in the
// order the export format writes them.
var SevenTagRoster = [7]string{"Event", "Site", "Date", "Round", "White", "Black", "Result"}

// Get returns the value of the named tag, or "" when it is absent.
func (t Tags) Get(name string) string {
	v, _ := t.Lookup(name)
	return v
}

// Lookup returns the value of the named tag and whether it is present.
func (t Tags) Lookup(name string) (string, bool) {
	for i := range t {
		if t[i].Name == name {
			return t[i].Value, true
		}
	}
	return "", false
}

// Set replaces the value of the named tag, or appends the tag if it is absent.
func (t *Tags) Set(name, value string) {
	for i := range *t {
		if (*t)[i].Name == name {
			(*t)[i].Value = value
			return
		}
	}
	*t = append(*t, Tag{name, value})
}

// Delete removes the named tag, if present.
func (t *Tags) Delete(name string) {
	for i := range *t {
		if (*t)[i].Name == name {
			*t = append((*t)[:i], (*t)[i+1:]...)
			return
		}
	}
}

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
