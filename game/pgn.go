package game

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/chess/pgn"
)

// PGN returns the game in PGN export format: the seven-tag roster, SetUp and
// FEN for a game from a set position, TimeControl and Termination, and the
// movetext wrapped below 80 columns.
func (g *Game) PGN() string {
	var b strings.Builder
	tag := func(name, value string) {
		fmt.Fprintf(&b, "[%s \"%s\"]\n", name, strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(value))
	}
	tag("Event", "Gambit "+string(g.mode)+" game")
	tag("Site", "Gambit")
	tag("Date", g.createdAt.UTC().Format("2006.01.02"))
	tag("Round", "-")
	tag("White", g.playerName(chess.White))
	tag("Black", g.playerName(chess.Black))
	tag("Result", g.Result())
	if start := g.rules.StartPosition(); start != chess.StartPosition() {
		tag("SetUp", "1")
		tag("FEN", start.FEN())
	}
	if k := g.clock; k != nil {
		tag("TimeControl", fmt.Sprintf("%d+%d", int(k.Initial.Seconds()), int(k.Increment.Seconds())))
	}
	if o := g.rules.Outcome(); o.Over() {
		tag("Termination", o.Termination.String())
	}
	b.WriteString("\n")
	b.WriteString(wrapMovetext(g.movetext(), 79))
	b.WriteString("\n")
	return b.String()
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

// movetext returns the moves with move numbers and the result as tokens.
func (g *Game) movetext() []string {
	start := g.rules.StartPosition()
	num, black := start.FullmoveNumber(), start.SideToMove() == chess.Black
	var toks []string
	for i, s := range g.History() {
		switch {
		case !black:
			toks = append(toks, fmt.Sprintf("%d.", num))
		case i == 0:
			toks = append(toks, fmt.Sprintf("%d...", num))
		}
		toks = append(toks, s.SAN)
		if black {
			num++
		}
		black = !black
	}
	return append(toks, g.Result())
}

// wrapMovetext joins tokens with spaces into lines of at most width characters.
func wrapMovetext(toks []string, width int) string {
	var b strings.Builder
	line := 0
	for _, t := range toks {
		if line > 0 && line+1+len(t) > width {
			b.WriteString("\n")
			line = 0
		} else if line > 0 {
			b.WriteString(" ")
			line++
		}
		b.WriteString(t)
		line += len(t)
	}
	return b.String()
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
