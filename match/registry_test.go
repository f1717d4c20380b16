package match_test

// A match plays the registered variants, which register from their own
// packages: this external file links them all into the test binary, where
// their init registers them with the registry the package under test reads.
import _ "github.com/gambitchess/gambit/variant/all"
