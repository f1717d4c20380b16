package tournaments

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gambitchess/gambit/game"
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
func (s Settings) PasswordOK(pw string) bool {
	if s.Password == "" {
		return true
	}
	return subtle.ConstantTimeCompare([]byte(hashPassword(pw)), []byte(s.Password)) == 1
}

func hashPassword(pw string) string {
	h := sha256.Sum256([]byte(pw))
	return hex.EncodeToString(h[:])
}

// The limits of a new arena. lichess lists 20 to 720 minutes; a club's
// quick arena of 5 or 10 is allowed too.
const (
	minMinutes   = 5
	maxMinutes   = 720
	maxNameRunes = 30
	maxDescRunes = 400
	maxWait      = 7 * 24 * time.Hour // a start at most a week ahead
)

// arenaVariants are the variants an arena may be of: the games of full
// information (a hidden game's arena would need its own spectators' rules).
func arenaVariant(v game.Variant) error {
	spec, err := game.Lookup(v)
	if err != nil {
		return fmt.Errorf("%w: variant %q: no such variant", wire.ErrBadRequest, v)
	}
	if spec.Hidden || spec.Seeded {
		return fmt.Errorf("%w: variant %q: an arena is played in chess, Chess960 or xiangqi (a game of full information)", wire.ErrBadRequest, v)
	}
	return nil
}

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
	if s.Name, err = text(f["name"], maxNameRunes); err != nil {
		return fail("name", err)
	}
	if s.Description, err = text(f["description"], maxDescRunes); err != nil {
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
	if s.Variant, err = parseVariant(f["variant"]); err != nil {
		return Settings{}, time.Time{}, err
	}
	for _, b := range []struct {
		key string
		to  *bool
	}{{"rated", &s.Rated}, {"berserkable", &s.Berserkable}, {"conditions.bots", &s.BotsAllowed}} {
		if *b.to, err = boolean(f[b.key], *b.to); err != nil {
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
		s.Password = hashPassword(pw)
	}
	start, err := startOf(f, now)
	if err != nil {
		return Settings{}, time.Time{}, err
	}
	return s, start, nil
}

// text is a trimmed field of at most most characters, without control
// characters.
func text(v string, most int) (string, error) {
	v = strings.TrimSpace(v)
	switch {
	case !utf8.ValidString(v):
		return "", fmt.Errorf("not UTF-8")
	case utf8.RuneCountInString(v) > most:
		return "", fmt.Errorf("longer than %d characters", most)
	case strings.ContainsFunc(v, func(r rune) bool { return r < 0x20 || r == 0x7f }):
		return "", fmt.Errorf("holds a control character")
	}
	return v, nil
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

func boolean(v string, def bool) (bool, error) {
	switch v {
	case "":
		return def, nil
	case "true", "on", "1":
		return true, nil
	case "false", "0":
		return false, nil
	}
	return false, fmt.Errorf("%.20q is not true or false", v)
}

// parseVariant reads a variant as lichess names it ("standard" is chess)
// or as Gambit does.
func parseVariant(v string) (game.Variant, error) {
	if v == "" || v == "standard" {
		return game.DefaultVariant, nil
	}
	gv, err := game.ParseVariant(v)
	if err != nil {
		return "", fmt.Errorf("%w: variant %.40q: no such variant", wire.ErrBadRequest, v)
	}
	return gv, arenaVariant(gv)
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
