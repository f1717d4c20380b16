package main

import (
	"fmt"
	"os"
	"strings"

	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// glyph is one rune's outline in units of 1/1000 em.
type glyph struct {
	r       rune
	advance int
	d       string
}

type glyphSet struct {
	name   string
	glyphs []glyph
}

// loadGlyphs reads the outlines of runes from a font file; for a collection
// it takes the first font whose name contains hint.
func loadGlyphs(path, hint, runes string) (glyphSet, error) {
	var set glyphSet
	src, err := os.ReadFile(path)
	if err != nil {
		return set, err
	}
	f, err := pickFont(src, hint)
	if err != nil {
		return set, fmt.Errorf("%s: %w", path, err)
	}
	var buf sfnt.Buffer
	if set.name, err = f.Name(&buf, sfnt.NameIDFull); err != nil {
		return set, fmt.Errorf("%s: name: %w", path, err)
	}
	upem := fixed.Int26_6(f.UnitsPerEm()) << 6
	scale := 1000 / float64(upem)
	for _, r := range runes {
		g, err := outline(f, &buf, r, upem, scale)
		if err != nil {
			return set, fmt.Errorf("%s: %q: %w", path, r, err)
		}
		set.glyphs = append(set.glyphs, g)
	}
	return set, nil
}

func pickFont(src []byte, hint string) (*sfnt.Font, error) {
	c, err := sfnt.ParseCollection(src)
	if err != nil {
		return nil, err
	}
	var buf sfnt.Buffer
	for i := 0; i < c.NumFonts(); i++ {
		f, err := c.Font(i)
		if err != nil {
			return nil, err
		}
		name, _ := f.Name(&buf, sfnt.NameIDFull)
		if strings.Contains(name, hint) {
			return f, nil
		}
	}
	return nil, fmt.Errorf("no font named like %q", hint)
}

func outline(f *sfnt.Font, buf *sfnt.Buffer, r rune, upem fixed.Int26_6, scale float64) (glyph, error) {
	gi, err := f.GlyphIndex(buf, r)
	if err != nil || gi == 0 {
		return glyph{}, fmt.Errorf("no glyph (%v)", err)
	}
	segs, err := f.LoadGlyph(buf, gi, upem, nil)
	if err != nil {
		return glyph{}, err
	}
	adv, err := f.GlyphAdvance(buf, gi, upem, 0)
	if err != nil {
		return glyph{}, err
	}
	var pb pathBuilder
	open := false
	p := func(a fixed.Point26_6) []float64 {
		return []float64{float64(a.X) * scale, float64(a.Y) * scale}
	}
	for _, s := range segs {
		switch s.Op {
		case sfnt.SegmentOpMoveTo:
			if open {
				pb.cmd('Z')
			}
			pb.cmd('M', p(s.Args[0])...)
			open = true
		case sfnt.SegmentOpLineTo:
			pb.cmd('L', p(s.Args[0])...)
		case sfnt.SegmentOpQuadTo:
			pb.cmd('Q', append(p(s.Args[0]), p(s.Args[1])...)...)
		case sfnt.SegmentOpCubeTo:
			pb.cmd('C', append(append(p(s.Args[0]), p(s.Args[1])...), p(s.Args[2])...)...)
		}
	}
	if open {
		pb.cmd('Z')
	}
	// Whole units are enough at 1000 to the em.
	return glyph{r, int(float64(adv)*scale + 0.5), roundPath(pb.String())}, nil
}

// roundPath rounds every number of a path to a whole unit.
func roundPath(d string) string {
	var sb strings.Builder
	for i := 0; i < len(d); {
		j := i
		for j < len(d) && strings.IndexByte("-.0123456789", d[j]) >= 0 {
			j++
		}
		if j == i {
			sb.WriteByte(d[i])
			i++
			continue
		}
		var v float64
		fmt.Sscan(d[i:j], &v)
		sb.WriteString(num(float64(int64(v + sign(v)*0.5))))
		i = j
	}
	return sb.String()
}

func sign(v float64) float64 {
	if v < 0 {
		return -1
	}
	return 1
}
