package banqi

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/variant/fair"
)

// randomGame plays n random legal moves (fewer if the game ends) from the
// start dealt by seed.
func randomGame(t testing.TB, seed fair.Seed, n int, opts Options) *Game {
	t.Helper()
	g := NewGame(seed, opts)
	rng := rand.New(rand.NewPCG(uint64(seed[0]), 1))
	for range n {
		moves := g.LegalMoves()
		if len(moves) == 0 {
			break
		}
		if _, err := g.Push(moves[rng.IntN(len(moves))]); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

func writeRecord(t testing.TB, rec Record) string {
	t.Helper()
	var buf bytes.Buffer
	if _, err := rec.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// TestPGNRoundTrip: what a game writes reads back as the same record, and
// writes again the same bytes.
func TestPGNRoundTrip(t *testing.T) {
	for seed := range byte(6) {
		opts := DefaultOptions()
		if seed%2 == 1 {
			opts.CannonReach = 2
		}
		g := randomGame(t, fair.Seed{seed}, 120, opts)
		rec := g.Record([][2]string{{"Event", `A "quoted" \ event`}, {"White", "Ann"}, {"Black", "Bob"}}, seed%3 == 0)
		text := writeRecord(t, rec)
		back, err := ReadPGN(strings.NewReader(text))
		if err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, text)
		}
		if !reflect.DeepEqual(back, rec) {
			t.Fatalf("seed %d: read back %+v\nwant %+v", seed, back, rec)
		}
		if again := writeRecord(t, back); again != text {
			t.Fatalf("seed %d: rewritten:\n%s\nwant\n%s", seed, again, text)
		}
		for _, line := range strings.Split(text, "\n") {
			if len(line) > 80 && !strings.HasPrefix(line, "[") {
				t.Errorf("seed %d: line of %d characters: %q", seed, len(line), line)
			}
		}
	}
}

func TestPGNWrite(t *testing.T) {
	g := newGame(t, "8/8/8/Kr1p4 w r 0 7", DefaultOptions())
	play(t, g, "Ka1-a2", "Rb1-b2")
	var buf bytes.Buffer
	if err := g.WritePGN(&buf, [][2]string{{"Event", "Test"}, {"Seed", "not mine"}}, false); err != nil {
		t.Fatal(err)
	}
	want := `[Event "Test"]
[Result "*"]
[Variant "Banqi"]
[SeedHash "` + fair.Seed{5}.Commitment() + `"]
[SetUp "1"]
[FEN "8/8/8/Kr1p4 w r 0 7"]

7. Ka1-a2 Rb1-b2 *
`
	if buf.String() != want {
		t.Errorf("got\n%s\nwant\n%s", buf.String(), want)
	}
}

func TestReadPGN(t *testing.T) {
	rec, err := ReadPGN(strings.NewReader("[Event \"x\"]\n% escaped line\n\n1.c2=K {a comment} d3=p $1 ; to the end\n2. Kc2-c3 1-0\n"))
	want := Record{Tags: [][2]string{{"Event", "x"}}, Moves: []string{"c2=K", "d3=p", "Kc2-c3"}, Result: "1-0"}
	if err != nil || !reflect.DeepEqual(rec, want) {
		t.Errorf("ReadPGN = %+v, %v; want %+v", rec, err, want)
	}
	for _, tt := range []struct{ in, where string }{
		{"[Event \"x\"\n1. c2=K *", "line 1"},
		{"[Event \"x]\n", "line 1"},
		{"1. c2=K", "without a result"},
		{"1. c2=K (1. d2=K) *", "variations"},
		{"\n\n1. c2=Q *", "line 3: move 1"},
		{"1. } *", "move 1"},
	} {
		if _, err := ReadPGN(strings.NewReader(tt.in)); !errors.Is(err, ErrBadPGN) || !strings.Contains(err.Error(), tt.where) {
			t.Errorf("ReadPGN(%q) = %v, want ErrBadPGN naming %q", tt.in, err, tt.where)
		}
	}
}

func FuzzReadPGN(f *testing.F) {
	f.Add("[Event \"x\"]\n\n1. c2=K d3=p 2. Kc2-c3 1-0\n")
	f.Add("1... a1=k *")
	f.Add("{c} ; x\n%y\n1.c2c2 $3 0-1")
	g := randomGame(f, fair.Seed{3}, 60, DefaultOptions())
	var buf bytes.Buffer
	_ = g.WritePGN(&buf, nil, true)
	f.Add(buf.String())
	f.Fuzz(func(t *testing.T, text string) {
		rec, err := ReadPGN(strings.NewReader(text))
		if err != nil {
			if !errors.Is(err, ErrBadPGN) {
				t.Fatalf("error %v does not wrap ErrBadPGN", err)
			}
			return
		}
		out := writeRecord(t, rec)
		back, err := ReadPGN(strings.NewReader(out))
		if err != nil || !reflect.DeepEqual(back, rec) {
			t.Fatalf("a record read from %q writes %q, which reads back as %+v, %v", text, out, back, err)
		}
		_, _, _ = Verify(strings.NewReader(text))
	})
}

// TestVerify: a finished game's PGN verifies; each kind of tampering is
// found, and said where.
func TestVerify(t *testing.T) {
	g := randomGame(t, fair.Seed{7}, 400, DefaultOptions())
	var buf bytes.Buffer
	if err := g.WritePGN(&buf, [][2]string{{"Event", "Verify"}}, true); err != nil {
		t.Fatal(err)
	}
	pgn := buf.String()
	plies, flips, err := Verify(strings.NewReader(pgn))
	end := g.Position()
	if err != nil || plies != g.Ply() || flips != 32-end.FaceDownCount() {
		t.Fatalf("Verify = %d plies, %d flips, %v; want %d plies\n%s", plies, flips, err, g.Ply(), pgn)
	}
	rec := g.Record(nil, true)
	firstFlip := rec.Moves[0]
	other := "K"
	if firstFlip[3] == 'K' {
		other = "k"
	}
	seed := fair.Seed{7}.String()
	if !g.Outcome().Over() {
		t.Fatalf("400 random plies did not end the game: %s", g.FEN())
	}
	otherResult := "1-0"
	if rec.Result == otherResult {
		otherResult = "0-1"
	}
	tests := []struct {
		name, old, new string
		err            error
	}{
		{"another seed", seed, fair.Seed{8}.String(), fair.ErrMismatch},
		{"a flip's piece", "1. " + firstFlip, "1. " + firstFlip[:3] + other, ErrWrongLayout},
		{"a flip without its piece", "1. " + firstFlip, "1. " + firstFlip[:2] + firstFlip[:2], ErrBadPGN},
		{"the layout", "[Layout \"", "[Layout \"x", ErrWrongLayout},
		{"the variant", "[Variant \"Banqi\"]", "[Variant \"Jieqi\"]", ErrBadPGN},
		{"the result", " " + rec.Result + "\n", " " + otherResult + "\n", ErrBadPGN},
		{"no seed", "[Seed \"" + seed + "\"]\n", "", ErrBadSeed},
	}
	for _, tt := range tests {
		bad := strings.Replace(pgn, tt.old, tt.new, 1)
		if bad == pgn {
			t.Fatalf("%s: %q is not in the PGN", tt.name, tt.old)
		}
		if _, _, err := Verify(strings.NewReader(bad)); !errors.Is(err, tt.err) {
			t.Errorf("%s: Verify = %v, want %v", tt.name, err, tt.err)
		}
	}
}
