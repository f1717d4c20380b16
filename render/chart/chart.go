// Package chart draws a line chart as SVG: a player's rating over their
// games (the profile page's graph). It uses only the standard library.
//
//	svg := chart.Line([]float64{1500, 1662, 1590}, chart.Options{Width: 600, Height: 200})
package chart

import (
	"bytes"
	"fmt"
	"math"
)

// Options size and label a chart.
type Options struct {
	Width, Height int    // pixels; 600×200 when zero
	Title         string // the SVG's <title>, for screen readers; "" for none
}

// margin leaves room for the axis labels.
const margin = 40

// Line draws values, in order, as a polyline scaled to fit, with the
// lowest and highest value labelled on a left axis, rounded down and up to
// the nearest 50 (a rating's scale). No value draws an empty frame.
func Line(values []float64, o Options) []byte {
	if o.Width <= 0 {
		o.Width = 600
	}
	if o.Height <= 0 {
		o.Height = 200
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" role="img">`, o.Width, o.Height, o.Width, o.Height)
	if o.Title != "" {
		b.WriteString("<title>")
		escape(&b, o.Title)
		b.WriteString("</title>")
	}
	x0, y0, x1, y1 := float64(margin), 10.0, float64(o.Width-10), float64(o.Height-20)
	fmt.Fprintf(&b, `<rect x="%g" y="%g" width="%g" height="%g" fill="none" stroke="#888" stroke-width="1"/>`, x0, y0, x1-x0, y1-y0)
	if len(values) == 0 {
		b.WriteString("</svg>")
		return b.Bytes()
	}
	lo, hi := values[0], values[0]
	for _, v := range values {
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	lo, hi = math.Floor(lo/50)*50, math.Ceil(hi/50)*50
	if hi == lo {
		hi = lo + 50
	}
	fmt.Fprintf(&b, `<text x="%g" y="%g" font-size="11" text-anchor="end" fill="#888">%g</text>`, x0-4, y0+10, hi)
	fmt.Fprintf(&b, `<text x="%g" y="%g" font-size="11" text-anchor="end" fill="#888">%g</text>`, x0-4, y1, lo)
	b.WriteString(`<polyline fill="none" stroke="#629924" stroke-width="2" points="`)
	for i, v := range values {
		x := x0
		if len(values) > 1 {
			x = x0 + (x1-x0)*float64(i)/float64(len(values)-1)
		}
		y := y1 - (y1-y0)*(v-lo)/(hi-lo)
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%.1f,%.1f", x, y)
	}
	b.WriteString(`"/></svg>`)
	return b.Bytes()
}

// escape writes s as SVG text.
func escape(b *bytes.Buffer, s string) {
	for _, r := range s {
		switch r {
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '&':
			b.WriteString("&amp;")
		default:
			b.WriteRune(r)
		}
	}
}
