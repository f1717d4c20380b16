package server

import (
	"log/slog"
	"testing"
)

// TestMain keeps the expected error logs of failing-store tests out of the output.
func TestMain(m *testing.M) {
	slog.SetDefault(slog.New(slog.DiscardHandler))
	m.Run()
}
