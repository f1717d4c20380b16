package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/gambitchess/gambit/internal/shareddata"
)

// BenchmarkPGNCheckCommand runs "gambit pgn check" through run, as the
// binary does, on the shared games concatenated into one file: the
// command's own path (file reading, output, the reader mode it picks),
// which the chess/pgn benchmarks do not see. Issue 28: the command had
// become 1.3 times slower than the library while BenchmarkMainline held.
func BenchmarkPGNCheckCommand(b *testing.B) {
	files, err := filepath.Glob(filepath.Join(shareddata.Path(b, "pgn/games"), "*.pgn"))
	if err != nil || len(files) == 0 {
		b.Fatalf("no games: %v", err)
	}
	var all []byte
	for _, f := range files {
		d, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		all = append(all, d...)
	}
	name := filepath.Join(b.TempDir(), "all.pgn")
	if err := os.WriteFile(name, all, 0o644); err != nil {
		b.Fatal(err)
	}
	var out, errOut bytes.Buffer
	b.ReportAllocs()
	plies := 0
	for b.Loop() {
		out.Reset()
		if st := run([]string{"pgn", "check", name}, nil, &out, &errOut); st != 0 {
			b.Fatalf("exit %d: %s%s", st, out.String(), errOut.String())
		}
		m := regexp.MustCompile(`(\d+) plies, 0 errors`).FindSubmatch(out.Bytes())
		if m == nil {
			b.Fatalf("unexpected output: %s", out.String())
		}
		n, _ := strconv.Atoi(string(m[1]))
		plies += n
	}
	b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "plies/s")
}
