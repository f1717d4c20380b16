package main

import (
	"encoding/base64"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
)

// shape is one painted path of a piece: fill and stroke as 0xRRGGBB or -1 for none.
type shape struct {
	d            string
	fill, stroke int32
	width        float64
	butt, miter  bool
}

var pieceRule = regexp.MustCompile(`piece\.(pawn|knight|bishop|rook|queen|king)\.(white|black)\s*\{\s*background-image:\s*url\('data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)'\)`)

var pieceOrder = map[string]int{"pawn": 0, "knight": 1, "bishop": 2, "rook": 3, "queen": 4, "king": 5}

func readCburnett(path string) ([12][]shape, error) {
	var pieces [12][]shape
	css, err := os.ReadFile(path)
	if err != nil {
		return pieces, err
	}
	found := 0
	for _, m := range pieceRule.FindAllStringSubmatch(string(css), -1) {
		i := pieceOrder[m[1]]
		if m[2] == "black" {
			i += 6
		}
		svg, err := base64.StdEncoding.DecodeString(m[3])
		if err != nil {
			return pieces, fmt.Errorf("%s %s: %w", m[2], m[1], err)
		}
		if pieces[i], err = svgShapes(string(svg)); err != nil {
			return pieces, fmt.Errorf("%s %s: %w", m[2], m[1], err)
		}
		found++
	}
	if found != 12 {
		return pieces, fmt.Errorf("found %d pieces, want 12", found)
	}
	return pieces, nil
}

// paint is the inherited presentation state while walking the SVG tree.
type paint struct {
	fill, stroke int32
	width        float64
	butt, miter  bool
}

// svgShapes flattens an SVG document's paths and circles with their inherited paint.
func svgShapes(doc string) ([]shape, error) {
	dec := xml.NewDecoder(strings.NewReader(doc))
	stack := []paint{{fill: 0, stroke: -1, width: 1}}
	var out []shape
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			p, err := applyAttrs(stack[len(stack)-1], t.Attr)
			if err != nil {
				return nil, err
			}
			stack = append(stack, p)
			d, err := elementPath(t)
			if err != nil {
				return nil, err
			}
			if d != "" {
				out = append(out, shape{d, p.fill, p.stroke, p.width, p.butt, p.miter})
			}
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		}
	}
}

func applyAttrs(p paint, attrs []xml.Attr) (paint, error) {
	for _, a := range attrs {
		var err error
		switch a.Name.Local {
		case "fill":
			p.fill, err = parseColor(a.Value)
		case "stroke":
			p.stroke, err = parseColor(a.Value)
		case "stroke-width":
			p.width, err = strconv.ParseFloat(a.Value, 64)
		case "stroke-linecap":
			p.butt = a.Value == "butt"
		case "stroke-linejoin":
			p.miter = a.Value == "miter"
		}
		if err != nil {
			return p, fmt.Errorf("attribute %s=%q: %w", a.Name.Local, a.Value, err)
		}
	}
	return p, nil
}

func parseColor(s string) (int32, error) {
	if s == "none" {
		return -1, nil
	}
	h, ok := strings.CutPrefix(s, "#")
	if !ok {
		return 0, fmt.Errorf("not a #rgb colour")
	}
	if len(h) == 3 {
		h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
	}
	v, err := strconv.ParseUint(h, 16, 32)
	return int32(v), err
}

// elementPath returns the absolute path data of a path or circle element, "" for others.
func elementPath(t xml.StartElement) (string, error) {
	attr := func(name string) string {
		for _, a := range t.Attr {
			if a.Name.Local == name {
				return a.Value
			}
		}
		return ""
	}
	switch t.Name.Local {
	case "path":
		return absolutePath(attr("d"))
	case "circle":
		var v [3]float64
		for i, n := range []string{"cx", "cy", "r"} {
			f, err := strconv.ParseFloat(attr(n), 64)
			if err != nil {
				return "", fmt.Errorf("circle %s: %w", n, err)
			}
			v[i] = f
		}
		var pb pathBuilder
		pb.circle(v[0], v[1], v[2])
		return pb.String(), nil
	}
	return "", nil
}
