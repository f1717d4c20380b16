package xiangqi

import "strings"

const wxfLetters = "KAEHRCP"

// WXF returns the legal move m in WXF notation: piece letter
// (K A E H R C P), origin file 1-9 from the mover's right, + forward,
// - backward or . sideways, then the distance or destination file
// ("C2.5", "H8+7"). Two same pieces on a file use + (front) and - (rear)
// in place of the file ("C+.5"); soldiers follow the WXF rules for three
// to five on a file (P+, P3, P-, ++, --) and for two tandem files (the
// file digit first: "7+.6"), as do three same pieces of another kind on a
// Placement (R+, R1, R-).
func (p *Position) WXF(m Move) string {
	d := describe(p, m)
	return wxfPrefix(&d) + string([]byte{d.action, byte('0' + d.num)})
}

func wxfPrefix(d *moveDesc) string {
	letter := wxfLetters[d.pt-1]
	file := byte('0' + d.file)
	if !d.tandem() {
		return string([]byte{letter, file})
	}
	if d.count == 2 && !d.multiFile {
		return string([]byte{letter, "+-"[min(d.index, 1)]})
	}
	if d.multiFile && d.count <= 3 {
		mark := file
		switch {
		case d.index == 0:
			mark = '+'
		case d.index == d.count-1:
			mark = '-'
		}
		return string([]byte{file, mark})
	}
	switch d.count*10 + d.index {
	case 30, 51, 41:
		return string([]byte{letter, '+'})
	case 32, 53, 42:
		return string([]byte{letter, '-'})
	case 40, 50:
		return "++"
	case 43, 54:
		return "--"
	}
	return string([]byte{letter, file})
}

// normalizeWXF upper-cases the input and maps the letter and operator
// aliases (G for K, M for A, B for E, N for H, S for P, = for .).
func normalizeWXF(s string) (string, bool) {
	s = strings.ToUpper(strings.TrimSpace(s))
	if len(s) != 4 {
		return "", false
	}
	b := []byte(s)
	switch b[0] {
	case 'G':
		b[0] = 'K'
	case 'M':
		b[0] = 'A'
	case 'B':
		b[0] = 'E'
	case 'N':
		b[0] = 'H'
	case 'S':
		b[0] = 'P'
	}
	if b[2] == '=' {
		b[2] = '.'
	}
	if strings.IndexByte("+-.", b[2]) < 0 || b[3] < '1' || b[3] > '9' {
		return "", false
	}
	first := strings.IndexByte(wxfLetters+"+-123456789", b[0]) >= 0
	second := strings.IndexByte("+-123456789", b[1]) >= 0
	return string(b), first && second
}

// ParseWXF reads a move in WXF notation and checks that it is legal.
// Letters may be
// lower case; G, M, B, N and S are accepted for K, A, E, H and P, and =
// for the sideways operator. A piece sharing its file may also be named by
// its file when the move is still unique.
func (p *Position) ParseWXF(s string) (Move, error) {
	norm, ok := normalizeWXF(s)
	if !ok {
		return MoveNone, &MoveError{Move: s, Err: ErrInvalidMove}
	}
	return matchForms(p, s, norm, wxfForms)
}

func wxfForms(p *Position, m Move, out *[12]string) int {
	d := describe(p, m)
	tail := string([]byte{d.action, byte('0' + d.num)})
	out[0] = wxfPrefix(&d) + tail
	out[1] = string([]byte{wxfLetters[d.pt-1], byte('0' + d.file)}) + tail
	return 2
}
