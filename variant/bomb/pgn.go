package bomb

import (
	"bufio"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/gambitchess/gambit/chess"
)

// VariantName is the value of the PGN Variant tag of a bomb-chess game.
const VariantName = "Bomb chess"

// ownTags are the tags WritePGN writes itself; a caller's values for them
// are dropped.
var ownTags = []string{"Variant", "SeedHash", "Seed", "Mines", "SetUp", "FEN"}

// WritePGN writes the game in PGN. It writes the caller's tags first, in
// their order (the Seven Tag Roster is theirs to give), then a Result tag
// from Outcome unless the caller gave one (a resignation or a timeout is
// the caller's to know), then [Variant "Bomb chess"], the commitment to the
// seed as [SeedHash "..."], and SetUp and FEN when the game did not start
// from the standard position. With revealMines it adds the seed, [Seed
// "<64 hex digits>"], and the squares of all 8 mines laid at the start,
// sorted, as [Mines "c3 d5 ..."]: pass it only once the game is over.
//
// The movetext is standard SAN, each move that set off a mine followed by
// the comment {[%blast e4]}, and ends with the result. Lines are kept
// within 80 characters.
func (g *Game) WritePGN(w io.Writer, tags [][2]string, revealMines bool) error {
	bw := bufio.NewWriter(w)
	result := ""
	for _, t := range tags {
		if slices.Contains(ownTags, t[0]) {
			continue
		}
		if t[0] == "Result" {
			result = t[1]
		}
		writeTag(bw, t[0], t[1])
	}
	if result == "" {
		result = g.outcome.Result()
		writeTag(bw, "Result", result)
	}
	writeTag(bw, "Variant", VariantName)
	writeTag(bw, "SeedHash", g.seed.Commitment())
	if revealMines {
		writeTag(bw, "Seed", g.seed.String())
		writeTag(bw, "Mines", squareList(g.mines))
	}
	start := g.StartPosition()
	if fen := start.FEN(); fen != chess.StartFEN {
		writeTag(bw, "SetUp", "1")
		writeTag(bw, "FEN", fen)
	}
	bw.WriteByte('\n')

	lw := lineWriter{w: bw}
	number := start.FullmoveNumber()
	needNumber := true // the move number goes before White's moves, and Black's after a comment
	for _, s := range g.steps {
		switch {
		case s.Color == chess.White:
			lw.token(strconv.Itoa(number) + ".")
		case needNumber:
			lw.token(strconv.Itoa(number) + "...")
		}
		lw.token(s.SAN)
		needNumber = false
		if s.Exploded {
			lw.token("{[%blast " + s.Blast.Square.String() + "]}")
			needNumber = true
		}
		if s.Color == chess.Black {
			number++
		}
	}
	lw.token(result)
	bw.WriteByte('\n')
	return bw.Flush()
}

// writeTag writes one tag pair, escaping backslashes and quotes.
func writeTag(w *bufio.Writer, name, value string) {
	value = strings.ReplaceAll(value, `\`, `\\`)
	value = strings.ReplaceAll(value, `"`, `\"`)
	w.WriteString("[" + name + ` "` + value + "\"]\n")
}

// squareList writes the squares of b in chess.Square order (a1, b1, ...,
// h8), separated by spaces.
func squareList(b chess.Bitboard) string {
	var names []string
	for b != 0 {
		names = append(names, b.PopFirst().String())
	}
	return strings.Join(names, " ")
}

// lineWriter writes movetext tokens separated by spaces, starting a new
// line before a token that would make the line longer than 79 characters.
type lineWriter struct {
	w   *bufio.Writer
	col int
}

func (lw *lineWriter) token(s string) {
	switch {
	case lw.col == 0:
	case lw.col+1+len(s) > 79:
		lw.w.WriteByte('\n')
		lw.col = 0
	default:
		lw.w.WriteByte(' ')
		lw.col++
	}
	lw.w.WriteString(s)
	lw.col += len(s)
}
