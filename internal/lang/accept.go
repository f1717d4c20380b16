package lang

import (
	"sort"
	"strconv"
	"strings"
)

// Range is one language range of an Accept-Language header with its
// weight (RFC 9110, section 12.5.4).
type Range struct {
	Tag string  // "zh-TW", "en", "*"
	Q   float64 // 0 to 1; 1 when not given
}

// maxRanges bounds the ranges read from one header: a longer header is
// read up to there.
const maxRanges = 32

// ParseAcceptLanguage reads an Accept-Language header
// ("zh-TW,zh;q=0.9,en;q=0.8") into its ranges, best first (a stable sort,
// so equal weights keep the header's order), without those of weight 0
// ("not acceptable"). It never fails: a malformed range (a bad tag or
// weight) is skipped, as a server ignores what it cannot read, and at most
// maxRanges ranges are read.
func ParseAcceptLanguage(h string) []Range {
	var out []Range
	for part := range strings.SplitSeq(h, ",") {
		if len(out) == maxRanges {
			break
		}
		r, ok := parseRange(part)
		if ok && r.Q > 0 {
			out = append(out, r)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Q > out[j].Q })
	return out
}

// parseRange reads one range and its parameters: "zh-TW;q=0.8".
func parseRange(s string) (Range, bool) {
	tag, params, _ := strings.Cut(s, ";")
	tag = strings.TrimSpace(tag)
	if !validRange(tag) {
		return Range{}, false
	}
	r := Range{Tag: tag, Q: 1}
	for p := range strings.SplitSeq(params, ";") {
		name, value, ok := strings.Cut(strings.TrimSpace(p), "=")
		if !ok || !strings.EqualFold(strings.TrimSpace(name), "q") {
			continue
		}
		q, ok := parseWeight(strings.TrimSpace(value))
		if !ok {
			return Range{}, false
		}
		r.Q = q
	}
	return r, true
}

// validRange reports whether s is "*" or 1 to 8 letters followed by
// subtags of 1 to 8 letters or digits, joined by "-" (RFC 4647
// language-range; "_" is accepted as some clients send it).
func validRange(s string) bool {
	if s == "*" {
		return true
	}
	if s == "" || len(s) > 64 {
		return false
	}
	for i, sub := range strings.FieldsFunc(s, func(r rune) bool { return r == '-' || r == '_' }) {
		if len(sub) == 0 || len(sub) > 8 {
			return false
		}
		for _, c := range sub {
			letter := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
			if !letter && (i == 0 || c < '0' || c > '9') {
				return false
			}
		}
	}
	return !strings.HasPrefix(s, "-") && !strings.HasSuffix(s, "-") && !strings.Contains(s, "--")
}

// parseWeight reads a qvalue: 0 to 1 with at most three decimals.
func parseWeight(s string) (float64, bool) {
	if s == "" || len(s) > 5 || (s[0] != '0' && s[0] != '1') {
		return 0, false
	}
	q, err := strconv.ParseFloat(s, 64)
	if err != nil || q < 0 || q > 1 {
		return 0, false
	}
	return q, true
}
