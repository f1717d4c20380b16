// Package xiangqigame registers xiangqi (象棋) with the live game (package
// game), as every variant registers from its own package: its rules over
// package xiangqi (the Asian rules' endings: mate, stalemate as a loss,
// perpetual check, repetition, the move limit), a pasted FEN or PGN as a
// start, its PGN in Chinese notation (package xiangqi/pgn), the UCI
// dialect (UCI_Variant xiangqi) external engines are spoken to in, and the
// move generator of `gambit perft` and `gambit moves`.
//
// A program plays it by importing this package (or variant/all) for its
// registration:
//
//	import _ "github.com/gambitchess/gambit/variant/xiangqigame"
//
//	g, _ := game.New(game.Options{ID: "xyz", Variant: xiangqigame.Xiangqi})
package xiangqigame
