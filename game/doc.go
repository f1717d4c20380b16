// Package game is Gambit's live-game model: the seats, the clock, the
// offers, the server-level Status and the history of one game of any
// registered variant. The rules come from the rules libraries behind one
// small Rules interface (legal destinations, a move in coordinate text, the
// ending on the board, FEN, notation, PGN, each viewer's Sight), the only
// cross-game abstraction in Gambit; everything else a variant brings is one
// Spec in the registry (Lookup). Every variant, chess, Chess960 and xiangqi
// as the others, registers from its own package's init (Register), which
// the binary imports through package variant/all: this package names none
// of them, and imports no rules library but package chess, the vocabulary
// every game shares (its Color for the sides).
//
// The package follows lichess's round: a command (Move, Offer, Answer,
// TakeBack, Resign, Abort, ClaimDraw, Flag, Sit) checks that it may run and
// returns the events it caused, numbered by the game's version; a refused
// command changes nothing. Events are facts, applied by one function whether
// they are new or replayed, so Load(header, events) rebuilds the game that
// was saved. What a viewer (a seat, both seats on one screen, a
// spectator) is shown is its Sight of the game, which every variant's
// rules define: hidden information stays on the server. The package knows nothing of HTTP or
// storage.
//
// A game's start is fixed when it is created: its Spec's Setup reads what
// the player gave (or draws a start, as Chess960 does for an empty setup,
// with crypto/rand) and the Header keeps the start FEN, so replaying a game
// never draws again.
//
// Sides are chess.White and chess.Black in every variant: in xiangqi White
// stands for Red, the side that moves first. Turns come from the rules (who
// made each move is recorded), never from ply parity.
//
//	import _ "github.com/gambitchess/gambit/variant/all" // every variant registers
//
//	g, _ := game.New(game.Options{ID: "abc", Now: time.Now})
//	events, _ := g.Move(chess.White, "e2e4") // one EventMove, V 1
//	x, _ := game.New(game.Options{ID: "xyz", Variant: "xiangqi"})
//	x.Move(chess.White, "h2e2") // 炮二平五
//	fmt.Println(events[0].Step.SAN, g.Status(), x.FEN())
package game
