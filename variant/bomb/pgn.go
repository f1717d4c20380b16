package bomb

import (
	"bufio"
	"io"
	"strconv"
	"strings"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/internal/pgntag"
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
	result, given := pgntag.WriteTags(bw, tags, ownTags)
	if !given {
		result = g.outcome.Result()
		pgntag.WriteTag(bw, "Result", result)
	}
	pgntag.WriteTag(bw, "Variant", VariantName)
	pgntag.WriteTag(bw, "SeedHash", g.seed.Commitment())
	if revealMines {
		pgntag.WriteTag(bw, "Seed", g.seed.String())
		pgntag.WriteTag(bw, "Mines", squareList(g.mines))
	}
	start := g.StartPosition()
	if fen := start.FEN(); fen != chess.StartFEN {
		pgntag.WriteTag(bw, "SetUp", "1")
		pgntag.WriteTag(bw, "FEN", fen)
	}
	bw.WriteByte('\n')

	lw := pgntag.Movetext{W: bw}
	number := start.FullmoveNumber()
	needNumber := true // the move number goes before White's moves, and Black's after a comment
	for _, s := range g.steps {
		switch {
		case s.Color == chess.White:
			lw.Token(strconv.Itoa(number) + ".")
		case needNumber:
			lw.Token(strconv.Itoa(number) + "...")
		}
		lw.Token(s.SAN)
		needNumber = false
		if s.Exploded {
			lw.Token("{[%blast " + s.Blast.Square.String() + "]}")
			needNumber = true
		}
		if s.Color == chess.Black {
			number++
		}
	}
	lw.Token(result)
	lw.End()
	return bw.Flush()
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
