package loadtest

import (
	"errors"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"strings"
	"time"
)

// Bounds on a run: the tool plays on one machine, so it stays within what
// one machine can hold.
const (
	MaxGames         = 20000
	MaxArena         = 5000
	MaxDuration      = time.Hour
	MaxSpectators    = 16
	MaxThink         = time.Minute
	MaxSources       = 1 << 16
	defaultStallTime = 20 * time.Second
)

// ErrConfig is wrapped by every error of a Config that cannot run.
var ErrConfig = errors.New("loadtest")

// Config says what a run plays.
type Config struct {
	// Addrs are the servers' base URLs (http://127.0.0.1:8080), loopback
	// only; games are spread over them in turn, each seat, and each
	// spectator, on the next one, so a game's two players may be on two
	// nodes (which then share their store).
	Addrs []string
	// Games is how many games are played at once; Duration how long.
	Games    int
	Duration time.Duration
	// Spectators watch each game.
	Spectators int
	// ThinkMin and ThinkMax bound a player's think time before a move,
	// drawn uniformly between them.
	ThinkMin, ThinkMax time.Duration
	// Metrics are the servers' /metrics URLs, read at the start and the end
	// of the run (none: not read).
	Metrics []string
	// Sources are the local addresses connections come from, in turn
	// (none: 127.0.0.1, the system's choice).
	Sources []netip.Addr
	// Ramp is how long the games take to start, spread evenly (zero: a
	// fifth of Duration, at most 5 ms a game).
	Ramp time.Duration
	// ClockMinutes and ClockIncrement are each game's time control (zero:
	// 10+5, long enough for random play at a human pace).
	ClockMinutes   float64
	ClockIncrement int
	// StallAfter ends a game in which no move came for this long (zero:
	// 20 s, or four think times if longer), counted as an error.
	StallAfter time.Duration
	// Seed seeds the moves and think times; the same seed, the same choices.
	Seed uint64
	// OutageMax is how long a socket whose connection dropped keeps
	// dialling again, its own server first, then the others in turn (zero:
	// 30 s), before its game counts as lost: long enough for a cluster to
	// move the games of a node that died.
	OutageMax time.Duration
	// Verify reads every game back at the end and checks that each move the
	// servers published is stored (Report.Check).
	Verify bool
	// Arena, when not zero, plays one arena of that many players instead
	// of Games games (arena.go): accounts signed up for the run, paired by
	// the server's director.
	Arena int
	// ResignAfter, when not zero, makes the player to move resign at that
	// ply: games of a known length (an arena's players play many).
	ResignAfter int
}

// defaultOutageMax is Config.OutageMax when zero.
const defaultOutageMax = 30 * time.Second

// withDefaults fills in the zero fields.
func (c Config) withDefaults() Config {
	if c.Ramp == 0 {
		c.Ramp = min(c.Duration/5, time.Duration(c.Games)*5*time.Millisecond)
	}
	if c.ClockMinutes == 0 {
		c.ClockMinutes, c.ClockIncrement = 10, 5
	}
	if c.StallAfter == 0 {
		c.StallAfter = max(defaultStallTime, 4*c.ThinkMax)
	}
	if c.OutageMax == 0 {
		c.OutageMax = defaultOutageMax
	}
	return c
}

