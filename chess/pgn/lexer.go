package pgn

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"unicode/utf8"
)

// tokKind is the kind of a movetext or header token.
type tokKind uint8

const (
	tEOF          tokKind = iota
	tBlank                // an empty line (it may separate games that have no movetext)
	tTag                  // [Name "Value"]: text is the name, val the unescaped value
	tBadTag               // a '[' that opens no well-formed tag: text runs to the line end
	tMove                 // move text: SAN, coordinates or a null move, with any suffix
	tNumber               // a move number with its dots
	tNAG                  // $n or a suffix glyph standing alone: n is the NAG
	tComment              // {...} or ;...: text is the content when comments are kept
	tOpen                 // (
	tClose                // )
	tResult               // 1-0, 0-1, 1/2-1/2 or *
	tUnterminated         // a comment still open when a tag line or the end of input came
	tJunk                 // a character PGN does not allow here
)

// token is one lexical item. Its byte slices alias the lexer's buffers and
// stay valid only until the next call to next or peek.
type token struct {
	kind      tokKind
	bol       bool // first token of its line
	n         int
	line, col int
	text, val []byte
}

// maxLine bounds the length of one line, so that a huge file without line
// breaks cannot exhaust memory. The rest of such a line is dropped.
const maxLine = 16 << 20

// maxComment bounds the text kept of a comment (and of the comments
// gathered for one move), for the same reason: a brace never closed in a
// huge file must not make the reader hold the file.
const maxComment = 1 << 20

// lexer splits PGN text into tokens, line by line, in constant memory. It
// decodes each line that is not valid UTF-8 as Latin-1, drops byte-order
// marks, CR line ends and "%" escape lines.
type lexer struct {
	br        *bufio.Reader
	err       error  // a read error other than io.EOF
	eof       bool   // no more lines
	long      []byte // a line longer than br's buffer
	conv      []byte // a Latin-1 line converted to UTF-8
	line      []byte // the current line, without its line end
	off       int    // scan position in line
	lineNo    int
	have      bool // line holds a line not yet fully scanned
	bol       bool // no token taken from line yet
	inComment bool
	keep      bool // collect comment text (false in the fast paths)
	skim      bool // pass over moves, numbers and NAGs without tokens (headers only)
	comment   []byte
	cline     int // where the open comment started
	ccol      int
	val       []byte // unescaped tag value
	tok       token
	peeked    bool

	// For the parallel pipeline (pipeline.go). The splitter records each
	// line as it was decoded (rec, one '\n' after each; recAt[i] is where
	// line recFirst+i starts in rec). A worker reads such prepared lines
	// again, starting at column skipTo+1 of its first line.
	record   bool
	rec      []byte
	recAt    []int
	recFirst int
	prepared bool   // lines come from text, already decoded: no CR, BOM or Latin-1 handling
	text     []byte // the prepared lines not read yet
	skipTo   int    // >0: where the first line's scan starts
	firstBol bool   // whether the token there is the first of its line
}

func (l *lexer) reset(r io.Reader, size int) {
	if l.br == nil {
		l.br = bufio.NewReaderSize(r, size)
	} else {
		l.br.Reset(r)
	}
}

// readLine loads the next line. It returns false at the end of the input.
func (l *lexer) readLine() bool {
	if l.eof {
		return false
	}
	if l.prepared {
		return l.nextPrepared()
	}
	b, err := l.br.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		l.long = append(l.long[:0], b...)
		for err == bufio.ErrBufferFull {
			b, err = l.br.ReadSlice('\n')
			if len(l.long) < maxLine {
				l.long = append(l.long, b...)
			}
		}
		b = l.long
	}
	if err != nil {
		if !errors.Is(err, io.EOF) {
			l.err = err
		}
		l.eof = true
		if len(b) == 0 {
			return false
		}
	}
	l.lineNo++
	if n := len(b); n > 0 && b[n-1] == '\n' {
		b = b[:n-1]
	}
	if n := len(b); n > 0 && b[n-1] == '\r' {
		b = b[:n-1]
	}
	b = bytes.TrimPrefix(b, []byte("\xef\xbb\xbf"))
	if !utf8.Valid(b) {
		b = l.latin1(b)
	}
	if l.record {
		l.recAt = append(l.recAt, len(l.rec))
		l.rec = append(append(l.rec, b...), '\n')
	}
	l.line, l.off, l.have, l.bol = b, 0, true, true
	return true
}

