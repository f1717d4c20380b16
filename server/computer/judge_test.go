package computer

import (
	"context"
	"testing"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
)

// drawCases are the offers of judge.go's tests: a position, the side the
// computer plays, and whether it takes the draw.
var drawCases = []struct {
	name, variant, fen string
	bot                chess.Color
	accept             bool
}{
	{"after 1.e4 (too early, even)", "chess", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", chess.Black, false},
	{"the start, White to move", "chess", "", chess.White, false},
	{"a pawn up at move 40", "chess", "1r4k1/5pp1/7p/8/8/7P/4PPP1/R5K1 w - - 0 40", chess.White, false},
	{"a pawn up, the opponent to move", "chess", "1r4k1/5pp1/7p/8/8/7P/4PPP1/R5K1 b - - 0 40", chess.White, false},
	{"a piece up at move 40", "chess", "1r4k1/5pp1/7p/8/8/7P/5PP1/RN4K1 w - - 0 40", chess.White, false},
	{"a piece up, early", "chess", "1r4k1/5pp1/7p/8/8/7P/5PP1/RN4K1 w - - 0 8", chess.White, false},
	{"even rook ending at move 40", "chess", "1r4k1/5pp1/7p/8/8/7P/5PP1/R5K1 w - - 0 40", chess.White, true},
	{"even rook ending, Black", "chess", "1r4k1/5pp1/7p/8/8/7P/5PP1/R5K1 b - - 0 40", chess.Black, true},
	{"dead: bishop against knight", "chess", "8/8/4k3/3n4/8/2B5/8/4K3 w - - 0 10", chess.White, true},
	{"lost: a lone king against a queen", "chess", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", chess.Black, true},
	{"lost: a rook against queen and rook, early", "chess", "r3k3/8/8/8/8/8/8/R2QK3 w - - 0 5", chess.Black, true},
	{"queen up: White never takes it", "chess", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", chess.White, false},
	{"xiangqi: after the central cannon (too early)", "xiangqi", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1", chess.Black, false},
	{"xiangqi: a chariot up at move 40", "xiangqi", "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 40", chess.White, false},
	{"xiangqi: a bare general against a chariot", "xiangqi", "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 40", chess.Black, true},
	{"xiangqi: a horse against two chariots, early", "xiangqi", "3k5/9/9/9/4n4/9/9/9/9/RR2K4 w - - 0 5", chess.Black, true},
	{"xiangqi: even chariots at move 40", "xiangqi", "2bak1b1r/9/9/9/9/9/9/9/9/R1BK1AB2 w - - 0 40", chess.White, true},
}

// TestAcceptsDraw: the built-in engine's answers to draw offers.
func TestAcceptsDraw(t *testing.T) {
	bot := NewEngineBot(1)
	for _, tt := range drawCases {
		g, err := game.New(game.Options{ID: "d", Variant: game.Variant(tt.variant), StartFEN: tt.fen})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if g.Status().Finished() {
			t.Fatalf("%s: the game is over already", tt.name)
		}
		if got := bot.AcceptsDraw(context.Background(), g, tt.bot); got != tt.accept {
			t.Errorf("%s: accepts %v, want %v", tt.name, got, tt.accept)
		}
	}
}
