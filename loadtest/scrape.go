package loadtest

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// sample is what a run reads of one server's /metrics, summed over the
// servers read.
type sample struct {
	ok        bool
	at        time.Time
	gamesLive float64 // gambit_games_live
	sockets   float64 // gambit_sockets_open, every kind
	moves     float64 // gambit_moves_total
	cpu       float64 // process_cpu_seconds_total
	rss       float64 // process_resident_memory_bytes
	heapInuse float64 // go_memstats_heap_inuse_bytes
}

// scrapeAll reads every metrics URL and sums them; a server that cannot be
// read leaves the sample not ok.
func scrapeAll(ctx context.Context, urls []string) sample {
	total := sample{ok: len(urls) > 0, at: time.Now()}
	for _, u := range urls {
		s, err := scrape(ctx, u)
		if err != nil {
			total.ok = false
			continue
		}
		total.gamesLive += s.gamesLive
		total.sockets += s.sockets
		total.moves += s.moves
		total.cpu += s.cpu
		total.rss += s.rss
		total.heapInuse += s.heapInuse
	}
	return total
}

// scrape reads one /metrics page.
func scrape(ctx context.Context, url string) (sample, error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return sample{}, fmt.Errorf("loadtest: metrics: %w", err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return sample{}, fmt.Errorf("loadtest: metrics: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return sample{}, fmt.Errorf("loadtest: metrics: %s", resp.Status)
	}
	return parseMetrics(io.LimitReader(resp.Body, 16<<20))
}

// parseMetrics reads the series a run needs from the Prometheus text
// format, summing a series' values over its labels.
func parseMetrics(r io.Reader) (sample, error) {
	s := sample{ok: true}
	fields := map[string]*float64{
		"gambit_games_live": &s.gamesLive, "gambit_sockets_open": &s.sockets, "gambit_moves_total": &s.moves,
		"process_cpu_seconds_total": &s.cpu, "process_resident_memory_bytes": &s.rss, "go_memstats_heap_inuse_bytes": &s.heapInuse,
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		name, value, ok := splitSample(line)
		if !ok {
			continue
		}
		if p, want := fields[name]; want {
			if v, err := strconv.ParseFloat(value, 64); err == nil {
				*p += v
			}
		}
	}
	if err := sc.Err(); err != nil {
		return sample{}, fmt.Errorf("loadtest: metrics: %w", err)
	}
	return s, nil
}

// splitSample splits `name{labels} value [timestamp]` into name and value.
func splitSample(line string) (name, value string, ok bool) {
	end := strings.IndexAny(line, "{ ")
	if end <= 0 {
		return "", "", false
	}
	name, rest := line[:end], line[end:]
	if rest[0] == '{' {
		close := strings.LastIndexByte(rest, '}')
		if close < 0 {
			return "", "", false
		}
		rest = rest[close+1:]
	}
	f := strings.Fields(rest)
	if len(f) == 0 {
		return "", "", false
	}
	return name, f[0], true
}
