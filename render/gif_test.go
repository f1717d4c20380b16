package render

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"io"
	"slices"
	"testing"
	"time"

	"github.com/gambitchess/gambit/chess"
)

func TestGIF(t *testing.T) {
	var frames []*Drawing
	p := chess.StartPosition()
	for i, uci := range []string{"", "e2e4", "e7e5"} {
		if uci != "" {
			m, err := p.ParseUCI(uci)
			if err != nil {
				t.Fatal(err)
			}
			var child chess.Position
			p.MakeMove(m, &child)
			p = child
		}
		d, err := Chess(&p, Options{Size: 200, LastMove: uci})
		if err != nil {
			t.Fatalf("frame %d: %v", i, err)
		}
		frames = append(frames, d)
	}
	var buf bytes.Buffer
	if err := GIF(&buf, frames, GIFOptions{Delay: 500 * time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Image) != 3 {
		t.Fatalf("%d frames, want 3", len(g.Image))
	}
	if want := []int{50, 50, 300}; g.Delay[0] != want[0] || g.Delay[1] != want[1] || g.Delay[2] != want[2] {
		t.Errorf("delays %v, want %v", g.Delay, want)
	}
	global, ok := g.Config.ColorModel.(color.Palette)
	if !ok || len(global) == 0 {
		t.Fatal("no global palette")
	}
	for i, fr := range g.Image {
		// The decoder gives a frame with transparency a copy of the global
		// palette with that entry made transparent: compare the rest.
		same := slices.EqualFunc(fr.Palette, global, func(a, b color.Color) bool {
			_, _, _, alpha := a.RGBA()
			return alpha == 0 || a == b
		})
		if !same {
			t.Errorf("frame %d has a palette of its own: %d colours, global %d", i, len(fr.Palette), len(global))
		}
	}
	// After the first, a frame holds only what changed: for 1.e4 the e2-e4 file part.
	if b := g.Image[1].Bounds(); b.Min.X < 100 || b.Max.X > 125 || b.Min.Y < 100 || b.Max.Y > 175 {
		t.Errorf("frame 2 covers %v, want only e2-e4 (x 100-125, y 100-175)", b)
	}
	// Composited, the last frame shows the board after 1.e4 e5: a black pawn
	// on e5, none on e7 (whose square is the last move's highlight).
	canvas := image.NewRGBA(image.Rect(0, 0, 200, 200))
	for _, fr := range g.Image {
		draw.Draw(canvas, fr.Bounds(), fr, fr.Bounds().Min, draw.Over)
	}
	dark := 0
	for y := 76; y < 99; y++ { // e5: x 100-125, y 75-100
		for x := 101; x < 124; x++ {
			if c := canvas.RGBAAt(x, y); c.R < 60 && c.G < 60 && c.B < 60 {
				dark++
			}
		}
	}
	if dark < 50 {
		t.Errorf("e5: %d dark pixels, want a black pawn", dark)
	}
	if c := canvas.RGBAAt(112, 30); c.R < 60 && c.G < 60 {
		t.Errorf("e7 centre %v: a pawn is still there", c)
	}
}

func TestGIFErrors(t *testing.T) {
	if err := GIF(io.Discard, nil, GIFOptions{}); !errors.Is(err, ErrNoFrames) {
		t.Errorf("no frames: %v, want ErrNoFrames", err)
	}
	a, b := &Drawing{Width: 10, Height: 10}, &Drawing{Width: 20, Height: 10}
	if err := GIF(io.Discard, []*Drawing{a, b}, GIFOptions{}); err == nil {
		t.Error("frames of two sizes: no error")
	}
}
