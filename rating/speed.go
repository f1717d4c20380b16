package rating

import "time"

// Speed is a chess time control's category: chess is rated per speed.
type Speed int

// The speeds, from the fastest.
const (
	Bullet Speed = iota
	Blitz
	Rapid
	Classical
	Correspondence
)

var speedNames = [...]string{"bullet", "blitz", "rapid", "classical", "correspondence"}

// String returns the speed's name as lichess spells its perf: "blitz".
func (s Speed) String() string {
	if s < 0 || int(s) >= len(speedNames) {
		return "unknown"
	}
	return speedNames[s]
}

// ParseSpeed returns the speed named s ("blitz"), and false for none.
func ParseSpeed(s string) (Speed, bool) {
	for i, n := range speedNames {
		if n == s {
			return Speed(i), true
		}
	}
	return 0, false
}

// SpeedOf returns the speed of a clock of limit and increment by its
// estimated duration, limit + 40 × increment, with lichess's boundaries
// (scalachess Speed.scala): under 3 minutes bullet, under 8 blitz, under 25
// rapid, else classical. Lichess rates below 30 seconds apart (UltraBullet);
// Gambit's few such games (its shortest clock is 15 s) go with bullet.
func SpeedOf(limit, increment time.Duration) Speed {
	est := limit + 40*increment
	switch {
	case est < 3*time.Minute:
		return Bullet
	case est < 8*time.Minute:
		return Blitz
	case est < 25*time.Minute:
		return Rapid
	default:
		return Classical
	}
}
