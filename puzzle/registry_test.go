package puzzle_test

// The tests read games of every registered variant.
import _ "github.com/gambitchess/gambit/variant/all"
