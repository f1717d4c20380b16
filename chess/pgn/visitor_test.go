package pgn

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/chess"
)

// eventVisitor records what it is told as text, in order.
type eventVisitor struct {
	events []string
	skip   bool // skip every variation
	tags   int
}

func (v *eventVisitor) Tag(name, value string)   { v.tags++ }
func (v *eventVisitor) Start(pos chess.Position) {}
func (v *eventVisitor) Move(before *chess.Position, m chess.Move) {
	v.events = append(v.events, before.SAN(m))
}
func (v *eventVisitor) NAG(n int)           { v.events = append(v.events, "$") }
func (v *eventVisitor) Comment(text []byte) {}
func (v *eventVisitor) BeginVariation() bool {
	if v.skip {
		return false
	}
	v.events = append(v.events, "(")
	return true
}
func (v *eventVisitor) EndVariation() { v.events = append(v.events, ")") }

// treeEvents lists a tree's moves in PGN order, as eventVisitor records them.
func treeEvents(n *Node, mainline bool, out []string) []string {
	for len(n.Children) > 0 {
		main := n.Children[0]
		out = append(out, main.SAN())
		for range main.NAGs {
			out = append(out, "$")
		}
		if !mainline {
			for _, v := range n.Children[1:] {
				out = append(out, "(", v.SAN())
				for range v.NAGs {
					out = append(out, "$")
				}
				out = treeEvents(v, false, out)
				out = append(out, ")")
			}
		}
		n = main
	}
	return out
}

// moveOrder joins the events with the closing parentheses left out.
func moveOrder(events []string) string {
	var out []string
	for _, e := range events {
		if e != ")" {
			out = append(out, e)
		}
	}
	return strings.Join(out, " ")
}

func TestVisit(t *testing.T) {
	for _, file := range []string{"games/world-matches-vanreek.pgn", "edge/pychess/annotated.pgn", "edge/notnil-chess/0013.pgn"} {
		path := filepath.Join(dataDir(t), "pgn", file)
		games, _ := readFile(t, path)
		for _, skip := range []bool{false, true} {
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			r := NewReader(f)
			for i := 0; ; i++ {
				v := &eventVisitor{skip: skip}
				err := r.Visit(v)
				if err == io.EOF {
					if i != len(games) {
						t.Errorf("%s: visited %d games, want %d", file, i, len(games))
					}
					break
				}
				if err != nil {
					t.Fatalf("%s game %d: %v", file, i+1, err)
				}
				// The tree can differ from the text in where a variation
				// nests ("(3. d3 (3. Bc4))" is two sibling variations), not
				// in the order of moves or the number of variations.
				want := moveOrder(treeEvents(games[i].Root, skip, nil))
				if got := moveOrder(v.events); got != want || v.tags != len(games[i].Tags) || r.Result() != games[i].Result {
					t.Fatalf("%s game %d (skip %v):\ngot  %s\nwant %s", file, i+1, skip, got, want)
				}
			}
			f.Close()
		}
	}
}

func TestVisitError(t *testing.T) {
	r := NewReader(strings.NewReader("1. e4 (1. d4 Kd3) e5 *\n1. d4 *"))
	v := &eventVisitor{}
	err := r.Visit(v)
	if e, ok := err.(*Error); !ok || e.Text != "Kd3" {
		t.Fatalf("got %v, want an error at Kd3", err)
	}
	if got := strings.Join(v.events, " "); got != "e4 ( d4" {
		t.Errorf("events %q", got)
	}
	v = &eventVisitor{}
	if err := r.Visit(v); err != nil || strings.Join(v.events, " ") != "d4" {
		t.Errorf("next game: %v %v", err, v.events)
	}
}
