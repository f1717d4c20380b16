//go:build race

package account

// raceEnabled is true under the race detector: the tests that walk every
// Unicode character or a thousand ceremonies run without it (make unit),
// where they take a second, not twenty; they share no memory to race on.
const raceEnabled = true
