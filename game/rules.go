package game

import (
	"fmt"

	"github.com/gambitchess/gambit/chess"
)

// Variant names the game a live game plays.
type Variant string

// The variants. The zero Variant ("") reads as Chess, so records written
// before xiangqi existed still load.
const (
	Chess   Variant = "chess"
	Xiangqi Variant = "xiangqi"
)

// ParseVariant returns the variant named s ("" means chess).
func ParseVariant(s string) (Variant, error) {
	switch Variant(s) {
	case "", Chess:
		return Chess, nil
	case Xiangqi:
		return Xiangqi, nil
	}
	return "", fmt.Errorf("%w: unknown variant %q", ErrBadSetup, s)
}

// Outcome is a rules-level ending in words every variant shares. The zero
// Outcome is a game that goes on.
type Outcome struct {
	Termination string      // the rule that ended the game ("checkmate", "perpetual check", ...)
	Code        uint8       // the termination in the variant's own numbering, kept in records
	Winner      chess.Color // White for chess White and xiangqi Red; meaningful when !Draw
	Draw        bool
	Status      Status // the server-level status of this ending
}

// Over reports whether the game has ended.
func (o Outcome) Over() bool { return o.Termination != "" }

// Result returns "1-0", "0-1", "1/2-1/2", or "*" while the game goes on.
func (o Outcome) Result() string {
	switch {
	case !o.Over():
		return "*"
	case o.Draw:
		return "1/2-1/2"
	case o.Winner == chess.White:
		return "1-0"
	}
	return "0-1"
}

// Declared is an ending the players or the clock bring about, as opposed
// to one the rules find on the board.
type Declared uint8

// The declared endings.
const (
	NotDeclared Declared = iota
	ByResignation
	ByAgreement
	ByTimeout
	ByClaim // a claimable draw (chess: threefold repetition, 50-move rule)
)

// Rules is the one cross-game abstraction of Gambit (STYLE.md 1): what a
// live game needs from a rules library. Sides are chess.White for the side
// that moves first (xiangqi's Red) and chess.Black. Moves are coordinate
// text, which both libraries read with Position.ParseUCI and write with
// Position.UCI: "e2e4", "e7e8q" in chess, "h2e2" (ICCS coordinates) in
// xiangqi.
type Rules interface {
	Variant() Variant
	Turn() chess.Color
	Ply() int
	FEN() string
	StartFEN() string
	// Dests lists the legal destinations of each piece of the side to move,
	// keyed by origin square.
	Dests() map[string][]string
	// Play checks and plays a move; errors wrap ErrInvalidMove or ErrIllegalMove.
	Play(move string) (Step, error)
	Pop()
	History() []Step
	// Check returns the square of the king (general) in check, if any.
	Check() (string, bool)
	Outcome() Outcome
	CanClaimDraw() bool
	// Declare ends the game: c resigns or flags (ByResignation, ByTimeout);
	// c is ignored for an agreement or a claim.
	Declare(d Declared, c chess.Color) error
	// DeclaredBy says which declared ending an Outcome.Code stands for.
	DeclaredBy(code uint8) Declared
	// PGN writes the game with the given header.
	PGN(h Header) string
	Clone() Rules
}

// Header is what a PGN export says about a game besides its moves.
type Header struct {
	Event, Date, White, Black, TimeControl string
}

// newRules returns the rules of variant v from start (a FEN; "" for the
// standard start), with moves played.
func newRules(v Variant, start string) (Rules, error) {
	switch v {
	case Chess, "":
		p := chess.StartPosition()
		if start != "" {
			var err error
			if p, err = chess.ParseFEN(start); err != nil {
				return nil, fmt.Errorf("%w: FEN: %v", ErrBadSetup, err)
			}
		}
		return newChessRules(p), nil
	case Xiangqi:
		return newXiangqiRules(start)
	}
	return nil, fmt.Errorf("%w: unknown variant %q", ErrBadSetup, v)
}
