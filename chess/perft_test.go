package chess

import (
	"bufio"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/internal/shareddata"
)

var perftMaxNodes = flag.Uint64("perft.maxnodes", 2_000_000, "skip perft counts above this many nodes (0: no limit); -short uses 100000")

// dataDir is the shared test data folder (see package internal/shareddata).
func dataDir(t testing.TB) string {
	t.Helper()
	return shareddata.Dir(t)
}

type perftCase struct {
	name  string // file:line
	fen   string
	depth []int
	nodes []uint64
}

// readPerftFile reads lines of the form "FEN ;D1 n ;D2 n ...".
func readPerftFile(t testing.TB, path string) []perftCase {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []perftCase
	sc := bufio.NewScanner(f)
	line := 0
	for sc.Scan() {
		line++
		parts := strings.Split(sc.Text(), ";")
		if strings.TrimSpace(parts[0]) == "" {
			continue
		}
		c := perftCase{name: filepath.Base(path) + ":" + strconv.Itoa(line), fen: strings.TrimSpace(parts[0])}
		for _, d := range parts[1:] {
			var depth int
			var nodes uint64
			fs := strings.Fields(d)
			if len(fs) != 2 || fs[0][0] != 'D' {
				t.Fatalf("%s: bad depth field %q", c.name, d)
			}
			depth, err1 := strconv.Atoi(fs[0][1:])
			nodes, err2 := strconv.ParseUint(fs[1], 10, 64)
			if err1 != nil || err2 != nil {
				t.Fatalf("%s: bad depth field %q", c.name, d)
			}
			c.depth = append(c.depth, depth)
			c.nodes = append(c.nodes, nodes)
		}
		cases = append(cases, c)
	}
	return cases
}

func TestPerftFiles(t *testing.T) {
	limit := *perftMaxNodes
	if testing.Short() {
		limit = 100_000
	}
	files := []struct {
		name     string
		chess960 bool
	}{
		{"cpw.epd", false},
		{"perftsuite.epd", false},
		{"tricky.epd", false},
		{"chess960.epd", true},
		{"chess960-tricky.epd", true},
	}
	for _, file := range files {
		t.Run(file.name, func(t *testing.T) {
			for _, c := range readPerftFile(t, filepath.Join(dataDir(t), "perft", file.name)) {
				parse := ParseFEN
				if file.chess960 {
					parse = ParseFEN960
				}
				p, err := parse(c.fen)
				if err != nil && !file.chess960 {
					// tricky.epd line 12 holds a castling right that only
					// Chess960 (X-FEN) can use; its count is the 960 one.
					p, err = ParseFEN960(c.fen)
				}
				if err != nil {
					t.Fatalf("%s: %v", c.name, err)
				}
				fen, key := p.FEN(), p.Key()
				for i, d := range c.depth {
					if limit != 0 && c.nodes[i] > limit && i > 0 {
						continue
					}
					if got := Perft(&p, d); got != c.nodes[i] {
						t.Errorf("%s: perft(%d) = %d, want %d (%s)", c.name, d, got, c.nodes[i], c.fen)
					}
				}
				if p.FEN() != fen || p.Key() != key {
					t.Errorf("%s: perft changed the position", c.name)
				}
			}
		})
	}
}
