package account

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"

	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
)

// TestNormalizeName: every spelling NFKC writes in the alphabet is its
// ASCII account (the key the limiter and the store use), everything else
// is refused, saying at which character.
func TestNormalizeName(t *testing.T) {
	tests := []struct {
		in, display, key string
		bad              string // in the error, when refused
	}{
		{in: "Kate", display: "Kate", key: "kate"},
		{in: "A_b-9", display: "A_b-9", key: "a_b-9"},
		{in: "\u212Aate", display: "Kate", key: "kate"},  // KELVIN SIGN: the probe's bypass
		{in: "Ro\u017Fe", display: "Rose", key: "rose"},  // LONG S
		{in: "Ｋａｔｅ＿０", display: "Kate_0", key: "kate_0"}, // fullwidth letters, digit, low line
		{in: "ab－c", display: "ab-c", key: "ab-c"},       // FULLWIDTH HYPHEN-MINUS
		{in: "\uFB00y", display: "ffy", key: "ffy"},      // LATIN SMALL LIGATURE FF: two characters
		{in: "\uFB03", display: "ffi", key: "ffi"},       // one character, three long: long enough
		{in: "bob²", display: "bob2", key: "bob2"},       // SUPERSCRIPT TWO
		{in: "ⓐⓑⓒ", display: "abc", key: "abc"},          // circled
		{in: "𝐊ate", display: "Kate", key: "kate"},       // MATHEMATICAL BOLD CAPITAL K
		// 21 bytes and more that are 20 characters or fewer: the limiter
		// used to skip these.
		{in: "\u212A" + strings.Repeat("a", 18), display: "K" + strings.Repeat("a", 18), key: "k" + strings.Repeat("a", 18)},
		{in: strings.Repeat("Ｋ", 20), display: strings.Repeat("K", 20), key: strings.Repeat("k", 20)},

		{in: "", bad: "3 to 20 characters"},
		{in: "ab", bad: "3 to 20 characters"},
		{in: strings.Repeat("a", 21), bad: "3 to 20 characters"},
		{in: strings.Repeat("\uFB03", 7), bad: "3 to 20 characters"}, // 7 typed, 21 once normalised
		{in: strings.Repeat("\u200D", 30), bad: "3 to 20 characters"},
		{in: "İsmail", bad: "U+0130) at character 1"},
		{in: "ısmail", bad: "U+0131) at character 1"},
		{in: "straße", bad: "U+00DF) at character 5"}, // folds to "ss", but NFKC keeps it: refused
		{in: "STRAẞE", bad: "U+1E9E) at character 5"},
		{in: "née", bad: "U+00E9) at character 2"},
		{in: "ne\u0301e", bad: "U+0301) at character 3"}, // combining acute: NFKC makes é
		{in: "a\u0338b", bad: "U+0338) at character 2"},
		{in: "ka\u200Dte", bad: "U+200D) at character 3"}, // ZERO WIDTH JOINER
		{in: "ka\u200Cte", bad: "U+200C) at character 3"}, // ZWNJ
		{in: "ka\u200Bte", bad: "U+200B) at character 3"}, // ZERO WIDTH SPACE
		{in: "\uFEFFkate", bad: "U+FEFF) at character 1"},
		{in: "kate\u00AD", bad: "U+00AD) at character 5"}, // SOFT HYPHEN
		{in: "\u200Fkate", bad: "U+200F) at character 1"}, // RIGHT-TO-LEFT MARK
		{in: "ka\u202Ete", bad: "U+202E) at character 3"}, // RIGHT-TO-LEFT OVERRIDE
		{in: "ka\u2010te", bad: "U+2010) at character 3"}, // HYPHEN, not "-"
		{in: "ka\u2212te", bad: "U+2212) at character 3"}, // MINUS SIGN
		{in: "ka\u00A0te", bad: "U+00A0) at character 3"}, // NBSP: NFKC makes a space
		{in: "ka te", bad: "U+0020) at character 3"},
		{in: "kate\n", bad: "U+000A) at character 5"},
		{in: "ka\x00te", bad: "U+0000) at character 3"},
		{in: "ka\x7fte", bad: "U+007F) at character 3"},
		{in: "a.b", bad: "U+002E) at character 2"},
		{in: "Катя", bad: "U+041A) at character 1"}, // Cyrillic
		{in: "ka\xffte", bad: "not UTF-8"},
	}
	for _, tt := range tests {
		display, key, err := NormalizeName(tt.in)
		if tt.bad == "" {
			if err != nil || display != tt.display || key != tt.key {
				t.Errorf("NormalizeName(%+q) = %q, %q, %v; want %q, %q", tt.in, display, key, err, tt.display, tt.key)
			}
			continue
		}
		if err == nil || !errors.Is(err, wire.ErrBadUsername) || !strings.Contains(err.Error(), tt.bad) {
			t.Errorf("NormalizeName(%+q) = %q, %q, %v; want an ErrBadUsername saying %q", tt.in, display, key, err, tt.bad)
		}
	}
}

