// Package match plays engine matches: two external UCI engines, chess or
// xiangqi, with Gambit's own rules as the referee. Each game runs real clocks
// with increment; an illegal move, a crash or a flag loses (a flag against a
// side that cannot be mated is a chess draw), and every ending rule of the
// game applies. Games come in pairs from the same opening with colours
// swapped. Run returns W/D/L and the Elo difference with its 95% error bar,
// and writes the PGN of every game.
package match
