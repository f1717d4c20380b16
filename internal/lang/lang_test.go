package lang

import (
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
)

// TestTablesComplete: every language has every key of the English table,
// no other, with the same parameters, and no text is empty.
func TestTablesComplete(t *testing.T) {
	for _, l := range Languages() {
		table := tables[l]
		if table == nil {
			t.Fatalf("%s: no table", l)
		}
		for k, want := range en {
			got, ok := table[k]
			switch {
			case !ok:
				t.Errorf("%s lacks %q", l, k)
			case strings.TrimSpace(got) == "" && strings.TrimSpace(want) != "":
				t.Errorf("%s: %q is empty", l, k)
			default:
				gp, wp := Params(got), Params(want)
				slices.Sort(gp)
				slices.Sort(wp)
				if !slices.Equal(gp, wp) {
					t.Errorf("%s: %q has parameters %v, English %v", l, k, gp, wp)
				}
			}
		}
		for k := range table {
			if _, ok := en[k]; !ok {
				t.Errorf("%s has %q, which English lacks", l, k)
			}
		}
	}
}

// TestChineseTablesSpeakChinese: the Chinese tables hold no English word
// (the names WXF, ICCS, FEN, Gambit and JavaScript aside), and the
// traditional and simplified tables are not the same text.
func TestChineseTablesSpeakChinese(t *testing.T) {
	allowed := strings.NewReplacer("Gambit", "", "JavaScript", "", "WXF", "", "ICCS", "", "FEN", "", "Home", "", "End", "", "F 鍵", "", "F 键", "")
	for _, l := range []Lang{Traditional, Simplified} {
		for k, s := range tables[l] {
			rest := allowed.Replace(paramPattern.ReplaceAllString(s, ""))
			if strings.ContainsFunc(rest, func(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }) {
				t.Errorf("%s: %q = %q holds Latin letters", l, k, s)
			}
		}
	}
	if zhTW[PreviewInPlay] == zhCN[PreviewInPlay] || zhTW[ViewerTitle] == zhCN[ViewerTitle] {
		t.Error("the traditional and simplified tables share texts that differ between Taiwan and the mainland")
	}
}

func TestText(t *testing.T) {
	tests := []struct {
		l    Lang
		key  Key
		args []string
		want string
	}{
		{English, PreviewTitle, []string{"white", "Ann", "black", "Ben", "variant", "Chess"}, "Ann vs Ben · Chess"},
		{Traditional, PreviewTitle, []string{"white", "Ann", "black", "Ben", "variant", "西洋棋"}, "Ann 對 Ben · 西洋棋"},
		{Simplified, PreviewBot, []string{"level", "休闲（约 1200 分）"}, "Gambit · 休闲（约 1200 分）"},
		{Simplified, "no.such.key", nil, "no.such.key"},
		{Lang("fr"), PreviewAborted, nil, "Aborted"},
		{English, PreviewTitle, []string{"white", "{black}", "black", "B", "variant", "V"}, "{black} vs B · V"}, // a value is not read again
	}
	for _, tt := range tests {
		if got := tt.l.Text(tt.key, tt.args...); got != tt.want {
			t.Errorf("%s.Text(%q, %q) = %q, want %q", tt.l, tt.key, tt.args, got, tt.want)
		}
	}
	plurals := []struct {
		l    Lang
		n    int
		want string
	}{
		{English, 1, "1 move"}, {English, 0, "0 moves"}, {English, 41, "41 moves"},
		{Traditional, 1, "1 步"}, {Simplified, 12, "12 步"},
	}
	for _, tt := range plurals {
		if got := tt.l.Plural(PreviewMoves, tt.n); got != tt.want {
			t.Errorf("%s.Plural(%d) = %q, want %q", tt.l, tt.n, got, tt.want)
		}
	}
}

