//go:build gambitdebug

package chess

// debug turns on internal consistency checks (build with -tags gambitdebug).
const debug = true
