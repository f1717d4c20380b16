// Package lang is the language of what the server writes for people to
// read: the standalone viewer page, a game's link preview, the app page's
// <title> and <noscript>. It chooses the language of a request (?lang=,
// then Accept-Language) and holds the texts, one table per language
// (en.go, zh_tw.go, zh_cn.go), in the same terms as the browser's tables
// (web/src/lang/).
//
//	l := lang.FromRequest(r)            // zh-TW for "Accept-Language: zh-HK"
//	l.Text(lang.PreviewInPlay, "moves", l.Moves(12)) // "對局中 · 12 步"
package lang

import (
	"net/http"
	"regexp"
	"strings"
)

// Lang is a language the server writes in, as its BCP 47 tag.
type Lang string

// The languages.
const (
	English     Lang = "en"
	Traditional Lang = "zh-TW" // 繁體中文: Taiwan, Hong Kong, Macau
	Simplified  Lang = "zh-CN" // 简体中文: mainland China, Singapore
)

// Languages returns every language, English (the reference) first.
func Languages() []Lang { return []Lang{English, Traditional, Simplified} }

// tables are the texts of each language, by key.
var tables = map[Lang]map[Key]string{English: en, Traditional: zhTW, Simplified: zhCN}

// Hans reports whether l writes simplified characters (a xiangqi move's
// Chinese notation follows it).
func (l Lang) Hans() bool { return l == Simplified }

// Text returns the text of key in l with its {name} parameters replaced:
// params are name, value pairs. A key l lacks is looked up in English; a
// key no table has is returned as is.
func (l Lang) Text(key Key, params ...string) string {
	s, ok := tables[l][key]
	if !ok {
		if s, ok = en[key]; !ok {
			return string(key)
		}
	}
	if len(params) < 2 {
		return s
	}
	pairs := make([]string, 0, len(params))
	for i := 0; i+1 < len(params); i += 2 {
		pairs = append(pairs, "{"+params[i]+"}", params[i+1])
	}
	return strings.NewReplacer(pairs...).Replace(s)
}

// Has reports whether l has a text for key (in its own table).
func (l Lang) Has(key Key) bool {
	_, ok := tables[l][key]
	return ok
}

// Plural returns key's ".one" or ".other" text for the count n, whose
// parameter {n} it fills. The plural categories are CLDR's for these
// languages (https://cldr.unicode.org/index/cldr-spec/plural-rules):
// English has "one" for 1 and "other" otherwise; Chinese has "other" only.
func (l Lang) Plural(key Key, n int, params ...string) string {
	form := key + ".other"
	if l == English && n == 1 {
		form = key + ".one"
	}
	return l.Text(form, append([]string{"n", itoa(n)}, params...)...)
}

// itoa writes n in decimal digits.
func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	neg := n < 0
	if neg {
		n = -n
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}

// params are the {name} parameters of a text.
var paramPattern = regexp.MustCompile(`\{([A-Za-z][A-Za-z0-9]*)\}`)

// Params returns the names of the {name} parameters of text, in order.
func Params(text string) []string {
	var out []string
	for _, m := range paramPattern.FindAllStringSubmatch(text, -1) {
		out = append(out, m[1])
	}
	return out
}

// Match maps one BCP 47 tag to the language the server writes for it:
// Chinese by script (zh-Hant, zh-Hans), else by region (zh-TW, zh-HK and
// zh-MO read traditional characters; zh, zh-CN, zh-SG and the others
// simplified), English for any English; false for another language. Case
// and "_" for "-" do not matter. This is the web's matchLanguage
// (web/src/i18n.ts), so a page and the app agree.
func Match(tag string) (Lang, bool) {
	parts := strings.Split(strings.ToLower(strings.ReplaceAll(strings.TrimSpace(tag), "_", "-")), "-")
	switch parts[0] {
	case "en":
		return English, true
	case "zh":
	default:
		return "", false
	}
	for _, p := range parts[1:] {
		switch p {
		case "hant":
			return Traditional, true
		case "hans":
			return Simplified, true
		}
	}
	for _, p := range parts[1:] {
		switch p {
		case "tw", "hk", "mo":
			return Traditional, true
		}
	}
	return Simplified, true
}

// Negotiate chooses the language of a page: the one query names (?lang=)
// when the server writes it, else the best of accept (an Accept-Language
// header) the server writes, else English.
func Negotiate(query, accept string) Lang {
	if l, ok := Match(query); ok && query != "" {
		return l
	}
	for _, r := range ParseAcceptLanguage(accept) {
		if l, ok := Match(r.Tag); ok {
			return l
		}
	}
	return English
}

// FromRequest is the language of r: Negotiate with its ?lang= and its
// Accept-Language header.
func FromRequest(r *http.Request) Lang {
	return Negotiate(r.URL.Query().Get("lang"), r.Header.Get("Accept-Language"))
}

// Vary marks an answer that depends on Accept-Language: caches keep one
// answer per header.
func Vary(h http.Header) { h.Add("Vary", "Accept-Language") }

// Viewer returns the texts of the viewer page in l, by their names after
// ViewerPrefix ("first", "title").
func (l Lang) Viewer() map[string]string {
	out := map[string]string{}
	for k := range en {
		if name, ok := strings.CutPrefix(string(k), string(ViewerPrefix)); ok {
			out[name] = l.Text(k)
		}
	}
	return out
}
