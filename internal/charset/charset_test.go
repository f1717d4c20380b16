package charset

import (
	"bytes"
	"testing"
)

func TestDecode(t *testing.T) {
	tests := []struct {
		name   string
		in     []byte
		legacy Legacy
		want   string
		enc    string
	}{
		{"utf8", []byte("Réti 象棋"), Latin1, "Réti 象棋", "UTF-8"},
		{"bom", append([]byte{0xEF, 0xBB, 0xBF}, "[Event]"...), GBK, "[Event]", "UTF-8"},
		{"latin1", []byte{'R', 0xE9, 't', 'i'}, Latin1, "Réti", "ISO-8859-1"},
		{"gbk", []byte{0xCF, 0xF3, 0xC6, 0xE5}, GBK, "象棋", "GBK"},
		{"gbk moves", []byte{0xC5, 0xDA, 0xB6, 0xFE, 0xC6, 0xBD, 0xCE, 0xE5}, GBK, "炮二平五", "GBK"},
	}
	for _, tt := range tests {
		got, enc := Decode(tt.in, tt.legacy)
		if string(got) != tt.want || enc != tt.enc {
			t.Errorf("%s: Decode = %q (%s), want %q (%s)", tt.name, got, enc, tt.want, tt.enc)
		}
	}
}

func FuzzDecode(f *testing.F) {
	f.Add([]byte("Réti"), uint8(0))
	f.Add([]byte{0xCF, 0xF3, 0xFF}, uint8(1))
	f.Fuzz(func(t *testing.T, data []byte, which uint8) {
		out, _ := Decode(data, Legacy(which%2))
		if !bytes.Equal(out, bytes.ToValidUTF8(out, nil)) {
			t.Fatalf("Decode(%q) gave invalid UTF-8 %q", data, out)
		}
	})
}
