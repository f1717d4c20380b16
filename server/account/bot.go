package account

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
)

// A bot account is one a program plays with through lichess's Bot API
// (lichess-bot): its title is BOT (store.TitleBot), which GET
// /api/account and GET /api/user/{name} show and lichess-bot reads to
// know it may play. An account becomes one by POST
// /api/bot/account/upgrade with a bot:play token, lichess's way, and
// stays one: nothing makes it a person's account again.
//
// Only an account that has played no game may become a bot (lichess:
// "You already have games played. Make a new account."), so that a bot's
// record is its own from its first game. Played means holding a seat in
// any game the server keeps, whatever its state: finished, aborted, still
// going, waiting for an opponent, against the computer or on one screen
// (Config.HasGames; the server asks its store). That is stricter than
// lichess's count of games, and simpler to state: an account made for a
// bot is new, and a new account sits in no game.
//
// As on lichess the check is made at every upgrade, of a bot too: a bot
// asking again answers {"ok":true} while it has played no game, and 400
// once it has (lichess's setBot refuses any account with games). A game
// the account joins between the check and the upgrade is not seen (as
// on lichess); nothing else changes the title.

// okJSON is lichess's {"ok":true}.
type okJSON struct {
	OK bool `json:"ok"`
}

// registerBot adds the bot account's endpoint to rs (the Bot API's game
// endpoints are package server's).
func (s *Service) registerBot(rs *Routes) {
	rs.HandleFunc("POST /api/bot/account/upgrade", Needs(ScopeBotPlay), s.handleBotUpgrade)
}

// handleBotUpgrade makes the account of r's token (or of its browser
// session) a bot, if it has played no game.
func (s *Service) handleBotUpgrade(w http.ResponseWriter, r *http.Request) {
	u, err := Allowed(r, ScopeBotPlay)
	if err == nil {
		err = s.upgradeToBot(r.Context(), u)
	}
	if err != nil {
		s.fail(w, err)
		return
	}
	writeJSON(w, http.StatusOK, okJSON{OK: true})
}

// upgradeToBot makes account u a bot unless it has played.
func (s *Service) upgradeToBot(ctx context.Context, u store.User) error {
	if s.hasGames == nil {
		return fmt.Errorf("%w: this server cannot tell whether an account has played, so it makes no bot accounts", wire.ErrBadRequest)
	}
	played, err := s.hasGames(ctx, u)
	if err != nil {
		return fmt.Errorf("%w: %v", wire.ErrStorage, err)
	}
	if played {
		return fmt.Errorf("%w: this account has played games, and only a new account may become a bot: make a new account for the bot", wire.ErrBadRequest)
	}
	if err := s.store.UpgradeToBot(ctx, u.ID); err != nil {
		if errors.Is(err, store.ErrNoUser) { // deleted meanwhile
			return fmt.Errorf("%w: the account is gone", store.ErrNoUser)
		}
		return fmt.Errorf("%w: %v", wire.ErrStorage, err)
	}
	return nil
}
