package render

import (
	"bytes"
	"encoding/xml"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/xiangqi"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// Positions the tests draw.
const (
	foolsMate  = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
	xqCannon   = "rnbakabnr/9/1c2c4/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 2"
	chess960_1 = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
)

func mustMarks(t testing.TB, s string) Marks {
	t.Helper()
	m, err := ParseMarks(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestGoldenSVG(t *testing.T) {
	arrows := mustMarks(t, "[%csl Ga4,Rb5,Yd5,Bh7] [%cal Ge2e4,Rb1c3,Yg8f6,Bd1h5]")
	chessCases := []struct {
		name string
		fen  string
		o    Options
	}{
		{"chess-start", chess.StartFEN, Options{Coordinates: true}},
		{"chess-check", foolsMate, Options{Check: true, LastMove: "d8h4", Coordinates: true}},
		{"chess-marks", chess.StartFEN, Options{Marks: arrows}},
		{"chess-flipped", foolsMate, Options{Flipped: true, Coordinates: true, Check: true, LastMove: "d8h4", Marks: arrows}},
		{"chess-glyph", foolsMate, Options{Pieces: Glyph, Check: true, Size: 320}},
		{"chess960", chess960_1, Options{Coordinates: true, CSS: ".square.dark { fill: #86a666 }\n.square.light { fill: #ffffdd }"}},
	}
	for _, tc := range chessCases {
		t.Run(tc.name, func(t *testing.T) {
			p, err := chess.ParseFEN960(tc.fen)
			if err != nil {
				t.Fatal(err)
			}
			d, err := Chess(&p, tc.o)
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, tc.name, d)
		})
	}
	xqArrows := mustMarks(t, "[%csl Ge3,Ra0] [%cal Gh2e2,Rb7b0,Yb0c2]")
	xqCases := []struct {
		name string
		fen  string
		o    Options
	}{
		{"xiangqi-start", xiangqi.StartFEN, Options{}},
		{"xiangqi-check", xqCannon, Options{Check: true, LastMove: "h2e6"}},
		{"xiangqi-iccs", xiangqi.StartFEN, Options{Coordinates: true, Marks: xqArrows}},
		{"xiangqi-traditional", xiangqi.StartFEN, Options{Coordinates: true, CoordStyle: CoordTraditional}},
		{"xiangqi-flipped", xqCannon, Options{Flipped: true, Coordinates: true, CoordStyle: CoordTraditional, Check: true, LastMove: "h2e6", Marks: xqArrows}},
	}
	for _, tc := range xqCases {
		t.Run(tc.name, func(t *testing.T) {
			p, err := xiangqi.ParseFEN(tc.fen)
			if err != nil {
				t.Fatal(err)
			}
			d, err := Xiangqi(&p, tc.o)
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, tc.name, d)
		})
	}
}

// checkGolden compares the drawing's SVG with testdata/NAME.svg, and
// checks that drawing it again gives the same bytes.
func checkGolden(t *testing.T, name string, d *Drawing) {
	t.Helper()
	var got, again bytes.Buffer
	if err := d.WriteSVG(&got); err != nil {
		t.Fatal(err)
	}
	if err := d.WriteSVG(&again); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), again.Bytes()) {
		t.Fatal("two writes of one drawing differ")
	}
	if err := wellFormed(got.Bytes()); err != nil {
		t.Errorf("%s: not well-formed XML: %v", name, err)
	}
	path := filepath.Join("testdata", name+".svg")
	if *update {
		if err := os.WriteFile(path, got.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./render -update)", err)
	}
	if !bytes.Equal(got.Bytes(), want) {
		t.Errorf("%s differs from the golden file (%d bytes, want %d); rerun with -update if intended", path, got.Len(), len(want))
	}
}

func mustChess(t testing.TB, fen string) chess.Position {
	t.Helper()
	p, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// wellFormed reads an SVG document through encoding/xml.
func wellFormed(doc []byte) error {
	dec := xml.NewDecoder(bytes.NewReader(doc))
	for {
		_, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

func TestSVGEscapes(t *testing.T) {
	d := &Drawing{Width: 10, Height: 10, CSS: "svg > .a { fill: red } /* & ]]> */"}
	d.Add(Rect(`a "b" <c> & d`, 0, 0, 5, 5, Fill(DefaultColors().Dark)))
	var buf bytes.Buffer
	if err := d.WriteSVG(&buf); err != nil {
		t.Fatal(err)
	}
	if err := wellFormed(buf.Bytes()); err != nil {
		t.Fatalf("%v in\n%s", err, buf.String())
	}
	if !strings.Contains(buf.String(), `class="a &quot;b&quot; &lt;c&gt; &amp; d"`) {
		t.Errorf("class not escaped:\n%s", buf.String())
	}
}
