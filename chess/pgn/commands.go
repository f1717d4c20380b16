package pgn

import (
	"bytes"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/gambitchess/gambit/chess"
)

// setComment parses a comment that follows n's move: it takes out the
// comment commands the Node has fields for and appends the remaining text,
// whitespace collapsed, to n.Comment. Commands that do not parse stay in the text.
func (n *Node) setComment(b []byte) {
	var rest []byte
	for {
		i := bytes.Index(b, []byte("[%"))
		if i < 0 {
			break
		}
		j := bytes.IndexByte(b[i:], ']')
		if j < 0 {
			break
		}
		cmd := b[i+2 : i+j]
		if n.command(cmd) {
			rest = append(append(rest, b[:i]...), ' ')
		} else {
			rest = append(rest, b[:i+j+1]...)
		}
		b = b[i+j+1:]
	}
	if rest != nil {
		b = append(rest, b...)
	}
	n.Comment = joinComment(n.Comment, b)
}

// joinComment appends text b, whitespace collapsed, to comment s.
func joinComment(s string, b []byte) string {
	t := collapse(b)
	switch {
	case t == "":
		return s
	case s == "":
		return t
	}
	return s + " " + t
}

// collapse trims b and turns each run of white space into one space.
func collapse(b []byte) string {
	var sb strings.Builder
	space := false
	for _, c := range b {
		if c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\v' || c == '\f' {
			space = sb.Len() > 0
			continue
		}
		if space {
			sb.WriteByte(' ')
			space = false
		}
		if sb.Cap() == 0 {
			sb.Grow(len(b)) // one allocation, not one per doubling
		}
		sb.WriteByte(c)
	}
	return sb.String()
}

// command applies one comment command ("clk 0:03:00") to n; false when it is
// unknown or does not parse.
func (n *Node) command(cmd []byte) bool {
	fields := bytes.Fields(cmd)
	if len(fields) != 2 {
		return false
	}
	name, arg := fields[0], fields[1]
	switch string(name) {
	case "clk":
		d, ok := parseClock(arg)
		if ok && !n.HasClock {
			n.Clock, n.HasClock = d, true
			return true
		}
	case "emt":
		d, ok := parseClock(arg)
		if ok && !n.HasEMT {
			n.EMT, n.HasEMT = d, true
			return true
		}
	case "eval":
		e, ok := parseEval(arg)
		if ok && n.Eval == nil {
			n.Eval = &e
			return true
		}
	case "csl":
		ms, ok := parseMarks(arg, false)
		if ok {
			n.Squares = append(n.Squares, ms...)
			return true
		}
	case "cal":
		ms, ok := parseMarks(arg, true)
		if ok {
			n.Arrows = append(n.Arrows, ms...)
			return true
		}
	}
	return false
}

// parseClock reads H:MM:SS, M:SS or S, each with optional decimals.
func parseClock(b []byte) (time.Duration, bool) {
	if len(b) == 0 || len(b) > 24 {
		return 0, false
	}
	parts := strings.Split(string(b), ":")
	if len(parts) > 3 {
		return 0, false
	}
	var d time.Duration
	for i, p := range parts {
		if p == "" || p[0] < '0' || p[0] > '9' {
			return 0, false
		}
		if i < len(parts)-1 {
			v, err := strconv.Atoi(p)
			if err != nil || v > 1e6 {
				return 0, false
			}
			d = d*60 + time.Duration(v)
			continue
		}
		d *= 60 * time.Second
		f, err := strconv.ParseFloat(p, 64)
		if err != nil || f >= 1e9 {
			return 0, false
		}
		d += time.Duration(math.Round(f*1000)) * time.Millisecond
	}
	return d, true
}

// formatClock writes d as H:MM:SS, with decimals only when d has them.
func formatClock(d time.Duration) string {
	ms := d.Milliseconds()
	s := strconv.FormatInt(ms/3600000, 10) + ":" + two(ms/60000%60) + ":" + two(ms/1000%60)
	if frac := ms % 1000; frac != 0 {
		f := strconv.FormatInt(1000+frac, 10)[1:]
		s += "." + strings.TrimRight(f, "0")
	}
	return s
}

func two(v int64) string {
	if v < 10 {
		return "0" + strconv.FormatInt(v, 10)
	}
	return strconv.FormatInt(v, 10)
}

// parseEval reads "0.17", "-1.5", "#3", "#-3", each optionally followed by ",depth".
func parseEval(b []byte) (Eval, bool) {
	var e Eval
	s, depth, hasDepth := strings.Cut(string(b), ",")
	if hasDepth {
		d, err := strconv.Atoi(depth)
		if err != nil || d < 0 || d > 1000 {
			return e, false
		}
		e.Depth = d
	}
	if rest, ok := strings.CutPrefix(s, "#"); ok {
		m, err := strconv.Atoi(rest)
		if err != nil || m == 0 || m > 1000 || m < -1000 {
			return e, false
		}
		e.Mate = m
		return e, true
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(f) || f > 1e5 || f < -1e5 || s == "" {
		return e, false
	}
	e.Centipawns = int(math.Round(f * 100))
	return e, true
}

// String writes the evaluation as the %eval argument ("0.17", "#-3", "1.20,25").
func (e Eval) String() string {
	var s string
	if e.Mate != 0 {
		s = "#" + strconv.Itoa(e.Mate)
	} else {
		s = strconv.FormatFloat(float64(e.Centipawns)/100, 'f', 2, 64)
	}
	if e.Depth > 0 {
		s += "," + strconv.Itoa(e.Depth)
	}
	return s
}

// parseMarks reads a %csl (squares, "Ga1,Rb2") or %cal (arrows, "Ge2e4") list.
func parseMarks(b []byte, arrows bool) ([]Mark, bool) {
	var ms []Mark
	for _, f := range strings.Split(string(b), ",") {
		f = strings.TrimSpace(f)
		want := 3
		if arrows {
			want = 5
		}
		if len(f) != want || strings.IndexByte("GRYB", f[0]) < 0 {
			return nil, false
		}
		from, err := chess.ParseSquare(f[1:3])
		if err != nil {
			return nil, false
		}
		to := from
		if arrows {
			if to, err = chess.ParseSquare(f[3:5]); err != nil {
				return nil, false
			}
		}
		ms = append(ms, Mark{f[0], from, to})
	}
	return ms, true
}

// commands returns the node's comment commands as text.
func (n *Node) commands() []string {
	var parts []string
	if n.Eval != nil {
		parts = append(parts, "[%eval "+n.Eval.String()+"]")
	}
	if n.HasClock {
		parts = append(parts, "[%clk "+formatClock(n.Clock)+"]")
	}
	if n.HasEMT {
		parts = append(parts, "[%emt "+formatClock(n.EMT)+"]")
	}
	if len(n.Squares) > 0 {
		parts = append(parts, "[%csl "+marks(n.Squares, false)+"]")
	}
	if len(n.Arrows) > 0 {
		parts = append(parts, "[%cal "+marks(n.Arrows, true)+"]")
	}
	return parts
}

func marks(ms []Mark, arrows bool) string {
	var sb strings.Builder
	for i, m := range ms {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteByte(m.Color)
		sb.WriteString(m.From.String())
		if arrows {
			sb.WriteString(m.To.String())
		}
	}
	return sb.String()
}
