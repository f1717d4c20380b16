package loadtest

import (
	"errors"
	"strings"
	"testing"
	"time"
)

func TestValidate(t *testing.T) {
	ok := Config{Addrs: []string{"http://127.0.0.1:8080"}, Games: 10, Duration: time.Minute, ThinkMin: time.Second, ThinkMax: 3 * time.Second}
	tests := []struct {
		name string
		edit func(c *Config)
		want string // "" for valid
	}{
		{"valid", func(*Config) {}, ""},
		{"localhost", func(c *Config) { c.Addrs = []string{"http://localhost:8080"} }, ""},
		{"ipv6 loopback", func(c *Config) { c.Addrs = []string{"http://[::1]:8080"} }, ""},
		{"another machine", func(c *Config) { c.Addrs = []string{"http://10.0.0.5:8080"} }, "not a loopback address"},
		{"a name", func(c *Config) { c.Addrs = []string{"http://example.com"} }, "not a loopback address"},
		{"no scheme", func(c *Config) { c.Addrs = []string{"127.0.0.1:8080"} }, "want a URL"},
		{"no address", func(c *Config) { c.Addrs = nil }, "no server address"},
		{"metrics elsewhere", func(c *Config) { c.Metrics = []string{"http://192.168.1.1:9090/metrics"} }, "--metrics"},
		{"no games", func(c *Config) { c.Games = 0 }, "--games"},
		{"too many games", func(c *Config) { c.Games = MaxGames + 1 }, "--games"},
		{"too long", func(c *Config) { c.Duration = 2 * time.Hour }, "--duration"},
		{"no time", func(c *Config) { c.Duration = 0 }, "--duration"},
		{"too many spectators", func(c *Config) { c.Spectators = MaxSpectators + 1 }, "--spectators"},
		{"think upside down", func(c *Config) { c.ThinkMin = 5 * time.Second }, "--think"},
		{"think too long", func(c *Config) { c.ThinkMax = 2 * time.Minute }, "--think"},
		{"ramp too long", func(c *Config) { c.Ramp = time.Hour }, "--ramp"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := ok
			tt.edit(&c)
			err := c.Validate()
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("Validate: %v", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want) || !errors.Is(err, ErrConfig)):
				t.Errorf("Validate: %v, want an error with %q", err, tt.want)
			}
		})
	}
}

func TestParseThinkAndSources(t *testing.T) {
	for _, tt := range []struct {
		in     string
		lo, hi time.Duration
		bad    bool
	}{
		{"1s-3s", time.Second, 3 * time.Second, false},
		{"500ms", 500 * time.Millisecond, 500 * time.Millisecond, false},
		{"1s-", 0, 0, true},
		{"fast", 0, 0, true},
	} {
		lo, hi, err := ParseThink(tt.in)
		if lo != tt.lo || hi != tt.hi || (err != nil) != tt.bad {
			t.Errorf("ParseThink(%q) = %v, %v, %v", tt.in, lo, hi, err)
		}
	}
	for _, tt := range []struct {
		in  string
		n   int
		bad bool
	}{
		{"127.0.0.2-127.0.0.254", 253, false},
		{"127.0.0.2,127.0.1.0-127.0.1.1", 3, false},
		{"127.0.0.9-127.0.0.2", 0, true},
		{"::1", 0, true},
		{"127.0.0.0-127.1.0.0", 0, true}, // over MaxSources
		{"x", 0, true},
	} {
		got, err := ParseSources(tt.in)
		if len(got) != tt.n || (err != nil) != tt.bad {
			t.Errorf("ParseSources(%q) = %d addresses, %v", tt.in, len(got), err)
		}
	}
}

func TestParseMetrics(t *testing.T) {
	page := `# HELP gambit_games_live x
# TYPE gambit_games_live gauge
gambit_games_live 12
gambit_sockets_open{kind="player"} 24
gambit_sockets_open{kind="spectator"} 6
gambit_moves_total 1.5e3
process_cpu_seconds_total 4.25
process_resident_memory_bytes 1.048576e+08
go_memstats_heap_inuse_bytes 5e+07 1700000000000
weird{a="}"} 1
broken
`
	s, err := parseMetrics(strings.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	if s.gamesLive != 12 || s.sockets != 30 || s.moves != 1500 || s.cpu != 4.25 || s.rss != 104857600 || s.heapInuse != 5e7 {
		t.Errorf("parsed %+v", s)
	}
}
