package jieqi

import (
	"bufio"
	"io"
	"strconv"

	"github.com/gambitchess/gambit/internal/pgntag"
	"github.com/gambitchess/gambit/xiangqi"
)

// VariantName is the value of the PGN Variant tag of a jieqi game.
const VariantName = "Jieqi"

// ownTags are the tags WritePGN writes itself; a caller's values for them
// are dropped.
var ownTags = []string{"Variant", "SeedHash", "Seed", "Layout", "SetUp", "FEN"}

// WritePGN writes the game in PGN. It writes the caller's tags first, in
// their order, then a Result tag from Outcome unless the caller gave one
// (a resignation or a timeout is the caller's to know), [Variant "Jieqi"],
// the commitment to the seed as [SeedHash "..."], and SetUp and FEN (the
// public start) when the game did not start from StartFEN. With revealSeed
// it adds [Seed "<64 hex digits>"] and the layout dealt at the start as
// [Layout "..."] (LayoutText): pass it only once the game is over.
//
// The movetext is ICCS coordinates ("h2e2"). A move that turned a piece
// face up is followed by the comment {[%reveal N]}, the FEN letter of what
// it turned out to be (upper case for Red). With revealSeed, a move that
// took a face-down piece also gets [%take r], the letter of the piece
// taken, in the same comment: {[%reveal C] [%take r]}. Without it the
// identity of a piece taken face down is left out, as the opponent and
// spectators do not know it. Lines are kept within 80 characters.
func (g *Game) WritePGN(w io.Writer, tags [][2]string, revealSeed bool) error {
	bw := bufio.NewWriter(w)
	result, given := pgntag.WriteTags(bw, tags, ownTags)
	if !given {
		result = g.outcome.Result()
		pgntag.WriteTag(bw, "Result", result)
	}
	pgntag.WriteTag(bw, "Variant", VariantName)
	pgntag.WriteTag(bw, "SeedHash", g.seed.Commitment())
	start := g.positions[0]
	if revealSeed {
		pgntag.WriteTag(bw, "Seed", g.seed.String())
		pgntag.WriteTag(bw, "Layout", LayoutText(&start))
	}
	if fen := start.FEN(); fen != StartFEN {
		pgntag.WriteTag(bw, "SetUp", "1")
		pgntag.WriteTag(bw, "FEN", fen)
	}
	bw.WriteByte('\n')

	mt := pgntag.Movetext{W: bw}
	number := start.FullmoveNumber()
	needNumber := true // before Red's moves, and Black's after a comment
	for _, pl := range g.played {
		switch {
		case pl.Color == Red:
			mt.Token(strconv.Itoa(number) + ".")
		case needNumber:
			mt.Token(strconv.Itoa(number) + "...")
		}
		mt.Token(pl.Move.String())
		needNumber = false
		if c := moveComment(pl, revealSeed); c != "" {
			mt.Token(c)
			needNumber = true
		}
		if pl.Color == Black {
			number++
		}
	}
	mt.Token(result)
	mt.End()
	return bw.Flush()
}

// moveComment returns the comment that records what pl showed, or "".
func moveComment(pl Played, withTakes bool) string {
	var body string
	if pl.Revealed != NoPieceType {
		body = "[%reveal " + xiangqi.NewPiece(pl.Color, pl.Revealed).String() + "]"
	}
	if withTakes && pl.CapturedDown {
		if body != "" {
			body += " "
		}
		body += "[%take " + pl.Captured.String() + "]"
	}
	if body == "" {
		return ""
	}
	return "{" + body + "}"
}
