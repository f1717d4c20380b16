package pgn

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/gambitchess/gambit/internal/charset"
)

// benchData returns a data file with variations and comments, GBK decoded.
func benchData(b *testing.B) []byte {
	raw, err := os.ReadFile(filepath.Join(dataDir(b), "pgn", "hbsxcjp-01-chinese-variations-gbk.pgn"))
	if err != nil {
		b.Fatal(err)
	}
	data, _ := charset.Decode(raw, charset.GBK)
	return data
}

func BenchmarkReadAll(b *testing.B) {
	data := benchData(b)
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := ReadAll(bytes.NewReader(data)); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWrite(b *testing.B) {
	games, err := ReadAll(bytes.NewReader(benchData(b)))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, g := range games {
			if err := Write(io.Discard, g, WriteOptions{Notation: NotationChinese}); err != nil {
				b.Fatal(err)
			}
		}
	}
}