// TestNormalizeNameEveryCharacter runs every character alone (in a name
// long enough): it passes exactly when NFKC writes it in the alphabet, and
// then the key is what NFKC, full case folding and NFKC again make of it,
// the same as strings.ToLower: NormalizeName's shortcut. The only
// characters that folding would bring into the alphabet and NFKC does not
// are ß and ẞ ("ss"), refused on purpose.
func TestNormalizeNameEveryCharacter(t *testing.T) {
	if raceEnabled {
		t.Skip("a pure function over every character: checked without -race (make unit), 17 s under it")
	}
	fold := cases.Fold()
	var foldOnly []rune
	n := 0
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if !utf8.ValidRune(r) {
			continue
		}
		in := "ab" + string(r)
		display, key, err := NormalizeName(in)
		nfkc := norm.NFKC.String(in)
		folded := norm.NFKC.String(fold.String(nfkc))
		switch {
		case inAlphabet(nfkc) && len(nfkc) <= MaxName:
			if err != nil || display != nfkc || key != folded || key != strings.ToLower(display) {
				t.Fatalf("NormalizeName(%+q) = %q, %q, %v; want %q, %q", in, display, key, err, nfkc, folded)
			}
			if r >= utf8.RuneSelf {
				n++
			}
		case err == nil:
			t.Fatalf("NormalizeName(%+q) = %q, %q: NFKC makes %+q, not the alphabet", in, display, key, nfkc)
		case inAlphabet(folded):
			foldOnly = append(foldOnly, r)
		}
	}
	if n != 1193 {
		t.Errorf("%d characters besides ASCII normalise into the alphabet, want 1193 (as names.go says)", n)
	}
	if string(foldOnly) != "ßẞ" {
		t.Errorf("refused, though folding makes them ASCII: %q, want ß and ẞ", string(foldOnly))
	}
}

