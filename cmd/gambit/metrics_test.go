package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestServeMetricsAndLoadtest runs gambit serve with its metrics listener,
// pprof and a JSON log, reads the metrics there (and nothing else), then
// runs gambit loadtest against it for two seconds and checks its JSON
// report.
func TestServeMetricsAndLoadtest(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a server process")
	}
	cmd := exec.Command(os.Args[0], "serve", "--addr", "127.0.0.1:0", "--data", t.TempDir(),
		"--metrics-addr", "127.0.0.1:0", "--pprof", "--log-format", "json")
	cmd.Env = append(os.Environ(), "GAMBIT_TEST_MAIN=1")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	base, metrics := make(chan string, 1), make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if port := regexp.MustCompile(`serving on http://[^:]+:(\d+)`).FindStringSubmatch(sc.Text()); port != nil {
				base <- "http://127.0.0.1:" + port[1]
			}
		}
	}()
	var notJSON []string // read once the log has ended
	logDone := make(chan struct{})
	go func() {
		defer close(logDone)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			var line struct{ Msg, URL string }
			if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
				notJSON = append(notJSON, sc.Text())
			}
			if line.Msg == "metrics" {
				metrics <- line.URL
			}
		}
	}()
	var baseURL, metricsURL string
	for baseURL == "" || metricsURL == "" {
		select {
		case baseURL = <-base:
		case metricsURL = <-metrics:
		case <-time.After(20 * time.Second):
			t.Fatal("gambit serve did not start")
		}
	}
	metricsBase := strings.TrimSuffix(metricsURL, "/metrics")
	for _, tt := range []struct {
		url, want string
		status    int
	}{
		{metricsURL, "gambit_games_live 0", http.StatusOK},
		{metricsURL, "go_goroutines", http.StatusOK},
		{metricsBase + "/debug/pprof/", "goroutine", http.StatusOK},
		{metricsBase + "/api/games", "", http.StatusNotFound},
		{baseURL + "/metrics", "", http.StatusNotFound}, // never on the public port
	} {
		status, body := get(t, tt.url)
		if status != tt.status || !strings.Contains(body, tt.want) {
			t.Errorf("GET %s: %d, want %d with %q", tt.url, status, tt.status, tt.want)
		}
	}

	var out, errOut bytes.Buffer
	code := run([]string{"loadtest", "--addr", baseURL, "--games", "2", "--duration", "2s", "--think", "50ms-100ms",
		"--metrics", metricsURL, "--json"}, strings.NewReader(""), &out, &errOut)
	if code != 0 {
		t.Fatalf("loadtest: exit %d: %s", code, errOut.String())
	}
	var rep struct {
		GamesPeak int            `json:"gamesPeak"`
		Moves     int            `json:"moves"`
		Errors    map[string]int `json:"errors"`
		Server    struct {
			OK        bool    `json:"ok"`
			GamesLive float64 `json:"gamesLive"`
		} `json:"server"`
	}
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("loadtest --json: %v\n%s", err, out.String())
	}
	if rep.GamesPeak != 2 || rep.Moves == 0 || len(rep.Errors) != 0 || !rep.Server.OK || rep.Server.GamesLive < 2 {
		t.Errorf("loadtest report %s", out.String())
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case <-logDone:
	case <-time.After(20 * time.Second):
		t.Fatal("gambit serve did not stop on SIGTERM")
	}
	if len(notJSON) > 0 {
		t.Errorf("log lines that are not JSON: %q", notJSON)
	}
}

// get fetches url and returns its status and body.
func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}
