package puzzle_test

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/puzzle"
	"github.com/gambitchess/gambit/review"
)

func TestCSVRoundTrip(t *testing.T) {
	in := []puzzle.Puzzle{
		{ID: "abcd1234", Variant: "chess", FEN: "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3",
			Moves: []string{"g8f6", "h5f7"}, Rating: 1500, RatingDeviation: 500, Themes: []string{"mate", "mateIn1", "oneMove"}, Game: "a.pgn#1",
			Evals: []puzzle.Choice{{Best: puzzle.Line{Moves: []string{"h5f7"}, Score: review.MateScore(1)}}}},
		{ID: "wxyz5678", Variant: "xiangqi", FEN: "4k4/8r/9/9/9/9/9/9/R8/3K5 b - - 0 1",
			Moves: []string{"i8a8", "a1a8", "e9f9", "a8e8"}, Rating: 1612, RatingDeviation: 80, Themes: []string{"advantage", "short"}, Game: "b.pgn#7",
			Evals: []puzzle.Choice{
				{Best: puzzle.Line{Moves: []string{"a1a8"}, Score: review.CPScore(512)}, Second: &puzzle.Line{Moves: []string{"a1a2"}, Score: review.CPScore(-31)}},
				{Best: puzzle.Line{Moves: []string{"a8e8"}, Score: review.MateScore(-3)}, Second: &puzzle.Line{Moves: []string{"a8a7"}, Score: review.CPScore(-900)}}}},
	}
	var b bytes.Buffer
	if err := puzzle.WriteCSV(&b, in); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(b.String(), "PuzzleId,FEN,Moves,Rating,RatingDeviation,Themes,GameUrl,Variant,Evals\n") {
		t.Errorf("header: %q", strings.SplitN(b.String(), "\n", 2)[0])
	}
	out, err := puzzle.ReadCSV(&b)
	if err != nil || !reflect.DeepEqual(out, in) {
		t.Errorf("read back %+v, %v", out, err)
	}
}

func TestReadCSVSaysWhatAndWhere(t *testing.T) {
	head := strings.Join(puzzle.Header, ",") + "\n"
	for _, c := range []struct{ name, text, want string }{
		{"empty", "", "CSV header"},
		{"another header", "a,b,c,d,e,f,g,h,i\n", "CSV header"},
		{"a rating that is no number", head + "id,fen,a b,x,500,,g,chess,b=1\n", `line 2: column Rating "x"`},
		{"odd moves", head + "id,fen,a b c,1500,500,,g,chess,b=1\n", "line 2: puzzle id: 3 moves"},
		{"an eval without a score", head + "id,fen,a b,1500,500,,g,chess,b\n", `line 2: column Evals: choice 1: "b" is not MOVE=SCORE`},
		{"a mate in nothing", head + "id,fen,a b,1500,500,,g,chess,b=1/c=#0\n", `line 2: column Evals: choice 1, second: "c=#0": mate "0"`},
		{"a short row", head + "id,fen\n", "wrong number of fields"},
	} {
		_, err := puzzle.ReadCSV(strings.NewReader(c.text))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
}

func FuzzReadCSV(f *testing.F) {
	f.Add(strings.Join(puzzle.Header, ",") + "\nid,fen,a b,1500,500,mate,g,chess,b=#1\n")
	f.Add(strings.Join(puzzle.Header, ",") + "\nid,fen,a b,1500,500,mate,g,chess,b=12/c=-3 d=#-2\n")
	f.Add("PuzzleId\n\"")
	f.Fuzz(func(t *testing.T, text string) {
		ps, err := puzzle.ReadCSV(strings.NewReader(text))
		for _, p := range ps {
			if p.ID == "" || len(p.Moves)%2 != 0 {
				t.Errorf("read a puzzle it should refuse: %+v (err %v)", p, err)
			}
		}
	})
}
