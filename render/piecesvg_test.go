package render

import (
	"encoding/xml"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/xiangqi"
)

// TestPieceSVGs checks every piece document: well-formed XML with one
// <svg> root and a viewBox, painted, self-contained (no id, no
// reference, no class), with no style attribute or element, and the same bytes
// each time.
func TestPieceSVGs(t *testing.T) {
	for _, set := range []PieceSet{Cburnett, Glyph} {
		pieces, err := PieceSVGs(set)
		if err != nil {
			t.Fatalf("PieceSVGs(%d): %v", set, err)
		}
		if len(pieces) != len(chessLetters)+len(xiangqiLetters) {
			t.Errorf("PieceSVGs(%d): %d pieces, want %d", set, len(pieces), len(chessLetters)+len(xiangqiLetters))
		}
		again, _ := PieceSVGs(set)
		for key, doc := range pieces {
			checkPieceSVG(t, key, doc)
			if again[key] != doc {
				t.Errorf("%s: two calls gave different documents", key)
			}
		}
	}
}

func checkPieceSVG(t *testing.T, key, doc string) {
	t.Helper()
	dec := xml.NewDecoder(strings.NewReader(doc))
	depth, roots, paths := 0, 0, 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%s: not XML: %v", key, err)
		}
		switch el := tok.(type) {
		case xml.StartElement:
			if depth == 0 {
				roots++
				if el.Name.Local != "svg" || attr(el, "viewBox") != "0 0 100 100" {
					t.Errorf("%s: root <%s viewBox=%q>, want <svg viewBox=\"0 0 100 100\">", key, el.Name.Local, attr(el, "viewBox"))
				}
			}
			if el.Name.Local == "style" || el.Name.Local == "use" || el.Name.Local == "script" {
				t.Errorf("%s: has a <%s> element", key, el.Name.Local)
			}
			for _, a := range el.Attr {
				if a.Name.Local == "style" || a.Name.Local == "id" || a.Name.Local == "href" || a.Name.Local == "class" {
					t.Errorf("%s: <%s> has a %s attribute", key, el.Name.Local, a.Name.Local)
				}
			}
			if el.Name.Local == "path" || el.Name.Local == "circle" {
				paths++
			}
			depth++
		case xml.EndElement:
			depth--
		}
	}
	if roots != 1 || paths == 0 {
		t.Errorf("%s: %d root elements and %d shapes, want 1 and some", key, roots, paths)
	}
}

func attr(el xml.StartElement, name string) string {
	for _, a := range el.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// TestPieceSVGLetters checks that a piece is found by its FEN letter and
// anything else is refused.
func TestPieceSVGLetters(t *testing.T) {
	tests := []struct {
		name    string
		draw    func() (string, error)
		wantErr bool
		want    string // a fragment of the document
	}{
		{"white knight", func() (string, error) { return ChessPieceSVG(Cburnett, 'N') }, false, `fill="#ffffff"`},
		{"black pawn", func() (string, error) { return ChessPieceSVG(Cburnett, 'p') }, false, `fill="#000000"`},
		{"glyph king", func() (string, error) { return ChessPieceSVG(Glyph, 'k') }, false, `<path`},
		{"red chariot", func() (string, error) { return XiangqiPieceSVG('R') }, false, `stroke="#c0161c"`},
		{"black cannon", func() (string, error) { return XiangqiPieceSVG('c') }, false, `stroke="#1a1a1a"`},
		{"chess has no advisor", func() (string, error) { return ChessPieceSVG(Cburnett, 'A') }, true, ""},
		{"xiangqi has no queen", func() (string, error) { return XiangqiPieceSVG('q') }, true, ""},
		{"no letter", func() (string, error) { return ChessPieceSVG(Cburnett, 0) }, true, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := tt.draw()
			if tt.wantErr {
				if !errors.Is(err, ErrPieceLetter) {
					t.Fatalf("got %v, want ErrPieceLetter", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(doc, tt.want) {
				t.Errorf("document lacks %s", tt.want)
			}
		})
	}
}

// TestPieceSVGScripts: in simplified characters the pieces whose
// characters differ by script are drawn differently (车 for 俥 and 車, 马,
// 帅, 将, 炮 for Black's 砲), the others alike; Red's and Black's chariot
// are then one character in two colours.
func TestPieceSVGScripts(t *testing.T) {
	for _, c := range []byte(xiangqiLetters) {
		hant, err := XiangqiPieceSVGIn(c, xiangqi.Traditional)
		if err != nil {
			t.Fatal(err)
		}
		hans, err := XiangqiPieceSVGIn(c, xiangqi.Simplified)
		if err != nil {
			t.Fatal(err)
		}
		if differs := strings.IndexByte("KNRknrc", c) >= 0; (hant != hans) != differs {
			t.Errorf("%c: drawn differently in the two scripts: %v, want %v", c, hant != hans, differs)
		}
		if plain, _ := XiangqiPieceSVG(c); plain != hant {
			t.Errorf("%c: XiangqiPieceSVG is not the traditional piece", c)
		}
	}
	red, _ := XiangqiPieceSVGIn('R', xiangqi.Simplified)
	black, _ := XiangqiPieceSVGIn('r', xiangqi.Simplified)
	if strings.ReplaceAll(red, "#c0161c", "#1a1a1a") != black {
		t.Error("simplified: Red's chariot and Black's are not one character (车)")
	}
	pieces, err := PieceSVGsIn(Cburnett, xiangqi.Simplified)
	if err != nil || pieces["xiangqi:R"] != red {
		t.Errorf("PieceSVGsIn(Simplified): %v, its red chariot not the simplified one", err)
	}
}
