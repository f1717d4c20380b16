package fog

import (
	"bufio"
	"io"
	"strconv"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/internal/pgntag"
)

// VariantName is the Variant tag of a fog-of-war PGN.
const VariantName = "Fog of war"

// ownTags are the tags WritePGN writes itself; the caller's are dropped.
var ownTags = []string{"Variant", "SetUp", "FEN"}

// WritePGN writes the game in PGN: the caller's tags in their order (the
// result in a Result tag among them, else the rules' result), then
// [Variant "Fog of war"], and SetUp and FEN for a set start. With
// revealMoves the movetext holds the moves, in this variant's SAN (no
// check signs); without it, only the result: while the game goes on its
// moves are hidden. Lines are kept within 80 characters.
func (g *Game) WritePGN(w io.Writer, tags [][2]string, revealMoves bool) error {
	bw := bufio.NewWriter(w)
	result, given := pgntag.WriteTags(bw, tags, ownTags)
	if !given {
		result = g.Outcome().Result()
		pgntag.WriteTag(bw, "Result", result)
	}
	pgntag.WriteTag(bw, "Variant", VariantName)
	start := g.StartPosition()
	if fen := start.FEN(); fen != chess.StartFEN {
		pgntag.WriteTag(bw, "SetUp", "1")
		pgntag.WriteTag(bw, "FEN", fen)
	}
	bw.WriteByte('\n')
	mt := pgntag.Movetext{W: bw}
	if revealMoves {
		number := start.board.FullmoveNumber()
		for i, m := range g.moves {
			p := &g.positions[i]
			switch {
			case p.SideToMove() == chess.White:
				mt.Token(strconv.Itoa(number) + ".")
			case i == 0:
				mt.Token(strconv.Itoa(number) + "...")
			}
			mt.Token(p.SAN(m))
			if p.SideToMove() == chess.Black {
				number++
			}
		}
	}
	mt.Token(result)
	mt.End()
	return bw.Flush()
}
