package loadtest_test

// The variants register from their own packages (variant/all lists them):
// this package's tests play them, so this file links them into the test
// binary, whose registry their init fills.
import _ "github.com/gambitchess/gambit/variant/all"
