package render

import (
	"bufio"
	"fmt"
	"image/color"
	"io"
	"math"
	"strconv"
	"strings"
)

// WriteSVG writes the drawing as a standalone SVG document. The output
// depends only on the drawing: numbers are rounded to 1/100 and written in
// the shortest form, so the same drawing always gives the same bytes.
func (d *Drawing) WriteSVG(w io.Writer) error {
	bw := bufio.NewWriter(w)
	width, height := num(d.Width), num(d.Height)
	fmt.Fprintf(bw, `<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s">`+"\n", width, height, width, height)
	if d.CSS != "" {
		bw.WriteString("<style>\n")
		bw.WriteString(strings.ReplaceAll(d.CSS, "</", `<\/`)) // cannot end the element early
		bw.WriteString("\n</style>\n")
	}
	if len(d.Defs) > 0 {
		bw.WriteString("<defs>\n")
		for i := range d.Defs {
			fmt.Fprintf(bw, "<g id=\"%s\">\n", d.Defs[i].ID)
			writeNode(bw, &d.Defs[i].Node)
			bw.WriteString("</g>\n")
		}
		bw.WriteString("</defs>\n")
	}
	for i := range d.Nodes {
		writeNode(bw, &d.Nodes[i])
	}
	bw.WriteString("</svg>\n")
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("render: writing SVG: %w", err)
	}
	return nil
}

func writeNode(w *bufio.Writer, n *Node) {
	switch n.Kind {
	case KindRect:
		w.WriteString("<rect")
		writeClass(w, n.Class)
		writeAttrs(w, "x", n.X1, "y", n.Y1, "width", n.X2-n.X1, "height", n.Y2-n.Y1)
	case KindCircle:
		w.WriteString("<circle")
		writeClass(w, n.Class)
		writeAttrs(w, "cx", n.X1, "cy", n.Y1, "r", n.R)
	case KindLine:
		w.WriteString("<line")
		writeClass(w, n.Class)
		writeAttrs(w, "x1", n.X1, "y1", n.Y1, "x2", n.X2, "y2", n.Y2)
	case KindPath:
		w.WriteString("<path")
		writeClass(w, n.Class)
		w.WriteString(` d="`)
		writePathData(w, n.Path)
		w.WriteByte('"')
	case KindUse:
		w.WriteString("<use")
		writeClass(w, n.Class)
		fmt.Fprintf(w, ` href="#%s"`, n.Ref)
		writeTransform(w, n.Transform)
		if n.Paint != (Paint{}) {
			writePaint(w, n.Paint)
		}
		w.WriteString("/>\n")
		return
	case KindGroup:
		w.WriteString("<g")
		writeClass(w, n.Class)
		writeTransform(w, n.Transform)
		w.WriteString(">\n")
		for i := range n.Children {
			writeNode(w, &n.Children[i])
		}
		w.WriteString("</g>\n")
		return
	}
	writePaint(w, n.Paint)
	w.WriteString("/>\n")
}

// writeTransform writes a group's transform attribute, none for the identity.
func writeTransform(w *bufio.Writer, t Transform) {
	if t == identity {
		return
	}
	fmt.Fprintf(w, ` transform="translate(%s %s)`, num(t.DX), num(t.DY))
	if t.Scale != 1 {
		fmt.Fprintf(w, ` scale(%s)`, strconv.FormatFloat(t.Scale, 'g', 6, 64))
	}
	w.WriteByte('"')
}

func writeClass(w *bufio.Writer, class string) {
	if class != "" {
		fmt.Fprintf(w, ` class="%s"`, class)
	}
}

func writeAttrs(w *bufio.Writer, kv ...any) {
	for i := 0; i < len(kv); i += 2 {
		fmt.Fprintf(w, ` %s="%s"`, kv[i], num(kv[i+1].(float64)))
	}
}

// writePaint writes the paint as presentation attributes, which any CSS
// rule overrides.
func writePaint(w *bufio.Writer, p Paint) {
	if p.Inherit {
		return
	}
	writeColor(w, "fill", p.Fill)
	if p.Stroke.A == 0 {
		return
	}
	writeColor(w, "stroke", p.Stroke)
	fmt.Fprintf(w, ` stroke-width="%s"`, num(p.Width))
	if p.ButtCap {
		w.WriteString(` stroke-linejoin="round"`)
	} else {
		w.WriteString(` stroke-linecap="round" stroke-linejoin="round"`)
	}
}

func writeColor(w *bufio.Writer, attr string, c color.NRGBA) {
	if c.A == 0 {
		fmt.Fprintf(w, ` %s="none"`, attr)
		return
	}
	fmt.Fprintf(w, ` %s="#%02x%02x%02x"`, attr, c.R, c.G, c.B)
	if c.A != 255 {
		fmt.Fprintf(w, ` %s-opacity="%s"`, attr, num(float64(c.A)/255))
	}
}

func writePathData(w *bufio.Writer, p *Path) {
	k := 0
	for i, op := range p.Ops {
		if i > 0 {
			w.WriteByte(' ')
		}
		w.WriteByte(opLetters[op])
		for j := 0; j < opPoints[op]; j++ {
			if j > 0 {
				w.WriteByte(' ')
			}
			w.WriteString(num(p.Pts[k].X))
			w.WriteByte(' ')
			w.WriteString(num(p.Pts[k].Y))
			k++
		}
	}
}

// num formats v rounded to 1/100 in its shortest form, never "-0".
func num(v float64) string {
	v = math.Round(v*100) / 100
	if v == 0 {
		v = 0
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}
