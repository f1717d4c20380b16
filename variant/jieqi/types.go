package jieqi

import "github.com/gambitchess/gambit/xiangqi"

// The board vocabulary is package xiangqi's: a jieqi move, square or piece
// is the same value as a xiangqi one, so the game layer, the browser and
// the notations need nothing new. The aliases only save callers an import.
type (
	// Color is a side: Red moves first.
	Color = xiangqi.Color
	// Square is a point of the board, numbered rank*9 + file from Red's
	// left corner (a0 = 0, i9 = 89), as in ICCS.
	Square = xiangqi.Square
	// PieceType is the kind of a piece.
	PieceType = xiangqi.PieceType
	// Piece is a coloured piece (xiangqi.Piece): a face-up piece, or on a
	// face-down point the piece of that starting point, whose moves it makes.
	Piece = xiangqi.Piece
	// Move is a move from one point to another, written in ICCS ("h2e2").
	Move = xiangqi.Move
	// MoveList is a fixed-capacity list of moves, filled without allocating.
	MoveList = xiangqi.MoveList
	// Outcome is the end of a game: why, and who won (xiangqi.Outcome).
	Outcome = xiangqi.Outcome
	// Termination is the rule that ended a game.
	Termination = xiangqi.Termination
)

// The sides.
const (
	Red     = xiangqi.Red
	Black   = xiangqi.Black
	NoColor = xiangqi.NoColor
)

// The piece types.
const (
	NoPieceType = xiangqi.NoPieceType
	King        = xiangqi.King
	Advisor     = xiangqi.Advisor
	Elephant    = xiangqi.Elephant
	Horse       = xiangqi.Horse
	Chariot     = xiangqi.Chariot
	Cannon      = xiangqi.Cannon
	Soldier     = xiangqi.Soldier
)

// The terminations (see Game.Outcome for which rule gives which).
const (
	NoTermination        = xiangqi.NoTermination
	Checkmate            = xiangqi.Checkmate
	Stalemate            = xiangqi.Stalemate
	PerpetualCheck       = xiangqi.PerpetualCheck
	Repetition           = xiangqi.Repetition
	MoveLimit            = xiangqi.MoveLimit
	InsufficientMaterial = xiangqi.InsufficientMaterial
)

// Board geometry.
const (
	NumFiles   = xiangqi.NumFiles
	NumRanks   = xiangqi.NumRanks
	NumSquares = xiangqi.NumSquares
	// NumHidden is the number of pieces each side starts with face down:
	// all but the general.
	NumHidden = 15
)

// MoveNone is the zero move.
const MoveNone = xiangqi.MoveNone

// StartFEN is the public start: the generals face up, the other 15 pieces
// of each side face down on their xiangqi starting points.
const StartFEN = "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w - - 0 1"

// StartCount is how many pieces of each type a side starts with, by
// PieceType; the general excepted, they make the 15 dealt face down.
var StartCount = [8]int{0, 1, 2, 2, 2, 2, 2, 5}

// home[s] is the piece whose xiangqi starting point s is (NoPiece
// elsewhere): a face-down piece on s makes its first move as home[s].
var home [NumSquares]Piece

// homePoints[c] lists c's 15 face-down starting points in Square order.
var homePoints [2][NumHidden]Square

func init() {
	start, err := xiangqi.ParseFEN(xiangqi.StartFEN)
	if err != nil {
		panic("jieqi: xiangqi start: " + err.Error())
	}
	var n [2]int
	for s := Square(0); s < NumSquares; s++ {
		pc := start.PieceAt(s)
		if pc == xiangqi.NoPiece || pc.Type() == King {
			continue
		}
		home[s] = pc
		c := pc.Color()
		homePoints[c][n[c]] = s
		n[c]++
	}
}

// HomePiece returns the piece whose xiangqi starting point s is, the way a
// face-down piece on s moves, or xiangqi.NoPiece when s is no such point
// (the generals' points included).
func HomePiece(s Square) Piece {
	if !s.Valid() {
		return xiangqi.NoPiece
	}
	return home[s]
}

// HomePoints returns the 15 points where c's pieces start face down, in
// Square order (a0, b0, ... for Red; a6, c6, ... for Black).
func HomePoints(c Color) [NumHidden]Square { return homePoints[c&1] }
