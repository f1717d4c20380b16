package chessgame

import (
	"reflect"
	"testing"

	"github.com/gambitchess/gambit/game"
)

const annotatedPGN = `[Event "Casual game"]
[Site "Taipei"]
[White "Lin"]
[Black "Chen"]
[Result "*"]

{A quiet start.} 1. e4 {Best by test.} e5 (1... c5 {Sicilian} 2. Nf3 (2. c3) d6) (1... e6) 2. Nf3 Nc6 3. Bb5 a6 {Morphy's defence.} *`

func TestChessSetupNotes(t *testing.T) {
	tests := []struct {
		name, setup string
		want        *game.SetupNotes
	}{
		{"annotated", annotatedPGN, &game.SetupNotes{
			Tags:  []game.NoteTag{{Name: "Event", Value: "Casual game"}, {Name: "Site", Value: "Taipei"}, {Name: "White", Value: "Lin"}, {Name: "Black", Value: "Chen"}, {Name: "Result", Value: "*"}},
			Intro: "A quiet start.",
			Plies: []game.PlyNote{
				{Ply: 1, Comment: "Best by test."},
				{Ply: 2, Variations: []string{"1... c5 {Sicilian} 2. Nf3 (2. c3) d6", "1... e6"}},
				{Ply: 6, Comment: "Morphy's defence."},
			},
		}},
		{"moves alone", "1. e4 e5 2. Nf3", nil},
		{"unknown tags only", "[White \"?\"]\n\n1. e4 *", nil},
		{"a FEN", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", nil},
		{"a start number", "518", nil},
		{"nothing", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := chessSetupNotes(tt.setup); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("chessSetupNotes = %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

// TestSetupNotesKept: a game started from an annotated PGN keeps its notes
// in its header (and so in the store), with every mainline move imported.
func TestSetupNotesKept(t *testing.T) {
	g, err := game.New(game.Options{ID: "notes", Mode: game.ModeLocal, Setup: annotatedPGN})
	if err != nil {
		t.Fatal(err)
	}
	h := g.Header()
	if len(h.Moves) != 6 || h.Notes == nil || h.Notes.Intro != "A quiet start." || len(h.Notes.Plies) != 3 {
		t.Errorf("header moves %q, notes %+v", h.Moves, h.Notes)
	}
}

func FuzzSetupNotes(f *testing.F) {
	for _, s := range []string{annotatedPGN, "1. e4 (1. d4 d5 (1... Nf6)) e5", "{x} 1. e4 {y} *", "[A \"b\"]", "518", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		n := chessSetupNotes(text) // never panics
		if n != nil && n.Intro == "" && len(n.Tags) == 0 && len(n.Plies) == 0 {
			t.Errorf("empty notes returned for %q", text)
		}
	})
}
