package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestLoadtestCommandLine: a load test aimed at another machine, or beyond
// its bounds, is a bad command line (one line, exit 2), and so are the
// serve flags of operations when wrong.
func TestLoadtestCommandLine(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"another machine", []string{"loadtest", "--addr", "http://10.0.0.1:8080"}, `--addr: "10.0.0.1" is not a loopback address`},
		{"one of two nodes elsewhere", []string{"loadtest", "--addr", "http://127.0.0.1:8080,http://192.168.0.2:8080"}, "not a loopback address"},
		{"a host name", []string{"loadtest", "--addr", "http://example.com:8080"}, "not a loopback address"},
		{"no scheme", []string{"loadtest", "--addr", "127.0.0.1:8080"}, "want a URL such as http://127.0.0.1:8080"},
		{"metrics elsewhere", []string{"loadtest", "--metrics", "http://10.1.1.1:9090/metrics"}, "--metrics"},
		{"too many games", []string{"loadtest", "--games", "20001"}, "--games must be 1 to 20000"},
		{"no games", []string{"loadtest", "--games", "0"}, "--games must be at least 1"},
		{"too long", []string{"loadtest", "--duration", "2h"}, "--duration must be above 0 and at most 1h0m0s"},
		{"no time", []string{"loadtest", "--duration", "0s"}, "--duration"},
		{"too many spectators", []string{"loadtest", "--spectators", "100"}, "--spectators must be 0 to"},
		{"think upside down", []string{"loadtest", "--think", "3s-1s"}, "--think must be MIN-MAX"},
		{"think not a duration", []string{"loadtest", "--think", "slow"}, "--think: want MIN-MAX"},
		{"sources not loopback", []string{"loadtest", "--sources", "10.0.0.1-10.0.0.3"}, "--sources: 10.0.0.1 is not a loopback address"},
		{"sources backwards", []string{"loadtest", "--sources", "127.0.0.9-127.0.0.2"}, "--sources: bad range"},
		{"ramp too long", []string{"loadtest", "--duration", "10s", "--ramp", "20s"}, "--ramp must be shorter"},
		{"pprof without metrics", []string{"serve", "--pprof"}, "--pprof needs --metrics-addr"},
		{"log format", []string{"serve", "--log-format", "xml"}, "want text or json"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := run(tt.args, strings.NewReader(""), &out, &errOut)
			if code != 2 {
				t.Errorf("exit %d, want 2 (stderr %q)", code, errOut.String())
			}
			if !strings.Contains(errOut.String(), tt.want) || strings.Count(errOut.String(), "\n") != 1 {
				t.Errorf("stderr %q, want one line with %q", errOut.String(), tt.want)
			}
			if out.Len() != 0 {
				t.Errorf("stdout %q, want nothing", out.String())
			}
		})
	}
}
