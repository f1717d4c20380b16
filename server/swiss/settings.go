package swiss

import (
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"time"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/tourney"
	"github.com/gambitchess/gambit/server/wire"
)

// Settings are what a Swiss event's creator chose, kept as the
// tournament's Data in the store.
type Settings struct {
	Name        string       `json:"name"`
	Variant     game.Variant `json:"variant"`
	Clock       int          `json:"clock"`     // initial seconds
	Increment   int          `json:"increment"` // seconds
	Rounds      int          `json:"rounds"`
	Interval    int          `json:"interval"` // seconds between a round's end and the next
	Rated       bool         `json:"rated"`
	MinRating   int          `json:"minRating,omitempty"` // 0: none
	MaxRating   int          `json:"maxRating,omitempty"`
	BotsAllowed bool         `json:"botsAllowed,omitempty"`
	Password    string       `json:"password,omitempty"` // its SHA-256, hex; "": public
	Description string       `json:"description,omitempty"`
	Creator     string       `json:"creator"` // the creator's name, as shown
}

// ClockConfig is the event's games' clock.
func (s Settings) ClockConfig() game.ClockConfig {
	return game.ClockConfig{Initial: time.Duration(s.Clock) * time.Second, Increment: time.Duration(s.Increment) * time.Second}
}

// IntervalDuration is the wait between a round's end and the next.
func (s Settings) IntervalDuration() time.Duration { return time.Duration(s.Interval) * time.Second }

// PasswordOK reports whether pw is the event's password (always, for a
// public event).
func (s Settings) PasswordOK(pw string) bool { return tourney.PasswordOK(s.Password, pw) }

// The limits of a new event, lichess's where it has them.
const (
	maxNameRunes    = 30
	maxDescRunes    = 400
	minRounds       = 3
	maxRounds       = 100
	defaultInterval = 10               // seconds, when roundInterval is empty or -1
	defaultWait     = 10 * time.Minute // from creation to the start, lichess's
	maxWait         = 7 * 24 * time.Hour
)

// clockLimits are lichess's choices of clock.limit, in seconds.
var clockLimits = []int{0, 15, 30, 45, 60, 90, 120, 180, 240, 300, 360, 420, 480, 600, 900, 1200, 1500, 1800,
	2400, 3000, 3600, 4200, 4800, 5400, 6000, 6600, 7200, 7800, 8400, 9000, 9600, 10200, 10800}

// roundIntervals are lichess's choices of roundInterval, in seconds,
// but for 99999999 (rounds scheduled by hand, which Gambit does not do).
var roundIntervals = []int{5, 10, 20, 30, 45, 60, 120, 180, 300, 600, 900, 1200, 1800, 2700, 3600, 86400, 172800, 604800}

// ParseSettings reads lichess's form of POST /api/swiss/new/{teamId}
// (name, clock.limit and clock.increment in seconds, nbRounds, startsAt in
// ms, roundInterval in seconds, variant, rated, password, description,
// conditions.minRating.rating, conditions.maxRating.rating; and Gambit's
// conditions.bots) and returns the settings and the start.
func ParseSettings(f url.Values, now time.Time) (Settings, time.Time, error) {
	s := Settings{Rated: true, Interval: defaultInterval}
	fail := func(field string, e error) (Settings, time.Time, error) {
		return Settings{}, time.Time{}, fmt.Errorf("%w: %s: %v", wire.ErrBadRequest, field, e)
	}
	var err error
	if s.Name, err = tourney.Text(f.Get("name"), maxNameRunes); err != nil {
		return fail("name", err)
	}
	if s.Name == "" {
		s.Name = "Swiss"
	}
	if s.Description, err = tourney.Text(f.Get("description"), maxDescRunes); err != nil {
		return fail("description", err)
	}
	if s.Clock, err = choice(f, "clock.limit", clockLimits, -1); err != nil {
		return fail("clock.limit", err)
	}
	if s.Increment, err = number(f, "clock.increment", 0, 120, -1); err != nil {
		return fail("clock.increment", err)
	}
	if s.Clock+s.Increment == 0 {
		return fail("clock.limit", fmt.Errorf("a clock of 0+0: give some time or an increment"))
	}
	if s.Rounds, err = number(f, "nbRounds", minRounds, maxRounds, -1); err != nil {
		return fail("nbRounds", err)
	}
	if v := f.Get("roundInterval"); v != "" && v != "-1" {
		if s.Interval, err = choice(f, "roundInterval", roundIntervals, defaultInterval); err != nil {
			return fail("roundInterval", err)
		}
	}
	if s.Variant, err = tourney.Variant(f.Get("variant")); err != nil {
		return fail("variant", err)
	}
	if err := s.readConditions(f); err != nil {
		return Settings{}, time.Time{}, err
	}
	start, err := startOf(f, now)
	if err != nil {
		return fail("startsAt", err)
	}
	return s, start, nil
}

