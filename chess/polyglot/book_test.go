package polyglot

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/chess/pgn"
	"github.com/gambitchess/gambit/internal/shareddata"
)

// TestKeys checks Key against the values the format's description lists
// (http://hgm.nubati.net/book_format.html, "Test suite"): the start
// position and the positions after the moves given.
func TestKeys(t *testing.T) {
	tests := []struct {
		moves []string
		key   uint64
	}{
		{nil, 0x463b96181691fc9c},
		{[]string{"e2e4"}, 0x823c9b50fd114196},
		{[]string{"e2e4", "d7d5"}, 0x0756b94461c50fb0},
		{[]string{"e2e4", "d7d5", "e4e5"}, 0x662fafb965db29d4},
		{[]string{"e2e4", "d7d5", "e4e5", "f7f5"}, 0x22a48b5a8e47ff78},
		{[]string{"e2e4", "d7d5", "e4e5", "f7f5", "e1e2"}, 0x652a607ca3f242c1},
		{[]string{"e2e4", "d7d5", "e4e5", "f7f5", "e1e2", "e8f7"}, 0x00fdd303c946bdd9},
		{[]string{"a2a4", "b7b5", "h2h4", "b5b4", "c2c4"}, 0x3c8123ea7b067637},
		{[]string{"a2a4", "b7b5", "h2h4", "b5b4", "c2c4", "b4c3", "a1a3"}, 0x5c3f9b829b279560},
	}
	for _, tt := range tests {
		g := chess.NewGame()
		for _, m := range tt.moves {
			if _, err := g.PushUCI(m); err != nil {
				t.Fatal(err)
			}
		}
		p := g.Position()
		if got := Key(&p); got != tt.key {
			t.Errorf("after %v: key %016x, want %016x", tt.moves, got, tt.key)
		}
	}
}

