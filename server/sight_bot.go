package server

import (
	"context"
	"fmt"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/engine/fogbot"
	"github.com/gambitchess/gambit/game"
)

// sightPlayer chooses a move in a variant of hidden information from the
// Sight of its seat: exactly what the server would send a person sitting
// there, built by the same code. It is never given the game, so it cannot
// read what that person could not.
type sightPlayer func(ctx context.Context, s game.Sight, seat chess.Color, level Level) (string, error)

// sightBot is a variant's computer player: its levels, and how it plays.
type sightBot struct {
	levels []Level
	play   sightPlayer
}

// sightBots registers the computer players of the variants of hidden
// information (the others are in botVariants). Each has two strengths;
// Depth carries the level's setting to the player.
var sightBots = map[game.Variant]sightBot{
	game.FogOfWar: {
		levels: []Level{
			{Name: "easy", Label: "Easy (guesses once, 2 plies)", Algorithm: "fog", Depth: 1},
			{Name: "hard", Label: "Hard (votes over 8 guesses, 3 plies)", Algorithm: "fog", Depth: 2},
		},
		play: playFog,
	},
}

// playFog asks the fog-of-war player, giving it the views of its seat.
func playFog(ctx context.Context, s game.Sight, seat chess.Color, level Level) (string, error) {
	in := fogbot.Input{Color: seat, Views: []string{s.StartFEN}}
	for _, st := range s.Moves {
		in.Views = append(in.Views, st.FEN)
		in.Moves = append(in.Moves, st.UCI)
	}
	for _, name := range s.Fog {
		sq, err := chess.ParseSquare(name)
		if err != nil {
			return "", fmt.Errorf("fog bot: fog square %q: %w", name, err)
		}
		in.Fog |= sq.Bitboard()
	}
	strength := fogbot.Easy
	if level.Depth >= 2 {
		strength = fogbot.Hard
	}
	return fogbot.Choose(ctx, in, strength)
}
