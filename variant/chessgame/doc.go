// Package chessgame registers chess and Chess960 with the live game
// (package game), as every variant registers from its own package: their
// rules over package chess (legal destinations, moves in UCI, the endings
// FIDE's rules find, the claimable draws), the setups a player may paste
// (a FEN, a PGN with its notes; in Chess960 a start by number or drawn at
// random), the openings' names (package chess/opening), the PGN (package
// chess/pgn), the UCI dialect the engines are spoken to in, and the move
// generator of `gambit perft` and `gambit moves`.
//
// A program plays them by importing this package (or variant/all, which
// imports every variant) for its registration:
//
//	import _ "github.com/gambitchess/gambit/variant/chessgame"
//
//	g, _ := game.New(game.Options{ID: "abc", Variant: chessgame.Chess960, Setup: "518"})
package chessgame
