package render

import (
	"bytes"
	"image/png"
	"os"
	"strings"
	"testing"
)

// TestEvalGraph: White's share is light under the curve, Black's dark
// above it, the marks in their colours, in SVG and PNG alike.
func TestEvalGraph(t *testing.T) {
	points := []EvalPoint{{Win: 52}, {Win: 53}, {Win: 45, Mark: "inaccuracy"}, {Win: 47}, {Win: 48}, {Win: 97, Mark: "blunder"}, {Win: 97.5}}
	d, err := EvalGraph(points, GraphOptions{Width: 600, Height: 150, Ply: 5})
	if err != nil {
		t.Fatal(err)
	}
	var svg bytes.Buffer
	if err := d.WriteSVG(&svg); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"graph-white", "graph-curve", "graph-mark blunder", "graph-mark inaccuracy", "graph-ply"} {
		if !strings.Contains(svg.String(), want) {
			t.Errorf("SVG lacks %q", want)
		}
	}
	var out bytes.Buffer
	if err := PNG(&out, d); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(out.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 600 || b.Dy() != 150 {
		t.Fatalf("PNG %v", b)
	}
	tests := []struct {
		x, y  int
		light bool
	}{
		{590, 10, true},  // White winning at the end: light almost to the top
		{5, 10, false},   // the start, even: dark above the middle
		{5, 140, true},   // and light below it
		{300, 140, true}, // light at the bottom everywhere
	}
	for _, tt := range tests {
		r, _, _, _ := img.At(tt.x, tt.y).RGBA()
		if light := r>>8 > 0xa0; light != tt.light {
			t.Errorf("pixel (%d, %d): red %d, want light %v", tt.x, tt.y, r>>8, tt.light)
		}
	}
	if os.Getenv("GAMBIT_GRAPH_OUT") != "" {
		os.WriteFile(os.Getenv("GAMBIT_GRAPH_OUT"), out.Bytes(), 0o644)
	}
	if _, err := EvalGraph(points[:1], GraphOptions{}); err == nil {
		t.Error("one point: no error")
	}
}
