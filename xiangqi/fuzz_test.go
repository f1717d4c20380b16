package xiangqi

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/internal/shareddata"
)

// fuzzSeeds returns FENs and moves from the test data.
func fuzzSeeds(tb testing.TB) (fens, chinese []string) {
	tb.Helper()
	fens = []string{StartFEN, "", "9/9/9/9/9/9/9/9/9/9 w", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r"}
	f, err := os.Open(shareddata.Path(tb, "xiangqi/notation-vectors.tsv"))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for i := 0; sc.Scan(); i++ {
		cols := strings.Split(sc.Text(), "\t")
		if i == 0 || len(cols) != 6 || i%7 != 0 {
			continue
		}
		fens = append(fens, cols[2])
		chinese = append(chinese, cols[3])
	}
	return fens, chinese
}

func FuzzParseFEN(f *testing.F) {
	fens, _ := fuzzSeeds(f)
	for _, s := range fens {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseFEN(s)
		if err != nil {
			return
		}
		out := p.FEN()
		q, err := ParseFEN(out)
		if err != nil {
			t.Fatalf("ParseFEN(%q) ok, but its FEN %q fails: %v", s, out, err)
		}
		if q != p || q.FEN() != out {
			t.Fatalf("round trip of %q changed the position: %q", s, q.FEN())
		}
		var ml MoveList
		p.GenerateLegal(&ml)
		for _, m := range ml.Moves() {
			var child Position
			p.MakeMove(m, &child)
			if a := Classify(&p, &child, m, RulesChinese); a.Check != child.InCheck() {
				t.Fatalf("%s %v: Classify says check %v", s, m, a.Check)
			}
			_ = p.Chinese(m)
			_ = p.ChineseIn(m, Simplified)
			_ = p.WXF(m)
		}
	})
}

// fuzzPositions are positions with tandem pieces where parsing is hardest.
var fuzzPositions = []string{
	StartFEN,
	"3k5/9/9/4P1P2/4P1P2/9/9/9/9/4K4 w",
	"5k3/9/9/9/9/3p5/3p5/3p5/3p5/4K4 b",
	"3k5/9/9/9/9/R8/9/R8/9/4K4 w",
}

func FuzzParseChinese(f *testing.F) {
	_, moves := fuzzSeeds(f)
	for _, s := range append(moves, "前三进一", "二卒平３", "中兵平四", "俥九進一", "後俥平六", "后车平六", "马二進三", "傌二进三", "車１進１") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, fen := range fuzzPositions {
			p, _ := ParseFEN(fen)
			m, err := p.ParseChinese(s)
			if err != nil {
				continue
			}
			if !p.IsLegal(m) {
				t.Fatalf("%s: ParseChinese(%q) = illegal %s", fen, s, m)
			}
			for _, sc := range []Script{Traditional, Simplified} {
				text := p.ChineseIn(m, sc)
				if err := scriptMix(text, sc); err != nil {
					t.Fatalf("%s: %q -> %s written %s in %v: %v", fen, s, m, text, sc, err)
				}
				if back, err := p.ParseChinese(text); err != nil || back != m {
					t.Fatalf("%s: %q -> %s does not round-trip in %v: %v", fen, s, m, sc, err)
				}
			}
		}
	})
}

func FuzzParseWXF(f *testing.F) {
	for _, s := range []string{"C2.5", "H8+7", "R+.3", "P-.4", "3+.4", "++.4", "--.1", "c2=5", "K5+1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, fen := range fuzzPositions {
			p, _ := ParseFEN(fen)
			m, err := p.ParseWXF(s)
			if err != nil {
				continue
			}
			if !p.IsLegal(m) {
				t.Fatalf("%s: ParseWXF(%q) = illegal %s", fen, s, m)
			}
			if back, err := p.ParseWXF(p.WXF(m)); err != nil || back != m {
				t.Fatalf("%s: %q -> %s does not round-trip: %v", fen, s, m, err)
			}
		}
	})
}

// FuzzParseRules: a rule set's name reads back as itself; anything else
// is refused with an error naming it.
func FuzzParseRules(f *testing.F) {
	for _, s := range []string{"wxf", "chinese", "", "WXF", "local", "asian"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseRules(s)
		if err != nil {
			if !strings.Contains(err.Error(), "unknown rules") {
				t.Fatalf("ParseRules(%q): %v", s, err)
			}
			return
		}
		if back, err := ParseRules(r.String()); err != nil || back != r {
			t.Fatalf("ParseRules(%q) = %v, which reads back as %v, %v", s, r, back, err)
		}
	})
}
