package profile

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/rating"
	"github.com/gambitchess/gambit/store"
)

// Game is one game of a player's list (GET /api/user/{name}/games): the
// listing's summary, and what a profile shows of it as lichess's does,
// from the side of the list's owner: the side they played, the result
// for them, who sat across, the speed and whether it was rated.
type Game struct {
	Summary
	// Side is the owner's colour, "white" or "black" (Red is white); ""
	// on one screen, where they played both.
	Side string `json:"side,omitempty"`
	// Outcome is the result for the owner: "win", "loss", "draw" or
	// "aborted"; "" while the game goes on, and on one screen (save
	// "aborted").
	Outcome string `json:"outcome,omitempty"`
	// Opponent is who sat across; nil on one screen.
	Opponent *Opponent `json:"opponent,omitempty"`
	// Speed is the time control's speed as lichess names it ("blitz",
	// "correspondence" for days per move), or "unlimited" without a
	// clock.
	Speed string `json:"speed"`
	// Rated says the game is rated (or was, and was aborted).
	Rated bool `json:"rated,omitempty"`
}

// Opponent is the seat across from a profile's owner. A person is named
// only when the seat is an account's (its player is the account's): a
// name typed by someone without an account proves nothing and is left
// out (the page says Anonymous), as lichess names its anonymous players.
type Opponent struct {
	Kind  game.SeatKind `json:"kind"`            // human, bot, or open: an invite no one took
	ID    string        `json:"id,omitempty"`    // an account's id (its name in lower case): its profile is /@/{id}
	Name  string        `json:"name,omitempty"`  // the account's name, or the computer's
	Level string        `json:"level,omitempty"` // the computer's level
}

// unlimited is the speed of a game without a clock.
const unlimited = "unlimited"

// speedOf is the speed of a summary's time control: "5+3" (minutes, which
// may be a fraction, and seconds of increment) by lichess's estimate
// (rating.SpeedOf), "3d" (days per move) correspondence, "" unlimited;
// text that is none of these is unlimited too.
func speedOf(tc string) string {
	if strings.HasSuffix(tc, "d") {
		if n, err := strconv.Atoi(strings.TrimSuffix(tc, "d")); err == nil && n > 0 {
			return rating.Correspondence.String()
		}
		return unlimited
	}
	minutes, inc, ok := strings.Cut(tc, "+")
	m, err1 := strconv.ParseFloat(minutes, 64)
	i, err2 := strconv.ParseInt(inc, 10, 64)
	// Bounds far above any clock the server takes keep the product below
	// overflow however long the text.
	if !ok || err1 != nil || err2 != nil || !(m > 0) || m > 1e6 || i < 0 || i > 1e6 {
		return unlimited
	}
	return rating.SpeedOf(secondsDuration(m*60), secondsDuration(float64(i))).String()
}

// secondsDuration is s seconds as a duration.
func secondsDuration(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }

// ratedRecord reads sum's rating record: ok false when the game is not
// rated (only online games can be).
func ratedRecord(ctx context.Context, rs store.Ratings, sum store.Summary) (store.RatedGame, bool, error) {
	if game.Mode(sum.Mode) != game.ModeOnline {
		return store.RatedGame{}, false, nil
	}
	rg, err := rs.RatedGame(ctx, sum.ID)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return store.RatedGame{}, false, nil
	case err != nil:
		return store.RatedGame{}, false, fmt.Errorf("store: game %s's rating: %w", sum.ID, err)
	}
	return rg, true, nil
}

// outcomeOf is sum's result for side ("" for none).
func outcomeOf(sum store.Summary, side string) string {
	switch {
	case sum.Status == game.Aborted.String():
		return "aborted"
	case !sum.Finished || side == "":
		return ""
	case sum.Result == "1/2-1/2":
		return "draw"
	case sum.Result == "1-0" && side == "white", sum.Result == "0-1" && side == "black":
		return "win"
	case sum.Result == "1-0", sum.Result == "0-1":
		return "loss"
	}
	return ""
}

