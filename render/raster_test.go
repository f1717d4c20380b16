package render

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/xiangqi"
)

// decodePNG writes d with PNG and decodes it back.
func decodePNG(t *testing.T, d *Drawing) image.Image {
	t.Helper()
	var buf bytes.Buffer
	if err := PNG(&buf, d); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

func nrgba(c color.Color) color.NRGBA { return color.NRGBAModel.Convert(c).(color.NRGBA) }

// differing counts the pixels of box r whose colour is not c.
func differing(img image.Image, r image.Rectangle, c color.NRGBA) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if nrgba(img.At(x, y)) != c {
				n++
			}
		}
	}
	return n
}

func TestChessPNG(t *testing.T) {
	p, err := chess.ParseFEN(foolsMate)
	if err != nil {
		t.Fatal(err)
	}
	for _, flipped := range []bool{false, true} {
		d, err := Chess(&p, Options{Size: 400, Flipped: flipped, Check: true})
		if err != nil {
			t.Fatal(err)
		}
		img := decodePNG(t, d)
		if got := img.Bounds(); got != image.Rect(0, 0, 400, 400) {
			t.Fatalf("bounds %v, want 400×400", got)
		}
		c := DefaultColors()
		// square returns the 50×50 box of a square, inset by 2 pixels.
		square := func(s chess.Square) image.Rectangle {
			col, row := int(s.File()), 7-int(s.Rank())
			if flipped {
				col, row = 7-col, 7-row
			}
			return image.Rect(col*50+2, row*50+2, col*50+48, row*50+48)
		}
		tests := []struct {
			sq        chess.Square
			bg        color.NRGBA
			wantPiece bool
		}{
			{chess.A1, c.Dark, true},
			{chess.H1, c.Light, true},
			{chess.E4, c.Light, false},
			{chess.D4, c.Dark, false},
			{chess.G4, c.Light, true},
			{chess.E5, c.Dark, true},
			{chess.A5, c.Dark, false},
		}
		for _, tc := range tests {
			r := square(tc.sq)
			if got := nrgba(img.At(r.Min.X, r.Min.Y)); got != tc.bg {
				t.Errorf("flipped=%v: %v corner colour %v, want %v", flipped, tc.sq, got, tc.bg)
			}
			n := differing(img, r, tc.bg)
			if tc.wantPiece && n < 200 || !tc.wantPiece && n != 0 {
				t.Errorf("flipped=%v: %v has %d pixels off the square colour; piece expected: %v", flipped, tc.sq, n, tc.wantPiece)
			}
		}
		// The king in check (e1) glows red: its corner is no longer plain dark.
		if got := nrgba(img.At(square(chess.E1).Min.X+10, square(chess.E1).Min.Y+25)); got.R <= got.G+40 {
			t.Errorf("flipped=%v: king in check not highlighted: %v", flipped, got)
		}
	}
}

func TestXiangqiPNG(t *testing.T) {
	p := xiangqi.StartPosition()
	d, err := Xiangqi(&p, Options{Size: 450})
	if err != nil {
		t.Fatal(err)
	}
	img := decodePNG(t, d)
	if got := img.Bounds(); got != image.Rect(0, 0, 450, 500) {
		t.Fatalf("bounds %v, want 450×500", got)
	}
	c := DefaultColors()
	// point returns the centre of a point: 50 pixels apart, the first at 25.
	point := func(f, r int) (int, int) { return 25 + 50*f, 25 + 50*(9-r) }
	for _, tc := range []struct {
		f, r int
		ink  color.NRGBA
	}{{4, 0, c.Red}, {4, 9, c.Black}, {1, 2, c.Red}, {7, 7, c.Black}} {
		x, y := point(tc.f, tc.r)
		// The disc's rim is drawn in the side's colour, 0.45 of a cell out.
		if got := nrgba(img.At(x+22, y)); got != tc.ink {
			t.Errorf("point %c%d: rim colour %v, want %v", 'a'+tc.f, tc.r, got, tc.ink)
		}
		// The character covers some of the disc's middle.
		if n := differing(img, image.Rect(x-10, y-10, x+10, y+10), c.Disc); n < 40 {
			t.Errorf("point %c%d: only %d pixels of character", 'a'+tc.f, tc.r, n)
		}
	}
	// An empty point: just the lines crossing, board colour a little off them.
	x, y := point(4, 4)
	if got := nrgba(img.At(x+10, y+10)); got != c.Board {
		t.Errorf("empty point e4: colour %v, want the board's %v", got, c.Board)
	}
	if got := nrgba(img.At(x, y+10)); got == c.Board {
		t.Errorf("empty point e4: no line drawn through it")
	}
}

func TestRasterizeScale(t *testing.T) {
	d := &Drawing{Width: 10, Height: 5}
	d.Add(Rect("", 0, 0, 5, 5, Fill(color.NRGBA{255, 0, 0, 255})))
	img := d.Rasterize(2)
	if img.Bounds() != image.Rect(0, 0, 20, 10) {
		t.Fatalf("bounds %v", img.Bounds())
	}
	if got := nrgba(img.At(9, 9)); got != (color.NRGBA{255, 0, 0, 255}) {
		t.Errorf("inside: %v", got)
	}
	if got := nrgba(img.At(11, 5)); got.A != 0 {
		t.Errorf("outside: %v, want transparent", got)
	}
}

func TestStrokeHasNoSeams(t *testing.T) {
	// A translucent polyline: where its pieces overlap, the colour must not
	// get darker than elsewhere.
	d := &Drawing{Width: 40, Height: 40}
	p := &Path{}
	p.MoveTo(5, 5)
	p.LineTo(35, 5)
	p.LineTo(35, 35)
	d.Add(PathNode("", p, Stroke(color.NRGBA{0, 0, 255, 128}, 6)))
	img := d.Rasterize(1)
	mid, corner := img.RGBAAt(20, 5), img.RGBAAt(35, 5)
	if mid != corner {
		t.Errorf("joint colour %v differs from segment colour %v", corner, mid)
	}
}

func TestPNGDeterministic(t *testing.T) {
	p := mustChess(t, foolsMate)
	d, err := Chess(&p, Options{Size: 120, Check: true, Coordinates: true, Marks: mustMarks(t, "[%cal Ge2e4]")})
	if err != nil {
		t.Fatal(err)
	}
	var a, b bytes.Buffer
	if err := PNG(&a, d); err != nil {
		t.Fatal(err)
	}
	d2, _ := Chess(&p, Options{Size: 120, Check: true, Coordinates: true, Marks: mustMarks(t, "[%cal Ge2e4]")})
	if err := PNG(&b, d2); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("the same board gave two different PNGs")
	}
}
