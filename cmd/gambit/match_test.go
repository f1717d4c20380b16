//go:build unix

package main

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestMatchStopsOnSignal stops a running SPRT with SIGTERM sent to its
// process group, as a terminal's Ctrl-C or the end of a session does: the
// match prints the summary of its finished games with the pair counts
// that --resume takes, and says why it stopped. (That the engines sit in
// groups of their own, so the signal cannot kill one mid-game and have
// its game scored, is uci's TestEngineInItsOwnProcessGroup: the race is
// too rare to catch here.)
func TestMatchStopsOnSignal(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games between two engine processes")
	}
	cmd := exec.Command(os.Args[0], "match", "--engine", "cmd=self name=a", "--engine", "cmd=self name=b",
		"--tc", "1+0.01", "--maxplies", "20", "--games", "1000", "--sprt", "0,10")
	cmd.Env = append(os.Environ(), "GAMBIT_TEST_MAIN=1")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill() })
	lines := make(chan string, 100)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()
	// A match that does not stop is killed, and fails below.
	hung := time.AfterFunc(2*time.Minute, func() { _ = cmd.Process.Kill() })
	defer hung.Stop()
	var printed []string
	signalled := false
	for l := range lines {
		printed = append(printed, l)
		if !signalled && strings.HasPrefix(l, "game 2:") {
			if err := syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM); err != nil {
				t.Fatal(err)
			}
			signalled = true
		}
	}
	err = cmd.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 {
		t.Errorf("stopped match: %v, want exit status 1", err)
	}
	all := strings.Join(printed, "\n")
	if strings.Contains(all, "crash") || strings.Contains(all, "exited") {
		t.Errorf("an engine was killed by the signal before the match stopped it:\n%s", all)
	}
	games := strings.Count(all, "\ngame ") + 1
	pairs := regexp.MustCompile(`pairs \[(\d+) (\d+) (\d+) (\d+) (\d+)\]`).FindStringSubmatch(all)
	if !signalled || pairs == nil || !strings.Contains(all, "a vs b: ") || !strings.Contains(all, "SPRT [0, 10]") {
		t.Fatalf("no summary with pairs after SIGTERM:\n%s", all)
	}
	n := 0
	for _, p := range pairs[1:] {
		k, _ := strconv.Atoi(p)
		n += k
	}
	if n != games/2 {
		t.Errorf("summary counts %d pairs after %d games:\n%s", n, games, all)
	}
	if !strings.Contains(stderr.String(), "stopped by a signal after") {
		t.Errorf("stderr %q does not say why the match stopped", stderr.String())
	}
}
