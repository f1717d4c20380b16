package xiangqi

import (
	"bufio"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/internal/shareddata"
)

// canonicalChars maps the traditional characters Position.Chinese writes
// to the simplified ones of notation-vectors.tsv.
var canonicalChars = strings.NewReplacer("帥", "帅", "將", "将", "傌", "马", "馬", "马", "俥", "车", "車", "车", "砲", "炮", "進", "进", "後", "后")

func TestNotationVectors(t *testing.T) {
	f, err := os.Open(shareddata.Path(t, "xiangqi/notation-vectors.tsv"))
	if err != nil {
		t.Fatalf("vectors: %v", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Scan() // header
	rows := 0
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) != 6 {
			t.Fatalf("bad row %q", sc.Text())
		}
		src, fen, written, canonical, iccs := cols[0]+"#"+cols[1], cols[2], cols[3], cols[4], cols[5]
		rows++
		p, err := ParseFEN(fen)
		if err != nil {
			t.Errorf("%s: %v", src, err)
			continue
		}
		m, err := p.ParseChinese(written)
		if err != nil {
			t.Errorf("%s: ParseChinese(%q): %v", src, written, err)
			continue
		}
		if m.String() != iccs {
			t.Errorf("%s: ParseChinese(%q) = %s, want %s", src, written, m, iccs)
		}
		if got := canonicalChars.Replace(p.Chinese(m)); got != canonical {
			t.Errorf("%s: Chinese(%s) = %s, want %s", src, iccs, got, canonical)
		}
		if got := p.ChineseIn(m, Simplified); got != canonical {
			t.Errorf("%s: ChineseIn(%s, Simplified) = %s, want %s", src, iccs, got, canonical)
		}
	}
	if rows != 817 {
		t.Errorf("read %d rows, want 817", rows)
	}
}

// TestMoveLists replays every game of movelists/: a FEN line, then one
// Chinese move per line, then a result word; or one line "FEN, ICCS moves,
// result". Games that Red won end in mate; the others end by resignation.
func TestMoveLists(t *testing.T) {
	dir := shareddata.Path(t, "xiangqi/movelists")
	files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	if len(files) != 3 {
		t.Fatalf("%d move lists in %s, want the 3 its README.md lists", len(files), dir)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			text := strings.TrimSpace(string(data))
			var fen string
			var moves []string
			var result string
			if strings.Contains(text, ",") { // FEN, iccs moves, result
				parts := strings.Split(text, ",")
				fen, moves, result = parts[0], strings.Fields(parts[1]), strings.TrimSpace(parts[2])
			} else {
				lines := strings.Split(text, "\n")
				fen, result = lines[0], strings.TrimSpace(lines[len(lines)-1])
				for _, l := range lines[1 : len(lines)-1] {
					if l = strings.TrimSpace(l); l != "" {
						moves = append(moves, l)
					}
				}
			}
			g, err := NewGameFromFEN(fen)
			if err != nil {
				t.Fatal(err)
			}
			for i, mv := range moves {
				var err error
				if len(mv) == 4 && mv[0] >= 'a' && mv[0] <= 'i' {
					_, err = g.PushUCI(mv)
				} else {
					_, err = g.PushChinese(mv)
				}
				if err != nil {
					t.Fatalf("ply %d %q: %v", i+1, mv, err)
				}
			}
			o := g.Outcome()
			switch result {
			case "红胜", "1-0":
				if o.Termination != Checkmate || o.Winner != Red {
					t.Errorf("final outcome %v, want red mates", o)
				}
			case "黑胜", "0-1":
				t.Logf("final outcome %v (black won the game)", o)
			}
		})
	}
}

type formatter struct {
	name   string
	format func(*Position, Move) string
	parse  func(*Position, string) (Move, error)
}

var formatters = []formatter{
	{"chinese", (*Position).Chinese, (*Position).ParseChinese},
	{"wxf", (*Position).WXF, (*Position).ParseWXF},
	{"uci", (*Position).UCI, (*Position).ParseUCI},
}

// TestRoundTrip formats and re-parses every legal move of every perft
// position, and of every position one ply deeper.
func TestRoundTrip(t *testing.T) {
	for _, c := range loadPerft(t) {
		root, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		positions := []Position{root}
		var ml MoveList
		root.GenerateLegal(&ml)
		for _, m := range ml.Moves() {
			var child Position
			root.MakeMove(m, &child)
			positions = append(positions, child)
		}
		for _, p := range positions {
			checkRoundTrip(t, &p)
		}
	}
}

