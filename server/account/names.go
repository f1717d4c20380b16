package account

import (
	"bufio"
	"bytes"
	_ "embed"
	"fmt"
	"path"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/gambitchess/gambit/server/wire"
)

// The username rules: 3 to 20 ASCII letters, digits, "_" and "-", compared
// without regard to case (the store keeps them unique so), and none of the
// reserved names (reserved.txt's, compared by skeleton: see reserved).
const (
	MinName = 3
	MaxName = 20
	// MinPassword is the shortest password taken (NIST SP 800-63B 5.1.1.2
	// asks for at least 8), and MaxPassword the longest: argon2 would take
	// more, but a megabyte of "password" is an attack on the hashing.
	MinPassword = 8
	MaxPassword = 256
	// MinVariety is how many of a password's characters must be fresh:
	// neither one seen before in it nor a neighbour (equal or ±1) of the
	// one before. See variety.
	MinVariety = 5
)

// NormalizeName is the one way a username typed by someone becomes a
// name: every use of one (the sign-in limiter's key, a lookup, sign-up,
// the reserved names) goes through it, so that two spellings of one
// account are one account everywhere, and a spelling of no account is
// refused before it is used anywhere. It returns the name as shown
// (display: s in Unicode's NFKC form, case kept; what sign-up stores) and
// as compared (key: display case-folded; what the limiters and the store
// key on), or an error wrapping wire.ErrBadUsername that says what is
// wrong, and at which character.
//
// The rule: NFKC(s) must be 3 to 20 of the alphabet (ASCII letters,
// digits, "_", "-"). So, character by character:
//
//   - ASCII letters, digits, "_" and "-": themselves.
//   - Compatibility forms of them, which NFKC writes as them, are them:
//     U+212A KELVIN SIGN is K, U+017F LONG S is s, fullwidth Ａ and ０
//     and ＿ are A, 0 and _, ligatures (ﬀ is ff, ﬁ is fi), super- and
//     subscripts (² is 2), circled, mathematical and Roman-numeral letters
//     and digits (Ⓐ, 𝐀, Ⅻ is XII). 1,193 characters in all; the length
//     counts what they become, so ﬃ is three characters.
//   - Everything NFKC leaves outside the alphabet is refused: letters
//     with marks (é, and e followed by U+0301, which NFKC composes into
//     é), İ (U+0130) and ı, ß and ẞ (whose full case folding is "ss":
//     NFKC keeps them, so the name would not be ASCII to show; refusing
//     them keeps display and key one alphabet), other scripts, spaces
//     (NBSP becomes a space, refused too), dashes other than "-" (U+2010,
//     U+2212), zero-width characters (U+200B, U+200C ZWNJ, U+200D ZWJ,
//     U+2060, U+FEFF), direction marks and overrides (U+200E, U+200F,
//     U+202A-U+202E), control characters, and bytes that are not UTF-8.
//
// Every spelling of one key is one account: "\u212Aate", "Ｋａｔｅ" and
// "KATE" sign in to kate's, under kate's limit, and none of them can be
// a second account. No character is dropped, so the name is never longer
// than what was typed: an ASCII character of NFKC(s) comes from at least
// one character of s (decomposition never removes one, and composition
// only ever makes non-ASCII letters), so more than MaxName characters in
// s is refused before it is normalised, and a long body costs no work.
func NormalizeName(s string) (display, key string, err error) {
	if n := utf8.RuneCountInString(s); n > MaxName || n < 1 {
		return "", "", errNameLength
	}
	if !utf8.ValidString(s) {
		return "", "", fmt.Errorf("%w: not UTF-8 text", wire.ErrBadUsername)
	}
	display = norm.NFKC.String(s)
	if !inAlphabet(display) {
		return "", "", badCharacter(s)
	}
	if len(display) < MinName || len(display) > MaxName {
		return "", "", errNameLength
	}
	// The key is display's case folding. display is ASCII by now, and on
	// ASCII, Unicode's full case folding (cases.Fold) and strings.ToLower
	// agree: both map A-Z to a-z and keep every other ASCII character;
	// the characters whose folding differs from their lower case (K's
	// U+212A, s's U+017F, "ss"'s ß) are not ASCII and never get here (the
	// tests compare the two on every name that passes). So the key is
	// also the store's own name key, strings.ToLower (store.nameKey),
	// whichever of display and key the store is given.
	return display, strings.ToLower(display), nil
}

