package render

import (
	"errors"
	"fmt"
	"image/color"
	"strings"
)

// MarkColor is the colour of a marked square or arrow, as PGN comments
// name it with one letter: G, R, Y or B.
type MarkColor uint8

// Mark colours, in lichess's palette.
const (
	Green MarkColor = iota
	Red
	Yellow
	Blue
)

const markLetters = "GRYB"

var markNames = [...]string{"green", "red", "yellow", "blue"}

var markColors = [...]color.NRGBA{
	{21, 120, 27, 255},
	{136, 32, 32, 255},
	{230, 143, 0, 255},
	{0, 48, 136, 255},
}

// String returns the colour's name: "green", "red", "yellow" or "blue".
func (c MarkColor) String() string { return markNames[c] }

// Coord is a square (chess) or point (xiangqi) as written in a mark: a file
// letter and a rank digit. Which rank the digit means depends on the game:
// chess ranks are 1–8, xiangqi ranks 0–9.
type Coord struct {
	File  byte // 0 for 'a'
	Digit byte // the digit as written, 0–9
}

// String returns the coordinate as written, e.g. "e4".
func (c Coord) String() string { return string([]byte{'a' + c.File, '0' + c.Digit}) }

// SquareMark is a coloured square: [%csl Ga4].
type SquareMark struct {
	Color  MarkColor
	Square Coord
}

// Arrow is a coloured arrow: [%cal Ge2e4].
type Arrow struct {
	Color    MarkColor
	From, To Coord
}

// Marks are the coloured squares and arrows drawn over a board.
type Marks struct {
	Squares []SquareMark
	Arrows  []Arrow
}

// MarkError reports a mark that does not fit the board it is drawn on.
type MarkError struct {
	Kind string // "arrow" or "square"
	Mark string // the mark as written, e.g. "Ge2e9"
	Err  error  // wraps ErrMark
}

// Error formats the error as "render: arrow Ge2e9: e9 is not a chess square".
func (e *MarkError) Error() string {
	return fmt.Sprintf("render: %s %s: %s", e.Kind, e.Mark, strings.TrimPrefix(e.Err.Error(), ErrMark.Error()+": "))
}

// Unwrap returns the cause, which wraps ErrMark.
func (e *MarkError) Unwrap() error { return e.Err }

// String returns the mark as a %csl item, e.g. "Ga4".
func (m SquareMark) String() string { return string(markLetters[m.Color]) + m.Square.String() }

// String returns the arrow as a %cal item, e.g. "Ge2e4".
func (a Arrow) String() string { return string(markLetters[a.Color]) + a.From.String() + a.To.String() }

// ErrMark is wrapped by every error about mark text, for errors.Is.
var ErrMark = errors.New("render: bad mark")

// ParseMarks reads the [%csl ...] and [%cal ...] commands of a PGN comment,
// ignoring the rest of the comment and any other [%...] command. Several
// commands add up.
func ParseMarks(comment string) (Marks, error) {
	var m Marks
	rest := comment
	for {
		i := strings.Index(rest, "[%")
		if i < 0 {
			return m, nil
		}
		rest = rest[i+2:]
		j := strings.IndexByte(rest, ']')
		if j < 0 {
			return m, fmt.Errorf("%w: unterminated [%%%s", ErrMark, clip(rest))
		}
		name, args, _ := strings.Cut(strings.TrimSpace(rest[:j]), " ")
		rest = rest[j+1:]
		var err error
		switch name {
		case "csl":
			err = m.addSquares(args)
		case "cal":
			err = m.addArrows(args)
		default:
			continue
		}
		if err != nil {
			return m, fmt.Errorf("[%%%s]: %w", name, err)
		}
	}
}

// ParseSquareMarks reads a %csl argument list such as "Ga4,Rb5".
func ParseSquareMarks(list string) ([]SquareMark, error) {
	var m Marks
	err := m.addSquares(list)
	return m.Squares, err
}

// ParseArrows reads a %cal argument list such as "Ge2e4,Rb1c3".
func ParseArrows(list string) ([]Arrow, error) {
	var m Marks
	err := m.addArrows(list)
	return m.Arrows, err
}

func (m *Marks) addSquares(list string) error {
	for _, item := range splitList(list) {
		if len(item) != 3 {
			return fmt.Errorf("%w %q: want a colour letter and a square, like Ga4", ErrMark, item)
		}
		c, err := markColor(item[0])
		if err != nil {
			return err
		}
		sq, err := parseCoord(item[1:])
		if err != nil {
			return err
		}
		m.Squares = append(m.Squares, SquareMark{c, sq})
	}
	return nil
}

func (m *Marks) addArrows(list string) error {
	for _, item := range splitList(list) {
		if len(item) != 5 {
			return fmt.Errorf("%w %q: want a colour letter and two squares, like Ge2e4", ErrMark, item)
		}
		c, err := markColor(item[0])
		if err != nil {
			return err
		}
		from, err := parseCoord(item[1:3])
		if err != nil {
			return err
		}
		to, err := parseCoord(item[3:])
		if err != nil {
			return err
		}
		m.Arrows = append(m.Arrows, Arrow{c, from, to})
	}
	return nil
}

// splitList splits a comma-separated list, allowing spaces around items.
func splitList(list string) []string {
	var items []string
	for _, s := range strings.Split(list, ",") {
		if s = strings.TrimSpace(s); s != "" {
			items = append(items, s)
		}
	}
	return items
}

func markColor(b byte) (MarkColor, error) {
	if i := strings.IndexByte(markLetters, b); i >= 0 {
		return MarkColor(i), nil
	}
	return 0, fmt.Errorf("%w: colour %q (want G, R, Y or B)", ErrMark, b)
}

func parseCoord(s string) (Coord, error) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'i' || s[1] < '0' || s[1] > '9' {
		return Coord{}, fmt.Errorf("%w: square %q (want a file a–i and a rank digit)", ErrMark, s)
	}
	return Coord{s[0] - 'a', s[1] - '0'}, nil
}

// clip shortens text quoted in an error.
func clip(s string) string {
	if len(s) > 20 {
		return s[:20] + "…"
	}
	return s
}

// String writes the marks back as PGN comment commands, e.g.
// "[%csl Ga4] [%cal Ge2e4]".
func (m Marks) String() string {
	var parts []string
	if len(m.Squares) > 0 {
		items := make([]string, len(m.Squares))
		for i, s := range m.Squares {
			items[i] = s.String()
		}
		parts = append(parts, "[%csl "+strings.Join(items, ",")+"]")
	}
	if len(m.Arrows) > 0 {
		items := make([]string, len(m.Arrows))
		for i, a := range m.Arrows {
			items[i] = a.String()
		}
		parts = append(parts, "[%cal "+strings.Join(items, ",")+"]")
	}
	return strings.Join(parts, " ")
}
