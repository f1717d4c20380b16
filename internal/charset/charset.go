// Package charset converts the legacy text encodings of game files to UTF-8:
// Latin-1 in old chess databases, GBK in Chinese xiangqi files.
package charset

import (
	"bytes"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/simplifiedchinese"
)

// Legacy names the encoding to assume for data that is not UTF-8.
type Legacy uint8

// The legacy encodings.
const (
	Latin1 Legacy = iota // ISO-8859-1: western PGN databases
	GBK                  // simplified Chinese: xqbase and other xiangqi sites
)

// String returns the encoding's name.
func (l Legacy) String() string {
	if l == GBK {
		return "GBK"
	}
	return "ISO-8859-1"
}

var bom = []byte{0xEF, 0xBB, 0xBF}

// Decode returns data as UTF-8 and the name of the encoding it was in. A
// UTF-8 byte-order mark is dropped; valid UTF-8 is returned unchanged;
// anything else is decoded from the legacy encoding. Bytes GBK cannot map
// become U+FFFD; Latin-1 maps every byte.
func Decode(data []byte, legacy Legacy) ([]byte, string) {
	data = bytes.TrimPrefix(data, bom)
	if utf8.Valid(data) {
		return data, "UTF-8"
	}
	var out []byte
	var err error
	if legacy == GBK {
		out, err = simplifiedchinese.GBK.NewDecoder().Bytes(data)
	} else {
		out, err = charmap.ISO8859_1.NewDecoder().Bytes(data)
	}
	if err != nil { // x/text decoders replace bad input rather than fail; be safe anyway
		return bytes.ToValidUTF8(data, []byte("\uFFFD")), "UTF-8 (repaired)"
	}
	return out, legacy.String()
}
