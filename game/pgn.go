package game

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/chess/pgn"
)

// PGN returns the game in PGN export format, written by package chess/pgn:
// the seven-tag roster, SetUp and FEN for a game from a set position,
// TimeControl and Termination, and the movetext.
func (g *Game) PGN() string {
	out := pgn.NewGameFrom(g.rules.StartPosition())
	out.Tags.Set("Event", "Gambit "+string(g.mode)+" game")
	out.Tags.Set("Site", "Gambit")
	out.Tags.Set("Date", g.createdAt.UTC().Format("2006.01.02"))
	out.Tags.Set("Round", "-")
	out.Tags.Set("White", g.playerName(chess.White))
	out.Tags.Set("Black", g.playerName(chess.Black))
	out.Tags.Set("Result", g.Result())
	out.Result = g.Result()
	if k := g.clock; k != nil {
		out.Tags.Set("TimeControl", fmt.Sprintf("%d+%d", int(k.Initial.Seconds()), int(k.Increment.Seconds())))
	}
	if o := g.rules.Outcome(); o.Over() {
		out.Tags.Set("Termination", o.Termination.String())
	}
	node := out.Root
	for _, m := range g.rules.Moves() {
		next, err := node.AddVariation(m)
		if err != nil {
			break // cannot happen: the moves were checked when played
		}
		node = next
	}
	return out.String()
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

// ParsePGN reads the first game of a PGN text and returns its start
// position and mainline moves.
func ParsePGN(text string) (chess.Position, []chess.Move, error) {
	r := pgn.NewReader(strings.NewReader(text))
	var ml pgn.Mainline
	err := r.NextMainline(&ml)
	switch {
	case errors.Is(err, io.EOF):
		return chess.Position{}, nil, fmt.Errorf("%w: no game in the PGN", ErrBadSetup)
	case err != nil:
		return chess.Position{}, nil, fmt.Errorf("%w: PGN: %v", ErrBadSetup, err)
	}
	return ml.Start, append([]chess.Move(nil), ml.Moves...), nil
}

// ParseSetup reads a FEN or, failing that, a PGN, into a start position and moves.
func ParseSetup(text string) (chess.Position, []chess.Move, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return chess.StartPosition(), nil, nil
	}
	if strings.Count(text, "/") == 7 && !strings.Contains(text, "[") {
		p, err := chess.ParseFEN(text)
		if err != nil {
			return chess.Position{}, nil, fmt.Errorf("%w: FEN: %v", ErrBadSetup, err)
		}
		return p, nil, nil
	}
	return ParsePGN(text)
}
