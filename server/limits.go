package server

import (
	"net/http"
	"strconv"

	"github.com/gambitchess/gambit/server/guards"
	"github.com/gambitchess/gambit/server/round"
	"github.com/gambitchess/gambit/server/wire"
)

// Per-address limits beside the per-connection ones: a client opening more
// sockets gets no more chat and no more messages, only its address's share.
// They are generous enough for a household behind one address (two players
// and a spectator or two), and they apply on loopback too: nothing is
// exempt by default, so a test or a load test sees what a stranger would.
const (
	chatAddrRate      = 2  // an address's chat lines a second, on average...
	chatAddrBurst     = 6  // ...after a burst of this many, over all its sockets
	messageAddrRate   = 30 // an address's WebSocket messages a second...
	messageAddrBurst  = 90 // ...after a burst of this many, over all its sockets
	analysisAddrRate  = 10 // an address's analysis-board positions a second... (a person steps through a game)
	analysisAddrBurst = 60 // ...after a burst of this many
	exportsPerMinute  = 60 // an address's exports of a player's games a minute...
	exportsBurst      = 20 // ...after a burst of this many (a program may ask a few in a row)

	// defaultChallengePerMinute is how many lobby challenges and quick
	// pairings one address may open a minute, unless Config says otherwise.
	defaultChallengePerMinute = 10
)

// addressLimits are the token buckets kept per client address, besides game
// creation (Server.creations).
type addressLimits struct {
	challenges *guards.Limiter // lobby challenges and quick pairing
	chat       *guards.Limiter // chat lines, over every socket of the address
	messages   *guards.Limiter // WebSocket messages, over every socket of the address
	analysis   *guards.Limiter // the analysis board's positions
	exports    *guards.Limiter // exports of a player's games (PGN, NDJSON)
}

// newAddressLimits makes the per-address buckets cfg asks for (its Now
// already defaulted).
func newAddressLimits(cfg Config) addressLimits {
	perMinute := cfg.ChallengePerMinute
	if perMinute <= 0 {
		perMinute = defaultChallengePerMinute
	}
	return addressLimits{
		challenges: guards.NewLimiter(perMinute, perMinute, cfg.Now),
		chat:       guards.NewLimiter(chatAddrRate*60, chatAddrBurst, cfg.Now),
		messages:   guards.NewLimiter(messageAddrRate*60, messageAddrBurst, cfg.Now),
		analysis:   guards.NewLimiter(analysisAddrRate*60, analysisAddrBurst, cfg.Now),
		exports:    guards.NewLimiter(exportsPerMinute, exportsBurst, cfg.Now),
	}
}

// takeFrom takes a token of l from addr, or says how long to wait: "too
// many WHAT from your address".
func takeFrom(l *guards.Limiter, addr, what, wait string) error {
	if retry, ok := l.Take(addr); !ok {
		return guards.RateLimited(retry, "too many %s from your address; wait %s", what, wait)
	}
	return nil
}

// take takes a token of l from r's address, or says how long to wait.
func take(l *guards.Limiter, r *http.Request, what string) error {
	return takeFrom(l, guards.ClientAddress(r), what, "a moment")
}

// takeCreation takes a game creation from addr, or says why not.
func (s *Server) takeCreation(addr string) error {
	return takeFrom(s.creations, addr, "new games", "a minute")
}

// takeChallenge takes a lobby challenge (or a quick pairing) from addr, or
// says why not.
func (s *Server) takeChallenge(addr string) error {
	return takeFrom(s.rates.challenges, addr, "challenges", "a minute")
}

// takeAddrMessage takes one WebSocket message (or Board API action) from
// addr, over all its connections: more sockets buy no more messages
// (round.ConnConfig.TakeAddr).
func (s *Server) takeAddrMessage(addr string) error {
	if retry, ok := s.rates.messages.Take(addr); !ok {
		return guards.LimitedAt(retry, "messages_address", messageAddrRate, "at most %d messages a second from your address; some were dropped", messageAddrRate)
	}
	return nil
}

// takeChatLine admits one chat line from client c: its connection's
// allowance, then its address's.
func (s *Server) takeChatLine(c *round.Client) error {
	if !c.Chat.Bucket.Allow(s.now(), round.ChatRate, round.ChatBurst) {
		return guards.LimitedAt(c.Chat.Bucket.Wait(round.ChatRate), "chat_burst", round.ChatBurst, "at most %d lines at once, then one a second; wait a moment", round.ChatBurst)
	}
	if retry, ok := s.rates.chat.Take(c.Addr); !ok {
		return guards.LimitedAt(retry, "chat_address", chatAddrRate, "at most %d lines a second from your address; wait a moment", chatAddrRate)
	}
	return nil
}

// setRetryAfter sets the Retry-After header of an answer to err, when err
// is a rate limit: every 429 says when to come back.
func setRetryAfter(w http.ResponseWriter, err error) {
	if n := wire.RetryAfter(err); n > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(n))
	}
}
