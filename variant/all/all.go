// Package all registers every variant beyond chess, Chess960 and xiangqi
// (which package game knows itself) by importing each variant's
// registration package for its init. A program that plays them all (the
// gambit binary, the server's tests) imports this package; a variant is
// added by its own packages and one line here.
package all

import (
	_ "github.com/gambitchess/gambit/variant/banqi/banqigame" // banqi (暗棋)
	_ "github.com/gambitchess/gambit/variant/bomb/bombgame"   // bomb chess
	_ "github.com/gambitchess/gambit/variant/dice/dicegame"   // dice chess
	_ "github.com/gambitchess/gambit/variant/fog/foggame"     // fog of war
	_ "github.com/gambitchess/gambit/variant/jieqi/jieqigame" // jieqi (揭棋)
)