// nextPrepared takes the next line of text, lines the splitter decoded
// (no copy: they stay in the batch while the game is read).
func (l *lexer) nextPrepared() bool {
	if len(l.text) == 0 {
		l.eof = true
		return false
	}
	b := l.text
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		b, l.text = b[:i], b[i+1:]
	} else {
		l.text = nil
	}
	l.lineNo++
	l.line, l.off, l.have, l.bol = b, 0, true, true
	if l.skipTo > 0 {
		l.off, l.bol, l.skipTo = l.skipTo, l.firstBol, 0
	}
	return true
}

// latin1 decodes b as ISO-8859-1: every byte is the code point of the same value.
func (l *lexer) latin1(b []byte) []byte {
	l.conv = l.conv[:0]
	for _, c := range b {
		if c < utf8.RuneSelf {
			l.conv = append(l.conv, c)
		} else {
			l.conv = append(l.conv, 0xc0|c>>6, 0x80|c&0x3f)
		}
	}
	return l.conv
}

func (l *lexer) next() token {
	if l.peeked {
		l.peeked = false
		return l.tok
	}
	return l.scan()
}

func (l *lexer) peek() *token {
	if !l.peeked {
		l.tok = l.scan()
		l.peeked = true
	}
	return &l.tok
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' }

func isBlank(b []byte) bool {
	for _, c := range b {
		if !isSpace(c) {
			return false
		}
	}
	return true
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// isMoveByte reports whether c may continue a move token.
func isMoveByte(c byte) bool {
	return isLetter(c) || isDigit(c) || c == '=' || c == '+' || c == '#' || c == '-' ||
		c == '/' || c == ':' || c == '@' || c == '!' || c == '?'
}

func isTagNameByte(c byte) bool { return isLetter(c) || isDigit(c) || c == '_' || c == '-' || c == '+' }

// scanTag reads a tag pair starting at b[i] == '['. It returns the name, the
// raw value (escapes still in), the index after the closing ']' and whether
// the tag is well formed. The space between name and value is optional.
func scanTag(b []byte, i int) (name, raw []byte, end int, ok bool) {
	i++
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	s := i
	for i < len(b) && isTagNameByte(b[i]) {
		i++
	}
	name = b[s:i]
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	if len(name) == 0 || i >= len(b) || b[i] != '"' {
		return nil, nil, i, false
	}
	i++
	s = i
	for i < len(b) && b[i] != '"' {
		if b[i] == '\\' && i+1 < len(b) {
			i++
		}
		i++
	}
	if i >= len(b) {
		return nil, nil, i, false
	}
	raw = b[s:i]
	i++
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	if i >= len(b) || b[i] != ']' {
		return nil, nil, i, false
	}
	return name, raw, i + 1, true
}

// isTagLine reports whether b holds nothing but a well-formed tag pair. Such
// a line inside a comment means the comment was never closed.
func isTagLine(b []byte) bool {
	i := 0
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	if i == len(b) || b[i] != '[' {
		return false
	}
	_, _, end, ok := scanTag(b, i)
	return ok && isBlank(b[end:])
}

// unescape copies a raw tag value into l.val, resolving \" and \\.
func (l *lexer) unescape(raw []byte) []byte {
	if bytes.IndexByte(raw, '\\') < 0 {
		return raw
	}
	l.val = l.val[:0]
	for i := 0; i < len(raw); i++ {
		if raw[i] == '\\' && i+1 < len(raw) && (raw[i+1] == '"' || raw[i+1] == '\\') {
			i++
		}
		l.val = append(l.val, raw[i])
	}
	return l.val
}

// suffixNAG maps a move suffix to its NAG: ! 1, ? 2, !! 3, ?? 4, !? 5, ?! 6;
// 0 for anything else.
func suffixNAG(b []byte) int {
	switch string(b) {
	case "!":
		return 1
	case "?":
		return 2
	case "!!":
		return 3
	case "??":
		return 4
	case "!?":
		return 5
	case "?!":
		return 6
	}
	return 0
}

// symbolNAGs maps the evaluation symbols some files write in movetext to
// their NAGs. Longer symbols come first, so that the longest one matches.
var symbolNAGs = [...]struct {
	sym string
	nag int
}{
	{"+/-", 16}, {"-/+", 17}, {"+/=", 14}, {"=/+", 15}, {"+-", 18}, {"-+", 19}, {"+=", 14}, {"=+", 15},
	{"=", 10}, {"∞", 13}, {"±", 16}, {"∓", 17}, {"⩲", 14}, {"⩱", 15}, {"□", 7}, {"N", 146},
}

// symbolAt returns the NAG and length of an evaluation symbol standing alone at b[i].
func symbolAt(b []byte, i int) (nag, n int) {
	for _, s := range symbolNAGs {
		if bytes.HasPrefix(b[i:], []byte(s.sym)) && (i+len(s.sym) == len(b) || isSpace(b[i+len(s.sym)])) {
			return s.nag, len(s.sym)
		}
	}
	return 0, 0
}

// resultAt returns the length of a game result starting at b[i], or 0.
func resultAt(b []byte, i int) int {
	if i+2 >= len(b) || b[i+1] != '-' && b[i+1] != '/' {
		return 0 // the common case: a move number
	}
	for _, r := range [...]string{"1-0", "0-1", "1/2-1/2", "1/2"} {
		if bytes.HasPrefix(b[i:], []byte(r)) && (i+len(r) == len(b) || !isMoveByte(b[i+len(r)])) {
			return len(r)
		}
	}
	return 0
}

// skip passes over the tokens from b[i] that cannot end a game or change
// the nesting: moves, move numbers, NAGs (and junk, which skimming does not
// report). It returns the index of the next token that can ({, ;, (, ), *,
// [ or a result), or len(b). It cuts the line into tokens exactly as scan
// does (plainToken), so that a result is seen where the full lexer sees one
// and nowhere else: "0!1/2" is a number, a NAG and a result, "e4!1-0" one move.
func skip(b []byte, i int) int {
	var t token
	for i < len(b) {
		switch c := b[i]; {
		case isSpace(c) || c == '.':
			i++ // no token
			continue
		case c == '{' || c == ';' || c == '[':
			return i
		case isLetter(c) && !(c == 'N' && (i+1 == len(b) || isSpace(b[i+1]))) && !(c == 'e' && bytes.HasPrefix(b[i:], []byte("e.p."))):
			// The commonest token, a move, as plainToken reads it (a
			// lone "N" is the novelty sign, "e.p." no token).
			for i++; i < len(b) && isMoveByte(b[i]); i++ {
			}
			continue
		case c >= '1' && c <= '9' && (i+1 == len(b) || b[i+1] != '-' && b[i+1] != '/'):
			// A move number, which cannot be a result, a castling or a
			// null move (plainToken): its dots and spaces make no token.
			for i++; i < len(b) && isDigit(b[i]); i++ {
			}
			continue
		}
		end, ok := plainToken(b, i, &t)
		if ok && (t.kind == tOpen || t.kind == tClose || t.kind == tResult) {
			return i
		}
		i = end
	}
	return i
}

// symbolNAG fills t with the evaluation symbol at b[i], if there is one.
func symbolNAG(b []byte, i int, t *token) bool {
	nag, n := symbolAt(b, i)
	if n == 0 {
		return false
	}
	t.kind, t.n, t.text = tNAG, nag, b[i:i+n]
	return true
}

func (l *lexer) scan() token {
	for {
		if !l.have {
			if !l.readLine() {
				if l.inComment {
					l.inComment = false
					return token{kind: tUnterminated, line: l.cline, col: l.ccol}
				}
				return token{kind: tEOF, line: l.lineNo + 1, col: 1}
			}
			if l.inComment {
				if isTagLine(l.line) {
					l.inComment = false
					return token{kind: tUnterminated, line: l.cline, col: l.ccol}
				}
			} else if len(l.line) > 0 && l.line[0] == '%' {
				l.have = false
				continue
			} else if isBlank(l.line) {
				l.have = false
				return token{kind: tBlank, bol: true, line: l.lineNo, col: 1}
			}
		}
		if l.inComment {
			rest := l.line[l.off:]
			i := bytes.IndexByte(rest, '}')
			if i < 0 {
				if l.keep && len(l.comment) < maxComment {
					l.comment = append(append(l.comment, rest...), '\n')
				}
				l.have = false
				continue
			}
			if l.keep && len(l.comment) < maxComment {
				l.comment = append(l.comment, rest[:i]...)
			}
			l.off += i + 1
			l.inComment = false
			return token{kind: tComment, text: l.comment, line: l.cline, col: l.ccol}
		}
		b := l.line
		i := l.off
		for i < len(b) && isSpace(b[i]) {
			i++
		}
		if l.skim {
			// Dots and "e.p." notes make no token in the full lexer either,
			// though what follows them is no longer at the start of the line.
			for {
				for i < len(b) && (b[i] == '.' || isSpace(b[i])) {
					if b[i] == '.' {
						l.bol = false
					}
					i++
				}
				if !bytes.HasPrefix(b[i:], []byte("e.p.")) {
					break
				}
				i += len("e.p.")
				l.bol = false
			}
			// One token stands for all that is skipped, so that a game of
			// moves alone still counts as a game.
			if j := skip(b, i); j > i {
				t := token{kind: tNumber, bol: l.bol, line: l.lineNo, col: i + 1, text: b[i:j]}
				l.bol, l.off = false, j
				return t
			}
		}
		if i == len(b) {
			l.have = false
			continue
		}
		t := token{bol: l.bol, line: l.lineNo, col: i + 1}
		l.bol = false
		c := b[i]
		switch {
		case c == '{':
			l.inComment = true
			l.cline, l.ccol = t.line, t.col
			l.comment = l.comment[:0]
			l.off = i + 1
			continue
		case c == ';':
			t.kind = tComment
			if l.keep {
				l.comment = append(l.comment[:0], b[i+1:]...)
				t.text = l.comment
			}
			l.have = false
			return t
		case c == '[':
			name, raw, end, ok := scanTag(b, i)
			if ok {
				t.kind, t.text, t.val = tTag, name, l.unescape(raw)
				l.off = end
			} else {
				// The rest of the line goes with the broken tag: scanning
				// on from the next ']' could be quadratic in the line length.
				t.kind, t.text, l.off = tBadTag, b[i:], len(b)
			}
		default:
			end, ok := plainToken(b, i, &t)
			l.off = end
			if !ok {
				continue
			}
		}
		return t
	}
}

// plainToken reads the token at b[i], which is not blank and opens neither a
// comment nor a tag ({, ;, [). It fills t's kind, text and n and returns
// the index after the token, or, for bytes that make no token (dots, an
// "e.p." note), that index and false. scan and skip both cut tokens here.
func plainToken(b []byte, i int, t *token) (end int, ok bool) {
	switch c := b[i]; {
	case c == '(':
		t.kind, end = tOpen, i+1
	case c == ')':
		t.kind, end = tClose, i+1
	case c == '*':
		t.kind, t.text, end = tResult, b[i:i+1], i+1
	case c == '$':
		j := i + 1
		n := 0
		for j < len(b) && isDigit(b[j]) && n < 1000 {
			n = n*10 + int(b[j]-'0')
			j++
		}
		if j == i+1 {
			t.kind, t.text, end = tJunk, b[i:j], j
		} else {
			t.kind, t.n, t.text, end = tNAG, n, b[i:j], j
		}
	case c == '!' || c == '?':
		j := i
		for j < len(b) && (b[j] == '!' || b[j] == '?') {
			j++
		}
		t.kind, t.text, t.n, end = tNAG, b[i:j], suffixNAG(b[i:j]), j
	case isDigit(c):
		if n := resultAt(b, i); n > 0 {
			t.kind, t.text, end = tResult, b[i:i+n], i+n
			break
		}
		if bytes.HasPrefix(b[i:], []byte("0000")) && (i+4 == len(b) || !isMoveByte(b[i+4])) {
			t.kind, t.text, end = tMove, b[i:i+4], i+4 // the UCI null move
			break
		}
		if bytes.HasPrefix(b[i:], []byte("0-0")) {
			j := i
			for j < len(b) && isMoveByte(b[j]) {
				j++
			}
			t.kind, t.text, end = tMove, b[i:j], j
			break
		}
		j := i
		for j < len(b) && isDigit(b[j]) {
			j++
		}
		for j < len(b) && (b[j] == '.' || isSpace(b[j])) {
			j++
		}
		t.kind, t.text, end = tNumber, b[i:j], j
	case c == '.':
		j := i
		for j < len(b) && b[j] == '.' {
			j++
		}
		return j, false
	case (c == '+' || c == '-' || c == '=' || c >= utf8.RuneSelf || c == 'N') && symbolNAG(b, i, t):
		end = i + len(t.text)
	case c == 'e' && bytes.HasPrefix(b[i:], []byte("e.p.")):
		// "exd6 e.p.": the note adds nothing to the move.
		return i + len("e.p."), false
	case isLetter(c) || c == '-':
		j := i
		for j < len(b) && isMoveByte(b[j]) {
			j++
		}
		t.kind, t.text, end = tMove, b[i:j], j
	case c == '\xc2' && i+1 < len(b) && b[i+1] == '\xbd' && bytes.HasPrefix(b[i:], []byte("½-½")):
		t.kind, t.text, end = tResult, []byte("1/2-1/2"), i+len("½-½")
	default:
		_, n := utf8.DecodeRune(b[i:])
		t.kind, t.text, end = tJunk, b[i:i+n], i+n
	}
	return end, true
}
