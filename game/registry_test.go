package game_test

// Every variant registers from its own package, which imports this one:
// the internal tests (package game) cannot import them, so this external
// file links them into the test binary, where their init registers them
// with the package under test.
import _ "github.com/gambitchess/gambit/variant/all"
