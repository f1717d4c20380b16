package opening

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed"
	"fmt"
	"strings"
	"sync"

	"github.com/gambitchess/gambit/chess"
)

// openingsTSV is lichess's a.tsv … e.tsv, one after the other (each with
// its header line "eco\tname\tpgn"), gzip-compressed: 390 kB of text in
// about 80 kB. TestEmbeddedEqualsShared keeps it equal to the shared copy
// (../shared/data/openings), and rewrites it with -update.
//
//go:embed openings.tsv.gz
var openingsTSV []byte

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
	t, err := build(openingsTSV)
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

// build reads the gzip-compressed TSV rows (eco, name, pgn).
func build(gz []byte) (*table, error) {
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil, fmt.Errorf("opening table: %w", err)
	}
	t := &table{byKey: make(map[uint64]entry, 4096), startKey: startKey()}
	sc := bufio.NewScanner(zr)
	line := 0
	for sc.Scan() {
		line++
		row := sc.Text()
		if row == "" || row == "eco\tname\tpgn" {
			continue
		}
		if err := t.add(row); err != nil {
			return nil, fmt.Errorf("opening table line %d: %w", line, err)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("opening table: %w", err)
	}
	return t, nil
}

// add plays one row's PGN moves and names the position they reach. When
// two rows reach one position the first keeps it, as the table lists each
// position once (TestTableRowsNameDistinctPositions).
func (t *table) add(row string) error {
	eco, rest, ok1 := strings.Cut(row, "\t")
	name, moves, ok2 := strings.Cut(rest, "\t")
	if !ok1 || !ok2 || len(eco) != 3 || name == "" {
		return fmt.Errorf("want eco, name and pgn separated by tabs, got %q", row)
	}
	p := chess.StartPosition()
	for _, tok := range strings.Fields(moves) {
		if strings.HasSuffix(tok, ".") {
			continue // a move number
		}
		m, err := p.ParseSAN(tok)
		if err != nil {
			return fmt.Errorf("%s %q: move %s: %w", eco, name, tok, err)
		}
		p.Play(m)
	}
	t.lines++
	k := p.EPDKey()
	if _, dup := t.byKey[k]; !dup {
		t.byKey[k] = entry{eco: eco, name: name}
	}
	return nil
}
