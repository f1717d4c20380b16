//go:build !unix

package pgtest

import "os/exec"

// dropRoot has nothing to do off Unix.
func dropRoot(*exec.Cmd, string) error { return nil }
