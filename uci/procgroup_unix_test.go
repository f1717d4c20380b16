//go:build unix

package uci

import (
	"context"
	"syscall"
	"testing"
	"time"
)

// TestEngineInItsOwnProcessGroup: a started engine leads a process group
// of its own, so a signal to this process's group does not reach it.
func TestEngineInItsOwnProcessGroup(t *testing.T) {
	c, err := StartClient(context.Background(), ClientConfig{Path: "/usr/games/stockfish", Handshake: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	pid := c.cmd.Process.Pid
	pgid, err := syscall.Getpgid(pid)
	if err != nil {
		t.Fatal(err)
	}
	if pgid != pid || pgid == syscall.Getpgrp() {
		t.Errorf("engine %d is in process group %d (this process's: %d), want its own", pid, pgid, syscall.Getpgrp())
	}
}
