package viewer

import (
	"bytes"
	"io"
	"testing"
)

// FuzzFromPGN feeds any text to FromPGN, as chess and as xiangqi: it must
// never panic, and what it reads must make a page.
func FuzzFromPGN(f *testing.F) {
	f.Add([]byte(annotatedPGN), false)
	f.Add([]byte("[FEN \"bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1\"]\n[Variant \"Chess960\"]\n\n1. O-O *\n"), false)
	f.Add([]byte("{</script>} 1. e4 (1. d4 {x} (1. c4)) e5 $1 *"), false)
	f.Add([]byte("[Game \"Chinese Chess\"]\n\n1. 炮二平五 馬８進７ (1... 马2进3) 2. 傌二進三 {评注} *\n"), true)
	f.Add([]byte("1. C2.5 H8+7 2. h0g2 *"), true)
	f.Add([]byte("((((}{"), true)
	f.Fuzz(func(t *testing.T, data []byte, xq bool) {
		v := Chess
		if xq {
			v = Xiangqi
		}
		games, err := FromPGN(bytes.NewReader(data), v)
		if err != nil || len(games) == 0 {
			return
		}
		for _, g := range games {
			checkLinks(t, g)
		}
		if err := Write(io.Discard, games, Options{}); err != nil {
			t.Fatalf("Write after FromPGN: %v", err)
		}
	})
}
