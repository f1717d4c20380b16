package server

import (
	"log/slog"
	"testing"

	"github.com/gambitchess/gambit/server/player"
	"github.com/gambitchess/gambit/server/round"
)

// TestMain keeps the expected error logs of failing-store tests out of the output.
func TestMain(m *testing.M) {
	slog.SetDefault(slog.New(slog.DiscardHandler))
	m.Run()
}

// The player cookie's names, and a player's id and a new secret, as
// package player has them: the tests name them often.
const playerCookie, hostPlayerCookie = player.Cookie, player.HostCookie

var (
	playerID    = player.ID
	randomToken = player.NewSecret
)

// createResponse is the answer to a create or a join (games.Seated), its
// state read as the WebSocket's (round.StateJSON).
type createResponse struct {
	ID    string          `json:"id"`
	Color string          `json:"color"`
	State round.StateJSON `json:"state"`
}
