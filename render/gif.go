package render

import (
	"cmp"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"io"
	"slices"
	"time"
)

// GIFOptions controls GIF. Zero fields take the defaults.
type GIFOptions struct {
	Delay     time.Duration // how long each frame shows; default 1 s
	LastDelay time.Duration // how long the last frame shows; default 3 s
}

// ErrNoFrames is returned by GIF for an empty frame list.
var ErrNoFrames = errors.New("render: GIF without frames")

// GIF writes the drawings as an animated GIF, one frame each, rasterised at
// scale 1; all must have the first one's size. One palette serves every
// frame, and each frame after the first holds only the box of pixels that
// changed, the unchanged ones in it transparent, so a game's GIF costs
// little more than its first board.
func GIF(w io.Writer, frames []*Drawing, o GIFOptions) error {
	if len(frames) == 0 {
		return ErrNoFrames
	}
	images := make([]*image.RGBA, len(frames))
	for i, d := range frames {
		images[i] = d.Rasterize(1)
		if images[i].Bounds() != images[0].Bounds() {
			return fmt.Errorf("render: GIF frame %d is %v, the first %v", i+1, images[i].Bounds(), images[0].Bounds())
		}
	}
	q := newQuantizer(images)
	anim := &gif.GIF{Config: image.Config{ColorModel: q.palette, Width: images[0].Bounds().Dx(), Height: images[0].Bounds().Dy()}}
	delay, last := centis(o.Delay, time.Second), centis(o.LastDelay, 3*time.Second)
	var prev *image.Paletted
	for i, img := range images {
		cur := q.index(img)
		frame := cur
		if prev != nil {
			frame = changed(prev, cur, q.transparent)
		}
		anim.Image = append(anim.Image, frame)
		anim.Delay = append(anim.Delay, delay)
		anim.Disposal = append(anim.Disposal, gif.DisposalNone)
		if i == len(images)-1 {
			anim.Delay[i] = last
		}
		prev = cur
	}
	if err := gif.EncodeAll(w, anim); err != nil {
		return fmt.Errorf("render: writing GIF: %w", err)
	}
	return nil
}

// centis converts a delay to the GIF's hundredths of a second.
func centis(d, def time.Duration) int {
	if d <= 0 {
		d = def
	}
	return int(d / (10 * time.Millisecond))
}

// changed returns the box of cur whose pixels differ from prev, with the
// unchanged ones transparent; a 1×1 transparent frame when nothing changed.
func changed(prev, cur *image.Paletted, transparent uint8) *image.Paletted {
	b := cur.Bounds()
	box := image.Rectangle{}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := y * cur.Stride
		for x := b.Min.X; x < b.Max.X; x++ {
			if prev.Pix[row+x] != cur.Pix[row+x] {
				box = box.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	if box.Empty() {
		box = image.Rect(0, 0, 1, 1)
	}
	out := image.NewPaletted(box, cur.Palette)
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			i := cur.Pix[y*cur.Stride+x]
			if i == prev.Pix[y*prev.Stride+x] {
				i = transparent
			}
			out.Pix[out.PixOffset(x, y)] = i
		}
	}
	return out
}

// quantizer maps colours to one shared palette: the 255 most used colours
// of all frames (at 4 bits a channel, each entry the average of the
// colours it stands for), then a transparent entry.
type quantizer struct {
	palette     color.Palette
	transparent uint8
	nearest     [4096]uint8 // palette index of each 4-bit-a-channel colour
}

func bucket(r, g, b uint8) int { return int(r>>4)<<8 | int(g>>4)<<4 | int(b>>4) }

func newQuantizer(images []*image.RGBA) *quantizer {
	type stat struct {
		key     int
		n       int
		r, g, b int
	}
	var hist [4096]stat
	for _, img := range images {
		for i := 0; i+3 < len(img.Pix); i += 4 {
			s := &hist[bucket(img.Pix[i], img.Pix[i+1], img.Pix[i+2])]
			s.n++
			s.r += int(img.Pix[i])
			s.g += int(img.Pix[i+1])
			s.b += int(img.Pix[i+2])
		}
	}
	var used []stat
	for k, s := range hist {
		if s.n > 0 {
			s.key = k
			used = append(used, s)
		}
	}
	slices.SortFunc(used, func(a, b stat) int { return cmp.Or(b.n-a.n, a.key-b.key) })
	used = used[:min(len(used), 255)]
	q := &quantizer{}
	for _, s := range used {
		q.palette = append(q.palette, color.RGBA{uint8(s.r / s.n), uint8(s.g / s.n), uint8(s.b / s.n), 255})
	}
	q.transparent = uint8(len(q.palette))
	q.palette = append(q.palette, color.RGBA{})
	for k := range q.nearest {
		c := color.RGBA{uint8(k>>8)<<4 | 8, uint8(k>>4&15)<<4 | 8, uint8(k&15)<<4 | 8, 255}
		q.nearest[k] = uint8(q.palette[:q.transparent].Index(c))
	}
	for _, s := range used { // a colour of the palette maps to its own entry
		q.nearest[s.key] = uint8(slices.IndexFunc(used, func(u stat) bool { return u.key == s.key }))
	}
	return q
}

// index converts an image to palette indices.
func (q *quantizer) index(img *image.RGBA) *image.Paletted {
	out := image.NewPaletted(img.Bounds(), q.palette)
	for i, j := 0, 0; i+3 < len(img.Pix); i, j = i+4, j+1 {
		out.Pix[j] = q.nearest[bucket(img.Pix[i], img.Pix[i+1], img.Pix[i+2])]
	}
	return out
}
