package render

import (
	"image"
	"testing"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/xiangqi"
)

// chessGameDrawings draws the positions of a chess game of up to plies
// plies, each move the legal one at a fixed, shifting index (the pieces
// wander, captures and checks happen), with the last move, check marks
// and coordinates, as the server draws a game's GIF.
func chessGameDrawings(tb testing.TB, plies, size int) []*Drawing {
	tb.Helper()
	p := chess.StartPosition()
	o := Options{Size: size, Coordinates: true, Check: true}
	var out []*Drawing
	for ply := 0; ; ply++ {
		d, err := Chess(&p, o)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, d)
		var ml chess.MoveList
		p.GenerateLegal(&ml)
		if ply == plies || ml.Len() == 0 {
			return out
		}
		m := ml.At(ply * 7 % ml.Len())
		var child chess.Position
		p.MakeMove(m, &child)
		p, o.LastMove = child, m.String()
	}
}

// xiangqiGameDrawings is chessGameDrawings for xiangqi.
func xiangqiGameDrawings(tb testing.TB, plies, size int) []*Drawing {
	tb.Helper()
	p := xiangqi.StartPosition()
	o := Options{Size: size, Coordinates: true, Check: true}
	var out []*Drawing
	for ply := 0; ; ply++ {
		d, err := Xiangqi(&p, o)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, d)
		var ml xiangqi.MoveList
		p.GenerateLegal(&ml)
		if ply == plies || ml.Len() == 0 {
			return out
		}
		m := ml.At(ply * 5 % ml.Len())
		var child xiangqi.Position
		p.MakeMove(m, &child)
		p, o.LastMove = child, m.String()
	}
}

// TestFrameCanvas: painting each drawing over the last, only where their
// display lists differ, gives exactly the image rasterising it whole
// gives, pixel for pixel, at sizes where squares fall on whole pixels or
// not, in chess and xiangqi; and it paints a small part of the pixels.
func TestFrameCanvas(t *testing.T) {
	tests := []struct {
		name     string
		drawings func(t *testing.T) []*Drawing
	}{
		{"chess 320 px, whole-pixel squares", func(t *testing.T) []*Drawing { return chessGameDrawings(t, 120, 320) }},
		{"chess 101 px", func(t *testing.T) []*Drawing { return chessGameDrawings(t, 60, 101) }},
		{"xiangqi 300 px", func(t *testing.T) []*Drawing { return xiangqiGameDrawings(t, 60, 300) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			drawings := tt.drawings(t)
			var c frameCanvas
			painted, whole := 0, 0
			for i, d := range drawings {
				regions := c.regions(d)
				c.paint(d, regions)
				want := d.Rasterize(1)
				if diff, at := maxChannelDiff(c.img, want); diff != 0 {
					t.Fatalf("frame %d: a channel at %v is off by %d", i, at, diff)
				}
				for _, r := range regions {
					painted += r.Dx() * r.Dy()
				}
				whole += want.Bounds().Dx() * want.Bounds().Dy()
			}
			if len(drawings) < 20 || painted*3 > whole {
				t.Errorf("%d frames, %d of %d pixels painted: want many frames, painted in small regions", len(drawings), painted, whole)
			}
		})
	}
}

// maxChannelDiff is the largest difference between a channel of a pixel
// of a and of b, and where.
func maxChannelDiff(a, b *image.RGBA) (int, image.Point) {
	if a.Bounds() != b.Bounds() {
		return 256, a.Bounds().Max
	}
	most, at := 0, image.Point{}
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			i, j := a.PixOffset(x, y), b.PixOffset(x, y)
			for c := range 4 {
				if d := abs(int(a.Pix[i+c]) - int(b.Pix[j+c])); d > most {
					most, at = d, image.Pt(x, y)
				}
			}
		}
	}
	return most, at
}

// TestChangedRegions: equal drawings differ nowhere; a moved piece
// differs around its two squares only; drawings of two sizes cannot be
// compared.
func TestChangedRegions(t *testing.T) {
	p := chess.StartPosition()
	a, _ := Chess(&p, Options{Size: 320})
	b, _ := Chess(&p, Options{Size: 320})
	bounds := image.Rect(0, 0, 320, 320)
	if regions, ok := changedRegions(a, b, bounds); !ok || len(regions) != 0 {
		t.Errorf("equal drawings: %v, %v; want no region", regions, ok)
	}
	m, _ := p.ParseUCI("g1f3")
	var child chess.Position
	p.MakeMove(m, &child)
	c, _ := Chess(&child, Options{Size: 320})
	regions, ok := changedRegions(a, c, bounds)
	area := 0
	for _, r := range regions {
		area += r.Dx() * r.Dy()
	}
	if !ok || len(regions) != 2 || area > 2*44*44 {
		t.Errorf("Nf3: regions %v (%d pixels), want two about g1 and f3", regions, area)
	}
	small, _ := Chess(&p, Options{Size: 200})
	if _, ok := changedRegions(a, small, bounds); ok {
		t.Error("drawings of two sizes compared")
	}
}
