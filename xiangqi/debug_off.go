//go:build !xiangqidebug

package xiangqi

// debug enables internal consistency checks (build with -tags xiangqidebug).
const debug = false
