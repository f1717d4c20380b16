// Package tourney is what the arenas (server/tournaments) and the Swiss
// events (server/swiss) share: the server they need, the fields of
// lichess's tournament forms, the password of a private one, and the
// director's loop. It knows no kind of tournament.
package tourney

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/guards"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
)

// Server is what the tournaments need of the server.
type Server interface {
	// User is the account r acts for: a session, or a token the route
	// lets act for it.
	User(r *http.Request) (store.User, bool)
	// Error answers err as the server answers every error.
	Error(w http.ResponseWriter, err error)
	// UserByID returns account id.
	UserByID(ctx context.Context, id string) (store.User, error)
	// Rating is account user's rating in perf (the default rating before
	// their first game).
	Rating(ctx context.Context, user, perf string) (int, error)
	// Perf is the rating category of a game of variant v with clock c.
	Perf(v game.Variant, c game.ClockConfig) string
	// StartGame creates, stores and starts game id of opts between the
	// two accounts seated in it (rated: recorded as a rated game of
	// both); store.ErrExists when game id is stored already.
	StartGame(ctx context.Context, id string, opts game.Options, rated bool, white, black store.User) error
	// NewID returns a new game id.
	NewID() string
	// Ended reads game id: the game itself when it is over (to record a
	// result the node of its end missed), nil while it goes on;
	// store.ErrNotFound for no such game.
	Ended(ctx context.Context, id string) (*game.Game, error)
}

