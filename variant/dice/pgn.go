package dice

import (
	"bufio"
	"io"
	"strconv"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/internal/pgntag"
)

// ownTags are the tags WritePGN writes itself; the caller's are dropped.
var ownTags = []string{"Variant", "SeedHash", "Seed", "SetUp", "FEN"}

// WritePGN writes the game in PGN (see the package doc for the format):
// the caller's tags in their order, then Variant, SeedHash, Seed when
// revealSeed, SetUp and FEN for a non-standard start, and Result unless the
// caller gave one (a resignation or a flag fall is the caller's to tell).
// Reveal the seed only once the game is over: it tells every roll to come.
func (g *Game) WritePGN(w io.Writer, tags [][2]string, revealSeed bool) error {
	bw := bufio.NewWriter(w)
	writeTag := func(name, value string) { pgntag.WriteTag(bw, name, value) }
	result, given := pgntag.WriteTags(bw, tags, ownTags)
	writeTag("Variant", "Dice chess")
	writeTag("SeedHash", g.seed.Commitment())
	if revealSeed {
		writeTag("Seed", g.seed.String())
	}
	if g.start.FEN() != chess.StartFEN {
		writeTag("SetUp", "1")
		writeTag("FEN", g.start.FEN())
	}
	if !given {
		result = g.outcome.Result()
		writeTag("Result", result)
	}
	bw.WriteString("\n")

	mt := pgntag.Movetext{W: bw}
	word := mt.Token
	turn := 0
	for _, a := range g.actions {
		if a.Turn != turn {
			turn = a.Turn
			n := g.start.FullmoveNumber() + (turn-1+int(g.start.SideToMove()))/2
			if a.Color == chess.White {
				word(strconv.Itoa(n) + ".")
			} else {
				word(strconv.Itoa(n) + "...")
			}
			word("{[%dice " + diceText(a.Roll[:]) + "]}")
		}
		word(a.SAN)
	}
	word(result)
	mt.End()
	return bw.Flush()
}
