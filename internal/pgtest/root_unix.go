//go:build unix

package pgtest

import (
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"strconv"
	"syscall"
)

// dropRoot makes cmd run as an unprivileged user, giving it dir: the
// "postgres" user Debian's package makes, else "nobody".
func dropRoot(cmd *exec.Cmd, dir string) error {
	var u *user.User
	var err error
	for _, name := range []string{"postgres", "nobody"} {
		if u, err = user.Lookup(name); err == nil {
			break
		}
	}
	if err != nil {
		return fmt.Errorf("pgtest: running as root and no user to run PostgreSQL as: %w", err)
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	if err := chownAll(dir, uid, gid); err != nil {
		return fmt.Errorf("pgtest: %w", err)
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}}
	cmd.Env = append(os.Environ(), "HOME="+dir)
	cmd.Dir = dir
	return nil
}

// chownAll gives dir (not what is below it: it is new or PostgreSQL's own)
// to uid:gid.
func chownAll(dir string, uid, gid int) error {
	return os.Chown(dir, uid, gid)
}
