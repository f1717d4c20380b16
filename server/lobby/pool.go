package lobby

import (
	"time"

	"github.com/gambitchess/gambit/game"
)

// The rated pool's pairing rule: quick pairing for a rated game pairs two
// signed-in players whose ratings in the game's perf are the closest,
// within a range that starts narrow and widens while they wait.
//
// The numbers: the range starts at ±WindowStart and widens linearly to
// ±WindowMax after WindowWiden of waiting, then stays there. lichess's
// pool (lila modules/pool/MatchMaking.scala) pairs in waves a few seconds
// apart, allows a gap of about 200–400 points depending on the rating, and
// lowers a pair's score by a bonus per wave each player missed (about 12
// points a wave, up to a few hundred), so a player waiting half a minute
// is offered opponents several hundred points away. Gambit has no waves:
// a request meets the seeks already waiting, and the range is a function
// of time alone, ±100 at once (a fair game: the stronger player's expected
// score is about 0.64) widening to ±500 over 30 s (about 0.95 at the limit:
// still a game, and better than no game after half a minute; the rating
// change of a lopsided result is small anyway). A pair is compatible when
// the gap is within the range of the longer of their two waits.
const (
	WindowStart = 100
	WindowMax   = 500
	WindowWiden = 30 * time.Second
)

// Window is the largest rating gap allowed between two players of whom
// the longer waiting has waited wait: WindowStart at once, widening
// linearly to WindowMax at WindowWiden.
func Window(wait time.Duration) int {
	switch {
	case wait <= 0:
		return WindowStart
	case wait >= WindowWiden:
		return WindowMax
	}
	return WindowStart + int(int64(WindowMax-WindowStart)*int64(wait)/int64(WindowWiden))
}

// Seek is a quick pairing request for a rated game: the pool (variant and
// time control) and who asks, as their player id and Seeker; Since is
// when they began to wait (the request's time, or their own waiting
// challenge's creation when they ask again).
type Seek struct {
	Variant     game.Variant
	TimeControl string
	Player      string
	Seeker      Seeker
	Since       time.Time
}

// BestRated picks, among the listed challenges (oldest first, as List
// gives them), the rated one of seek's pool whose seeker's rating is the
// closest to seek's, within the Window of the longer wait of the two at
// now; never one of seek's own (same player or same account), never a
// casual one or one with no account. The oldest wins a tie. ok is false
// when none fits.
func BestRated(list []Challenge, seek Seek, now time.Time) (Challenge, bool) {
	var best Challenge
	bestGap, found := 0, false
	for _, c := range list {
		if !c.Rated || c.account == "" || c.Variant != seek.Variant || c.TimeControl != seek.TimeControl ||
			c.creator == seek.Player || c.account == seek.Seeker.Account {
			continue
		}
		gap := c.Rating - seek.Seeker.Rating
		if gap < 0 {
			gap = -gap
		}
		wait := max(now.Sub(c.CreatedAt), now.Sub(seek.Since))
		if gap > Window(wait) || found && gap >= bestGap {
			continue
		}
		best, bestGap, found = c, gap, true
	}
	return best, found
}

// Before reports whether c was listed before o: created earlier, or at
// the same time with a smaller id (List's order). Of two waiting rated
// seeks only the newer moves to the older, so two never cross.
func (c Challenge) Before(o Challenge) bool {
	if !c.CreatedAt.Equal(o.CreatedAt) {
		return c.CreatedAt.Before(o.CreatedAt)
	}
	return c.ID < o.ID
}
