package reviews

import (
	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/xiangqi"
)

// The engines read a game of full information through its board's
// library: the rules a variant of a chess board registers expose the
// chess.Game (variant/chessgame's, Chess960 included: its positions carry
// the flag), a xiangqi board's the xiangqi.Game. A variant whose rules are
// its own (its own computer player) exposes neither, and no engine plays it.
type (
	chessBoard   interface{ Game() *chess.Game }
	xiangqiBoard interface{ Game() *xiangqi.Game }
)

// chessOf returns g's chess game for an engine to read, if it has one.
func chessOf(g *game.Game) (*chess.Game, bool) {
	r, readable := g.Readable()
	b, ok := r.(chessBoard)
	if !readable || !ok {
		return nil, false
	}
	return b.Game(), true
}

// xiangqiOf returns g's xiangqi game for an engine to read, if it has one.
func xiangqiOf(g *game.Game) (*xiangqi.Game, bool) {
	r, readable := g.Readable()
	b, ok := r.(xiangqiBoard)
	if !readable || !ok {
		return nil, false
	}
	return b.Game(), true
}