func checkRoundTrip(t *testing.T, p *Position) {
	t.Helper()
	var ml MoveList
	p.GenerateLegal(&ml)
	for _, m := range ml.Moves() {
		for _, f := range formatters {
			s := f.format(p, m)
			got, err := f.parse(p, s)
			if err != nil || got != m {
				t.Errorf("%s %s: %s(%s) = %q, parsed back as %s, %v", p.FEN(), m, f.name, m, s, got, err)
			}
		}
	}
}

func TestTandemNotation(t *testing.T) {
	tests := []struct {
		fen, iccs, chinese, wxf string
	}{
		// Two red chariots on file 9 (a), the front one moves.
		{"3k5/9/9/9/9/R8/9/R8/9/4K4 w", "a4a6", "前俥進二", "R++2"},
		{"3k5/9/9/9/9/R8/9/R8/9/4K4 w", "a2d2", "後俥平六", "R-.6"},
		// Two black horses on file 2 (b).
		{"3k5/1n7/9/1n7/9/9/9/9/9/4K4 b", "b6c4", "前馬進３", "H++3"},
		// Three red soldiers on file e.
		{"3k5/9/4P4/4P4/4P4/9/9/9/9/4K4 w", "e5d5", "後兵平六", "P-.6"},
		{"3k5/9/4P4/4P4/4P4/9/9/9/9/4K4 w", "e6f6", "中兵平四", "P5.4"},
		// Two files with two soldiers each (red, files e and g).
		{"3k5/9/9/4P1P2/4P1P2/9/9/9/9/4K4 w", "g6g7", "前三進一", "3++1"},
		{"3k5/9/9/4P1P2/4P1P2/9/9/9/9/4K4 w", "e5d5", "後五平六", "5-.6"},
		// Four black soldiers on file d.
		{"5k3/9/9/9/9/3p5/3p5/3p5/3p5/4K4 b", "d1d0", "前卒進１", "+++1"},
		{"5k3/9/9/9/9/3p5/3p5/3p5/3p5/4K4 b", "d2c2", "二卒平３", "P+.3"},
		{"5k3/9/9/9/9/3p5/3p5/3p5/3p5/4K4 b", "d4e4", "四卒平５", "--.5"},
		// Advisors and elephants never take 前/后.
		{"3k5/9/9/9/9/9/9/3A5/9/3AK4 w", "d2e1", "仕六退五", "A6-5"},
		{"3k5/9/9/9/9/2B6/9/9/9/2B1K4 w", "c0e2", "相七進五", "E7+5"},
	}
	for _, tt := range tests {
		p, err := ParseFEN(tt.fen)
		if err != nil {
			t.Fatalf("%s: %v", tt.fen, err)
		}
		m, err := p.ParseUCI(tt.iccs)
		if err != nil {
			t.Fatalf("%s %s: %v", tt.fen, tt.iccs, err)
		}
		if got := p.Chinese(m); got != tt.chinese {
			t.Errorf("%s %s: chinese got %s, want %s", tt.fen, tt.iccs, got, tt.chinese)
		}
		want := strings.ReplaceAll(tt.wxf, "=", ".")
		if got := p.WXF(m); got != want {
			t.Errorf("%s %s: wxf got %s, want %s", tt.fen, tt.iccs, got, want)
		}
		for _, in := range []string{tt.chinese, tt.wxf} {
			parse := (*Position).ParseChinese
			if in == tt.wxf {
				parse = (*Position).ParseWXF
			}
			if got, err := parse(&p, in); err != nil || got != m {
				t.Errorf("%s: parse %q = %s, %v; want %s", tt.fen, in, got, err, m)
			}
		}
		checkRoundTrip(t, &p)
	}
}

