// Package match plays engine matches: two external UCI engines, in any
// variant the registry says the engines play (game.Spec.Engine: chess,
// Chess960, xiangqi), with the variant's own rules (a game.Game) as the
// referee. Each game runs real clocks with increment; an illegal move, a
// crash or a flag loses (a flag against a side whose opponent cannot mate
// is a draw, as the rules judge it: chess's insufficient material), every
// ending rule of the game applies, and the draws a player could claim are
// adjudicated as soon as they stand on the board. Games come in pairs from
// the same opening with colours swapped. Run returns W/D/L and the Elo
// difference with its 95% error bar, and writes the PGN of every game, each
// move with the engine's evaluation and time.
package match
