package main

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/chess/polyglot"
)

// writeBook writes a Polyglot book holding, for the start position,
// 1.e4 (weight 5), 1.d4 (9) and 1.Nf3 (5), and after 1.e4, 1...c5 (2).
func writeBook(t *testing.T) string {
	t.Helper()
	start := chess.StartPosition()
	g := chess.NewGame()
	g.PushUCI("e2e4")
	after := g.Position()
	entry := func(p chess.Position, uci string, w uint16) polyglot.Entry {
		m, err := p.ParseUCI(uci)
		if err != nil {
			t.Fatal(err)
		}
		return polyglot.Entry{Key: p.Key(), Move: polyglot.Encode(m), Weight: w}
	}
	entries := []polyglot.Entry{entry(start, "e2e4", 5), entry(start, "d2d4", 9), entry(start, "g1f3", 5), entry(after, "c7c5", 2)}
	if entries[3].Key < entries[0].Key {
		entries = append(entries[3:], entries[:3]...)
	}
	var buf bytes.Buffer
	for _, e := range entries {
		binary.Write(&buf, binary.BigEndian, e)
	}
	path := filepath.Join(t.TempDir(), "book.bin")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestBookCmd(t *testing.T) {
	book := writeBook(t)
	bad := filepath.Join(t.TempDir(), "bad.bin")
	os.WriteFile(bad, []byte("seventeen bytes!!"), 0o644)
	tests := []struct {
		name       string
		args       []string
		code       int
		out, inErr string
	}{
		{"start", []string{"book", book}, 0, "d2d4 d4 9\ne2e4 e4 5\ng1f3 Nf3 5\n", ""},
		{"after 1.e4", []string{"book", book, "--fen", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"}, 0, "c7c5 c5 2\n", ""},
		{"unknown position", []string{"book", book, "--fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"}, 0, "", ""},
		{"bad fen", []string{"book", book, "--fen", "xx"}, 2, "", "--fen: fen:"},
		{"no file", []string{"book", filepath.Join(t.TempDir(), "none.bin")}, 1, "", "no such file"},
		{"not a book", []string{"book", bad}, 1, "", "17 bytes is not a whole number of 16-byte entries"},
		{"no argument", []string{"book"}, 2, "", "takes 1 argument"},
	}
	for _, tt := range tests {
		var out, errOut bytes.Buffer
		code := run(tt.args, strings.NewReader(""), &out, &errOut)
		if code != tt.code || out.String() != tt.out || !strings.Contains(errOut.String(), tt.inErr) {
			t.Errorf("%s: exit %d, out %q, err %q; want %d, %q, err containing %q", tt.name, code, out.String(), errOut.String(), tt.code, tt.out, tt.inErr)
		}
	}
}
