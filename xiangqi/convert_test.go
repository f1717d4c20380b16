package xiangqi

import (
	"testing"
)

// TestConvertScript: every legal move of the test positions written in one
// script reads in the other as that script writes it, both ways; text
// around moves is kept, the side of each move read from its numerals.
func TestConvertScript(t *testing.T) {
	fens, _ := fuzzSeeds(t)
	n := 0
	for _, fen := range fens {
		p, err := ParseFEN(fen)
		if err != nil {
			continue
		}
		var ml MoveList
		p.GenerateLegal(&ml)
		for _, m := range ml.Moves() {
			hant, hans := p.ChineseIn(m, Traditional), p.ChineseIn(m, Simplified)
			if got := ConvertScript(hant, Simplified); got != hans {
				t.Errorf("%s %v: ConvertScript(%s, Simplified) = %s, want %s", fen, m, hant, got, hans)
			}
			if got := ConvertScript(hans, Traditional); got != hant {
				t.Errorf("%s %v: ConvertScript(%s, Traditional) = %s, want %s", fen, m, hans, got, hant)
			}
			if got := ConvertScript(hant, Traditional); got != hant {
				t.Errorf("%s %v: ConvertScript(%s, Traditional) = %s, want it unchanged", fen, m, hant, got)
			}
			n++
		}
	}
	if n < 1000 {
		t.Errorf("only %d moves converted", n)
	}
	tests := []struct{ in, hans, hant string }{
		{"Mistake. Best move was 卒７進１.", "Mistake. Best move was 卒７进１.", "Mistake. Best move was 卒７進１."},
		{"1. 炮二平五 馬８進７ 2. 傌二進三 車９平８", "1. 炮二平五 马８进７ 2. 马二进三 车９平８", "1. 炮二平五 馬８進７ 2. 傌二進三 車９平８"},
		{"後車進１，前俥退二", "后车进１，前车退二", "後車進１，前俥退二"},
		{"炮二平五翻俥吃車", "炮二平五翻车吃车", "炮二平五翻俥吃車"},
		{"炮８平５翻马吃车", "炮８平５翻马吃车", "砲８平５翻馬吃俥"},
		{"炮８平５ 翻马 吃车", "炮８平５ 翻马 吃车", "砲８平５ 翻馬 吃俥"},
		{"炮二平五 翻俥 吃車 Best was 砲８平５ 翻马", "炮二平五 翻车 吃车 Best was 炮８平５ 翻马", "炮二平五 翻俥 吃車 Best was 砲８平５ 翻馬"},
		{"Nf3 e4 O-O", "Nf3 e4 O-O", "Nf3 e4 O-O"},
		{"", "", ""},
	}
	for _, tt := range tests {
		if got := ConvertScript(tt.in, Simplified); got != tt.hans {
			t.Errorf("ConvertScript(%q, Simplified) = %q, want %q", tt.in, got, tt.hans)
		}
		if got := ConvertScript(tt.in, Traditional); got != tt.hant {
			t.Errorf("ConvertScript(%q, Traditional) = %q, want %q", tt.in, got, tt.hant)
		}
	}
}

// FuzzConvertScript: any text converts without a panic, once is enough
// (converting again changes nothing), and what ParseChinese reads in one
// script it reads the same in the other.
func FuzzConvertScript(f *testing.F) {
	_, chinese := fuzzSeeds(f)
	for _, s := range chinese {
		f.Add(s)
	}
	f.Add("炮８平５翻马吃车 Best move was 卒７進１.")
	f.Fuzz(func(t *testing.T, text string) {
		for _, s := range []Script{Traditional, Simplified, Script(9)} {
			once := ConvertScript(text, s)
			if twice := ConvertScript(once, s); twice != once {
				t.Fatalf("ConvertScript(%q, %v) = %q, again %q", text, s, once, twice)
			}
		}
		start := StartPosition()
		m, err := start.ParseChinese(text)
		if err != nil {
			return
		}
		for _, s := range []Script{Traditional, Simplified} {
			if got, err := start.ParseChinese(ConvertScript(text, s)); err != nil || got != m {
				t.Fatalf("%q reads %v, in %v %v (%v)", text, m, s, got, err)
			}
		}
	})
}
