package tournaments

import (
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/tourney"
	"github.com/gambitchess/gambit/server/wire"
)

// Settings are what an arena's creator chose, kept as the tournament's
// Data in the store.
type Settings struct {
	Name        string       `json:"name"`
	Variant     game.Variant `json:"variant"`
	Clock       int          `json:"clock"`     // initial seconds
	Increment   int          `json:"increment"` // seconds
	Minutes     int          `json:"minutes"`   // the arena's length
	Rated       bool         `json:"rated"`
	Berserkable bool         `json:"berserkable"`
	MinRating   int          `json:"minRating,omitempty"` // 0: none
	MaxRating   int          `json:"maxRating,omitempty"`
	BotsAllowed bool         `json:"botsAllowed,omitempty"`
	Password    string       `json:"password,omitempty"` // its SHA-256, hex; "": public
	Description string       `json:"description,omitempty"`
	Creator     string       `json:"creator"` // the creator's name, as shown
}

// ClockConfig is the arena's games' clock.
func (s Settings) ClockConfig() game.ClockConfig {
	return game.ClockConfig{Initial: time.Duration(s.Clock) * time.Second, Increment: time.Duration(s.Increment) * time.Second}
}

// Private reports whether joining needs a password.
func (s Settings) Private() bool { return s.Password != "" }

// PasswordOK reports whether pw is the arena's password (always, for a
// public arena).
func (s Settings) PasswordOK(pw string) bool { return tourney.PasswordOK(s.Password, pw) }

// The limits of a new arena. lichess lists 20 to 720 minutes; a club's
// quick arena of 5 or 10 is allowed too.
const (
	minMinutes   = 5
	maxMinutes   = 720
	maxNameRunes = 30
	maxDescRunes = 400
	maxWait      = 7 * 24 * time.Hour // a start at most a week ahead
)

// ParseSettings reads lichess's fields of POST /api/tournament (a form, or
// JSON with the same keys: wire.ReadParams) (name,
// clockTime in minutes, clockIncrement in seconds, minutes, waitMinutes or
// startDate in ms, variant, rated, berserkable, password, description,
// conditions.minRating.rating, conditions.maxRating.rating,
// conditions.bots) and returns the settings and the start.
func ParseSettings(f map[string]string, now time.Time) (Settings, time.Time, error) {
	s := Settings{Rated: true, Berserkable: true}
	var err error
	fail := func(field string, e error) (Settings, time.Time, error) {
		return Settings{}, time.Time{}, fmt.Errorf("%w: %s: %v", wire.ErrBadRequest, field, e)
	}
	if s.Name, err = tourney.Text(f["name"], maxNameRunes); err != nil {
		return fail("name", err)
	}
	if s.Description, err = tourney.Text(f["description"], maxDescRunes); err != nil {
		return fail("description", err)
	}
	clock, err := number(f, "clockTime", 0, 60, true)
	if err != nil {
		return fail("clockTime", err)
	}
	s.Clock = int(clock * 60)
	inc, err := number(f, "clockIncrement", 0, 60, true)
	if err != nil {
		return fail("clockIncrement", err)
	}
	s.Increment = int(inc)
	if s.Clock+s.Increment == 0 {
		return fail("clockTime", fmt.Errorf("a clock of 0+0: give some time or an increment"))
	}
	minutes, err := number(f, "minutes", minMinutes, maxMinutes, true)
	if err != nil {
		return fail("minutes", err)
	}
	s.Minutes = int(minutes)
	if s.Variant, err = tourney.Variant(f["variant"]); err != nil {
		return fail("variant", err)
	}
	for _, b := range []struct {
		key string
		to  *bool
	}{{"rated", &s.Rated}, {"berserkable", &s.Berserkable}, {"conditions.bots", &s.BotsAllowed}} {
		if *b.to, err = tourney.Bool(f[b.key], *b.to); err != nil {
			return fail(b.key, err)
		}
	}
	if s.Clock == 0 {
		s.Berserkable = false // lichess: no berserk without initial time
	}
	for _, r := range []struct {
		key string
		to  *int
	}{{"conditions.minRating.rating", &s.MinRating}, {"conditions.maxRating.rating", &s.MaxRating}} {
		v, err := number(f, r.key, 0, 4000, false)
		if err != nil {
			return fail(r.key, err)
		}
		*r.to = int(v)
	}
	if pw := f["password"]; pw != "" {
		if len(pw) > 100 {
			return fail("password", fmt.Errorf("longer than 100 bytes"))
		}
		s.Password = tourney.HashPassword(pw)
	}
	start, err := startOf(f, now)
	if err != nil {
		return Settings{}, time.Time{}, err
	}
	return s, start, nil
}

// number is field key as a number in [lo, hi]; an absent one is 0, or an
// error when required.
func number(f map[string]string, key string, lo, hi float64, required bool) (float64, error) {
	v := f[key]
	if v == "" {
		if required {
			return 0, fmt.Errorf("missing")
		}
		return 0, nil
	}
	n, err := strconv.ParseFloat(v, 64)
	if err != nil || n != n || n < lo || n > hi {
		return 0, fmt.Errorf("%.20q is not a number from %g to %g", v, lo, hi)
	}
	return n, nil
}

// startOf is the arena's start: startDate (Unix ms), else now plus
// waitMinutes (lichess's default: 5).
func startOf(f map[string]string, now time.Time) (time.Time, error) {
	if v := f["startDate"]; v != "" {
		ms, err := strconv.ParseInt(v, 10, 64)
		start := time.UnixMilli(ms)
		if err != nil || start.Before(now.Add(-time.Minute)) || start.After(now.Add(maxWait)) {
			return time.Time{}, fmt.Errorf("%w: startDate: %.20q is not a time (Unix milliseconds) from now to a week ahead", wire.ErrBadRequest, v)
		}
		return start, nil
	}
	wait, err := number(f, "waitMinutes", 0, maxWait.Minutes(), false)
	if err != nil {
		return time.Time{}, fmt.Errorf("%w: waitMinutes: %v", wire.ErrBadRequest, err)
	}
	if f["waitMinutes"] == "" {
		wait = 5
	}
	return now.Add(time.Duration(wait * float64(time.Minute))), nil
}

// decodeSettings reads a tournament's stored settings.
func decodeSettings(data []byte) (Settings, error) {
	var s Settings
	if err := json.Unmarshal(data, &s); err != nil {
		return s, fmt.Errorf("tournament settings: %w", err)
	}
	return s, nil
}
