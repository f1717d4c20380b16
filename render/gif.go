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
//
// Only the first drawing is rasterised whole: each next one is painted
// over the last where their display lists differ (a move's few squares),
// and only those patches are kept until the frames are encoded.
func GIF(w io.Writer, frames []*Drawing, o GIFOptions) error {
	if len(frames) == 0 {
		return ErrNoFrames
	}
	patches, hist, err := paintFrames(frames)
	if err != nil {
		return err
	}
	q := newQuantizer(hist)
	b := patches[0][0].Bounds()
	anim := &gif.GIF{Config: image.Config{ColorModel: q.palette, Width: b.Dx(), Height: b.Dy()}}
	delay, last := centis(o.Delay, time.Second), centis(o.LastDelay, 3*time.Second)
	screen := image.NewPaletted(b, q.palette)
	for i, ps := range patches {
		var frame *image.Paletted
		if i == 0 {
			frame = image.NewPaletted(b, q.palette)
			q.indexInto(frame, ps[0])
			copy(screen.Pix, frame.Pix)
		} else {
			frame = q.update(screen, ps)
		}
		anim.Image = append(anim.Image, frame)
		anim.Delay = append(anim.Delay, delay)
		anim.Disposal = append(anim.Disposal, gif.DisposalNone)
	}
	anim.Delay[len(anim.Delay)-1] = last
	if err := gif.EncodeAll(w, anim); err != nil {
		return fmt.Errorf("render: writing GIF: %w", err)
	}
	return nil
}

// paintFrames paints the drawings one over the other and returns, per
// frame, the patches of pixels painted for it (the whole image for the
// first), with the colour histogram of all frames' every pixel.
func paintFrames(frames []*Drawing) ([][]*image.RGBA, *colorHist, error) {
	var canvas frameCanvas
	var shown colorHist // the histogram of the canvas as it stands
	hist := &colorHist{}
	size := pixelSize(frames[0])
	patches := make([][]*image.RGBA, len(frames))
	for i, d := range frames {
		if pixelSize(d) != size {
			return nil, nil, fmt.Errorf("render: GIF frame %d is %v, the first %v", i+1, pixelSize(d), size)
		}
		regions := canvas.regions(d)
		if i > 0 {
			for _, r := range regions {
				shown.add(canvas.img, r, -1)
			}
		}
		canvas.paint(d, regions)
		for _, r := range regions {
			shown.add(canvas.img, r, 1)
			patches[i] = append(patches[i], copyRegion(canvas.img, r))
		}
		hist.addAll(&shown)
	}
	return patches, hist, nil
}

// copyRegion is a copy of rect of img.
func copyRegion(img *image.RGBA, rect image.Rectangle) *image.RGBA {
	out := image.NewRGBA(rect)
	for y := rect.Min.Y; y < rect.Max.Y; y++ {
		copy(out.Pix[out.PixOffset(rect.Min.X, y):out.PixOffset(rect.Max.X, y)], img.Pix[img.PixOffset(rect.Min.X, y):img.PixOffset(rect.Max.X, y)])
	}
	return out
}

// centis converts a delay to the GIF's hundredths of a second.
func centis(d, def time.Duration) int {
	if d <= 0 {
		d = def
	}
	return int(d / (10 * time.Millisecond))
}

// colorStat counts the pixels of one 4-bit-a-channel colour bucket and
// sums their channels.
type colorStat struct {
	n, r, g, b int
}

// colorHist is a histogram of pixels by bucket.
type colorHist [4096]colorStat

func bucket(r, g, b uint8) int { return int(r>>4)<<8 | int(g>>4)<<4 | int(b>>4) }

// add counts the pixels of rect of img into h (sign 1) or out of it (-1).
func (h *colorHist) add(img *image.RGBA, rect image.Rectangle, sign int) {
	for y := rect.Min.Y; y < rect.Max.Y; y++ {
		row := img.Pix[img.PixOffset(rect.Min.X, y):img.PixOffset(rect.Max.X, y)]
		for i := 0; i+3 < len(row); i += 4 {
			s := &h[bucket(row[i], row[i+1], row[i+2])]
			s.n += sign
			s.r += sign * int(row[i])
			s.g += sign * int(row[i+1])
			s.b += sign * int(row[i+2])
		}
	}
}

