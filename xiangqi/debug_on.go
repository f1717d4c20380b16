//go:build gambitdebug

package xiangqi

// debug turns on internal consistency checks (build with -tags gambitdebug).
const debug = true