var errNameLength = fmt.Errorf("%w: %d to %d characters", wire.ErrBadUsername, MinName, MaxName)

// inAlphabet reports whether s is only ASCII letters, digits, "_" and "-".
func inAlphabet(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// badCharacter is the error for a name whose NFKC form is not in the
// alphabet: it names the first character of s that is not, counting from 1.
// A character is judged by its own NFKC form, which for a combining mark
// is the mark: "e\u0301" is refused at its second character.
func badCharacter(s string) error {
	i := 0
	for _, r := range s {
		i++
		if !inAlphabet(norm.NFKC.String(string(r))) {
			what := fmt.Sprintf("%+q", r) // printable whatever it is: '\u200d'
			if unicode.IsPrint(r) && !unicode.Is(unicode.Mn, r) {
				what = fmt.Sprintf("%q", r)
			}
			return fmt.Errorf("%w: %s (%U) at character %d: only ASCII letters, digits, _ and -", wire.ErrBadUsername, what, r, i)
		}
	}
	// Each character alone is in the alphabet, so NFKC(s) is their
	// concatenation, which is too: never reached.
	return fmt.Errorf("%w: only ASCII letters, digits, _ and -", wire.ErrBadUsername)
}

// CheckName returns nil for a name an account may take, or an error
// wrapping wire.ErrBadUsername saying why not: a name NormalizeName
// refuses, a reserved one, or one not written as it would be stored
// (sign-up stores NormalizeName's display: normalise first, then check
// the display, so that "Ｋａｔｅ" signs up as "Kate").
func CheckName(name string) error {
	display, key, err := NormalizeName(name)
	if err != nil {
		return err
	}
	if display != name {
		return fmt.Errorf("%w: write it as %q", wire.ErrBadUsername, display)
	}
	if lists().reserved.has(key) {
		return fmt.Errorf("%w: this name is reserved, or too like one that is", wire.ErrBadUsername)
	}
	return nil
}

// CheckPassword returns nil for a password an account may have, or an
// error wrapping wire.ErrWeakPassword saying why not: too short or too
// long, only spaces, the username in it, among the most common passwords
// (common-passwords.txt, compared without regard to case), or too little
// variety (fewer than MinVariety fresh characters, see variety).
func CheckPassword(password, name string) error {
	switch n := len([]rune(password)); {
	case n < MinPassword:
		return fmt.Errorf("%w: at least %d characters", wire.ErrWeakPassword, MinPassword)
	case len(password) > MaxPassword:
		return fmt.Errorf("%w: at most %d bytes", wire.ErrWeakPassword, MaxPassword)
	}
	if strings.TrimSpace(password) == "" {
		return fmt.Errorf("%w: only spaces", wire.ErrWeakPassword)
	}
	low := strings.ToLower(password)
	if _, key, err := NormalizeName(name); err == nil {
		name = key // "Ｋａｔｅ" is kate, in the password too
	}
	if name != "" && strings.Contains(low, strings.ToLower(name)) {
		return fmt.Errorf("%w: it contains the username", wire.ErrWeakPassword)
	}
	if commonAtHeart(low) {
		return fmt.Errorf("%w: one of the most common passwords", wire.ErrWeakPassword)
	}
	if variety(low) < MinVariety {
		return fmt.Errorf("%w: too many repeated or consecutive characters (like aaaa, abcd, 1234)", wire.ErrWeakPassword)
	}
	return nil
}

// commonAtHeart reports whether low (a password in lower case) is one of
// the common passwords, or one dressed up as guessers try first: digits
// and symbols before or after it ("Password1!", "2024iloveyou") or said
// again ("passwordpassword").
func commonAtHeart(low string) bool {
	common := lists().common
	core := strings.TrimFunc(low, func(r rune) bool { return !unicode.IsLetter(r) })
	return common[low] || common[core] || common[repeatedUnit(low)]
}

// repeatedUnit returns the string s is made of, said twice or more
// ("passwordpassword": "password"), or "" when s is no repetition.
func repeatedUnit(s string) string {
	for k := 1; k <= len(s)/2; k++ {
		if len(s)%k == 0 && strings.Repeat(s[:k], len(s)/k) == s {
			return s[:k]
		}
	}
	return ""
}

// variety counts the fresh characters of s: those neither seen before in
// s nor equal or next (±1 code point) to the character before. A
// repeated character ("aaaaaaab": 1), a run ("abcd1234": 2, "11112222":
// 1, "abababab": 1) or a repeated block ("a1a1a1a1": 2, "12341234": 1,
// "密碼密碼密碼密碼": 2) costs a guesser next to nothing after its first
// characters (NIST SP 800-63B 5.1.1.2 asks to refuse "repetitive or
// sequential characters"; zxcvbn prices repeats and sequences as one
// guess each), and the fresh ones are what is left to guess.
// CheckPassword asks for MinVariety, 5: an 8-character password may have
// three cheap characters, as ordinary words and passphrases do ("correct
// horse": 7, its second r, c, o, r and e, and s after r being cheap), and
// a random one of 8 rarely has more; 4 would take "abcd1234wxyz"-like
// pairs of runs ("a1b2" is 4), 6 would refuse more random passwords than
// it catches weak ones. Characters are code points, so a passphrase in
// any script counts the same way ("我的密碼很安全啊": 8). s is compared as
// given: CheckPassword passes it in lower case, so that "AbAbAbAb" is
// "abababab".
func variety(s string) int {
	seen := map[rune]bool{}
	n := 0
	prev := rune(-2)
	for _, r := range s {
		if !seen[r] && (r < prev-1 || r > prev+1) {
			n++
		}
		seen[r] = true
		prev = r
	}
	return n
}

// reservedText is the names no account may take: the site's own words,
// paths and roles, one a line ('#' starts a comment; see its header for
// the patterns).
//
//go:embed reserved.txt
var reservedText string

// commonText is the common passwords refused (see its header for where
// the list comes from).
//
//go:embed common-passwords.txt
var commonText string

type wordLists struct {
	reserved reserved
	common   map[string]bool
}

// lists reads the embedded lists once. They are constant: the sync.Once
// only defers the work until an account is first made.
var lists = sync.OnceValue(func() wordLists {
	return wordLists{reserved: readReserved(reservedText), common: readList(commonText)}
})

// reserved is reserved.txt read: skeletons of names refused as they are,
// and patterns (path.Match's, "*" any letters) that refuse every name
// whose skeleton they match.
type reserved struct {
	names    map[string]bool
	patterns []string
}

// readReserved reads reserved.txt: a line with a "*" is a pattern, any
// other a name; both are compared as skeletons.
func readReserved(text string) reserved {
	r := reserved{names: map[string]bool{}}
	for w := range readList(text) {
		if strings.Contains(w, "*") {
			r.patterns = append(r.patterns, skeleton(w))
		} else {
			r.names[skeleton(w)] = true
		}
	}
	slices.Sort(r.patterns) // a map's order is random; the tests read them
	return r
}

// has reports whether the name whose key is key is reserved: its
// skeleton is a reserved name's, or matches a pattern.
func (r reserved) has(key string) bool {
	sk := skeleton(key)
	if r.names[sk] {
		return true
	}
	for _, p := range r.patterns {
		if ok, _ := path.Match(p, sk); ok {
			return true
		}
	}
	return false
}

// skeleton is a name's key as the reserved names are compared: without
// its "_" and "-" ("Admin_", "fairy-stockfish"), without the digits at
// either end ("white2", "1admin"), and with the characters that look alike
// in many fonts made one: 0 is o, and 1 and l are i (so "adm1n", "ADMlN"
// and "r00t" are admin and root; the key is in lower case, so I is i
// already). Reserved names and patterns are read as skeletons too, so the
// list keeps its ordinary spelling ("lichess").
func skeleton(key string) string {
	b := make([]byte, 0, len(key))
	for i := 0; i < len(key); i++ {
		if c := key[i]; c != '_' && c != '-' {
			b = append(b, c)
		}
	}
	b = bytes.Trim(b, "0123456789")
	for i, c := range b {
		switch c {
		case '0':
			b[i] = 'o'
		case '1', 'l':
			b[i] = 'i'
		}
	}
	return string(b)
}

// readList reads one word a line, in lower case, skipping blank lines and
// '#' comments.
func readList(text string) map[string]bool {
	m := map[string]bool{}
	sc := bufio.NewScanner(strings.NewReader(text))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		m[strings.ToLower(line)] = true
	}
	return m
}
