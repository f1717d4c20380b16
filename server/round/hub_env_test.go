package round

import (
	"log/slog"
	"testing"
	"time"
)

// TestEnvWithDefaults: a hub run alone gets every part it uses filled,
// and what its caller set is kept.
func TestEnvWithDefaults(t *testing.T) {
	e := Env{}.WithDefaults()
	if e.Ctx == nil || e.Now == nil || e.Log == nil || e.Lobby == nil || e.Computer == nil ||
		e.Moves == nil || e.BotMoves == nil || e.Relay == nil || e.SocketGauge == nil {
		t.Fatalf("unfilled parts: %+v", e)
	}
	if e.Settings != (Settings{}).WithDefaults() {
		t.Errorf("settings %+v, want the defaults", e.Settings)
	}
	if e.SocketGauge(true) == e.SocketGauge(false) {
		t.Error("players and spectators share one gauge")
	}

	at := time.Date(2026, 12, 7, 9, 0, 0, 0, time.UTC)
	log := slog.New(slog.DiscardHandler)
	kept := Env{Now: func() time.Time { return at }, Log: log, Settings: Settings{ClaimAfter: time.Hour}}.WithDefaults()
	if !kept.Now().Equal(at) || kept.Log != log || kept.ClaimAfter != time.Hour || kept.FirstMoveTime != time.Minute {
		t.Errorf("set parts not kept: now %v, log kept %t, settings %+v", kept.Now(), kept.Log == log, kept.Settings)
	}
}