// gameOf is sum as u's list shows it; player is the player id u's seats
// record, rg and rated its rating record. The side and the opponent come
// from the summary for a game against the computer, from the rating
// record for a rated game, and for any other online game from the game's
// seats (the summary does not say which player sat where).
func (h *Handler) gameOf(ctx context.Context, ps Store, u store.User, player string, sum store.Summary, own bool, rg store.RatedGame, rated bool) (Game, error) {
	out := Game{Summary: SummaryOf(sum, own, h.srv.BotLevel), Speed: speedOf(sum.TimeControl),
		Rated: rated && (rg.State == store.RatingApplied || rg.State == store.RatingPending || sum.Status == game.Aborted.String())}
	// A person's seat is named below only when it is an account's.
	for c, s := range out.Seats {
		if s.Kind == game.SeatHuman {
			s.Name = ""
			out.Seats[c] = s
		}
	}
	var seats [2]game.Seat
	switch game.Mode(sum.Mode) {
	case game.ModeLocal:
		out.Outcome = outcomeOf(sum, "")
		return out, nil
	case game.ModeComputer:
		seats = [2]game.Seat{{Kind: game.SeatKind(sum.WhiteKind), Name: sum.White, Player: player}, {Kind: game.SeatKind(sum.BlackKind), Name: sum.Black, Player: player}}
		for c := range seats {
			if seats[c].Kind == game.SeatBot {
				seats[c].Player = ""
			}
		}
	case game.ModeOnline:
		if rated && rg.White != "" && rg.Black != "" {
			seats = [2]game.Seat{{Kind: game.SeatHuman, Name: rg.WhiteName}, {Kind: game.SeatHuman, Name: rg.BlackName}}
			if rg.White == u.ID {
				seats[0].Player = player
			} else if rg.Black == u.ID {
				seats[1].Player = player
			}
			break
		}
		err := h.srv.Read(ctx, sum.ID, func(g *game.Game) { seats = [2]game.Seat{g.Seat(chess.White), g.Seat(chess.Black)} })
		if err != nil {
			return out, fmt.Errorf("read game %s's seats: %w", sum.ID, err)
		}
	default:
		return out, nil
	}
	side := -1
	for c, s := range seats {
		if s.Kind == game.SeatHuman && s.Player == player {
			side = c
			break
		}
	}
	if side < 0 {
		return out, nil // not seated by this account's player: no side to tell
	}
	names := [2]string{"white", "black"}
	out.Side = names[side]
	out.Outcome = outcomeOf(sum, out.Side)
	mine := out.Seats[out.Side]
	mine.Name = u.Name
	out.Seats[out.Side] = mine
	across := seats[1-side]
	opp := &Opponent{Kind: across.Kind}
	switch {
	case across.Kind == game.SeatBot:
		bot := out.Seats[names[1-side]]
		opp.Name, opp.Level = across.Name, bot.Level
	case across.Kind != game.SeatHuman:
	case rated && rg.White != "" && rg.Black != "":
		opp.Name = across.Name // "" for an account deleted since
	default:
		opp.Name = h.accountName(ctx, ps, across)
	}
	if opp.Kind == game.SeatHuman && opp.Name != "" {
		opp.ID = strings.ToLower(opp.Name)
		theirs := out.Seats[names[1-side]]
		theirs.Name = opp.Name
		out.Seats[names[1-side]] = theirs
	}
	out.Opponent = opp
	return out, nil
}

// accountName is the name of the account whose seat s is: the account
// of s's name, when its player is s's; "" for anyone else.
func (h *Handler) accountName(ctx context.Context, ps Store, s game.Seat) string {
	if s.Name == "" || s.Player == "" {
		return ""
	}
	if _, err := h.srv.NameKey(s.Name); err != nil {
		return "" // no account could have this name
	}
	u, err := ps.UserByName(ctx, s.Name)
	if err != nil {
		if !errors.Is(err, store.ErrNoUser) {
			h.log.Warn("cannot name a seat's account", "err", err)
		}
		return ""
	}
	if h.srv.PlayerOf(u) != s.Player {
		return ""
	}
	return u.Name
}
