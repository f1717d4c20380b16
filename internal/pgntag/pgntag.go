// Package pgntag holds the tag pairs of a PGN header, the one piece the
// chess and xiangqi PGN packages share to the letter (each re-exports it as
// its own pgn.Tags). It imports only the standard library.
package pgntag

// Tag is one tag pair of a game's header, such as [White "Réti, Richard"].
type Tag struct {
	Name  string
	Value string
}

// Tags is a game's header: its tag pairs in the order they were read or set.
// Names are case-sensitive, as the PGN standard says.
type Tags []Tag

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
