//go:build unix

package uci

import (
	"os/exec"
	"syscall"
)

// ownProcessGroup puts the engine in a process group of its own, so that a
// Ctrl-C or SIGTERM sent to its parent's group (a terminal, the end of a
// session) reaches only the parent, which stops the engine with Close once
// it has counted what the engine was doing: a match must not score the
// game an engine was thinking in as a crash.
func ownProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}