func TestParseChineseVariants(t *testing.T) {
	start := StartPosition()
	tests := []struct {
		in   string
		want string
		err  error
	}{
		{"炮二平五", "h2e2", nil},
		{"炮2平5", "h2e2", nil},
		{"砲二平五", "h2e2", nil},
		{"包２平５", "h2e2", nil},
		{"马二进三", "h0g2", nil},
		{"馬二進三", "h0g2", nil},
		{"傌二进三", "h0g2", nil},
		{"车九进一", "a0a1", nil},
		{"俥九進一", "a0a1", nil},
		{"車9进1", "a0a1", nil},
		{"相三进五", "g0e2", nil},
		{"象3进5", "g0e2", nil},
		{"仕四进五", "f0e1", nil},
		{"士四进五", "f0e1", nil},
		{"帅五进一", "e0e1", nil},
		{"將五進一", "e0e1", nil},
		{"兵七进一", "c3c4", nil},
		{"卒七进一", "c3c4", nil},
		{" 兵七进一  ", "c3c4", nil},
		{"炮二平一", "h2i2", nil},
		{"炮二进八", "", ErrIllegalMove},
		{"马二进四", "", ErrIllegalMove},
		{"炮二平", "", ErrInvalidMove},
		{"炮二平五五", "", ErrInvalidMove},
		{"xyzw", "", ErrInvalidMove},
		{"", "", ErrInvalidMove},
	}
	for _, tt := range tests {
		m, err := start.ParseChinese(tt.in)
		if tt.err != nil {
			if !errors.Is(err, tt.err) {
				t.Errorf("ParseChinese(%q) error = %v, want %v", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil || m.String() != tt.want {
			t.Errorf("ParseChinese(%q) = %s, %v; want %s", tt.in, m, err, tt.want)
		}
	}
}

func TestParseChineseAmbiguous(t *testing.T) {
	// Two red chariots on file 9; "俥九进一" fits both.
	p, err := ParseFEN("3k5/9/9/9/9/R8/9/R8/9/4K4 w")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.ParseChinese("俥九进一"); !errors.Is(err, ErrAmbiguousMove) {
		t.Errorf("got %v, want ErrAmbiguousMove", err)
	}
	if _, err := p.ParseWXF("R9+1"); !errors.Is(err, ErrAmbiguousMove) {
		t.Errorf("got %v, want ErrAmbiguousMove", err)
	}
	// Unique although the file is shared: accepted.
	if m, err := p.ParseChinese("俥九进二"); err != nil || m.String() != "a4a6" {
		t.Errorf("got %s, %v; want a4a6", m, err)
	}
}

func TestWXF(t *testing.T) {
	start := StartPosition()
	tests := []struct {
		in, want string
		err      error
	}{
		{"C2.5", "h2e2", nil},
		{"C2=5", "h2e2", nil},
		{"c2.5", "h2e2", nil},
		{"H2+3", "h0g2", nil},
		{"N2+3", "h0g2", nil},
		{"H8+7", "b0c2", nil},
		{"E3+5", "g0e2", nil},
		{"B3+5", "g0e2", nil},
		{"A4+5", "f0e1", nil},
		{"K5+1", "e0e1", nil},
		{"P7+1", "c3c4", nil},
		{"R1+2", "i0i2", nil},
		{"R1+3", "", ErrIllegalMove},
		{"C2.", "", ErrInvalidMove},
		{"X2.5", "", ErrInvalidMove},
		{"C2*5", "", ErrInvalidMove},
	}
	for _, tt := range tests {
		m, err := start.ParseWXF(tt.in)
		if tt.err != nil {
			if !errors.Is(err, tt.err) {
				t.Errorf("ParseWXF(%q) error = %v, want %v", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil || m.String() != tt.want {
			t.Errorf("ParseWXF(%q) = %s, %v; want %s", tt.in, m, err, tt.want)
		}
	}
	// Black's view: files from Black's right.
	p, _ := ParseFEN("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b")
	for in, want := range map[string]string{"H8+7": "h9g7", "C2.5": "b7e7", "P3+1": "c6c5"} {
		if m, err := p.ParseWXF(in); err != nil || m.String() != want {
			t.Errorf("black ParseWXF(%q) = %s, %v; want %s", in, m, err, want)
		}
	}
	if s := p.WXF(NewMove(H9, G7)); s != "H8+7" {
		t.Errorf("WXF(h9g7) = %s, want H8+7", s)
	}
}

func TestUCI(t *testing.T) {
	start := StartPosition()
	tests := []struct {
		in, want string
		err      error
	}{
		{"h2e2", "h2e2", nil},
		{"H2-E2", "h2e2", nil},
		{"h2-e2", "h2e2", nil},
		{"b0c2", "b0c2", nil},
		{"h2e3", "", ErrIllegalMove},
		{"e3f3", "", ErrIllegalMove},
		{"e6e5", "", ErrIllegalMove},
		{"j2e2", "", ErrInvalidMove},
		{"h2e", "", ErrInvalidMove},
		{"", "", ErrInvalidMove},
		{"h2e2e", "", ErrInvalidMove},
	}
	for _, tt := range tests {
		m, err := start.ParseUCI(tt.in)
		if tt.err != nil {
			if !errors.Is(err, tt.err) {
				t.Errorf("ParseUCI(%q) error = %v, want %v", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil || start.UCI(m) != tt.want {
			t.Errorf("ParseUCI(%q) = %s, %v; want %s", tt.in, m, err, tt.want)
		}
	}
	// ParseMove reads the same text with no position: an illegal move is
	// still a move.
	for _, tt := range tests {
		m, ok := ParseMove(tt.in)
		if want := !errors.Is(tt.err, ErrInvalidMove); ok != want || ok && tt.want != "" && m.String() != tt.want {
			t.Errorf("ParseMove(%q) = %s, %v; want %v", tt.in, m, ok, want)
		}
	}
}

func TestParseSquare(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want Square
		err  bool
	}{
		{"a0", A0, false}, {"e9", E9, false}, {"I9", I9, false}, {"h2", H2, false},
		{"j0", NoSquare, true}, {"a", NoSquare, true}, {"a10", NoSquare, true}, {"", NoSquare, true},
	} {
		got, err := ParseSquare(tt.in)
		if got != tt.want || (err != nil) != tt.err || err != nil && !errors.Is(err, ErrInvalidSquare) {
			t.Errorf("ParseSquare(%q) = %v, %v; want %v, error %v", tt.in, got, err, tt.want, tt.err)
		}
	}
}

// TestChineseScripts writes moves in each script: every character of a
// move is of that script (no 进 with 俥, no 進 with 车), and the other
// script, and mixtures of both, read back as the same move.
func TestChineseScripts(t *testing.T) {
	tests := []struct {
		fen, iccs, traditional, simplified string
	}{
		{StartFEN, "h2e2", "炮二平五", "炮二平五"},
		{StartFEN, "h0g2", "傌二進三", "马二进三"},
		{StartFEN, "a0a1", "俥九進一", "车九进一"},
		{StartFEN, "e0e1", "帥五進一", "帅五进一"},
		{StartFEN, "g0e2", "相三進五", "相三进五"},
		{StartFEN, "f0e1", "仕四進五", "仕四进五"},
		{StartFEN, "c3c4", "兵七進一", "兵七进一"},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b", "h9g7", "馬８進７", "马８进７"},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b", "a9a8", "車１進１", "车１进１"},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b", "b7e7", "砲２平５", "炮２平５"},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b", "e9e8", "將５進１", "将５进１"},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b", "g9e7", "象７進５", "象７进５"},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b", "c6c5", "卒３進１", "卒３进１"},
		{"3k5/9/9/9/9/R8/9/R8/9/4K4 w", "a2d2", "後俥平六", "后车平六"},
		{"3k5/9/9/9/9/R8/9/R8/9/4K4 w", "a4a6", "前俥進二", "前车进二"},
		{"3k5/1n7/9/1n7/9/9/9/9/9/4K4 b", "b8c6", "後馬進３", "后马进３"},
		{"3k5/9/9/4P1P2/4P1P2/9/9/9/9/4K4 w", "e5d5", "後五平六", "后五平六"},
	}
	simplifiedOnly := "帅将马车进后"
	traditionalOnly := "帥將傌馬俥車砲進後"
	for _, tt := range tests {
		p, err := ParseFEN(tt.fen)
		if err != nil {
			t.Fatalf("%s: %v", tt.fen, err)
		}
		m, err := p.ParseUCI(tt.iccs)
		if err != nil {
			t.Fatalf("%s %s: %v", tt.fen, tt.iccs, err)
		}
		if got := p.ChineseIn(m, Traditional); got != tt.traditional {
			t.Errorf("%s %s: ChineseIn(Traditional) = %s, want %s", tt.fen, tt.iccs, got, tt.traditional)
		}
		if got := p.Chinese(m); got != tt.traditional {
			t.Errorf("%s %s: Chinese = %s, want %s (the default is traditional)", tt.fen, tt.iccs, got, tt.traditional)
		}
		if got := p.ChineseIn(m, Simplified); got != tt.simplified {
			t.Errorf("%s %s: ChineseIn(Simplified) = %s, want %s", tt.fen, tt.iccs, got, tt.simplified)
		}
		if strings.ContainsAny(tt.traditional, simplifiedOnly) || strings.ContainsAny(tt.simplified, traditionalOnly) {
			t.Errorf("%s %s: table mixes scripts: %s / %s", tt.fen, tt.iccs, tt.traditional, tt.simplified)
		}
		// Mixtures: the first two characters of one script, the rest of the other.
		tr, si := []rune(tt.traditional), []rune(tt.simplified)
		for _, in := range []string{tt.traditional, tt.simplified, string(tr[:2]) + string(si[2:]), string(si[:2]) + string(tr[2:])} {
			if got, err := p.ParseChinese(in); err != nil || got != m {
				t.Errorf("%s: ParseChinese(%q) = %s, %v; want %s", tt.fen, in, got, err, m)
			}
		}
	}
}

// TestChineseInEveryMove writes every legal move of the fuzz positions in
// both scripts: each reads back, and no move mixes the scripts.
func TestChineseInEveryMove(t *testing.T) {
	for _, fen := range fuzzPositions {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		var ml MoveList
		p.GenerateLegal(&ml)
		for _, m := range ml.Moves() {
			for _, s := range []Script{Traditional, Simplified} {
				text := p.ChineseIn(m, s)
				if err := scriptMix(text, s); err != nil {
					t.Errorf("%s %s: ChineseIn(%v) = %s: %v", fen, m, s, text, err)
				}
				if back, err := p.ParseChinese(text); err != nil || back != m {
					t.Errorf("%s %s: ParseChinese(%s) = %s, %v", fen, m, text, back, err)
				}
			}
		}
	}
}

// scriptMix says which character of text belongs to the other script
// than s; nil when none does.
func scriptMix(text string, s Script) error {
	other := "帅将马车进后" // simplified only
	if s == Simplified {
		other = "帥將傌馬俥車砲進後"
	}
	if i := strings.IndexAny(text, other); i >= 0 {
		return errors.New("holds " + string([]rune(text[i:])[0]) + " of the other script")
	}
	return nil
}

func TestParseScript(t *testing.T) {
	tests := []struct {
		in   string
		want Script
		ok   bool
	}{
		{"traditional", Traditional, true},
		{"Simplified", Simplified, true},
		{" hans ", Simplified, true},
		{"hant", Traditional, true},
		{"", Traditional, false},
		{"zh-CN", Traditional, false},
	}
	for _, tt := range tests {
		got, ok := ParseScript(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("ParseScript(%q) = %v, %v; want %v, %v", tt.in, got, ok, tt.want, tt.ok)
		}
		if back, _ := ParseScript(got.String()); back != got {
			t.Errorf("ParseScript(%v.String()) = %v", got, back)
		}
	}
}

// TestHanziIn: each piece's character in both scripts, the two scripts
// differing only where simplified Chinese writes the piece differently.
func TestHanziIn(t *testing.T) {
	tests := []struct {
		p                       Piece
		traditional, simplified string
	}{
		{RedKing, "帥", "帅"}, {RedAdvisor, "仕", "仕"}, {RedElephant, "相", "相"},
		{RedHorse, "傌", "马"}, {RedChariot, "俥", "车"}, {RedCannon, "炮", "炮"}, {RedSoldier, "兵", "兵"},
		{BlackKing, "將", "将"}, {BlackAdvisor, "士", "士"}, {BlackElephant, "象", "象"},
		{BlackHorse, "馬", "马"}, {BlackChariot, "車", "车"}, {BlackCannon, "砲", "炮"}, {BlackSoldier, "卒", "卒"},
	}
	for _, tc := range tests {
		if got := tc.p.HanziIn(Traditional); got != tc.traditional || got != tc.p.Hanzi() {
			t.Errorf("%v traditional: %q, want %q (Hanzi %q)", tc.p, got, tc.traditional, tc.p.Hanzi())
		}
		if got := tc.p.HanziIn(Simplified); got != tc.simplified {
			t.Errorf("%v simplified: %q, want %q", tc.p, got, tc.simplified)
		}
	}
	if got := Piece(99).HanziIn(Simplified); got != "？" {
		t.Errorf("a bad piece: %q, want ？", got)
	}
}
