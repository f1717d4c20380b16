package pgntag

import (
	"errors"
	"fmt"
	"io"
	"strings"
)

// Token is one piece of PGN text, with the line it starts on.
type Token struct {
	Kind TokenKind
	Text string // the tag name, comment body, move number or word
	Val  string // the tag value; a move number's dots ("." or "...")
	Line int
}

// TokenKind says what a Token is.
type TokenKind uint8

// The kinds of token.
const (
	TagToken     TokenKind = iota // [Name "value"]
	CommentToken                  // {body}; a ; comment is dropped
	NumberToken                   // Text is the number, Val its dots
	WordToken                     // a move, "--", a result or a NAG
)

// ErrSyntax is returned, wrapped with the line, for text Scan cannot read.
var ErrSyntax = errors.New("pgn: syntax")

// Scan splits a PGN game into tokens, for the variants' PGN readers, whose
// moves chess/pgn cannot replay. It knows tags, brace and semicolon
// comments, escape lines (a % in column one) and move numbers glued to
// their move ("12.e4"); it rejects variations, which these games never have.
func Scan(text string) ([]Token, error) {
	var toks []Token
	line := 1
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c == '\n':
			line++
			i++
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case c == '%' && (i == 0 || text[i-1] == '\n'), c == ';':
			for i < len(text) && text[i] != '\n' {
				i++
			}
		case c == '{':
			end := strings.IndexByte(text[i:], '}')
			if end < 0 {
				return nil, fmt.Errorf("%w: line %d: comment not closed", ErrSyntax, line)
			}
			body := text[i+1 : i+end]
			toks = append(toks, Token{Kind: CommentToken, Text: body, Line: line})
			line += strings.Count(body, "\n")
			i += end + 1
		case c == '[':
			t, n, err := scanTag(text[i:], line)
			if err != nil {
				return nil, err
			}
			toks = append(toks, t)
			i += n
		case c == '(' || c == ')':
			return nil, fmt.Errorf("%w: line %d: variations are not allowed in this PGN", ErrSyntax, line)
		case c == ']' || c == '}':
			return nil, fmt.Errorf("%w: line %d: stray %q", ErrSyntax, line, c)
		default:
			j := i
			for j < len(text) && !strings.ContainsRune(" \t\r\n{}[]();", rune(text[j])) {
				j++
			}
			w := text[i:j]
			i = j
			digits := 0
			for digits < len(w) && w[digits] >= '0' && w[digits] <= '9' {
				digits++
			}
			if digits > 0 && digits < len(w) && w[digits] == '.' {
				dots := strings.IndexFunc(w[digits:], func(r rune) bool { return r != '.' })
				if dots < 0 {
					dots = len(w) - digits
				}
				toks = append(toks, Token{Kind: NumberToken, Text: w[:digits], Val: w[digits : digits+dots], Line: line})
				w = w[digits+dots:]
			}
			if w != "" {
				toks = append(toks, Token{Kind: WordToken, Text: w, Line: line})
			}
		}
	}
	return toks, nil
}

// scanTag reads a tag pair [Name "value"] at the start of text, returning
// it and the bytes read.
func scanTag(text string, line int) (Token, int, error) {
	bad := func(why string) (Token, int, error) {
		return Token{}, 0, fmt.Errorf("%w: line %d: tag: %s", ErrSyntax, line, why)
	}
	i := 1
	for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	start := i
	for i < len(text) && text[i] != ' ' && text[i] != '\t' && text[i] != '"' && text[i] != ']' && text[i] != '\n' {
		i++
	}
	name := text[start:i]
	if !ValidName(name) {
		return bad(fmt.Sprintf("bad name %q", name))
	}
	for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	if i >= len(text) || text[i] != '"' {
		return bad("value not quoted")
	}
	i++
	var val strings.Builder
	for ; ; i++ {
		if i >= len(text) || text[i] == '\n' {
			return bad("value not closed")
		}
		if text[i] == '\\' && i+1 < len(text) && (text[i+1] == '"' || text[i+1] == '\\') {
			i++
		} else if text[i] == '"' {
			break
		}
		val.WriteByte(text[i])
	}
	i++
	for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	if i >= len(text) || text[i] != ']' {
		return bad("missing ]")
	}
	return Token{Kind: TagToken, Text: name, Val: val.String(), Line: line}, i + 1, nil
}

// ValidName reports whether name can be a PGN tag name: letters, digits
// and underscores, starting with a letter.
func ValidName(name string) bool {
	if name == "" {
		return false
	}
	for i, r := range name {
		ok := r == '_' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || i > 0 && r >= '0' && r <= '9'
		if !ok {
			return false
		}
	}
	return true
}

// ReadGame reads one game of at most limit bytes from r and scans it: its
// tags by name, and the tokens of its movetext.
func ReadGame(r io.Reader, limit int) (tags map[string]string, movetext []Token, err error) {
	data, err := io.ReadAll(io.LimitReader(r, int64(limit)+1))
	if err != nil {
		return nil, nil, err
	}
	if len(data) > limit {
		return nil, nil, fmt.Errorf("%w: longer than %d bytes", ErrSyntax, limit)
	}
	toks, err := Scan(string(data))
	if err != nil {
		return nil, nil, err
	}
	tags = map[string]string{}
	i := 0
	for ; i < len(toks) && toks[i].Kind == TagToken; i++ {
		tags[toks[i].Text] = toks[i].Val
	}
	return tags, toks[i:], nil
}
