package uci

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/chess/polyglot"
)

// bookWithA3 writes a book whose only move, at the start, is 1.a3.
func bookWithA3(t *testing.T) string {
	t.Helper()
	p := chess.StartPosition()
	m, _ := p.ParseUCI("a2a3")
	var buf bytes.Buffer
	binary.Write(&buf, binary.BigEndian, polyglot.Entry{Key: p.Key(), Move: polyglot.Encode(m), Weight: 1})
	path := filepath.Join(t.TempDir(), "my book.bin")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestOwnBook(t *testing.T) {
	path := bookWithA3(t)
	lines := run(t, "uci\n")
	for _, want := range bookOptions {
		if !slices.Contains(lines, want) {
			t.Errorf("uci reply lacks %q", want)
		}
	}
	load := "setoption name BookFile value " + path + "\n"
	tests := []struct {
		name, script string
		book         bool // answered from the book: bestmove a2a3, no search
	}{
		{"on, in the book", load + "setoption name OwnBook value true\nposition startpos\ngo depth 3\n", true},
		{"off", load + "position startpos\ngo depth 3\n", false},
		{"on, out of the book", load + "setoption name OwnBook value true\nposition startpos moves e2e4\ngo depth 3\n", false},
		{"on, infinite", load + "setoption name OwnBook value true\nposition startpos\ngo infinite\nstop\n", false},
		{"on, searchmoves", load + "setoption name OwnBook value true\nposition startpos\ngo depth 2 searchmoves e2e4\n", false},
		{"on, no book", "setoption name OwnBook value true\nposition startpos\ngo depth 3\n", false},
	}
	for _, tt := range tests {
		lines := run(t, tt.script)
		searched := has(lines, `^info depth`)
		fromBook := slices.Contains(lines, "bestmove a2a3") && has(lines, `^info string book move a2a3$`)
		if fromBook != tt.book || searched == tt.book {
			t.Errorf("%s: book %v, searched %v, want book %v:\n%s", tt.name, fromBook, searched, tt.book, strings.Join(lines, "\n"))
		}
	}
	bad := run(t, "setoption name BookFile value /no/such/book.bin\n")
	if !has(bad, `^info string BookFile: .*no such file`) {
		t.Errorf("a missing book file: %v", bad)
	}
}
