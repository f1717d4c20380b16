package seeded_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/internal/pgntag"
	"github.com/gambitchess/gambit/variant/fair"
	"github.com/gambitchess/gambit/variant/seeded"
)

var testSeed = fair.Seed{7, 7, 7}

func TestVerify(t *testing.T) {
	pgn := tilesPGN(testSeed)
	v, err := seeded.Verify(strings.NewReader(pgn), tilesSpec)
	if err != nil || v.plies != 8 {
		t.Fatalf("Verify = %d plies, %v\n%s", v.plies, err, pgn)
	}
	deal := newTiles(testSeed).value
	var sum [2]int
	for i, n := range deal {
		sum[i%2] += n
	}
	result := tilesOutcome{sum}.Result()
	first := fmt.Sprintf("t1 {[%%flip %d]}", deal[0])
	other := "0-1"
	if result == other {
		other = "1-0"
	}
	hash := `[SeedHash "` + testSeed.Commitment() + `"]`
	seedTag := `[Seed "` + testSeed.String() + `"]`
	tests := []struct {
		name string
		edit func(string) string
		want []error // errors.Is each
		text string  // in the message
	}{
		{"seed changed", replace(testSeed.String(), fair.Seed{8}.String()), []error{errBadSeed, fair.ErrMismatch}, "the Seed and SeedHash tags"},
		{"seed not hex", replace(testSeed.String(), "zz"), []error{errBadSeed, fair.ErrBadSeed}, "the Seed and SeedHash tags"},
		{"no seed", replace(seedTag, ""), []error{errBadSeed}, "no Seed tag: the seed is revealed only when the game is over"},
		{"no seed hash", replace(hash, ""), []error{errBadPGN}, "no SeedHash tag"},
		{"other variant", replace(`[Variant "Tiles"]`, `[Variant "Chess"]`), []error{errBadPGN}, `want the tag [Variant "Tiles"], have "Chess"`},
		{"no variant", replace(`[Variant "Tiles"]`, ""), []error{errBadPGN}, `have ""`},
		{"syntax", replace("2. t3", "2. (t3)"), []error{errBadPGN, pgntag.ErrSyntax}, "variations"},
		{"tag in the movetext", replace("2. t3", `[Round "2"] 2. t3`), []error{errBadPGN}, "line 5: tag [Round] inside the movetext"},
		{"no result", replace(" "+result+"\n", "\n"), []error{errBadPGN}, "no result at the end of the movetext"},
		{"result against the end", replace(" "+result+"\n", " "+other+"\n"), []error{errBadPGN}, "the result is " + other + ", but the game ended " + result},
		{"result tag", replace("\n\n", "\n[Result \""+other+"\"]\n\n"), []error{errBadPGN}, "the Result tag \"" + other + "\" disagrees with the movetext's \"" + result + "\""},
		{"a flip wrong (the Replay's)", replace(first, "t1 {[%flip 9]}"), []error{errWrongDeal}, "move 1 turned up 9"},
		{"a flip missing (the Replay's)", replace(first, "t1"), []error{errBadPGN}, "move 1 lacks its comment"},
		{"the last flip missing (End)", func(s string) string {
			i := strings.LastIndex(s, " {[%flip")
			return s[:i] + s[strings.LastIndex(s, "]}")+2:]
		}, []error{errBadPGN}, "move 8 lacks its comment"},
		{"the game called unfinished", replace(" "+result+"\n", " *\n"), []error{errBadPGN}, "the result is *, but the game ended " + result},
	}
	for _, tt := range tests {
		edited := tt.edit(pgn)
		if edited == pgn {
			t.Fatalf("%s: the edit changed nothing", tt.name)
		}
		_, err := seeded.Verify(strings.NewReader(edited), tilesSpec)
		for _, w := range tt.want {
			if !errors.Is(err, w) {
				t.Errorf("%s: Verify = %v, want %v", tt.name, err, w)
			}
		}
		if err == nil || !strings.Contains(err.Error(), tt.text) {
			t.Errorf("%s: Verify = %v, want it to say %q", tt.name, err, tt.text)
		}
	}
}

func replace(old, new string) func(string) string {
	return func(s string) string { return strings.Replace(s, old, new, 1) }
}

// TestVerifyPassesOver: NAGs, ordinary comments, escape lines, move
// numbers (for a Replay that is not Numbered) and whatever follows the
// result are not the Replay's business.
func TestVerifyPassesOver(t *testing.T) {
	pgn := tilesPGN(testSeed)
	pgn = strings.Replace(pgn, "2. t3", "{a comment} 17... $1 t3 $14", 1)
	pgn = strings.Replace(pgn, "4. t7", "\n% an escape line\n4. t7", 1)
	pgn += "t1 {[%flip 99]} [Round \"3\"] 1-0\n"
	if v, err := seeded.Verify(strings.NewReader(pgn), tilesSpec); err != nil || v.plies != 8 {
		t.Errorf("Verify = %v\n%s", err, pgn)
	}
}

