package banqi

import (
	"io"
	"slices"
)

// ownTags are the tags Record writes itself; a caller's values for them
// are dropped.
var ownTags = []string{"Variant", "SeedHash", "Seed", "Layout", "SetUp", "FEN", "Rules"}

// Record returns the game as its PGN holds it: the caller's tags first,
// in their order, then a Result tag from Outcome unless the caller gave
// one (a resignation or a timeout is the caller's to know), [Variant
// "Banqi"], the commitment to the seed as [SeedHash "..."], SetUp and FEN
// (the public start) when the game did not start from StartFEN, and
// [Rules "..."] (Options.String) when it is not played under
// DefaultOptions. With revealSeed it adds [Seed "<64 hex digits>"] and
// the start's layout as [Layout "..."] (LayoutText): pass it only once the
// game is over. The moves are in SAN; a flip shows what it turned up, as
// the board did ("c2=K").
func (g *Game) Record(tags [][2]string, revealSeed bool) Record {
	var rec Record
	for _, t := range tags {
		if !slices.Contains(ownTags, t[0]) {
			rec.Tags = append(rec.Tags, t)
		}
	}
	result, given := rec.Tag("Result")
	if !given {
		result = g.outcome.Result()
		rec.Tags = append(rec.Tags, [2]string{"Result", result})
	}
	rec.Result = result
	rec.Tags = append(rec.Tags, [2]string{"Variant", VariantName}, [2]string{"SeedHash", g.seed.Commitment()})
	start := g.positions[0]
	if revealSeed {
		rec.Tags = append(rec.Tags, [2]string{"Seed", g.seed.String()}, [2]string{"Layout", LayoutText(&start)})
	}
	if fen := start.FEN(); fen != StartFEN {
		rec.Tags = append(rec.Tags, [2]string{"SetUp", "1"}, [2]string{"FEN", fen})
	}
	if g.opts != DefaultOptions() {
		rec.Tags = append(rec.Tags, [2]string{"Rules", g.opts.String()})
	}
	for _, pl := range g.played {
		rec.Moves = append(rec.Moves, pl.SAN())
	}
	return rec
}

// WritePGN writes the game's Record in PGN (see Record and
// Record.WriteTo).
func (g *Game) WritePGN(w io.Writer, tags [][2]string, revealSeed bool) error {
	rec := g.Record(tags, revealSeed)
	_, err := rec.WriteTo(w)
	return err
}
