package xiangqi

import (
	"strings"
	"unicode"
)

var (
	redNumerals   = [10]string{"", "一", "二", "三", "四", "五", "六", "七", "八", "九"}
	blackNumerals = [10]string{"", "１", "２", "３", "４", "５", "６", "７", "８", "９"}
	// ordinals[count][index] names the index-th of count same pieces on a
	// file, front first; "後" is written 后 in simplified characters. Six
	// (soldiers on a Placement: five face up and a face-down one on its
	// point) go on as four and five do.
	ordinals = [7][6]string{
		2: {"前", "後"},
		3: {"前", "中", "後"},
		4: {"前", "二", "三", "四"},
		5: {"前", "二", "三", "四", "五"},
		6: {"前", "二", "三", "四", "五", "六"},
	}
	// scriptPieces are the characters of the pieces by script, indexed by
	// Piece (as pieceHanzi): red 帥仕相傌俥炮兵, black 將士象馬車砲卒 in
	// traditional characters; 帅仕相马车炮兵 and 将士象马车炮卒 in simplified.
	scriptPieces = [2][16]string{
		Traditional: pieceHanzi,
		Simplified: {
			"＋", "帅", "仕", "相", "马", "车", "炮", "兵",
			"＋", "将", "士", "象", "马", "车", "炮", "卒",
		},
	}
	// scriptActions are 進/退/平 (traditional) and 进/退/平 (simplified),
	// by the action's WXF sign.
	scriptActions = [2]map[byte]string{
		Traditional: {'+': "進", '-': "退", '.': "平"},
		Simplified:  {'+': "进", '-': "退", '.': "平"},
	}
)

// Script is a way of writing Chinese characters: the moves of Chinese
// notation are written in one of them, never in a mixture.
type Script uint8

// The scripts. Traditional is the zero value, and the default wherever a
// move is written without a choice (Chinese, the xiangqi PGN writer,
// gambit moves): the pieces on the board are drawn with the traditional
// characters (Piece.Hanzi), and the notation matches them.
const (
	Traditional Script = iota // 俥傌相仕帥炮兵 / 車馬象士將砲卒, 進 退 平, 前 中 後 (Taiwan, Hong Kong)
	Simplified                // 车马相仕帅炮兵 / 车马象士将炮卒, 进 退 平, 前 中 后 (mainland China, Singapore)
)

// String returns "traditional" or "simplified".
func (s Script) String() string {
	if s == Simplified {
		return "simplified"
	}
	return "traditional"
}

// ParseScript reads a script's name: "traditional" (or "hant") or
// "simplified" (or "hans"), in any case.
func ParseScript(name string) (Script, bool) {
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "traditional", "hant":
		return Traditional, true
	case "simplified", "hans":
		return Simplified, true
	}
	return Traditional, false
}

// HanziIn returns the piece's character in script s, as the notation of
// that script writes it: 帥仕相傌俥炮兵 / 將士象馬車砲卒 in Traditional (as
// Hanzi), 帅仕相马车炮兵 / 将士象马车炮卒 in Simplified. An unknown s writes
// Traditional.
func (p Piece) HanziIn(s Script) string {
	if p > 15 {
		return "？"
	}
	return scriptPieces[s.valid()][p]
}

// valid maps an out-of-range script to the default.
func (s Script) valid() Script {
	if s > Simplified {
		return Traditional
	}
	return s
}

func numeral(c Color, n int) string {
	if c == Red {
		return redNumerals[n]
	}
	return blackNumerals[n]
}

// Chinese returns the legal move m in four-character Chinese notation in
// traditional characters (ChineseIn with Traditional): 炮二平五, 傌八進七.
func (p *Position) Chinese(m Move) string { return p.ChineseIn(m, Traditional) }