// TestNameKeyIsStoreKey: every spelling of a name finds its account in
// the store, by key or by display, and none can be a second account; the
// store keys on strings.ToLower (store.nameKey), NormalizeName's key.
func TestNameKeyIsStoreKey(t *testing.T) {
	ctx := context.Background()
	st, err := store.OpenSQLite(ctx, filepath.Join(t.TempDir(), "gambit.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	display, _, err := NormalizeName("Ｋａｔｅ_9")
	if err != nil {
		t.Fatal(err)
	}
	if err := st.CreateUser(ctx, store.User{ID: "u1", Name: display, Player: "p1"}); err != nil {
		t.Fatal(err)
	}
	for _, in := range []string{"Kate_9", "kate_9", "KATE_9", "\u212Aate_9", "ｋａｔｅ＿９", "kate\uFE4D9"} {
		d, key, err := NormalizeName(in)
		if err != nil {
			t.Fatalf("NormalizeName(%+q): %v", in, err)
		}
		for _, name := range []string{key, d} {
			if u, err := st.UserByName(ctx, name); err != nil || u.ID != "u1" {
				t.Errorf("UserByName(%q) (from %+q) = %+v, %v; want u1", name, in, u, err)
			}
		}
		if err := st.CreateUser(ctx, store.User{ID: "u2", Name: d, Player: "p2"}); !errors.Is(err, store.ErrNameTaken) {
			t.Errorf("CreateUser(%q) (from %+q) = %v, want ErrNameTaken", d, in, err)
		}
	}
}

// FuzzNormalizeName: no name makes it panic; a key is its own key and in
// the alphabet and the length; the display gives the same key; and the key
// is what full case folding makes of the display (and so the store's key).
func FuzzNormalizeName(f *testing.F) {
	for _, s := range []string{"Kate", "\u212Aate", "ſtraße", "Ｋａｔｅ", "\uFB03\uFB03\uFB03\uFB03\uFB03\uFB03\uFB03", "ne\u0301e",
		"ka\u200Dte", "\u202Ekate", "İi", "bob²", "a_-b", "", "\x00\xff", strings.Repeat("\u212A", 21)} {
		f.Add(s)
	}
	fold := cases.Fold()
	f.Fuzz(func(t *testing.T, s string) {
		display, key, err := NormalizeName(s)
		if err != nil {
			if !errors.Is(err, wire.ErrBadUsername) || display != "" || key != "" {
				t.Fatalf("NormalizeName(%+q) = %q, %q, %v", s, display, key, err)
			}
			if CheckName(s) == nil {
				t.Fatalf("CheckName(%+q) took a name NormalizeName refuses", s)
			}
			return
		}
		if !inAlphabet(key) || len(key) < MinName || len(key) > MaxName || utf8.RuneCountInString(s) < 1 {
			t.Fatalf("NormalizeName(%+q): key %q", s, key)
		}
		if d2, k2, err := NormalizeName(key); err != nil || d2 != key || k2 != key {
			t.Fatalf("NormalizeName(%q) = %q, %q, %v; want the key back", key, d2, k2, err)
		}
		if d2, k2, err := NormalizeName(display); err != nil || d2 != display || k2 != key {
			t.Fatalf("NormalizeName(%q) = %q, %q, %v; want %q, %q", display, d2, k2, err, display, key)
		}
		if f := norm.NFKC.String(fold.String(display)); f != key || strings.ToLower(display) != key {
			t.Fatalf("NormalizeName(%+q): key %q, but folding makes %q", s, key, f)
		}
		if err := CheckName(display); err != nil && !lists().reserved.has(key) {
			t.Fatalf("CheckName(%q) = %v for a display NormalizeName made", display, err)
		}
	})
}

// TestReservedNames: the probe's lookalikes of reserved names are
// refused, and ordinary names, some close to a reserved one, are not.
func TestReservedNames(t *testing.T) {
	refused := []string{
		"white", "black", "Stockfish-", "fairy-stockfish", "gambit_", "Admin_", // the probe's
		"White2", "b-l-a-c-k", "Red", "guest123", "Anonymous", "computer", "bot", "bot_7", "AI_",
		"adm1n", "ADMlN", "r00t", "whlte", "theadmin", "admin_bob", "SiteModerator", "GambitTeam",
		"gambit-support", "mystockfish9", "Pikafish2", "lichess_org", "Official_Kate", "user1",
	}
	for _, name := range refused {
		if err := CheckName(name); !errors.Is(err, wire.ErrBadUsername) || !strings.Contains(err.Error(), "reserved") {
			t.Errorf("CheckName(%q) = %v, want reserved", name, err)
		}
	}
	// blackberry, whitey, redknight and Fred begin or end with a side's
	// name but are not it: taken. QueensGambit ends with the site's name:
	// a chess word, taken; only names that begin with it are the site's.
	taken := []string{"alice", "bob_92", "chessfan", "blackberry", "whitey", "redknight", "Fred", "QueensGambit",
		"kings-gambit", "botvinnik", "guestbook", "moderna", "sysop1", "magnus", "user_kate", "abc", "123"}
	for _, name := range taken {
		if err := CheckName(name); err != nil {
			t.Errorf("CheckName(%q) = %v, want nil", name, err)
		}
	}
}

// TestReservedList: every line of reserved.txt means something: a name's
// skeleton is not empty and a pattern is one path.Match reads.
func TestReservedList(t *testing.T) {
	r := lists().reserved
	if len(r.names) < 40 || len(r.patterns) < 6 {
		t.Errorf("reserved.txt read as %d names and %d patterns", len(r.names), len(r.patterns))
	}
	for name := range r.names {
		if name == "" || strings.ContainsAny(name, "_-") {
			t.Errorf("reserved skeleton %q", name)
		}
	}
	for _, p := range r.patterns {
		if strings.Trim(p, "*") == "" || !r.has(strings.ReplaceAll(p, "*", "x")) {
			t.Errorf("reserved pattern %q matches nothing", p)
		}
	}
}

// TestPasswordVariety: repeated and consecutive characters are refused,
// passwords and passphrases of any script are not.
func TestPasswordVariety(t *testing.T) {
	tests := []struct {
		pw      string
		variety int
	}{
		{"aaaaaaab", 1}, {"abcd1234", 2}, {"11112222", 1}, {"        ", 1}, {"abababab", 1}, {"a1a1a1a1", 2},
		{"12341234", 1}, {"abcabcab", 1}, {"zyxwvuts", 1}, {"密碼密碼密碼密碼", 2}, {"aaaabbbbccccdddd1", 2},
		{"correct horse", 7}, {"k3jd9aqz", 8}, {"我的密碼很安全啊", 8}, {"tr0ub4dor&3", 10},
	}
	for _, tt := range tests {
		if got := variety(tt.pw); got != tt.variety {
			t.Errorf("variety(%q) = %d, want %d", tt.pw, got, tt.variety)
		}
	}
	for _, pw := range []string{"        ", "\t \u3000\u00A0    ", "aaaaaaab", "abcd1234", "11112222", "AbAbAbAb", "a1a1a1a1", "zyxwvuts"} {
		if err := CheckPassword(pw, "ann"); !errors.Is(err, wire.ErrWeakPassword) {
			t.Errorf("CheckPassword(%q) = %v, want ErrWeakPassword", pw, err)
		}
	}
	for _, pw := range []string{"correct horse", "k3Jd9aQz", "我的密碼很安全啊", "Tr0ub4dor&3", "my queen takes e5 pawn"} {
		if err := CheckPassword(pw, "ann"); err != nil {
			t.Errorf("CheckPassword(%q) = %v, want nil", pw, err)
		}
	}
}

// TestCommonPasswords: the list is Burnett's ranking of 8 characters and
// more (at least 10,000) and the hand-added chess words.
func TestCommonPasswords(t *testing.T) {
	if n := len(lists().common); n < 10000 {
		t.Errorf("only %d common passwords read", n)
	}
	for _, pw := range []string{"password1", "iloveyou", "1qaz2wsx", "ILoveYou", "sunshine", "trustno1", "checkmate1", "queensgambit"} {
		if err := CheckPassword(pw, "ann"); !errors.Is(err, wire.ErrWeakPassword) || !strings.Contains(err.Error(), "common") {
			t.Errorf("CheckPassword(%q) = %v, want a common password", pw, err)
		}
	}
	// A common password dressed up is still one (the probe's Password1!,
	// passwordpassword); a rare one dressed up is not.
	for _, tt := range []struct {
		pw     string
		common bool
	}{
		{"Password1!", true}, {"2024iloveyou", true}, {"passwordpassword", true}, {"!!Sunshine!!", true},
		{"Zebra-Quartz-9", false}, {"kvetch9plinth!", false},
	} {
		err := CheckPassword(tt.pw, "ann")
		if got := err != nil && strings.Contains(err.Error(), "common"); got != tt.common {
			t.Errorf("CheckPassword(%q) = %v; common: want %v", tt.pw, err, tt.common)
		}
	}
	// The username in another spelling is the username.
	if err := CheckPassword("xx-kate-xx-9", "Ｋａｔｅ"); err == nil || !strings.Contains(err.Error(), "username") {
		t.Errorf("CheckPassword with the name in fullwidth = %v, want the username refused", err)
	}
}
