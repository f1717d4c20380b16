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
	sw := &svgWriter{w: bufio.NewWriter(w)}
	sw.str(`<svg xmlns="http://www.w3.org/2000/svg"`)
	sw.attrs("width", d.Width, "height", d.Height)
	sw.str(` viewBox="0 0 `)
	sw.num(d.Width)
	sw.w.WriteByte(' ')
	sw.num(d.Height)
	sw.str("\">\n")
	if d.CSS != "" {
		// CDATA keeps CSS's own characters (a > b, &) out of XML's way; a
		// "]]>" in the sheet is split across two sections.
		sw.str("<style><![CDATA[\n")
		sw.str(strings.ReplaceAll(d.CSS, "]]>", "]]]]><![CDATA[>"))
		sw.str("\n]]></style>\n")
	}
	if len(d.Defs) > 0 {
		sw.str("<defs>\n")
		for i := range d.Defs {
			sw.str(`<g id="`)
			sw.attrText(d.Defs[i].ID)
			sw.str("\">\n")
			sw.defBody(&d.Defs[i].Node)
			sw.str("</g>\n")
		}
		sw.str("</defs>\n")
	}
	for i := range d.Nodes {
		sw.node(&d.Nodes[i])
	}
	sw.str("</svg>\n")
	if err := sw.w.Flush(); err != nil {
		return fmt.Errorf("render: writing SVG: %w", err)
	}
	return nil
}

// defBody writes a Def's node inside its <g id>: a plain group's children
// directly, without a second <g>.
func (sw *svgWriter) defBody(n *Node) {
	if n.Kind != KindGroup || n.Class != "" || n.Transform != identity {
		sw.node(n)
		return
	}
	for i := range n.Children {
		sw.node(&n.Children[i])
	}
}

// svgWriter writes elements without fmt: numbers are appended into one
// reused buffer, so writing a board allocates almost nothing.
type svgWriter struct {
	w   *bufio.Writer
	buf []byte
}

func (sw *svgWriter) str(s string) { sw.w.WriteString(s) }

// attrEscaper escapes text for a double-quoted XML attribute.
var attrEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")

// attrText writes an attribute value given by the caller (a class, an ID).
func (sw *svgWriter) attrText(s string) {
	if strings.ContainsAny(s, `&<>"`) {
		s = attrEscaper.Replace(s)
	}
	sw.str(s)
}

// num writes v rounded to 1/100 in its shortest form, never "-0".
func (sw *svgWriter) num(v float64) {
	sw.buf = appendNum(sw.buf[:0], v)
	sw.w.Write(sw.buf)
}

// appendNum appends v rounded to 1/100 in its shortest form, never "-0".
func appendNum(b []byte, v float64) []byte {
	v = math.Round(v*100) / 100
	if v == 0 {
		v = 0
	}
	return strconv.AppendFloat(b, v, 'f', -1, 64)
}

// attrs writes name="value" pairs of numbers.
func (sw *svgWriter) attrs(kv ...any) {
	for i := 0; i < len(kv); i += 2 {
		sw.w.WriteByte(' ')
		sw.str(kv[i].(string))
		sw.str(`="`)
		sw.num(kv[i+1].(float64))
		sw.w.WriteByte('"')
	}
}

func (sw *svgWriter) node(n *Node) {
	switch n.Kind {
	case KindRect:
		sw.open("<rect", n.Class)
		sw.attrs("x", n.X1, "y", n.Y1, "width", n.X2-n.X1, "height", n.Y2-n.Y1)
	case KindCircle:
		sw.open("<circle", n.Class)
		sw.attrs("cx", n.X1, "cy", n.Y1, "r", n.R)
	case KindLine:
		sw.open("<line", n.Class)
		sw.attrs("x1", n.X1, "y1", n.Y1, "x2", n.X2, "y2", n.Y2)
	case KindPath:
		sw.open("<path", n.Class)
		sw.str(` d="`)
		sw.pathData(n.Path)
		sw.w.WriteByte('"')
	case KindUse:
		sw.open("<use", n.Class)
		sw.str(` href="#`)
		sw.attrText(n.Ref)
		sw.w.WriteByte('"')
		sw.transform(n.Transform)
		if n.Paint != (Paint{}) {
			sw.paint(n.Paint)
		}
		sw.str("/>\n")
		return
	case KindGroup:
		sw.open("<g", n.Class)
		sw.transform(n.Transform)
		sw.str(">\n")
		for i := range n.Children {
			sw.node(&n.Children[i])
		}
		sw.str("</g>\n")
		return
	}
	sw.paint(n.Paint)
	sw.str("/>\n")
}

// open starts an element with its class attribute.
func (sw *svgWriter) open(tag, class string) {
	sw.str(tag)
	if class != "" {
		sw.str(` class="`)
		sw.attrText(class)
		sw.w.WriteByte('"')
	}
}

// transform writes a transform attribute, none for the identity.
func (sw *svgWriter) transform(t Transform) {
	if t == identity {
		return
	}
	sw.str(` transform="translate(`)
	sw.num(t.DX)
	sw.w.WriteByte(' ')
	sw.num(t.DY)
	sw.w.WriteByte(')')
	if t.Scale != 1 {
		sw.str(" scale(")
		sw.buf = strconv.AppendFloat(sw.buf[:0], t.Scale, 'g', 6, 64)
		sw.w.Write(sw.buf)
		sw.w.WriteByte(')')
	}
	sw.w.WriteByte('"')
}

// paint writes the paint as presentation attributes, which any CSS rule
// overrides; nothing for inherited paint.
func (sw *svgWriter) paint(p Paint) {
	if p.Inherit {
		return
	}
	sw.color("fill", p.Fill)
	if p.Stroke.A == 0 {
		return
	}
	sw.color("stroke", p.Stroke)
	sw.attrs("stroke-width", p.Width)
	if p.ButtCap {
		sw.str(` stroke-linejoin="round"`)
	} else {
		sw.str(` stroke-linecap="round" stroke-linejoin="round"`)
	}
}

const hexDigits = "0123456789abcdef"

func (sw *svgWriter) color(attr string, c color.NRGBA) {
	sw.w.WriteByte(' ')
	sw.str(attr)
	if c.A == 0 {
		sw.str(`="none"`)
		return
	}
	sw.str(`="#`)
	for _, v := range [3]uint8{c.R, c.G, c.B} {
		sw.w.WriteByte(hexDigits[v>>4])
		sw.w.WriteByte(hexDigits[v&15])
	}
	sw.w.WriteByte('"')
	if c.A != 255 {
		sw.attrs(attr+"-opacity", float64(c.A)/255)
	}
}

func (sw *svgWriter) pathData(p *Path) {
	k := 0
	for i, op := range p.Ops {
		if i > 0 {
			sw.w.WriteByte(' ')
		}
		sw.w.WriteByte(opLetters[op])
		for j := 0; j < opPoints[op]; j++ {
			if j > 0 {
				sw.w.WriteByte(' ')
			}
			sw.num(p.Pts[k].X)
			sw.w.WriteByte(' ')
			sw.num(p.Pts[k].Y)
			k++
		}
	}
}