// Validate says what in c cannot run: a server or metrics address that is
// not loopback, a source that is not, or a count, duration or think time
// out of bounds.
func (c Config) Validate() error {
	if len(c.Addrs) == 0 {
		return fmt.Errorf("%w: --addr: no server address", ErrConfig)
	}
	for _, a := range c.Addrs {
		if err := checkLoopbackURL(a); err != nil {
			return fmt.Errorf("%w: --addr: %w", ErrConfig, err)
		}
	}
	for _, a := range c.Metrics {
		if err := checkLoopbackURL(a); err != nil {
			return fmt.Errorf("%w: --metrics: %w", ErrConfig, err)
		}
	}
	for _, s := range c.Sources {
		if !s.IsLoopback() {
			return fmt.Errorf("%w: --sources: %s is not a loopback address", ErrConfig, s)
		}
	}
	switch {
	case c.Arena < 0 || c.Arena > MaxArena:
		return fmt.Errorf("%w: --arena must be 0 to %d, got %d", ErrConfig, MaxArena, c.Arena)
	case c.Arena > 0 && c.Arena < 2:
		return fmt.Errorf("%w: --arena needs at least 2 players, got %d", ErrConfig, c.Arena)
	case c.ResignAfter < 0:
		return fmt.Errorf("%w: --resign-after must be 0 or more, got %d", ErrConfig, c.ResignAfter)
	case c.Arena == 0 && (c.Games < 1 || c.Games > MaxGames):
		return fmt.Errorf("%w: --games must be 1 to %d, got %d", ErrConfig, MaxGames, c.Games)
	case c.Duration <= 0 || c.Duration > MaxDuration:
		return fmt.Errorf("%w: --duration must be above 0 and at most %v, got %v", ErrConfig, MaxDuration, c.Duration)
	case c.Spectators < 0 || c.Spectators > MaxSpectators:
		return fmt.Errorf("%w: --spectators must be 0 to %d, got %d", ErrConfig, MaxSpectators, c.Spectators)
	case c.ThinkMin < 0 || c.ThinkMax < c.ThinkMin || c.ThinkMax > MaxThink:
		return fmt.Errorf("%w: --think must be MIN-MAX with 0 <= MIN <= MAX <= %v, got %v-%v", ErrConfig, MaxThink, c.ThinkMin, c.ThinkMax)
	case c.Ramp < 0 || c.Ramp >= c.Duration && c.Ramp > 0:
		return fmt.Errorf("%w: --ramp must be shorter than --duration, got %v", ErrConfig, c.Ramp)
	case len(c.Sources) > MaxSources:
		return fmt.Errorf("%w: --sources: at most %d addresses, got %d", ErrConfig, MaxSources, len(c.Sources))
	}
	return nil
}

// checkLoopbackURL accepts an http:// URL whose host is a loopback IP or
// localhost, and nothing else: the tool never loads a machine that is not
// this one.
func checkLoopbackURL(raw string) error {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "http" || u.Host == "" {
		return fmt.Errorf("want a URL such as http://127.0.0.1:8080, got %.60q", raw)
	}
	host := u.Hostname()
	if host == "localhost" {
		return nil
	}
	ip, err := netip.ParseAddr(host)
	if err != nil || !ip.IsLoopback() {
		return fmt.Errorf("%.60q is not a loopback address: the load test runs on this machine only", host)
	}
	return nil
}

// ParseThink parses a think time range, "1s-3s", or one duration, "2s".
func ParseThink(s string) (lo, hi time.Duration, err error) {
	a, b, isRange := strings.Cut(s, "-")
	if lo, err = time.ParseDuration(a); err != nil {
		return 0, 0, fmt.Errorf("%w: --think: want MIN-MAX such as 1s-3s, got %.40q", ErrConfig, s)
	}
	hi = lo
	if isRange {
		if hi, err = time.ParseDuration(b); err != nil {
			return 0, 0, fmt.Errorf("%w: --think: want MIN-MAX such as 1s-3s, got %.40q", ErrConfig, s)
		}
	}
	return lo, hi, nil
}

// ParseSources parses source addresses: a comma-separated list of IPv4
// addresses and ranges, "127.0.0.2-127.0.0.254,127.0.1.1".
func ParseSources(s string) ([]netip.Addr, error) {
	var out []netip.Addr
	for part := range strings.SplitSeq(s, ",") {
		a, b, isRange := strings.Cut(strings.TrimSpace(part), "-")
		lo, err := netip.ParseAddr(a)
		if err != nil || !lo.Is4() {
			return nil, fmt.Errorf("%w: --sources: want IPv4 addresses or ranges such as 127.0.0.2-127.0.0.254, got %.40q", ErrConfig, part)
		}
		hi := lo
		if isRange {
			if hi, err = netip.ParseAddr(b); err != nil || !hi.Is4() || hi.Less(lo) {
				return nil, fmt.Errorf("%w: --sources: bad range %.40q", ErrConfig, part)
			}
		}
		for a := lo; ; a = a.Next() {
			if len(out) == MaxSources {
				return nil, fmt.Errorf("%w: --sources: more than %d addresses", ErrConfig, MaxSources)
			}
			out = append(out, a)
			if a == hi {
				break
			}
		}
	}
	return out, nil
}

// wsURL is the WebSocket URL of game id on the server at base.
func wsURL(base, id string, since int64) string {
	u := "ws" + strings.TrimPrefix(strings.TrimSuffix(base, "/"), "http") + "/ws/game/" + id
	if since >= 0 {
		u += fmt.Sprintf("?v=%d", since)
	}
	return u
}

// tcpAddr is a source address for net.Dialer.LocalAddr (nil: any).
func tcpAddr(a netip.Addr) *net.TCPAddr {
	if !a.IsValid() {
		return nil
	}
	return net.TCPAddrFromAddrPort(netip.AddrPortFrom(a, 0))
}