// addAll adds every count of o to h.
func (h *colorHist) addAll(o *colorHist) {
	for k := range h {
		h[k].n += o[k].n
		h[k].r += o[k].r
		h[k].g += o[k].g
		h[k].b += o[k].b
	}
}

// quantizer maps colours to one shared palette: the 255 most used colours
// of all frames (at 4 bits a channel, each entry the average of the
// colours it stands for), then a transparent entry.
type quantizer struct {
	palette     color.Palette
	transparent uint8
	nearest     [4096]uint8 // palette index of each 4-bit-a-channel colour
}

func newQuantizer(hist *colorHist) *quantizer {
	type used struct {
		key int
		colorStat
	}
	var all []used
	for k, s := range hist {
		if s.n > 0 {
			all = append(all, used{k, s})
		}
	}
	slices.SortFunc(all, func(a, b used) int { return cmp.Or(b.n-a.n, a.key-b.key) })
	all = all[:min(len(all), 255)]
	q := &quantizer{}
	for _, s := range all {
		q.palette = append(q.palette, color.RGBA{uint8(s.r / s.n), uint8(s.g / s.n), uint8(s.b / s.n), 255})
	}
	q.transparent = uint8(len(q.palette))
	q.palette = append(q.palette, color.RGBA{})
	for k := range q.nearest {
		c := color.RGBA{uint8(k>>8)<<4 | 8, uint8(k>>4&15)<<4 | 8, uint8(k&15)<<4 | 8, 255}
		q.nearest[k] = uint8(q.palette[:q.transparent].Index(c))
	}
	for i, s := range all { // a colour of the palette maps to its own entry
		q.nearest[s.key] = uint8(i)
	}
	return q
}

// indexInto converts the pixels of img to palette indices in the same
// pixels of dst.
func (q *quantizer) indexInto(dst *image.Paletted, img *image.RGBA) {
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		src := img.Pix[img.PixOffset(b.Min.X, y):img.PixOffset(b.Max.X, y)]
		out := dst.Pix[dst.PixOffset(b.Min.X, y):dst.PixOffset(b.Max.X, y)]
		for i, j := 0, 0; i+3 < len(src); i, j = i+4, j+1 {
			out[j] = q.nearest[bucket(src[i], src[i+1], src[i+2])]
		}
	}
}

// update puts the patches on screen, the previous frame in palette
// indices, and returns the next frame: the box of pixels that changed,
// the unchanged ones in it transparent; a 1×1 transparent frame when
// nothing changed.
func (q *quantizer) update(screen *image.Paletted, patches []*image.RGBA) *image.Paletted {
	idx := make([]*image.Paletted, len(patches))
	box := image.Rectangle{}
	for k, p := range patches {
		idx[k] = image.NewPaletted(p.Bounds(), q.palette)
		q.indexInto(idx[k], p)
		box = box.Union(changedBox(screen, idx[k]))
	}
	if box.Empty() {
		box = image.Rect(0, 0, 1, 1)
	}
	out := image.NewPaletted(box, screen.Palette)
	for i := range out.Pix {
		out.Pix[i] = q.transparent
	}
	for _, p := range idx {
		r := p.Bounds().Intersect(box)
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				if v := p.Pix[p.PixOffset(x, y)]; v != screen.Pix[screen.PixOffset(x, y)] {
					out.Pix[out.PixOffset(x, y)] = v
				}
			}
		}
	}
	for _, p := range idx {
		b := p.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y++ {
			copy(screen.Pix[screen.PixOffset(b.Min.X, y):screen.PixOffset(b.Max.X, y)], p.Pix[p.PixOffset(b.Min.X, y):p.PixOffset(b.Max.X, y)])
		}
	}
	return out
}

// changedBox is the box of the pixels of p that differ from screen's.
func changedBox(screen, p *image.Paletted) image.Rectangle {
	box := image.Rectangle{}
	b := p.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if p.Pix[p.PixOffset(x, y)] != screen.Pix[screen.PixOffset(x, y)] {
				box = box.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return box
}