// ChineseIn returns the legal move m in four-character Chinese notation
// as a Chinese player writes it, all in script s: red pieces with files
// and distances 一…九, black pieces with full-width １…９. In Traditional
// the pieces are 帥仕相傌俥炮兵 and 將士象馬車砲卒 and the actions 進/退/平;
// in Simplified 帅仕相马车炮兵 and 将士象马车炮卒, 进/退/平. Two or three
// same pieces on one file are told apart by 前/中/後 (后 in Simplified;
// four or five soldiers by 前二三四五), never for advisors and elephants;
// when two files each hold two or more soldiers the file number replaces
// the piece (前七進一). An unknown s writes Traditional.
func (p *Position) ChineseIn(m Move, s Script) string {
	d := describe(p, m)
	return d.chinese(s)
}

// chinese writes the described move in Chinese notation in script s.
func (d *moveDesc) chinese(s Script) string {
	s = s.valid()
	pc := NewPiece(d.us, d.pt)
	var sb strings.Builder
	switch {
	case !d.tandem() || d.count >= len(ordinals):
		sb.WriteString(scriptPieces[s][pc])
		sb.WriteString(numeral(d.us, d.file))
	case d.pt == Soldier && d.multiFile:
		sb.WriteString(ordinal(d.count, d.index, s))
		sb.WriteString(numeral(d.us, d.file))
	default:
		sb.WriteString(ordinal(d.count, d.index, s))
		sb.WriteString(scriptPieces[s][pc])
	}
	sb.WriteString(scriptActions[s][d.action])
	sb.WriteString(numeral(d.us, d.num))
	return sb.String()
}

// ordinal names the index-th of count same pieces on a file in script s.
func ordinal(count, index int, s Script) string {
	o := ordinals[count][index]
	if o == "後" && s == Simplified {
		return "后"
	}
	return o
}

// chineseToken maps one character of Chinese notation to a normalised
// ASCII token: piece letters K A E H R C P, ordinals F M L (前 中 后),
// digits 1-9, actions + - . ; 0 for an unknown character.
func chineseToken(r rune) byte {
	switch r {
	case '帥', '帅', '將', '将':
		return 'K'
	case '仕', '士':
		return 'A'
	case '相', '象':
		return 'E'
	case '傌', '馬', '马':
		return 'H'
	case '俥', '車', '车':
		return 'R'
	case '炮', '砲', '包':
		return 'C'
	case '兵', '卒':
		return 'P'
	case '前':
		return 'F'
	case '中':
		return 'M'
	case '后', '後':
		return 'L'
	case '进', '進':
		return '+'
	case '退':
		return '-'
	case '平':
		return '.'
	}
	if r >= '1' && r <= '9' {
		return byte(r)
	}
	if r >= '１' && r <= '９' {
		return byte('1' + r - '１')
	}
	for i, s := range redNumerals {
		if i > 0 && s == string(r) {
			return byte('0' + i)
		}
	}
	return 0
}

// normalizeChinese turns the input into four ASCII tokens.
func normalizeChinese(s string) (string, bool) {
	var b []byte
	for _, r := range s {
		if unicode.IsSpace(r) || r == '\ufeff' {
			continue
		}
		t := chineseToken(r)
		if t == 0 || len(b) == 4 {
			return "", false
		}
		b = append(b, t)
	}
	return string(b), len(b) == 4
}

// ParseChinese reads a move in Chinese notation and checks that it is
// legal. It reads either script and any mixture of them, as people write:
// simplified, traditional and side-specific characters for either side
// (车/車/俥, 马/馬/傌, 炮/砲/包, 兵/卒, 帅/将/帥/將, 士/仕, 相/象, 进/進,
// 后/後), Chinese, ASCII and full-width digits, and the piece-and-file form
// for a piece that shares its file when the move is still unique.
func (p *Position) ParseChinese(s string) (Move, error) {
	norm, ok := normalizeChinese(s)
	if !ok || !validChineseShape(norm) {
		return MoveNone, &MoveError{Move: s, Err: ErrInvalidMove}
	}
	return matchForms(p, s, norm, chineseForms)
}

// validChineseShape checks the token classes of a normalised move.
func validChineseShape(n string) bool {
	isPiece := func(c byte) bool { return strings.IndexByte("KAEHRCP", c) >= 0 }
	isDigit := func(c byte) bool { return c >= '1' && c <= '9' }
	isOrd := func(c byte) bool { return c == 'F' || c == 'M' || c == 'L' || isDigit(c) }
	if strings.IndexByte("+-.", n[2]) < 0 || !isDigit(n[3]) {
		return false
	}
	return isPiece(n[0]) && isDigit(n[1]) || isOrd(n[0]) && (isPiece(n[1]) || isDigit(n[1]))
}

