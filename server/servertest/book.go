package servertest

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"slices"
	"testing"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/chess/polyglot"
)

// Book is a Polyglot book whose moves are 1.a3 (weight 3) and 1.h3
// (weight 1) at the start, and 1...a6 after 1.a3.
func Book(tb testing.TB) *polyglot.Book {
	tb.Helper()
	start := chess.StartPosition()
	g := chess.NewGame()
	g.PushUCI("a2a3")
	afterA3 := g.Position()
	entry := func(p chess.Position, uci string, w uint16) polyglot.Entry {
		m, err := p.ParseUCI(uci)
		if err != nil {
			tb.Fatal(err)
		}
		return polyglot.Entry{Key: p.Key(), Move: polyglot.Encode(m), Weight: w}
	}
	entries := []polyglot.Entry{entry(start, "h2h3", 1), entry(start, "a2a3", 3), entry(afterA3, "a7a6", 1)}
	slices.SortStableFunc(entries, func(a, b polyglot.Entry) int { return cmp.Compare(a.Key, b.Key) })
	var buf bytes.Buffer
	for _, e := range entries {
		binary.Write(&buf, binary.BigEndian, e)
	}
	b, err := polyglot.Parse(buf.Bytes())
	if err != nil {
		tb.Fatal(err)
	}
	return b
}
