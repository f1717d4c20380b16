package xiangqi

import (
	"strings"
	"unicode"
)

var (
	redNumerals   = [10]string{"", "一", "二", "三", "四", "五", "六", "七", "八", "九"}
	blackNumerals = [10]string{"", "１", "２", "３", "４", "５", "６", "７", "８", "９"}
	// ordinals[count][index] names the index-th of count same pieces on a
	// file, front first.
	ordinals = [6][5]string{
		2: {"前", "后"},
		3: {"前", "中", "后"},
		4: {"前", "二", "三", "四"},
		5: {"前", "二", "三", "四", "五"},
	}
	chineseActions = map[byte]string{'+': "进", '-': "退", '.': "平"}
)

func numeral(c Color, n int) string {
	if c == Red {
		return redNumerals[n]
	}
	return blackNumerals[n]
}

// Chinese returns the legal move m in traditional four-character
// Chinese notation as a Chinese player writes it: red pieces 帥仕相傌俥炮兵
// with files and distances 一…九, black pieces 將士象馬車砲卒 with
// full-width １…９, and 进/退/平. Two or three same pieces on one file are
// told apart by 前/中/后 (four or five soldiers by 前二三四五), never for
// advisors and elephants; when two files each hold two or more soldiers
// the file number replaces the piece (前七进一).
func (p *Position) Chinese(m Move) string {
	d := describe(p, m)
	pc := NewPiece(d.us, d.pt)
	var sb strings.Builder
	switch {
	case !d.tandem() || d.count > 5:
		sb.WriteString(pc.Hanzi())
		sb.WriteString(numeral(d.us, d.file))
	case d.pt == Soldier && d.multiFile:
		sb.WriteString(ordinals[d.count][d.index])
		sb.WriteString(numeral(d.us, d.file))
	default:
		sb.WriteString(ordinals[d.count][d.index])
		sb.WriteString(pc.Hanzi())
	}
	sb.WriteString(chineseActions[d.action])
	sb.WriteString(numeral(d.us, d.num))
	return sb.String()
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
// legal. It accepts
// simplified, traditional and side-specific characters for either side
// (车/車/俥, 马/馬/傌, 炮/砲, 兵/卒, 帅/将/帥/將, 士/仕, 相/象, 进/進,
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