// Text is a form's text field v, trimmed, of at most most characters,
// without control characters.
func Text(v string, most int) (string, error) {
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

// Bool is a form's boolean field v ("true", "false", as lichess's
// clients send; "on", "1", "0" too); def when absent.
func Bool(v string, def bool) (bool, error) {
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

// Variant reads a variant as lichess names it ("standard", or nothing, is
// chess) or as Gambit does. Any variant will do: a hidden game's
// spectators see only what all may see (game.Viewer), so watching a
// tournament's game tells a player nothing, and a seeded game draws its
// own seed when the director creates it.
func Variant(v string) (game.Variant, error) {
	if v == "" || v == "standard" {
		return game.DefaultVariant, nil
	}
	gv, err := game.ParseVariant(v)
	if err != nil {
		return "", fmt.Errorf("%.40q: no such variant", v)
	}
	if _, err := game.Lookup(gv); err != nil {
		return "", fmt.Errorf("%.40q: no such variant", v)
	}
	return gv, nil
}

// HashPassword is what a private tournament keeps of its password: its
// SHA-256, hex.
func HashPassword(pw string) string {
	h := sha256.Sum256([]byte(pw))
	return hex.EncodeToString(h[:])
}

// PasswordOK reports whether pw is the password kept as hash (always,
// for "": a public tournament).
func PasswordOK(hash, pw string) bool {
	return hash == "" || subtle.ConstantTimeCompare([]byte(HashPassword(pw)), []byte(hash)) == 1
}

// Direct runs direct on every tick and at every wake until ctx ends, at
// least gap apart (one look for many games ending at once); its errors
// are logged as what's.
func Direct(ctx context.Context, tick, gap time.Duration, wake <-chan struct{}, direct func(context.Context) error, log *slog.Logger, what string) {
	t := time.NewTicker(tick)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-wake:
		}
		if err := direct(ctx); err != nil && ctx.Err() == nil {
			log.Error(what, "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(gap):
		}
	}
}

// Lookup reads tournament id of kind from st: not found (store.ErrNotFound:
// the server's 404) for none, or one of another kind; wire.ErrStorage when
// the store fails.
func Lookup(ctx context.Context, st store.Tournaments, id, kind string) (store.Tournament, error) {
	if !wire.ValidID(id) {
		return store.Tournament{}, fmt.Errorf("%w: no such tournament", store.ErrNotFound)
	}
	t, err := st.Tournament(ctx, id)
	if errors.Is(err, store.ErrNoTournament) || err == nil && t.Kind != kind {
		return store.Tournament{}, fmt.Errorf("%w: no such tournament", store.ErrNotFound)
	}
	if err != nil {
		return t, fmt.Errorf("%w: %v", wire.ErrStorage, err)
	}
	return t, nil
}

// StartGame starts pairing p's game, opts, between its two accounts
// through srv (rated when rated); a game a director before created is no
// error.
func StartGame(ctx context.Context, srv Server, p store.TournamentPairing, opts game.Options, rated bool) error {
	white, err := srv.UserByID(ctx, p.White)
	if err != nil {
		return fmt.Errorf("tournament game %s: white: %w", p.Game, err)
	}
	black, err := srv.UserByID(ctx, p.Black)
	if err != nil {
		return fmt.Errorf("tournament game %s: black: %w", p.Game, err)
	}
	err = srv.StartGame(ctx, p.Game, opts, rated, white, black)
	if errors.Is(err, store.ErrExists) {
		return nil // created by the director before
	}
	return err
}

// Limits bound what one account may do to tournaments: make them (a
// tournament costs a director's looks for its whole time) and join them
// (a private one's password is not to be guessed by trying).
type Limits struct {
	creates, joins *guards.Limiter
}

// NewLimits returns lichess-like limits: 2 tournaments a minute (5 at
// once), 10 joins a minute, for each account.
func NewLimits(now func() time.Time) *Limits {
	return &Limits{creates: guards.NewLimiter(2, 5, now), joins: guards.NewLimiter(10, 10, now)}
}

// Create takes one of user's creations: a rate-limit error when none is
// left.
func (l *Limits) Create(user string) error {
	if retry, ok := l.creates.Take(user); !ok {
		return guards.RateLimited(retry, "at most 2 tournaments a minute from one account")
	}
	return nil
}

// Join takes one of user's joins: a rate-limit error when none is left.
func (l *Limits) Join(user string) error {
	if retry, ok := l.joins.Take(user); !ok {
		return guards.RateLimited(retry, "at most 10 joins a minute from one account")
	}
	return nil
}

// BotMayPlay refuses account u a tournament of variant v when u is a bot
// and the tournament admits none, or its games are hidden: the Bot API
// streams no game of hidden information (its moves are not everyone's),
// so a bot paired in one could not play it.
func BotMayPlay(u store.User, botsAllowed bool, v game.Variant) error {
	if u.Title != store.TitleBot {
		return nil
	}
	if !botsAllowed {
		return Refused(ReasonBots, nil, "bots may not join this tournament")
	}
	if spec, err := game.Lookup(v); err == nil && spec.Hidden {
		return Refused(ReasonHidden, nil, fmt.Sprintf("a bot plays no game of hidden information (%s): the Bot API streams none", spec.Label))
	}
	return nil
}

// The reasons a join is refused, as the wire's "reason" names them
// (wire.Detailed), for the browser to word each in the reader's language
// (error.refused.password, ...): lichess's clients read the English
// "error" instead, the same as before.
const (
	ReasonPassword      = "password"        // a private tournament's password is wrong
	ReasonRatingFloor   = "rating_floor"    // rated below the floor: {rating, floor}
	ReasonRatingCeiling = "rating_ceiling"  // rated above the ceiling: {rating, ceiling}
	ReasonBots          = "bots"            // a bot, and the tournament admits none
	ReasonHidden        = "hidden"          // a bot, and the games are of hidden information
	ReasonOver          = "tournament_over" // the tournament is over (a bad request)
)

// Refused is a refused join (wire.ErrRefused, 403 "refused") with its
// reason and numbers: text is the English of lichess's "error".
func Refused(reason string, params map[string]int, text string) error {
	return &wire.Detailed{Err: fmt.Errorf("%w: %s", wire.ErrRefused, text), Reason: reason, Params: params}
}

// ErrOver refuses a join to a tournament that is over (400
// "bad_request", reason "tournament_over").
var ErrOver error = &wire.Detailed{Err: fmt.Errorf("%w: this tournament is over", wire.ErrBadRequest), Reason: ReasonOver}

// RatingRefused is the refusal of rating outside [floor, ceiling] (0: no
// bound), nil inside.
func RatingRefused(rating, floor, ceiling int) error {
	if floor > 0 && rating < floor {
		return Refused(ReasonRatingFloor, map[string]int{"rating": rating, "floor": floor},
			fmt.Sprintf("your rating %d is below this tournament's floor of %d", rating, floor))
	}
	if ceiling > 0 && rating > ceiling {
		return Refused(ReasonRatingCeiling, map[string]int{"rating": rating, "ceiling": ceiling},
			fmt.Sprintf("your rating %d is above this tournament's ceiling of %d", rating, ceiling))
	}
	return nil
}
