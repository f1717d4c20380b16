package opening

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"flag"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/chess/pgn"
	"github.com/gambitchess/gambit/internal/shareddata"
)

var update = flag.Bool("update", false, "rewrite openings.tsv.gz from the shared data")

// sharedTSV returns the shared a.tsv … e.tsv one after the other.
func sharedTSV(t *testing.T) []byte {
	t.Helper()
	var all []byte
	for _, name := range []string{"a", "b", "c", "d", "e"} {
		b, err := os.ReadFile(shareddata.Path(t, "openings/"+name+".tsv"))
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, b...)
	}
	return all
}

func TestEmbeddedEqualsShared(t *testing.T) {
	want := sharedTSV(t)
	if *update {
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		zw.Write(want)
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile("openings.tsv.gz", buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Log("openings.tsv.gz rewritten: run the tests again to read it")
		return
	}
	zr, err := gzip.NewReader(bytes.NewReader(openingsTSV))
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("openings.tsv.gz (%d bytes unpacked) differs from the shared openings/*.tsv (%d bytes): go test ./chess/opening -run TestEmbeddedEqualsShared -update", len(got), len(want))
	}
}

func TestLoad(t *testing.T) {
	if err := Load(); err != nil {
		t.Fatal(err)
	}
	rows := 0
	for _, line := range strings.Split(string(sharedTSV(t)), "\n") {
		if line != "" && line != "eco\tname\tpgn" {
			rows++
		}
	}
	if db().lines != rows {
		t.Errorf("read %d rows, the data has %d", db().lines, rows)
	}
	if Size() < 3000 || Size() > rows {
		t.Errorf("Size() = %d named positions from %d rows", Size(), rows)
	}
}

// TestTableRowsNameDistinctPositions: lichess's table names each position
// once, so "the first row keeps it" never decides a name.
func TestTableRowsNameDistinctPositions(t *testing.T) {
	if db().lines != Size() {
		t.Errorf("%d rows name only %d distinct positions", db().lines, Size())
	}
}

