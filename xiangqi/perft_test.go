package xiangqi

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

type perftCase struct {
	fen    string
	depths map[int]uint64
}

func loadPerft(t testing.TB) []perftCase {
	t.Helper()
	f, err := os.Open("testdata/perft.epd") // the package's own copy: see testdata/README.md
	if err != nil {
		t.Fatalf("perft data: %v", err)
	}
	defer f.Close()
	var cases []perftCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		parts := strings.Split(sc.Text(), ";")
		if strings.TrimSpace(parts[0]) == "" {
			continue
		}
		c := perftCase{fen: strings.TrimSpace(parts[0]), depths: map[int]uint64{}}
		for _, d := range parts[1:] {
			fs := strings.Fields(d)
			if len(fs) != 2 || !strings.HasPrefix(fs[0], "D") {
				t.Fatalf("bad perft entry %q", d)
			}
			depth, err1 := strconv.Atoi(fs[0][1:])
			n, err2 := strconv.ParseUint(fs[1], 10, 64)
			if err1 != nil || err2 != nil {
				t.Fatalf("bad perft entry %q", d)
			}
			c.depths[depth] = n
		}
		cases = append(cases, c)
	}
	return cases
}

// perftBudget bounds the work of one check: counts above it run only
// without -short.
const perftBudget = 2_000_000

func TestPerft(t *testing.T) {
	for i, c := range loadPerft(t) {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		for depth := 1; depth <= 8; depth++ {
			want, ok := c.depths[depth]
			if !ok {
				continue
			}
			if want > perftBudget && testing.Short() {
				continue
			}
			before := p
			got := Perft(&p, depth)
			if got != want {
				t.Errorf("line %d %s depth %d: got %d, want %d", i+1, c.fen, depth, got, want)
			}
			if p != before {
				t.Errorf("line %d: position changed by Perft", i+1)
			}
		}
	}
}
