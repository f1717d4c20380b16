package reviews

// The tests build their games through the registry, which every variant
// joins from its own package: this file links them into the test binary.
import _ "github.com/gambitchess/gambit/variant/all"