// numbered is a tiles replay that wants its move numbers: it checks that
// each is the one due (a new number every two plies).
type numbered struct {
	*tiles
	numbers []string
}

func (n *numbered) Number(t pgntag.Token) error {
	n.numbers = append(n.numbers, t.Text+t.Val)
	if want := fmt.Sprint(n.plies/2 + 1); t.Text != want {
		return fmt.Errorf("%w: line %d: move number %s, want %s", errBadPGN, t.Line, t.Text, want)
	}
	return nil
}

func TestVerifyNumbered(t *testing.T) {
	spec := seeded.Spec[*numbered]{
		Variant: "Tiles", BadPGN: errBadPGN, BadSeed: errBadSeed,
		Start: func(_ map[string]string, seed fair.Seed) (*numbered, error) {
			return &numbered{tiles: newTiles(seed)}, nil
		},
	}
	pgn := tilesPGN(testSeed)
	v, err := seeded.Verify(strings.NewReader(pgn), spec)
	if err != nil || strings.Join(v.numbers, " ") != "1. 2. 3. 4." {
		t.Errorf("Verify = %v, numbers %q", err, v.numbers)
	}
	_, err = seeded.Verify(strings.NewReader(strings.Replace(pgn, "3. t5", "5. t5", 1)), spec)
	if !errors.Is(err, errBadPGN) || !strings.Contains(err.Error(), "move number 5, want 3") {
		t.Errorf("a wrong number: Verify = %v", err)
	}
}

// TestVerifyStart: Start sees the tags and the revealed seed, its error is
// returned as it is, and no Replay comes back from a game never started.
func TestVerifyStart(t *testing.T) {
	errFEN := errors.New("tiles: bad FEN")
	spec := tilesSpec
	spec.Start = func(tags map[string]string, seed fair.Seed) (*tiles, error) {
		if seed != testSeed {
			t.Errorf("Start got the seed %v", seed)
		}
		if fen, ok := tags["FEN"]; ok {
			return nil, fmt.Errorf("%w: %q", errFEN, fen)
		}
		return newTiles(seed), nil
	}
	pgn := tilesPGN(testSeed)
	if v, err := seeded.Verify(strings.NewReader(pgn), spec); err != nil || v == nil {
		t.Errorf("Verify = %v, %v", v, err)
	}
	bad := strings.Replace(pgn, "\n\n", "\n[FEN \"x\"]\n\n", 1)
	if v, err := seeded.Verify(strings.NewReader(bad), spec); err == nil || err.Error() != `tiles: bad FEN: "x"` || v != nil {
		t.Errorf("Verify = %v, %v; want the Start error as it is and no replay", v, err)
	}
	if v, err := seeded.Verify(strings.NewReader(strings.Replace(pgn, "Tiles", "Chess", 1)), spec); v != nil || err == nil {
		t.Errorf("another variant: Verify = %v, %v", v, err)
	}
}

func TestVerifyTooLong(t *testing.T) {
	pgn := tilesPGN(testSeed)
	long := strings.Replace(pgn, "1. t1", "{"+strings.Repeat("x", 4<<20)+"} 1. t1", 1)
	if _, err := seeded.Verify(strings.NewReader(long), tilesSpec); !errors.Is(err, errBadPGN) || !errors.Is(err, pgntag.ErrSyntax) {
		t.Errorf("Verify of %d bytes = %v", len(long), err)
	}
}

func FuzzVerify(f *testing.F) {
	for i := range 4 {
		f.Add(tilesPGN(fair.Seed{byte(i)}))
	}
	f.Add("[Variant \"Tiles\"]\n[SeedHash \"\"]\n[Seed \"\"]\n\nt1 {[%flip")
	f.Add("[Variant \"Tiles\"]\n\n1. t1 {[%flip 1]} *")
	f.Fuzz(func(t *testing.T, text string) {
		v, err := seeded.Verify(strings.NewReader(text), tilesSpec)
		if err == nil && (v == nil || v.flip != 0) {
			t.Errorf("accepted with the replay %+v", v)
		}
		if err != nil && !errors.Is(err, errBadPGN) && !errors.Is(err, errBadSeed) && !errors.Is(err, errWrongDeal) {
			t.Errorf("an error of no sentinel: %v", err)
		}
	})
}
