package game

import (
	"fmt"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/variant/fair"
)

// seededStart reads what a seeded chess variant (dice, bomb) starts from:
// the start FEN ("" for the standard start) and the game's secret seed.
func seededStart(name Variant, start, seedText string) (chess.Position, fair.Seed, error) {
	seed, err := fair.ParseSeed(seedText)
	if err != nil {
		return chess.Position{}, fair.Seed{}, fmt.Errorf("%w: %s: %v", ErrBadSetup, name, err)
	}
	p := chess.StartPosition()
	if start != "" {
		if p, err = chess.ParseFEN(start); err != nil {
			return chess.Position{}, fair.Seed{}, fmt.Errorf("%w: FEN: %v", ErrBadSetup, err)
		}
	}
	return p, seed, nil
}

// destsOf lists moves by origin square as the browser's board takes them,
// in p's UCI; of the promotions only the queen's (the board asks which).
func destsOf(p *chess.Position, moves []chess.Move) map[string][]string {
	out := map[string][]string{}
	for _, m := range moves {
		if m.Kind() == chess.Promotion && m.Promotion() != chess.Queen {
			continue
		}
		u := p.UCI(m)
		out[u[0:2]] = append(out[u[0:2]], u[2:4])
	}
	return out
}

// checkOf returns the square of the side to move's king when it is in check.
func checkOf(p *chess.Position) (string, bool) {
	if !p.InCheck() {
		return "", false
	}
	return p.KingSquare(p.SideToMove()).String(), true
}

// claimText names a claimable draw for the live game.
func claimText[T interface{ String() string }](t T, ok bool) (string, bool) {
	if !ok {
		return "", false
	}
	return t.String(), true
}
