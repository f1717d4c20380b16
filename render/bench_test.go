package render

import (
	"io"
	"testing"

	"github.com/gambitchess/gambit/xiangqi"
)

func benchChess(b *testing.B) *Drawing {
	p := mustChess(b, foolsMate)
	d, err := Chess(&p, Options{Coordinates: true, Check: true, LastMove: "d8h4", Marks: mustMarks(b, "[%cal Ge2e4,Rb1c3]")})
	if err != nil {
		b.Fatal(err)
	}
	return d
}

// BenchmarkSVG builds a 400-pixel chess board and writes it as SVG.
func BenchmarkSVG(b *testing.B) {
	p := mustChess(b, foolsMate)
	o := Options{Coordinates: true, Check: true, LastMove: "d8h4", Marks: mustMarks(b, "[%cal Ge2e4,Rb1c3]")}
	b.ReportAllocs()
	for b.Loop() {
		d, _ := Chess(&p, o)
		if err := d.WriteSVG(io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPNG rasterises a 400-pixel chess board and encodes it as PNG.
func BenchmarkPNG(b *testing.B) {
	d := benchChess(b)
	b.ReportAllocs()
	for b.Loop() {
		if err := PNG(io.Discard, d); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRasterizeXiangqi rasterises a 450-pixel xiangqi board (no PNG encoding).
func BenchmarkRasterizeXiangqi(b *testing.B) {
	p := xiangqi.StartPosition()
	d, err := Xiangqi(&p, Options{Size: 450, Coordinates: true})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		d.Rasterize(1)
	}
}

// BenchmarkGIF writes the GIF of a 200-ply game's drawings (built before
// timing), in chess at 320 pixels and xiangqi at 300.
func BenchmarkGIF(b *testing.B) {
	for _, bb := range []struct {
		name     string
		drawings []*Drawing
	}{
		{"chess", chessGameDrawings(b, 200, 320)},
		{"xiangqi", xiangqiGameDrawings(b, 200, 300)},
	} {
		b.Run(bb.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := GIF(io.Discard, bb.drawings, GIFOptions{}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(bb.drawings)), "frames")
		})
	}
}
