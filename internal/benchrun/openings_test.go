package benchrun

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReadOpenings(t *testing.T) {
	noE := func(fen string) error {
		if strings.Contains(fen, "E") {
			return errors.New("has an E")
		}
		return nil
	}
	tests := []struct {
		name, text string
		check      func(string) error
		want       []string
		err        string
	}{
		{"comments and EPD", "# c\nA B C D ; cp 3\nE F G H\n", nil, []string{"A B C D", "E F G H"}, ""},
		{"repeat", "A B C D\n# c\nA B C D ; x\n", nil, nil, ":3: repeats line 1"},
		{"blank FEN", "A B C D\n ; cp 1\n", nil, nil, ":2: no FEN"},
		{"checked", "A B C D\nF G H I\n", noE, []string{"A B C D", "F G H I"}, ""},
		{"refused by the check", "A B C D\n# c\nE F G H\n", noE, nil, ":3: has an E"},
	}
	for _, tt := range tests {
		path := filepath.Join(t.TempDir(), "o.epd")
		if err := os.WriteFile(path, []byte(tt.text), 0o600); err != nil {
			t.Fatal(err)
		}
		got, err := ReadOpenings(path, tt.check)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s: error %v, want one containing %q", tt.name, err, tt.err)
			}
			continue
		}
		if err != nil || strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("%s: %q, %v; want %q", tt.name, got, err, tt.want)
		}
	}
}

// TestPlayable: the check refuses what does not parse and a position
// without a move, and passes the others.
func TestPlayable(t *testing.T) {
	type pos struct{ moves int }
	parse := func(fen string) (pos, error) {
		if fen == "bad" {
			return pos{}, errors.New("cannot parse")
		}
		return pos{len(fen) - 1}, nil
	}
	check := Playable(parse, func(p *pos) bool { return p.moves > 0 })
	for fen, want := range map[string]string{"bad": "cannot parse", "x": "no legal move", "xy": ""} {
		err := check(fen)
		if got := fmt.Sprint(err); want == "" && err != nil || want != "" && !strings.Contains(got, want) {
			t.Errorf("%q: %v, want %q", fen, err, want)
		}
	}
}