// chineseForms lists the normalised spellings accepted for m.
func chineseForms(p *Position, m Move, out *[12]string) int {
	d := describe(p, m)
	letter := "KAEHRCP"[d.pt-1]
	tail := string([]byte{d.action, byte('0' + d.num)})
	file := byte('0' + d.file)
	out[0], _ = normalizeChinese(p.Chinese(m))
	out[1] = string([]byte{letter, file}) + tail
	n := 2
	if !d.tandem() {
		return n
	}
	var ords []byte
	if d.index == 0 {
		ords = append(ords, 'F')
	}
	if d.index == d.count-1 {
		ords = append(ords, 'L')
	}
	if d.count == 3 && d.index == 1 {
		ords = append(ords, 'M')
	}
	ords = append(ords, byte('1'+d.index))
	for _, o := range ords {
		out[n] = string([]byte{o, letter}) + tail
		n++
		if d.pt == Soldier {
			out[n] = string([]byte{o, file}) + tail
			n++
		}
	}
	return n
}

// ConvertScript rewrites text, Chinese notation in either script (a move,
// or moves with other text between them), in script s: the characters of
// pieces, actions and ordinals of the other script become s's, and all
// else is kept. A move's side is told by its numerals (Red's 一…九,
// Black's full-width １…９), so 车 becomes 俥 in Red's moves and 車 in
// Black's; the side turns after 吃 (a move of the variant with face-down
// pieces naming the piece it took). Text that is no notation (ASCII SAN, a
// sentence) passes unchanged but for those characters: give it moves
// only. It lets a text written once in traditional characters (a stored
// review) be read in either script.
func ConvertScript(text string, s Script) string {
	s = s.valid()
	runes := []rune(text)
	out := make([]rune, 0, len(runes))
	red, _ := redAt(runes, 0)
	for i, r := range runes {
		if unicode.IsSpace(r) || r == '，' || r == '、' || r == '；' {
			if next, ok := redAt(runes, i+1); ok {
				red = next // the next move may be the other side's; a word without numerals (翻俥) is the move's before it
			}
		}
		if c, ok := scriptRunes[s][r]; ok {
			if !red && s == Traditional {
				c = blackTraditional(c)
			}
			r = c
		}
		out = append(out, r)
		if r == '吃' {
			red = !red
		}
	}
	return string(out)
}

// redAt tells the side of the move starting at runes[i]: Red's when its
// first numeral is one of Red's (一…九), Black's when it is full-width;
// false when the word holds neither (Red's, for want of better).
func redAt(runes []rune, i int) (red, known bool) {
	for ; i < len(runes) && !unicode.IsSpace(runes[i]); i++ {
		switch r := runes[i]; {
		case r >= '１' && r <= '９':
			return false, true
		case strings.ContainsRune("一二三四五六七八九", r):
			return true, true
		}
	}
	return true, false
}

// scriptRunes map the characters of notation that differ by script to
// script s's: in Traditional, Red's piece characters (blackTraditional
// turns them into Black's).
var scriptRunes = [2]map[rune]rune{
	Traditional: {'车': '俥', '马': '傌', '帅': '帥', '将': '帥', '进': '進', '后': '後', '炮': '炮', '砲': '炮', '車': '俥', '馬': '傌', '將': '帥'},
	Simplified:  {'俥': '车', '車': '车', '傌': '马', '馬': '马', '帥': '帅', '將': '将', '砲': '炮', '進': '进', '後': '后'},
}

// blackTraditional is Black's traditional character of the piece Red's r
// names (俥 車, 傌 馬, 帥 將, 炮 砲); r itself otherwise.
func blackTraditional(r rune) rune {
	switch r {
	case '俥':
		return '車'
	case '傌':
		return '馬'
	case '帥':
		return '將'
	case '炮':
		return '砲'
	}
	return r
}
