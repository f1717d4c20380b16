package game

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/gambitchess/gambit/chess"
)

// pgn returns the game in its variant's PGN export format (Rules.PGN): the
// seven-tag roster with the first mover's tag as the variant names it, and
// what the variant adds (SetUp and FEN, its Variant tag, its seed once
// over).
func (g *Game) pgn() (string, error) {
	text, err := g.rules.PGN(g.pgnHeader())
	if err != nil {
		return "", fmt.Errorf("game %s: PGN: %w", g.header.ID, err)
	}
	return text, nil
}

// pgnHeader is what the PGN export says of the game besides its moves.
func (g *Game) pgnHeader() PGNHeader {
	o := g.Outcome()
	// The Event names the mode and the variant but chess: "Gambit online
	// xiangqi game"; a game of no mode (a puzzle's record) "Gambit game".
	event := strings.Fields("Gambit " + string(g.Mode()))
	if g.spec.Name != DefaultVariant {
		event = append(event, string(g.spec.Name))
	}
	h := PGNHeader{Event: strings.Join(append(event, "game"), " "), Date: g.CreatedAt().UTC().Format("2006.01.02"),
		White: g.playerName(chess.White), Black: g.playerName(chess.Black), Result: g.Result(), Termination: o.Termination, Over: g.status.Finished()}
	if k := g.clock; k != nil {
		h.TimeControl = fmt.Sprintf("%d+%d", int(k.Initial.Seconds()), int(k.Increment.Seconds()))
	}
	if t, ok := g.Tournament(); ok && t.Name != "" { // a tournament's game: its name, its round
		h.Event = t.Name
		if t.Round > 0 {
			h.Round = strconv.Itoa(t.Round)
		}
	}
	return h
}

// playerName names the player of colour c for the PGN header.
func (g *Game) playerName(c chess.Color) string {
	s := g.seats[c]
	switch {
	case s.Name != "":
		return s.Name
	case s.Kind == SeatBot:
		return "Gambit " + s.Level
	}
	return "?"
}

// WritePGN is Rules.PGN for a variant whose own package writes its record:
// write (the variant game's WritePGN) is given h's tags, the first mover's
// tag named first ("White", or "Red"), and whether the game is over (when
// a variant of hidden information writes what it hid).
func WritePGN(h PGNHeader, first string, write func(w io.Writer, tags [][2]string, over bool) error) (string, error) {
	var b strings.Builder
	if err := write(&b, h.TagPairs(first), h.Over); err != nil {
		return "", err
	}
	return b.String(), nil
}
