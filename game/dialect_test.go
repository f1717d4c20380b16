package game

import (
	"slices"
	"testing"
)

// TestUCIDialectSpeaks: which engines play which dialect, as they declare
// themselves: without UCI_Variant chess alone, Chess960 only with
// UCI_Chess960, and an engine whose UCI_Variant lists no value plays none.
func TestUCIDialectSpeaks(t *testing.T) {
	chess := &UCIDialect{Variant: "chess"}
	chess960 := &UCIDialect{Variant: "chess", Chess960: true}
	xiangqi := &UCIDialect{Variant: "xiangqi"}
	fairy := []string{"chess", "xiangqi", "shogi"}
	tests := []struct {
		name       string
		d          *UCIDialect
		hasVariant bool
		variants   []string
		chess960   bool
		want       bool
	}{
		{"Stockfish: chess", chess, false, nil, true, true},
		{"Stockfish: Chess960", chess960, false, nil, true, true},
		{"Stockfish: no xiangqi", xiangqi, false, nil, true, false},
		{"no UCI_Chess960: no Chess960", chess960, false, nil, false, false},
		{"Fairy-Stockfish: xiangqi", xiangqi, true, fairy, true, true},
		{"Fairy-Stockfish: chess", chess, true, fairy, true, true},
		{"UCI_Variant without chess", chess, true, []string{"xiangqi"}, false, false},
		{"UCI_Variant listing nothing", chess, true, nil, false, false},
		{"no dialect: no engine", nil, false, nil, true, false},
	}
	for _, tt := range tests {
		if got := tt.d.Speaks(tt.hasVariant, tt.variants, tt.chess960); got != tt.want {
			t.Errorf("%s: Speaks = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// The options that set an engine up: those off an engine's default, or
// both for an engine that played another dialect before.
func TestUCIDialectOptions(t *testing.T) {
	for _, c := range []struct {
		d    UCIDialect
		all  bool
		want []UCIOption
	}{
		{UCIDialect{Variant: "chess"}, false, nil},
		{UCIDialect{Variant: "chess", Chess960: true}, false, []UCIOption{{"UCI_Chess960", "true"}}},
		{UCIDialect{Variant: "xiangqi"}, false, []UCIOption{{"UCI_Variant", "xiangqi"}}},
		{UCIDialect{Variant: "chess"}, true, []UCIOption{{"UCI_Variant", "chess"}, {"UCI_Chess960", "false"}}},
		{UCIDialect{Variant: "xiangqi"}, true, []UCIOption{{"UCI_Variant", "xiangqi"}, {"UCI_Chess960", "false"}}},
	} {
		if got := c.d.Options(c.all); !slices.Equal(got, c.want) {
			t.Errorf("%+v all %v: %v, want %v", c.d, c.all, got, c.want)
		}
	}
}
