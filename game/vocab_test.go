package game_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/chess/pgn"
	"github.com/gambitchess/gambit/xiangqi"
	xqpgn "github.com/gambitchess/gambit/xiangqi/pgn"
)

// The two rules libraries share one vocabulary, as Pikafish keeps
// Stockfish's names for Chinese chess: the same idea has the same name and
// the same shape in both, so that the layers above them (this package,
// uci, engine/xq, match, cmd/gambit, server) need no uneven adapters. The
// tests below hold that: a name listed here that one library renames or
// reshapes fails until the other follows (or the name leaves the list, for
// a reason written next to it). Game lives here because it is the one
// package that may import both libraries.

// counterpart maps each package of the chess side to its xiangqi twin.
var counterpart = map[string]string{
	"github.com/gambitchess/gambit/chess":     "github.com/gambitchess/gambit/xiangqi",
	"github.com/gambitchess/gambit/chess/pgn": "github.com/gambitchess/gambit/xiangqi/pgn",
}

// sameShape reports whether the chess type c and the xiangqi type x are the
// same modulo each library's own types: a named type of a chess package
// matches the type of the same name in its xiangqi twin; everything else
// must match exactly, element by element.
func sameShape(c, x reflect.Type) bool {
	if c == reflect.TypeOf(chess.Outcome{}) { // an alias of chess.Ending[chess.Termination], which reflect names so
		return x.PkgPath() == counterpart[c.PkgPath()] && x.Name() == "Outcome"
	}
	if twin, ok := counterpart[c.PkgPath()]; ok {
		return x.PkgPath() == twin && x.Name() == c.Name()
	}
	if c.Name() != "" && c.PkgPath() == x.PkgPath() && !strings.Contains(c.Name(), "[") {
		return c == x // a stdlib or builtin type
	}
	if c.Kind() != x.Kind() {
		return false
	}
	switch c.Kind() {
	case reflect.Pointer, reflect.Slice:
		return sameShape(c.Elem(), x.Elem())
	case reflect.Array:
		return c.Len() == x.Len() && sameShape(c.Elem(), x.Elem())
	case reflect.Map:
		return sameShape(c.Key(), x.Key()) && sameShape(c.Elem(), x.Elem())
	case reflect.Func: // also an instance of a generic func type, such as iter.Seq[*pgn.Node]
		if c.NumIn() != x.NumIn() || c.NumOut() != x.NumOut() || c.IsVariadic() != x.IsVariadic() {
			return false
		}
		for i := range c.NumIn() {
			if !sameShape(c.In(i), x.In(i)) {
				return false
			}
		}
		for i := range c.NumOut() {
			if !sameShape(c.Out(i), x.Out(i)) {
				return false
			}
		}
		return true
	}
	return c == x
}

// TestVocabularyMethods: the shared methods of the shared types.
func TestVocabularyMethods(t *testing.T) {
	for _, tt := range []struct {
		chess, xiangqi any
		methods        string
	}{
		{(*chess.Game)(nil), (*xiangqi.Game)(nil),
			"Position StartPosition Turn FEN Ply Moves Positions Keys LegalMoves Push PushUCI Pop Outcome"},
		// IsAttacked is shared by name only: chess also takes the occupancy.
		{(*chess.Position)(nil), (*xiangqi.Position)(nil),
			"SideToMove PieceAt Pieces KingSquare Key HalfmoveClock FullmoveNumber FEN String Draw Validate " +
				"InCheck GivesCheck IsLegal GenerateLegal Generate HasLegalMove MakeMove MakeNullMove Play PlayNull " +
				"UCI ParseUCI Outcome IsCheckmate IsStalemate IsInsufficientMaterial"},
		{chess.Outcome{}, xiangqi.Outcome{}, "Over Result String"},
		{chess.Termination(0), xiangqi.Termination(0), "String"},
		{(*chess.MoveList)(nil), (*xiangqi.MoveList)(nil), "Len At Moves Clear Add Contains"},
		{chess.Move(0), xiangqi.Move(0), "From To String"},
		{chess.Color(0), xiangqi.Color(0), "Other String"},
		{chess.Piece(0), xiangqi.Piece(0), "Color Type String"},
		{chess.PieceType(0), xiangqi.PieceType(0), "String"},
		{chess.Square(0), xiangqi.Square(0), "String"}, // File and Rank: chess has File and Rank types, xiangqi ints
		{(*pgn.Game)(nil), (*xqpgn.Game)(nil), "Start Mainline MainlineMoves End Final"},
		{(*pgn.Node)(nil), (*xqpgn.Node)(nil), "Position Next AddVariation"},
		{(*pgn.Tags)(nil), (*xqpgn.Tags)(nil), "Get Lookup Set Delete"},
	} {
		ct, xt := reflect.TypeOf(tt.chess), reflect.TypeOf(tt.xiangqi)
		for _, name := range strings.Fields(tt.methods) {
			cm, ok1 := ct.MethodByName(name)
			xm, ok2 := xt.MethodByName(name)
			switch {
			case !ok1 || !ok2:
				t.Errorf("%v.%s exists: %v; %v.%s: %v", ct, name, ok1, xt, name, ok2)
			case !sameShape(cm.Type, xm.Type):
				t.Errorf("%s differs: %v in chess, %v in xiangqi", name, cm.Type, xm.Type)
			}
		}
	}
}