// TestEmbeddedKeys replays every row of the embedded table and checks the
// key openings.keys holds for it; -update rewrites the keys.
func TestEmbeddedKeys(t *testing.T) {
	rs, err := rows(openingsTSV)
	if err != nil {
		t.Fatal(err)
	}
	keys := make([]byte, 8*len(rs))
	for i, r := range rs {
		k, err := r.replay()
		if err != nil {
			t.Fatal(err)
		}
		binary.BigEndian.PutUint64(keys[8*i:], k)
	}
	if *update {
		if err := os.WriteFile("openings.keys", keys, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Log("openings.keys rewritten: run the tests again to read it")
		return
	}
	if !bytes.Equal(keys, openingsKeys) {
		t.Fatalf("openings.keys does not hold the keys of the rows' positions (%d bytes, want %d): go test ./chess/opening -run TestEmbeddedKeys -update", len(openingsKeys), len(keys))
	}
}

func TestBrokenTable(t *testing.T) {
	gz := func(text string) []byte {
		var buf bytes.Buffer
		zw := gzip.NewWriter(&buf)
		zw.Write([]byte(text))
		zw.Close()
		return buf.Bytes()
	}
	tests := []struct {
		name      string
		data, key []byte
		want      string
	}{
		{"not gzip", nil, nil, "opening table"},
		{"bad row", gz("eco\tname\tpgn\nC40 no tabs\n"), nil, "line 2: want eco, name and pgn"},
		{"keys missing", gz("C40\tName\t1. e4 e5\n"), make([]byte, 7), "7 bytes of keys for 1 rows"},
	}
	for _, tt := range tests {
		_, err := build(tt.data, tt.key)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: err = %v, want it to say %q", tt.name, err, tt.want)
		}
	}
	rs, err := rows(gz("C40\tName\t1. e4 e4\n"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rs[0].replay(); err == nil || !strings.Contains(err.Error(), `line 1: C40 "Name": move e4`) {
		t.Errorf("an illegal move: %v", err)
	}
}

// play returns the game after moves in SAN from the start.
func play(t testing.TB, moves string) *chess.Game {
	t.Helper()
	g := chess.NewGame()
	for _, m := range strings.Fields(moves) {
		if _, err := g.PushSAN(m); err != nil {
			t.Fatalf("%s: %s: %v", moves, m, err)
		}
	}
	return g
}

func TestClassify(t *testing.T) {
	tests := []struct {
		name, moves string
		want        Opening // zero: none
	}{
		{"start", "", Opening{}},
		{"one move", "e4", Opening{"B00", "King's Pawn Game", 1}},
		{"king's knight", "e4 e5 Nf3", Opening{"C40", "King's Knight Opening", 3}},
		{"named then left", "e4 e5 Nf3 Nc6 Ke2 Ke7", Opening{"C44", "King's Knight Opening: Normal Variation", 4}},
		{"najdorf", "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6", Opening{"B90", "Sicilian Defense: Najdorf Variation", 10}},
		// Transpositions: another move order reaching a named position.
		{"zukertort by Nf3 first", "Nf3 d5 d4", Opening{"D02", "Queen's Pawn Game: Zukertort Variation", 3}},
		{"najdorf by Nc3 first", "e4 c5 Nc3 d6 Nf3 Nf6 d4 cxd4 Nxd4 a6", Opening{"B90", "Sicilian Defense: Najdorf Variation", 10}},
		// Knights out and back: the start again, named by nothing, so the
		// last named position before it stands.
		{"back to the start", "Nf3 Nf6 Ng1 Ng8", Opening{"A05", "Zukertort Opening", 2}},
	}
	for _, tt := range tests {
		g := play(t, tt.moves)
		got, ok := Classify(g)
		if ok != (tt.want != Opening{}) || got != tt.want {
			t.Errorf("%s: Classify = %+v, %v; want %+v", tt.name, got, ok, tt.want)
		}
		if got2, _ := Of(g.Positions()); got2 != got {
			t.Errorf("%s: Of = %+v, Classify %+v", tt.name, got2, got)
		}
	}
}

func TestClassifyOnlyFromTheStandardStart(t *testing.T) {
	p960, err := chess.StartPosition960(0)
	if err != nil {
		t.Fatal(err)
	}
	p518, err := chess.StartPosition960(518)
	if err != nil {
		t.Fatal(err)
	}
	set, err := chess.ParseFEN("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		start chess.Position
		moves []string
		named bool
	}{
		{"Chess960 518", p518, []string{"e2e4", "e7e5", "g1f3"}, true},
		{"Chess960 0", p960, []string{"e2e4", "e7e5"}, false},
		{"set-up position", set, []string{"e7e5", "g1f3"}, false},
	}
	for _, tt := range tests {
		g := chess.NewGameFrom(tt.start)
		for _, m := range tt.moves {
			if _, err := g.PushUCI(m); err != nil {
				t.Fatal(err)
			}
		}
		if o, ok := Classify(g); ok != tt.named {
			t.Errorf("%s: Classify = %+v, %v; want named %v", tt.name, o, ok, tt.named)
		}
	}
	// Of does not look at the start: a line from the set-up position is
	// named by where it goes.
	g := chess.NewGameFrom(set)
	g.PushUCI("e7e5")
	g.PushUCI("g1f3")
	if o, ok := Of(g.Positions()); !ok || o.ECO != "C40" || o.Ply != 2 {
		t.Errorf("Of from after 1.e4 = %+v, %v; want C40 at ply 2", o, ok)
	}
}

func TestOfLooksNoDeeperThanMaxPlies(t *testing.T) {
	// The start, held for MaxPlies plies, then 1.e4 one ply too deep.
	start := chess.StartPosition()
	line := make([]chess.Position, MaxPlies+2)
	for i := range line {
		line[i] = start
	}
	e4 := play(t, "e4").Position()
	line[MaxPlies+1] = e4
	if o, ok := Of(line); ok {
		t.Errorf("Of = %+v; 1.e4 at ply %d is deeper than MaxPlies", o, MaxPlies+1)
	}
	line[MaxPlies] = e4
	if o, ok := Of(line[:MaxPlies+1]); !ok || o.Ply != MaxPlies || o.ECO != "B00" {
		t.Errorf("Of = %+v, %v; want B00 at ply %d", o, ok, MaxPlies)
	}
}

func TestKnownAndLookup(t *testing.T) {
	tests := []struct {
		moves string
		known bool
	}{
		{"", false},
		{"e4", true},
		{"e4 e5 Nf3", true},
		{"e4 e5 Nf3 Nc6 Ke2", false},
		{"a3 h6 h3 a6", false},
	}
	for _, tt := range tests {
		p := play(t, tt.moves).Position()
		if got := Known(&p); got != tt.known {
			t.Errorf("Known after %q = %v, want %v", tt.moves, got, tt.known)
		}
		o, ok := Lookup(&p)
		if ok != tt.known || (ok && o.Ply != 0) {
			t.Errorf("Lookup after %q = %+v, %v", tt.moves, o, ok)
		}
	}
}

// openPGN reads a shared PGN file, closed when the test ends.
func openPGN(t *testing.T, file string) *pgn.Reader {
	t.Helper()
	f, err := os.Open(shareddata.Path(t, file))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return pgn.NewReader(f)
}

// gameAt returns game index (from 0) of a shared PGN file, played out.
func gameAt(t *testing.T, file string, index int) (*chess.Game, *pgn.Game) {
	t.Helper()
	r := openPGN(t, file)
	for i := 0; ; i++ {
		pg, err := r.Next()
		if err != nil {
			t.Fatalf("%s game %d: %v", file, i, err)
		}
		if i == index {
			return mainline(t, pg), pg
		}
	}
}

func mainline(t *testing.T, pg *pgn.Game) *chess.Game {
	t.Helper()
	g := chess.NewGameFrom(pg.Start())
	for n := range pg.Mainline() {
		if err := g.Push(n.Move); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// TestKnownGames names games from the shared PGN files, each checked by
// hand against the table's rows.
func TestKnownGames(t *testing.T) {
	tests := []struct {
		file  string
		index int // the game in the file, from 0
		want  Opening
	}{
		// Kasparov-Deep Blue 1997, game 1: 1.Nf3 d5 2.g3 Bg4 is the row
		// "A07 King's Indian Attack: Keres Variation"; 3.b3 leaves the table.
		{"pgn/edge/python-chess/kasparov-deep-blue-1997.pgn", 0, Opening{"A07", "King's Indian Attack: Keres Variation", 4}},
		// Game 2: the Ruy Lopez main line to 9...h6 10.d4 (ply 19) is no row; 9...h6 is.
		{"pgn/edge/python-chess/kasparov-deep-blue-1997.pgn", 1, Opening{"C93", "Ruy Lopez: Closed, Smyslov Defense", 18}},
		{"pgn/edge/python-chess/kasparov-deep-blue-1997.pgn", 5, Opening{"B17", "Caro-Kann Defense: Karpov Variation, Modern Variation", 9}},
		// Navara-Svidler, TWIC 920: 1.Nf3 g6 2.e4 c5 3.c4 Bg7 4.d4 cxd4
		// 5.Nxd4 Nc6 6.Be3: a transposition into the row 1.e4 c5 2.Nf3 Nc6
		// 3.d4 cxd4 4.Nxd4 g6 5.c4 Bg7 6.Be3 (B38), as the file's own ECO tag says.
		{"pgn/games/twic0920.pgn", 0, Opening{"B38", "Sicilian Defense: Accelerated Dragon, Maróczy Bind", 11}},
	}
	for _, tt := range tests {
		g, _ := gameAt(t, tt.file, tt.index)
		if got, _ := Classify(g); got != tt.want {
			t.Errorf("%s game %d: %+v, want %+v", tt.file, tt.index, got, tt.want)
		}
	}
}

// TestNextAgreesWithClassify names the first 300 games of a real file ply
// by ply with Next and checks, at every ply, that Classify says the same
// of the game so far (past MaxPlies too, where neither may look).
func TestNextAgreesWithClassify(t *testing.T) {
	r := openPGN(t, "pgn/games/twic0920.pgn")
	const games = 300
	for i := range games {
		pg, err := r.Next()
		if err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		whole := mainline(t, pg)
		g := chess.NewGameFrom(whole.StartPosition())
		named, namedOK := Classify(g)
		for ply, m := range whole.Moves() {
			if err := g.Push(m); err != nil {
				t.Fatal(err)
			}
			p := g.Position()
			named, namedOK = Next(named, namedOK, &p, ply+1)
			want, wantOK := Classify(g)
			if named != want || namedOK != wantOK {
				t.Fatalf("game %d ply %d: Next %+v %v, Classify %+v %v", i, ply+1, named, namedOK, want, wantOK)
			}
		}
	}
}

// TestAgreesWithTheFilesECOTags: the ECO tags of TWIC 920 were written by
// other software from other tables, so they differ at times; lichess's
// table agrees with 2041 of its 2245 games (91%).
func TestAgreesWithTheFilesECOTags(t *testing.T) {
	r := openPGN(t, "pgn/games/twic0920.pgn")
	games, same := 0, 0
	for {
		pg, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		games++
		// Of over the positions, as Push refuses moves once the rules
		// call the game over (some games go on past a dead position).
		positions := []chess.Position{pg.Start()}
		for n := range pg.Mainline() {
			positions = append(positions, n.Position())
		}
		if !IsStandardStart(&positions[0]) {
			continue
		}
		if o, _ := Of(positions); o.ECO == pg.Tags.Get("ECO") {
			same++
		}
	}
	if games < 2000 || same*100 < games*88 {
		t.Errorf("%d of %d games have the ECO of their tag; want at least 88%%", same, games)
	}
}

func TestOfAllocatesNothing(t *testing.T) {
	g, _ := gameAt(t, "pgn/edge/python-chess/kasparov-deep-blue-1997.pgn", 1)
	positions := g.Positions()
	Load()
	if n := testing.AllocsPerRun(100, func() { Of(positions) }); n != 0 {
		t.Errorf("Of allocates %v times", n)
	}
	p := positions[10]
	if n := testing.AllocsPerRun(100, func() { Known(&p) }); n != 0 {
		t.Errorf("Known allocates %v times", n)
	}
}

// BenchmarkOf names a 40-ply line (Deep Blue-Kasparov 1997, game 2): the
// cost of naming a game from its positions, 41 map probes at most.
func BenchmarkOf(b *testing.B) {
	g := chess.NewGame()
	for _, m := range strings.Fields("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 h6 d4 Re8 Nbd2 Bf8 Nf1 Bd7 Ng3 Na5 Bc2 c5 b3 Nc6 d5 Ne7 Be3 Ng6 Qd2 Nh7 a4 Nh4 Nxh4 Qxh4") {
		if _, err := g.PushSAN(m); err != nil {
			b.Fatal(err)
		}
	}
	positions := g.Positions()
	Load()
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := Of(positions); !ok {
			b.Fatal("not named")
		}
	}
}

// BenchmarkClassify is Of with the replay of the moves, as for a game.
func BenchmarkClassify(b *testing.B) {
	g := play(b, "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 h6 d4 Re8 Nbd2 Bf8 Nf1 Bd7 Ng3 Na5 Bc2 c5 b3 Nc6 d5 Ne7 Be3 Ng6 Qd2 Nh7 a4 Nh4 Nxh4 Qxh4")
	Load()
	b.ReportAllocs()
	for b.Loop() {
		Classify(g)
	}
}