func TestEncode(t *testing.T) {
	tests := []struct {
		fen, uci string
		raw      uint16
	}{
		{chess.StartFEN, "e2e4", 4<<6 | 1<<9 | 4 | 3<<3},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", 4<<6 | 7},           // O-O as e1h1
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", 4<<6 | 7<<9 | 7<<3}, // O-O-O as e8a8
		{"8/P7/8/8/8/8/8/k6K w - - 0 1", "a7a8q", 6<<9 | 7<<3 | 4<<12},
		{"8/P7/8/8/8/8/8/k6K w - - 0 1", "a7a8n", 6<<9 | 7<<3 | 1<<12},
	}
	for _, tt := range tests {
		p, err := chess.ParseFEN(tt.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseUCI(tt.uci)
		if err != nil {
			t.Fatal(err)
		}
		if got := Encode(m); got != tt.raw {
			t.Errorf("%s in %s: %#04x, want %#04x", tt.uci, tt.fen, got, tt.raw)
		}
	}
}

// polyglotBin is Debian's polyglot (package polyglot), which makes books.
func polyglotBin(t *testing.T) string {
	t.Helper()
	if _, err := os.Stat("/usr/games/polyglot"); err == nil {
		return "/usr/games/polyglot"
	}
	path, err := exec.LookPath("polyglot")
	if err != nil {
		t.Fatal("polyglot is not installed (Debian: apt-get install polyglot); it makes the book this test reads")
	}
	return path
}

// stat is what a book holds for one move of one position: the games that
// played it and their score for the mover, 2 a win and 1 a draw.
type stat struct{ n, sum int }

type bookKey struct {
	key  uint64
	move uint16
}

// statsOf plays out every game of a PGN file as polyglot make-book does
// (book_make.c: every move from the start, up to -max-ply, 1024 by
// default; the result "1-0" scores 2 for White's moves and 0 for Black's,
// "0-1" the other way, anything else 1 each) and counts each
// position and move.
func statsOf(t *testing.T, file string) map[bookKey]stat {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	stats := map[bookKey]stat{}
	r := pgn.NewReader(f)
	var ml pgn.Mainline
	for {
		err := r.NextMainline(&ml)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if ml.Start != chess.StartPosition() {
			t.Fatalf("%s: a game from a set-up position, which polyglot would play from the start", file)
		}
		white := 1
		switch ml.Tags.Get("Result") {
		case "1-0":
			white = 2
		case "0-1":
			white = 0
		}
		p := ml.Start
		for i, m := range ml.Moves {
			if i == 1024 {
				break
			}
			score := white
			if p.SideToMove() == chess.Black {
				score = 2 - white
			}
			k := bookKey{Key(&p), Encode(m)}
			s := stats[k]
			stats[k] = stat{s.n + 1, s.sum + score}
			p.Play(m)
		}
	}
	return stats
}

// makeBook runs polyglot make-book on a PGN file into a temporary folder.
func makeBook(t *testing.T, file string, args ...string) *Book {
	t.Helper()
	dir := t.TempDir()
	out := filepath.Join(dir, "book.bin")
	cmd := exec.Command(polyglotBin(t), append([]string{"make-book", "-pgn", file, "-bin", out}, args...)...)
	cmd.Dir = dir
	if text, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("polyglot make-book: %v\n%s", err, text)
	}
	b, err := Open(out)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestAgainstPolyglotMakeBook builds a book with polyglot from TWIC 920
// (2245 games) and compares every entry with the counts of the same games:
// polyglot keeps a move played in at least -min-game games (3 by default)
// that scored something (a move that lost every time is dropped) and
// weighs it by its score, 2 a win and 1 a draw (book_make.c).
func TestAgainstPolyglotMakeBook(t *testing.T) {
	file := shareddata.Path(t, "pgn/games/twic0920.pgn")
	stats := statsOf(t, file)
	for _, minGame := range []int{3, 1} {
		var b *Book
		if minGame == 3 {
			b = makeBook(t, file)
		} else {
			b = makeBook(t, file, "-min-game", "1")
		}
		want := 0
		for _, s := range stats {
			if s.n >= minGame && s.sum > 0 {
				want++
			}
		}
		if b.Len() != want {
			t.Errorf("min-game %d: the book has %d entries, the games %d moves played %d times or more that scored", minGame, b.Len(), want, minGame)
		}
		bad := 0
		for _, e := range b.entries {
			s, ok := stats[bookKey{e.Key, e.Move}]
			if !ok || s.n < minGame || s.sum == 0 || int(e.Weight) != s.sum {
				if bad++; bad <= 5 {
					t.Errorf("min-game %d: entry %016x %#04x weight %d; the games: %+v (found %v)", minGame, e.Key, e.Move, e.Weight, s, ok)
				}
			}
		}
	}
}

// TestMovesOfTheStart reads the start position's moves from the book and
// checks them, in SAN, against the games.
func TestMovesOfTheStart(t *testing.T) {
	file := shareddata.Path(t, "pgn/games/twic0920.pgn")
	stats := statsOf(t, file)
	b := makeBook(t, file)
	p := chess.StartPosition()
	moves := b.Moves(&p)
	if len(moves) < 5 {
		t.Fatalf("the book knows %d moves at the start", len(moves))
	}
	total := 0
	for i, bm := range moves {
		s := stats[bookKey{p.Key(), Encode(bm.Move)}]
		if int(bm.Weight) != s.sum {
			t.Errorf("%s: weight %d, the games score %d", p.SAN(bm.Move), bm.Weight, s.sum)
		}
		if i > 0 && moves[i-1].Weight < bm.Weight {
			t.Errorf("%s before %s: not the heaviest first", p.SAN(moves[i-1].Move), p.SAN(bm.Move))
		}
		total += s.n
	}
	if first := p.SAN(moves[0].Move); first != "e4" && first != "d4" {
		t.Errorf("the heaviest first move is %s", first)
	}
	if !b.Contains(&p) {
		t.Error("Contains(start) is false")
	}
	far, _ := chess.ParseFEN("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
	if b.Contains(&far) || b.Moves(&far) != nil {
		t.Error("a bare-kings position is in the book")
	}
}

// TestPick: a weighted choice follows the weights and never picks a move
// of weight 0.
func TestPick(t *testing.T) {
	p := chess.StartPosition()
	key := p.Key()
	entry := func(uci string, w uint16) Entry {
		m, err := p.ParseUCI(uci)
		if err != nil {
			t.Fatal(err)
		}
		return Entry{Key: key, Move: Encode(m), Weight: w}
	}
	b := bookOf(t, entry("e2e4", 30), entry("d2d4", 10), entry("a2a3", 0))
	r := rand.New(rand.NewPCG(1, 2))
	counts := map[string]int{}
	const n = 40000
	for range n {
		bm, ok := b.Pick(&p, r)
		if !ok {
			t.Fatal("no pick")
		}
		counts[p.UCI(bm.Move)]++
	}
	if counts["a2a3"] != 0 || counts["e2e4"] < n*70/100 || counts["e2e4"] > n*80/100 || counts["e2e4"]+counts["d2d4"] != n {
		t.Errorf("picks %v, want about 3:1 for e2e4 over d2d4 and no a2a3", counts)
	}
	zero := bookOf(t, entry("a2a3", 0))
	if _, ok := zero.Pick(&p, r); ok {
		t.Error("picked from a book of weight 0 only")
	}
}

// bookOf writes entries as a book file's bytes and parses them.
func bookOf(t *testing.T, entries ...Entry) *Book {
	t.Helper()
	b, err := Parse(encode(entries))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func encode(entries []Entry) []byte {
	var buf bytes.Buffer
	for _, e := range entries {
		binary.Write(&buf, binary.BigEndian, e)
	}
	return buf.Bytes()
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"cut short", make([]byte, 17), "17 bytes is not a whole number of 16-byte entries"},
		{"not sorted", encode([]Entry{{Key: 2}, {Key: 1}}), "entry 1 (byte 16): key 0000000000000001 after 0000000000000002"},
	}
	for _, tt := range tests {
		_, err := Parse(tt.data)
		if !errors.Is(err, ErrBadBook) || !bytes.Contains([]byte(err.Error()), []byte(tt.want)) {
			t.Errorf("%s: %v, want ErrBadBook saying %q", tt.name, err, tt.want)
		}
	}
	if b, err := Parse(nil); err != nil || b.Len() != 0 {
		t.Errorf("empty book: %v", err)
	}
}

// FuzzParse: any bytes parse or fail with ErrBadBook, and a parsed book
// answers for the start position without panicking, every move legal.
func FuzzParse(f *testing.F) {
	p := chess.StartPosition()
	e4, _ := p.ParseUCI("e2e4")
	f.Add(encode([]Entry{{Key: p.Key(), Move: Encode(e4), Weight: 1}}))
	f.Add(encode([]Entry{{Key: p.Key(), Move: 0xffff, Weight: 9}, {Key: p.Key(), Move: 0}}))
	f.Add([]byte("not a book"))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := Parse(data)
		if err != nil {
			if !errors.Is(err, ErrBadBook) {
				t.Errorf("error %v is not ErrBadBook", err)
			}
			return
		}
		for _, bm := range b.Moves(&p) {
			if !p.IsLegal(bm.Move) {
				t.Errorf("illegal book move %v", bm.Move)
			}
		}
		b.Pick(&p, rand.New(rand.NewPCG(1, 1)))
	})
}
