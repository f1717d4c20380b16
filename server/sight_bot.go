package server

import (
	"context"
	"fmt"
	"strings"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/engine/bombbot"
	"github.com/gambitchess/gambit/engine/dicebot"
	"github.com/gambitchess/gambit/engine/fogbot"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/variant/bomb"
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
	game.Bomb: {
		levels: []Level{
			{Name: "easy", Label: "Easy (1 ply, wary of unknown squares)", Algorithm: "bomb", Depth: 1},
			{Name: "hard", Label: "Hard (3 plies, wary of unknown squares)", Algorithm: "bomb", Depth: 2},
		},
		play: playBomb,
	},
	game.Dice: {
		levels: []Level{
			{Name: "easy", Label: "Easy (best plan for its own dice)", Algorithm: "dice", Depth: 1},
			{Name: "hard", Label: "Hard (also weighs the opponent's rolls)", Algorithm: "dice", Depth: 2},
		},
		play: playDice,
	},
}

// playDice asks the dice-chess player, with the board and the dice left
// (all public; the seed that rolls the next dice it is not given).
func playDice(ctx context.Context, s game.Sight, _ chess.Color, level Level) (string, error) {
	pos, err := chess.ParseFEN(s.FEN)
	if err != nil {
		return "", fmt.Errorf("dice bot: %w", err)
	}
	if s.Dice == nil {
		return "", fmt.Errorf("dice bot: no dice in the sight")
	}
	var left []chess.PieceType
	for _, l := range s.Dice.Left {
		pt, ok := pieceTypeOf(l)
		if !ok {
			return "", fmt.Errorf("dice bot: die %q", l)
		}
		left = append(left, pt)
	}
	m, pass := dicebot.Choose(ctx, pos, left, s.Dice.Moves, level.Depth)
	switch {
	case pass:
		return "0000", nil
	case m == chess.MoveNone:
		return "", fmt.Errorf("dice bot: no move in %s", s.FEN)
	}
	return pos.UCI(m), nil
}

// pieceTypeOf reads a die's letter.
func pieceTypeOf(letter string) (chess.PieceType, bool) {
	for pt := chess.Pawn; pt <= chess.King; pt++ {
		if strings.EqualFold(pt.String(), letter) {
			return pt, true
		}
	}
	return chess.NoPieceType, false
}

// squaresOf reads a Sight's list of squares into a bitboard.
func squaresOf(names []string) (chess.Bitboard, error) {
	var b chess.Bitboard
	for _, name := range names {
		sq, err := chess.ParseSquare(name)
		if err != nil {
			return 0, fmt.Errorf("square %q: %w", name, err)
		}
		b |= sq.Bitboard()
	}
	return b, nil
}

// playBomb asks the bomb-chess player: the board, the mines that went off
// and the squares known safe are public; where the others lie it is not told.
func playBomb(ctx context.Context, s game.Sight, _ chess.Color, level Level) (string, error) {
	pos, err := chess.ParseFEN(s.FEN)
	if err != nil {
		return "", fmt.Errorf("bomb bot: %w", err)
	}
	exploded, err := squaresOf(s.Mines)
	if err != nil {
		return "", fmt.Errorf("bomb bot: %w", err)
	}
	safe, err := squaresOf(s.Safe)
	if err != nil {
		return "", fmt.Errorf("bomb bot: %w", err)
	}
	m := bombbot.Choose(ctx, pos, exploded, safe|bomb.BackRanks, bomb.NumMines-exploded.Count(), level.Depth)
	if m == chess.MoveNone {
		return "", fmt.Errorf("bomb bot: no move in %s", s.FEN)
	}
	return pos.UCI(m), nil
}

// playFog asks the fog-of-war player, giving it the views of its seat.
func playFog(ctx context.Context, s game.Sight, seat chess.Color, level Level) (string, error) {
	in := fogbot.Input{Color: seat, Views: []string{s.StartFEN}}
	for _, st := range s.Moves {
		in.Views = append(in.Views, st.FEN)
		in.Moves = append(in.Moves, st.UCI)
	}
	var err error
	if in.Fog, err = squaresOf(s.Fog); err != nil {
		return "", fmt.Errorf("fog bot: %w", err)
	}
	strength := fogbot.Easy
	if level.Depth >= 2 {
		strength = fogbot.Hard
	}
	return fogbot.Choose(ctx, in, strength)
}
