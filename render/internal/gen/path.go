package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// pathBuilder writes absolute path commands with numbers rounded to 1/100.
type pathBuilder struct{ sb strings.Builder }

func (pb *pathBuilder) cmd(c byte, xy ...float64) {
	pb.sb.WriteByte(c)
	for i, v := range xy {
		if i > 0 {
			pb.sb.WriteByte(' ')
		}
		pb.sb.WriteString(num(v))
	}
}

func (pb *pathBuilder) String() string { return pb.sb.String() }

// circle writes a circle as four cubic quarter arcs.
func (pb *pathBuilder) circle(cx, cy, r float64) {
	const k = 0.5522847498
	pb.cmd('M', cx+r, cy)
	pb.cmd('C', cx+r, cy+k*r, cx+k*r, cy+r, cx, cy+r)
	pb.cmd('C', cx-k*r, cy+r, cx-r, cy+k*r, cx-r, cy)
	pb.cmd('C', cx-r, cy-k*r, cx-k*r, cy-r, cx, cy-r)
	pb.cmd('C', cx+k*r, cy-r, cx+r, cy-k*r, cx+r, cy)
	pb.cmd('Z')
}

func num(v float64) string {
	v = math.Round(v*100) / 100
	if v == 0 {
		v = 0 // no "-0"
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// pathScanner reads SVG path data: command letters and numbers in any of
// the compact forms (".5.5", "1-2", "1e3").
type pathScanner struct {
	s   string
	pos int
}

func (ps *pathScanner) skip() {
	for ps.pos < len(ps.s) && strings.IndexByte(" ,\t\n\r", ps.s[ps.pos]) >= 0 {
		ps.pos++
	}
}

func (ps *pathScanner) number() (float64, error) {
	ps.skip()
	start := ps.pos
	i := ps.pos
	if i < len(ps.s) && (ps.s[i] == '-' || ps.s[i] == '+') {
		i++
	}
	dot, exp := false, false
	for ; i < len(ps.s); i++ {
		c := ps.s[i]
		switch {
		case c >= '0' && c <= '9':
		case c == '.' && !dot && !exp:
			dot = true
		case (c == 'e' || c == 'E') && !exp:
			exp = true
			if i+1 < len(ps.s) && (ps.s[i+1] == '-' || ps.s[i+1] == '+') {
				i++
			}
		default:
			goto done
		}
	}
done:
	ps.pos = i
	v, err := strconv.ParseFloat(ps.s[start:i], 64)
	if err != nil {
		return 0, fmt.Errorf("path %q at %d: %w", ps.s, start, err)
	}
	return v, nil
}

// flag reads an arc flag, which may be written without a separator.
func (ps *pathScanner) flag() (float64, error) {
	ps.skip()
	if ps.pos < len(ps.s) && (ps.s[ps.pos] == '0' || ps.s[ps.pos] == '1') {
		ps.pos++
		return float64(ps.s[ps.pos-1] - '0'), nil
	}
	return 0, fmt.Errorf("path %q at %d: want an arc flag", ps.s, ps.pos)
}

func (ps *pathScanner) moreNumbers() bool {
	ps.skip()
	return ps.pos < len(ps.s) && strings.IndexByte("+-.0123456789", ps.s[ps.pos]) >= 0
}

// absolutePath converts SVG path data to absolute M, L, C, Z commands.
func absolutePath(d string) (string, error) {
	ps := &pathScanner{s: d}
	var pb pathBuilder
	var x, y, sx, sy, cx, cy float64 // current point, subpath start, last cubic control
	var last byte
	for {
		ps.skip()
		if ps.pos >= len(ps.s) {
			return pb.String(), nil
		}
		c := ps.s[ps.pos]
		if strings.IndexByte("MmLlHhVvCcSsQqAaZz", c) < 0 {
			return "", fmt.Errorf("path %q at %d: unknown command %q", d, ps.pos, c)
		}
		ps.pos++
		first := true
		for first || ps.moreNumbers() {
			n := make([]float64, argCount(c))
			for i := range n {
				var err error
				if (c == 'a' || c == 'A') && (i == 3 || i == 4) {
					n[i], err = ps.flag()
				} else {
					n[i], err = ps.number()
				}
				if err != nil {
					return "", err
				}
			}
			rel := c >= 'a'
			ox, oy := 0.0, 0.0
			if rel {
				ox, oy = x, y
			}
			switch c | 0x20 {
			case 'm':
				x, y = ox+n[0], oy+n[1]
				if first {
					sx, sy = x, y
					pb.cmd('M', x, y)
				} else {
					pb.cmd('L', x, y)
				}
			case 'l':
				x, y = ox+n[0], oy+n[1]
				pb.cmd('L', x, y)
			case 'h':
				x = ox + n[0]
				pb.cmd('L', x, y)
			case 'v':
				y = oy + n[0]
				pb.cmd('L', x, y)
			case 'c':
				pb.cmd('C', ox+n[0], oy+n[1], ox+n[2], oy+n[3], ox+n[4], oy+n[5])
				cx, cy = ox+n[2], oy+n[3]
				x, y = ox+n[4], oy+n[5]
			case 's':
				c1x, c1y := x, y
				if strings.IndexByte("CcSs", last) >= 0 {
					c1x, c1y = 2*x-cx, 2*y-cy
				}
				pb.cmd('C', c1x, c1y, ox+n[0], oy+n[1], ox+n[2], oy+n[3])
				cx, cy = ox+n[0], oy+n[1]
				x, y = ox+n[2], oy+n[3]
			case 'q':
				pb.cmd('Q', ox+n[0], oy+n[1], ox+n[2], oy+n[3])
				x, y = ox+n[2], oy+n[3]
			case 'a':
				ex, ey := ox+n[5], oy+n[6]
				arcToCubics(&pb, x, y, n[0], n[1], n[2], n[3] != 0, n[4] != 0, ex, ey)
				x, y = ex, ey
			case 'z':
				pb.cmd('Z')
				x, y = sx, sy
			}
			last = c
			first = false
			if c == 'z' || c == 'Z' {
				break
			}
		}
	}
}

func argCount(c byte) int {
	switch c | 0x20 {
	case 'm', 'l':
		return 2
	case 'h', 'v':
		return 1
	case 'c':
		return 6
	case 's', 'q':
		return 4
	case 'a':
		return 7
	}
	return 0
}

// arcToCubics converts an SVG elliptical arc (endpoint form, SVG 1.1
// appendix F.6) to cubic Béziers of at most a quarter turn each.
func arcToCubics(pb *pathBuilder, x1, y1, rx, ry, phiDeg float64, large, sweep bool, x2, y2 float64) {
	if rx == 0 || ry == 0 {
		pb.cmd('L', x2, y2)
		return
	}
	rx, ry = math.Abs(rx), math.Abs(ry)
	phi := phiDeg * math.Pi / 180
	sin, cos := math.Sincos(phi)
	dx, dy := (x1-x2)/2, (y1-y2)/2
	x1p, y1p := cos*dx+sin*dy, -sin*dx+cos*dy
	if l := x1p*x1p/(rx*rx) + y1p*y1p/(ry*ry); l > 1 {
		rx, ry = rx*math.Sqrt(l), ry*math.Sqrt(l)
	}
	numer := rx*rx*ry*ry - rx*rx*y1p*y1p - ry*ry*x1p*x1p
	den := rx*rx*y1p*y1p + ry*ry*x1p*x1p
	co := math.Sqrt(math.Max(0, numer/den))
	if large == sweep {
		co = -co
	}
	cxp, cyp := co*rx*y1p/ry, -co*ry*x1p/rx
	cx := cos*cxp - sin*cyp + (x1+x2)/2
	cy := sin*cxp + cos*cyp + (y1+y2)/2
	angle := func(ux, uy, vx, vy float64) float64 {
		return math.Atan2(ux*vy-uy*vx, ux*vx+uy*vy)
	}
	t1 := angle(1, 0, (x1p-cxp)/rx, (y1p-cyp)/ry)
	dt := angle((x1p-cxp)/rx, (y1p-cyp)/ry, (-x1p-cxp)/rx, (-y1p-cyp)/ry)
	if !sweep && dt > 0 {
		dt -= 2 * math.Pi
	} else if sweep && dt < 0 {
		dt += 2 * math.Pi
	}
	n := int(math.Ceil(math.Abs(dt) / (math.Pi / 2)))
	step := dt / float64(n)
	k := 4.0 / 3 * math.Tan(step/4)
	point := func(t float64) (float64, float64) {
		ex, ey := rx*math.Cos(t), ry*math.Sin(t)
		return cos*ex - sin*ey + cx, sin*ex + cos*ey + cy
	}
	deriv := func(t float64) (float64, float64) {
		ex, ey := -rx*math.Sin(t), ry*math.Cos(t)
		return cos*ex - sin*ey, sin*ex + cos*ey
	}
	for i := 0; i < n; i++ {
		a, b := t1+float64(i)*step, t1+float64(i+1)*step
		ax, ay := point(a)
		bx, by := point(b)
		dax, day := deriv(a)
		dbx, dby := deriv(b)
		if i == n-1 {
			bx, by = x2, y2
		}
		pb.cmd('C', ax+k*dax, ay+k*day, bx-k*dbx, by-k*dby, bx, by)
	}
}