// TestVocabularyFuncs: the shared package-level functions.
func TestVocabularyFuncs(t *testing.T) {
	for _, tt := range []struct {
		name           string
		chess, xiangqi any
	}{
		{"NewGame", chess.NewGame, xiangqi.NewGame},
		{"NewGameFrom", chess.NewGameFrom, xiangqi.NewGameFrom},
		{"StartPosition", chess.StartPosition, xiangqi.StartPosition},
		{"ParseFEN", chess.ParseFEN, xiangqi.ParseFEN},
		{"ParseSquare", chess.ParseSquare, xiangqi.ParseSquare},
		{"NewMove", chess.NewMove, xiangqi.NewMove},
		{"NewPiece", chess.NewPiece, xiangqi.NewPiece},
		{"Perft", chess.Perft, xiangqi.Perft},
		{"Divide", chess.Divide, xiangqi.Divide},
		{"pgn.NewGame", pgn.NewGame, xqpgn.NewGame},
		{"pgn.NewGameFrom", pgn.NewGameFrom, xqpgn.NewGameFrom},
		// pgn.ReadAll and pgn.Write share names, not shapes: chess's ReadAll
		// collects the bad games and goes on, xiangqi's stops at the first;
		// the two WriteOptions differ (Width; Notation).
	} {
		if c, x := reflect.TypeOf(tt.chess), reflect.TypeOf(tt.xiangqi); !sameShape(c, x) {
			t.Errorf("%s differs: %v in chess, %v in xiangqi", tt.name, c, x)
		}
	}
}

// TestVocabularyFields: the shared fields of the shared structs.
func TestVocabularyFields(t *testing.T) {
	for _, tt := range []struct {
		chess, xiangqi any
		fields         string
	}{
		{chess.Outcome{}, xiangqi.Outcome{}, "Termination Winner Draw"},
		{chess.DrawOptions{}, xiangqi.DrawOptions{}, "Unicode Flip"},
		{chess.DivideEntry{}, xiangqi.DivideEntry{}, "Move Nodes"},
		{pgn.Game{}, xqpgn.Game{}, "Tags Root Result"},
		{pgn.Node{}, xqpgn.Node{}, "Parent Children Move StartingComment Comment"},
		{pgn.Tag{}, xqpgn.Tag{}, "Name Value"},
		{pgn.WriteOptions{}, xqpgn.WriteOptions{}, "Mainline NoComments"},
	} {
		ct, xt := reflect.TypeOf(tt.chess), reflect.TypeOf(tt.xiangqi)
		for _, name := range strings.Fields(tt.fields) {
			cf, ok1 := ct.FieldByName(name)
			xf, ok2 := xt.FieldByName(name)
			switch {
			case !ok1 || !ok2:
				t.Errorf("%v.%s exists: %v; %v.%s: %v", ct, name, ok1, xt, name, ok2)
			case !sameShape(cf.Type, xf.Type):
				t.Errorf("%v.%s differs: %v in chess, %v in xiangqi", ct, name, cf.Type, xf.Type)
			}
		}
	}
}

// TestVocabularyValues: shared constants and errors. A missing name fails
// to compile; the values must agree where callers could mix them up.
func TestVocabularyValues(t *testing.T) {
	kinds := [][2]int{
		{int(chess.All), int(xiangqi.All)},
		{int(chess.Captures), int(xiangqi.Captures)},
		{int(chess.Quiets), int(xiangqi.Quiets)},
		{int(chess.Evasions), int(xiangqi.Evasions)},
	}
	for i, k := range kinds {
		if k[0] != k[1] {
			t.Errorf("GenKind %d: chess %d, xiangqi %d", i, k[0], k[1])
		}
	}
	terms := [][2]string{
		{chess.Checkmate.String(), xiangqi.Checkmate.String()},
		{chess.Stalemate.String(), xiangqi.Stalemate.String()},
		{chess.InsufficientMaterial.String(), xiangqi.InsufficientMaterial.String()},
	}
	for _, tm := range terms {
		if tm[0] != tm[1] {
			t.Errorf("termination %q in chess, %q in xiangqi", tm[0], tm[1])
		}
	}
	if chess.MoveNone != 0 || xiangqi.MoveNone != 0 || chess.NoPiece != 0 || xiangqi.NoPiece != 0 {
		t.Error("MoveNone and NoPiece must be the zero values")
	}
	_ = [...]string{chess.StartFEN, xiangqi.StartFEN}
	for _, e := range [][2]error{
		{chess.ErrInvalidMove, xiangqi.ErrInvalidMove},
		{chess.ErrIllegalMove, xiangqi.ErrIllegalMove},
		{chess.ErrAmbiguousMove, xiangqi.ErrAmbiguousMove},
		{chess.ErrInvalidSquare, xiangqi.ErrInvalidSquare},
		{chess.ErrKings, xiangqi.ErrKings},
		{chess.ErrTooManyPieces, xiangqi.ErrTooManyPieces},
		{chess.ErrOppositeCheck, xiangqi.ErrOppositeCheck},
		{chess.ErrFENFields, xiangqi.ErrFENFields},
		{pgn.ErrSyntax, xqpgn.ErrSyntax},
		{pgn.ErrNotLegal, xqpgn.ErrNotLegal},
	} {
		if errors.Is(e[0], e[1]) {
			t.Errorf("%v and %v are one error: each library has its own", e[0], e[1])
		}
	}
}
