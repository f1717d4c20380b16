package servertest

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"
)

// NDJSON opens the NDJSON stream at url with a bearer token (lichess's
// event and board streams) and returns its lines as JSON objects, the
// empty keep-alive lines left out; the stream ends with the test. It
// fails unless the answer is 200 with application/x-ndjson.
func NDJSON(tb testing.TB, url, token string) <-chan map[string]any {
	tb.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	r, err := http.NewRequestWithContext(ctx, "GET", url, nil)
	if err != nil {
		cancel()
		tb.Fatal(err)
	}
	r.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(r)
	if err != nil {
		cancel()
		tb.Fatalf("GET %s: %v", url, err)
	}
	tb.Cleanup(func() { cancel(); resp.Body.Close() })
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "application/x-ndjson" {
		tb.Fatalf("GET %s = %d %s", url, resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	out := make(chan map[string]any, 64)
	go func() {
		defer close(out)
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			var m map[string]any
			if len(bytes.TrimSpace(sc.Bytes())) > 0 && json.Unmarshal(sc.Bytes(), &m) == nil {
				out <- m
			}
		}
	}()
	return out
}

// NextLine returns the next line of lines whose "type" is typ, skipping
// the others; it fails when the stream ends or none comes within 10 s.
func NextLine(tb testing.TB, lines <-chan map[string]any, typ string) map[string]any {
	tb.Helper()
	deadline := time.After(10 * time.Second)
	for {
		select {
		case m, ok := <-lines:
			if !ok {
				tb.Fatalf("stream ended waiting for %s", typ)
			}
			if m["type"] == typ {
				return m
			}
		case <-deadline:
			tb.Fatalf("no %s line within 10 s", typ)
		}
	}
}
