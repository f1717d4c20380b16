package opening

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed"
	"encoding/binary"
	"fmt"
	"strings"
	"sync"

	"github.com/gambitchess/gambit/chess"
)

// openingsTSV is lichess's a.tsv … e.tsv, one after the other (each with
// its header line "eco\tname\tpgn"), gzip-compressed: 390 kB of text in
// about 50 kB. TestEmbeddedEqualsShared keeps it equal to the shared copy
// (../shared/data/openings), and rewrites it with -update.
//
//go:embed openings.tsv.gz
var openingsTSV []byte

// openingsKeys holds, for each row of openingsTSV in order, the EPDKey of
// the position its moves reach: 8 bytes big-endian a row. Replaying 3807
// rows of SAN takes about 0.1 s (over a second under the race detector),
// which every first request would wait for; reading the keys takes
// nothing. TestEmbeddedKeys replays every row and checks its key, and
// rewrites the file with -update.
//
//go:embed openings.keys
var openingsKeys []byte

// entry is one named position of the table.
type entry struct {
	eco, name string
}

func (e entry) opening(ply int) Opening { return Opening{ECO: e.eco, Name: e.name, Ply: ply} }

// table is the parsed opening table: every named position by its EPDKey.
// It is built once and never changed, so all goroutines share it.
type table struct {
	byKey    map[uint64]entry
	startKey uint64
	lines    int // table rows read
	err      error
}

// db returns the table, built on first use. A table that failed to build
// (the embedded data is broken: Load says how) names nothing.
var db = sync.OnceValue(func() *table {
	t, err := build(openingsTSV, openingsKeys)
	if err != nil {
		return &table{byKey: map[uint64]entry{}, startKey: startKey(), err: err}
	}
	return t
})

// Load builds the table now rather than on first use and returns what went
// wrong reading the embedded data, if anything: a server calls it at start.
func Load() error { return db().err }

// Size returns the number of named positions.
func Size() int { return len(db().byKey) }

func startKey() uint64 {
	p := chess.StartPosition()
	return p.EPDKey()
}

// row is one line of the table.
type row struct {
	line                int // in the unpacked text, from 1
	eco, name, pgnMoves string
}

// rows reads the gzip-compressed TSV rows (eco, name, pgn), header lines
// left out.
func rows(gz []byte) ([]row, error) {
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil, fmt.Errorf("opening table: %w", err)
	}
	var out []row
	sc := bufio.NewScanner(zr)
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if text == "" || text == "eco\tname\tpgn" {
			continue
		}
		eco, rest, ok1 := strings.Cut(text, "\t")
		name, moves, ok2 := strings.Cut(rest, "\t")
		if !ok1 || !ok2 || len(eco) != 3 || name == "" {
			return nil, fmt.Errorf("opening table line %d: want eco, name and pgn separated by tabs, got %q", line, text)
		}
		out = append(out, row{line: line, eco: eco, name: name, pgnMoves: moves})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("opening table: %w", err)
	}
	return out, nil
}

// replay plays a row's moves from the start and returns the EPDKey of the
// position they reach.
func (r row) replay() (uint64, error) {
	p := chess.StartPosition()
	for _, tok := range strings.Fields(r.pgnMoves) {
		if strings.HasSuffix(tok, ".") {
			continue // a move number
		}
		m, err := p.ParseSAN(tok)
		if err != nil {
			return 0, fmt.Errorf("opening table line %d: %s %q: move %s: %w", r.line, r.eco, r.name, tok, err)
		}
		p.Play(m)
	}
	return p.EPDKey(), nil
}

// build reads the table's rows and names each row's position by its key
// in keys. When two rows reach one position the first keeps it, as the
// table lists each position once (TestTableRowsNameDistinctPositions).
func build(gz, keys []byte) (*table, error) {
	rs, err := rows(gz)
	if err != nil {
		return nil, err
	}
	if len(keys) != 8*len(rs) {
		return nil, fmt.Errorf("opening table: %d bytes of keys for %d rows, want 8 a row (go test ./chess/opening -run TestEmbeddedKeys -update)", len(keys), len(rs))
	}
	t := &table{byKey: make(map[uint64]entry, len(rs)), startKey: startKey(), lines: len(rs)}
	for i, r := range rs {
		k := binary.BigEndian.Uint64(keys[8*i:])
		if _, dup := t.byKey[k]; !dup {
			t.byKey[k] = entry{eco: r.eco, name: r.name}
		}
	}
	return t, nil
}
