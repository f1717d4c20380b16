package benchrun

import (
	"errors"
	"slices"
	"testing"
)

func TestRun(t *testing.T) {
	fens := []string{"a", "bb", "ccc"}
	var seen []string
	res, err := Run(fens, func(i int, fen string) (uint64, error) {
		if fens[i] != fen {
			t.Errorf("search(%d, %q): want fen %q", i, fen, fens[i])
		}
		return uint64(10 * len(fen)), nil
	}, func(i int, fen string, nodes uint64) {
		if nodes != uint64(10*len(fen)) {
			t.Errorf("progress(%d, %q, %d): want %d nodes", i, fen, nodes, 10*len(fen))
		}
		seen = append(seen, fen)
	})
	if err != nil || res.Nodes != 60 {
		t.Errorf("Run = %+v, %v; want 60 nodes, no error", res, err)
	}
	if !slices.Equal(seen, fens) {
		t.Errorf("progress saw %q, want %q", seen, fens)
	}
	if res.Time <= 0 {
		t.Errorf("Time = %v, want > 0", res.Time)
	}
}

func TestRunStopsAtError(t *testing.T) {
	bad := errors.New("bad fen")
	calls := 0
	res, err := Run([]string{"a", "b", "c"}, func(i int, fen string) (uint64, error) {
		calls++
		if fen == "b" {
			return 0, bad
		}
		return 5, nil
	}, nil)
	if err != bad || calls != 2 || res.Nodes != 5 {
		t.Errorf("Run = %+v, %v after %d calls; want 5 nodes, the search's error, 2 calls", res, err, calls)
	}
}