// readConditions reads rated, the password and the conditions of f.
func (s *Settings) readConditions(f url.Values) error {
	var err error
	for _, b := range []struct {
		key string
		to  *bool
	}{{"rated", &s.Rated}, {"conditions.bots", &s.BotsAllowed}} {
		if *b.to, err = tourney.Bool(f.Get(b.key), *b.to); err != nil {
			return fmt.Errorf("%w: %s: %v", wire.ErrBadRequest, b.key, err)
		}
	}
	for _, r := range []struct {
		key string
		to  *int
	}{{"conditions.minRating.rating", &s.MinRating}, {"conditions.maxRating.rating", &s.MaxRating}} {
		if *r.to, err = number(f, r.key, 0, 4000, 0); err != nil {
			return fmt.Errorf("%w: %s: %v", wire.ErrBadRequest, r.key, err)
		}
	}
	if pw := f.Get("password"); pw != "" {
		if len(pw) > 100 {
			return fmt.Errorf("%w: password: longer than 100 bytes", wire.ErrBadRequest)
		}
		s.Password = tourney.HashPassword(pw)
	}
	return nil
}

// number is field key as a whole number in [lo, hi]; an absent one is
// def, or an error when def is negative (required).
func number(f url.Values, key string, lo, hi, def int) (int, error) {
	v := f.Get(key)
	if v == "" {
		if def < 0 {
			return 0, fmt.Errorf("missing")
		}
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("%.20q is not a whole number from %d to %d", v, lo, hi)
	}
	return n, nil
}

// choice is field key as one of choices; an absent one is def, or an
// error when def is negative (required).
func choice(f url.Values, key string, choices []int, def int) (int, error) {
	n, err := number(f, key, choices[0], choices[len(choices)-1], def)
	if err != nil {
		return 0, err
	}
	if !slices.Contains(choices, n) {
		return 0, fmt.Errorf("%d is not one of %v", n, choices)
	}
	return n, nil
}

// startOf is the event's start: startsAt (Unix ms), else ten minutes from
// now, as lichess's.
func startOf(f url.Values, now time.Time) (time.Time, error) {
	v := f.Get("startsAt")
	if v == "" {
		return now.Add(defaultWait), nil
	}
	ms, err := strconv.ParseInt(v, 10, 64)
	start := time.UnixMilli(ms)
	if err != nil || start.Before(now.Add(-time.Minute)) || start.After(now.Add(maxWait)) {
		return time.Time{}, fmt.Errorf("%.20q is not a time (Unix milliseconds) from now to a week ahead", v)
	}
	return start, nil
}

// decodeSettings reads an event's stored settings.
func decodeSettings(data []byte) (Settings, error) {
	var s Settings
	if err := json.Unmarshal(data, &s); err != nil {
		return s, fmt.Errorf("swiss settings: %w", err)
	}
	return s, nil
}
