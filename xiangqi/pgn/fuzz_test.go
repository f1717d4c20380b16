package pgn

import (
	"strings"
	"testing"
)

// FuzzReadAll: whatever ReadAll accepts, Write writes in a form that reads
// back as the same tree.
func FuzzReadAll(f *testing.F) {
	f.Add("[Game \"Chinese Chess\"]\n\n1. h2e2 {c} h9g7 (1... h7e7) 2. h0g2 1-0")
	f.Add("[FEN \"4k4/9/9/9/9/9/9/9/9/R2K5 w\"]\n1. 俥九进九 将５进１ *")
	f.Add("1. C2.5 H8+7 ;x\n%esc\n2. H2+3 *")
	f.Fuzz(func(t *testing.T, s string) {
		games, err := ReadAll(strings.NewReader(s))
		if err != nil {
			return
		}
		for _, g := range games {
			var sb strings.Builder
			if err := Write(&sb, g, WriteOptions{Notation: NotationICCS}); err != nil {
				t.Fatal(err)
			}
			back, err := ReadAll(strings.NewReader(sb.String()))
			if err != nil || len(back) != 1 || !sameTree(back[0].Root, g.Root) {
				t.Fatalf("round trip failed: %v\n%s", err, sb.String())
			}
		}
	})
}