// TestNegotiate is the mapping of ?lang= and Accept-Language to the
// server's languages.
func TestNegotiate(t *testing.T) {
	tests := []struct {
		query, accept string
		want          Lang
	}{
		{"", "", English},
		{"", "zh-TW", Traditional},
		{"", "zh-HK", Traditional},
		{"", "zh-MO", Traditional},
		{"", "zh-Hant", Traditional},
		{"", "zh-Hant-HK", Traditional},
		{"", "zh-hant-cn", Traditional}, // the script wins over the region
		{"", "zh-CN", Simplified},
		{"", "zh-SG", Simplified},
		{"", "zh-Hans", Simplified},
		{"", "zh-Hans-TW", Simplified},
		{"", "zh", Simplified},
		{"", "zh_TW", Traditional},
		{"", "ZH-tw", Traditional},
		{"", "en-US", English},
		{"", "fr-FR", English},
		{"", "fr-FR,fr;q=0.9", English},
		{"", "fr-FR,zh-TW;q=0.5,en;q=0.3", Traditional},
		{"", "en;q=0.5,zh-CN;q=0.8", Simplified},     // weights, not order
		{"", "zh-TW;q=0.8,zh-CN;q=0.8", Traditional}, // equal weights: the header's order
		{"", "zh-TW;q=0,en", English},                // q=0: not acceptable
		{"", "zh-TW;q=1.5,zh-CN;q=0.1", Simplified},  // a bad weight drops its range
		{"", "*", English},
		{"", "*;q=0.9,zh-HK;q=0.1", Traditional},
		{"", "de,ja;q=0.9", English},
		{"", " zh-HK ; q=0.9 , en ; q=0.1 ", Traditional},
		{"", "zh-TW;q=abc,zh-CN;q=0.2", Simplified},
		{"zh-TW", "zh-CN", Traditional},
		{"zh-CN", "zh-TW", Simplified},
		{"en", "zh-TW", English},
		{"fr", "zh-HK", Traditional}, // a ?lang= the server does not write: the header decides
		{"zh-Hant", "", Traditional},
	}
	for _, tt := range tests {
		if got := Negotiate(tt.query, tt.accept); got != tt.want {
			t.Errorf("Negotiate(%q, %q) = %s, want %s", tt.query, tt.accept, got, tt.want)
		}
	}
	r := httptest.NewRequest("GET", "/game/x?lang=zh-CN", nil)
	r.Header.Set("Accept-Language", "zh-TW")
	if got := FromRequest(r); got != Simplified {
		t.Errorf("FromRequest with ?lang=zh-CN = %s", got)
	}
}

func TestParseAcceptLanguage(t *testing.T) {
	tests := []struct {
		in   string
		want []Range
	}{
		{"", nil},
		{"zh-TW,zh;q=0.9,en-US;q=0.8,en;q=0.7", []Range{{"zh-TW", 1}, {"zh", 0.9}, {"en-US", 0.8}, {"en", 0.7}}},
		{"en;q=0.1, fr", []Range{{"fr", 1}, {"en", 0.1}}},
		{"en;q=0", nil},
		{"en;q=1.0001", nil},
		{"en;q=-1", nil},
		{"e n,zh-TW", []Range{{"zh-TW", 1}}},
		{"toolongtag-TW,zh", []Range{{"zh", 1}}},
		{"zh--TW,zh-", nil},
		{"1zh,zh-419", []Range{{"zh-419", 1}}},
		{",,,", nil},
		{"zh;level=1;q=0.5", []Range{{"zh", 0.5}}},
	}
	for _, tt := range tests {
		got := ParseAcceptLanguage(tt.in)
		if !slices.Equal(got, tt.want) {
			t.Errorf("ParseAcceptLanguage(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
	long := strings.Repeat("fr,", 100) + "zh-TW"
	if n := len(ParseAcceptLanguage(long)); n != maxRanges {
		t.Errorf("a header of 101 ranges gave %d, want at most %d", n, maxRanges)
	}
}

func TestViewerTexts(t *testing.T) {
	for _, l := range Languages() {
		v := l.Viewer()
		for _, name := range []string{"first", "prev", "next", "last", "flip", "title", "copy", "copied", "game", "notation", "chinese", "wxf", "iccs", "fen", "moves", "tags", "noMoves", "unknownPlayer", "versus", "riverLeft", "riverRight"} {
			if v[name] == "" {
				t.Errorf("%s: viewer text %q missing", l, name)
			}
		}
	}
	if Simplified.Viewer()["riverRight"] != "汉 界" || Traditional.Viewer()["riverRight"] != "漢 界" {
		t.Error("the river's words follow the script")
	}
}

// FuzzAcceptLanguage: any header parses without panicking into at most
// maxRanges well-formed ranges, best first, and chooses a language.
func FuzzAcceptLanguage(f *testing.F) {
	for _, s := range []string{"zh-TW,zh;q=0.9,en;q=0.8", "*", "zh-Hant-HK;q=0.5", "en;q=0", ";;;q=,", "zh_TW", "a-b-c-d-e-f-g-h-i"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, h string) {
		rs := ParseAcceptLanguage(h)
		if len(rs) > maxRanges {
			t.Fatalf("%d ranges", len(rs))
		}
		for i, r := range rs {
			if r.Q <= 0 || r.Q > 1 || !validRange(r.Tag) || strings.ContainsAny(r.Tag, " ;,") {
				t.Fatalf("%q: bad range %+v", h, r)
			}
			if i > 0 && rs[i-1].Q < r.Q {
				t.Fatalf("%q: not best first: %v", h, rs)
			}
		}
		if l := Negotiate(h, h); l != English && l != Traditional && l != Simplified {
			t.Fatalf("%q: Negotiate = %q", h, l)
		}
	})
}
