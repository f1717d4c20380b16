package bomb

import (
	"errors"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/variant/fair"
)

// playedPGN plays moves (UCI) with a seed that puts a mine on e4 and
// returns the game's PGN with everything revealed.
func playedPGN(t *testing.T, moves ...string) (string, *Game) {
	t.Helper()
	seed := seedWithMine(t, chess.E4, 0)
	g := NewGame(chess.StartPosition(), seed)
	for _, u := range moves {
		if _, err := g.PushUCI(u); err != nil {
			t.Fatalf("%s: %v", u, err)
		}
	}
	var sb strings.Builder
	if err := g.WritePGN(&sb, [][2]string{{"Event", "test"}, {"Result", "1-0"}}, true); err != nil {
		t.Fatal(err)
	}
	return sb.String(), g
}

func TestVerify(t *testing.T) {
	text, g := playedPGN(t, "g1f3", "b8c6", "e2e4", "d7d5") // e2e4 sets off the mine on e4
	plies, blasts, err := Verify(strings.NewReader(text))
	if err != nil || plies != 4 || blasts != 1 {
		t.Fatalf("Verify = %d plies, %d blasts, %v\n%s", plies, blasts, err, text)
	}
	if !strings.Contains(text, "{[%blast e4]}") {
		t.Fatalf("no blast comment in\n%s", text)
	}
	other, _ := fair.NewSeed()
	tests := []struct {
		name string
		edit func(string) string
		want error
	}{
		{"blast moved", func(s string) string { return strings.Replace(s, "[%blast e4]", "[%blast d4]", 1) }, ErrWrongMine},
		{"blast dropped", func(s string) string { return strings.Replace(s, "{[%blast e4]}", "", 1) }, ErrBadPGN},
		{"blast invented", func(s string) string { return strings.Replace(s, "Nf3", "Nf3 {[%blast f3]}", 1) }, ErrWrongMine},
		{"mines changed", func(s string) string {
			i := strings.Index(s, "[Mines ")
			j := i + strings.IndexByte(s[i:], '\n')
			return s[:i] + strings.Replace(s[i:j], "e4", "e5", 1) + s[j:]
		}, ErrWrongMine},
		{"seed changed", func(s string) string { return strings.Replace(s, g.Seed().String(), other.String(), 1) }, fair.ErrMismatch},
		{"no seed", func(s string) string {
			return strings.Replace(s, `[Seed "`+g.Seed().String()+`"]`+"\n", "", 1)
		}, ErrBadSeed},
		{"illegal move", func(s string) string { return strings.Replace(s, "Nc6", "Nc5", 1) }, ErrBadPGN},
		{"result tag differs", func(s string) string { return strings.Replace(s, `[Result "1-0"]`, `[Result "0-1"]`, 1) }, ErrBadPGN},
		{"not bomb", func(s string) string { return strings.Replace(s, "Bomb chess", "Chess", 1) }, ErrBadPGN},
	}
	for _, tt := range tests {
		edited := tt.edit(text)
		if edited == text {
			t.Fatalf("%s: the edit changed nothing", tt.name)
		}
		if _, _, err := Verify(strings.NewReader(edited)); !errors.Is(err, tt.want) {
			t.Errorf("%s: Verify = %v, want %v", tt.name, err, tt.want)
		}
	}
}

func FuzzVerify(f *testing.F) {
	seed := fair.Seed{1}
	g := NewGame(chess.StartPosition(), seed)
	for _, u := range []string{"e2e4", "e7e5", "g1f3", "b8c6", "d2d4"} {
		_, _ = g.PushUCI(u)
	}
	var sb strings.Builder
	_ = g.WritePGN(&sb, nil, true)
	f.Add(sb.String())
	f.Add("[Variant \"Bomb chess\"]\n1. e4 {[%blast")
	f.Fuzz(func(t *testing.T, text string) {
		_, _, _ = Verify(strings.NewReader(text)) // must not panic
	})
}
