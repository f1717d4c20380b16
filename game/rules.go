package game

import (
	"cmp"

	"github.com/gambitchess/gambit/chess"
)

// Variant names the game a live game plays; Lookup gives its Spec.
type Variant string

// DefaultVariant is the variant the zero Variant ("") reads as: chess, so
// records written before xiangqi existed still load, and a request that
// names no variant plays it. Package game registers no variant itself
// (variant/chessgame registers chess).
const DefaultVariant Variant = "chess"

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
func (o Outcome) Result() string { return chess.ResultText(o.Over(), o.Draw, o.Winner) }

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
	ByAbort // ended before it began: no result
	// ByAbandonment: Color left the game and its opponent claimed the win.
	ByAbandonment
	// ByAbandonmentDraw: Color left the game and its opponent called it a draw.
	ByAbandonmentDraw
	// ByNoStart: Color did not make its first move in time in a mandatory
	// game (a tournament's), and loses it (lichess's "noStart").
	ByNoStart
)

// Rules is the one cross-game abstraction of Gambit (STYLE.md 1): what a
// live game needs from a rules library. It judges the board only; endings
// the players or the clock bring about (resignation, agreement, flag fall,
// claims, aborts) are the live game's. Sides are chess.White for the side
// that moves first (xiangqi's Red) and chess.Black. Moves are coordinate
// text: UCI in both libraries ("e2e4", "e7e8q"; xiangqi "h2e2").
type Rules interface {
	Turn() chess.Color
	Ply() int
	FEN() string
	StartFEN() string
	// Dests lists the legal destinations of each piece of the side to move,
	// keyed by origin square.
	Dests() map[string][]string
	// Play checks and plays a move; errors wrap ErrInvalidMove or ErrIllegalMove.
	Play(move string) (Step, error)
	// Pop takes back the last move; false when there is none.
	Pop() bool
	History() []Step
	// Check returns the square of the king (general) in check, if any.
	Check() (string, bool)
	// Outcome is the ending the board shows, or the zero Outcome.
	Outcome() Outcome
	// Claimable names the draw the side to move may claim now ("threefold
	// repetition", "50-move rule"), if any.
	Claimable() (string, bool)
	// CanMate reports whether side c could still mate by any sequence of
	// legal moves: a flag fall against c's opponent is a draw otherwise.
	CanMate(c chess.Color) bool
	// PGN writes the game with the given header; an error says the game
	// could not be written (it is never written as the PGN).
	PGN(h PGNHeader) (string, error)
	Clone() Rules
	// Sight returns the game as side seer sees it, or as a spectator does
	// when spectator is true; once over (over set), everyone sees
	// everything. history asks for every move as seen (Sight.Moves). Every
	// message a viewer receives is built from it: a variant of full
	// information returns openSight, one of hidden information what its
	// rules let that viewer see.
	Sight(seer chess.Color, spectator, over, history bool) Sight
}

// StandingDrawer is the Rules of a game whose claimable draws can be read
// as they stand on the board: the 50-move rule reached, a position on the
// board for the third time. Claimable allows more: a draw a move of the
// side to move would bring about, which a player may announce (FIDE 9.2,
// 9.3) but which an arbiter who ends games by themselves must not assume
// will be played.
type StandingDrawer interface {
	// StandingDraw names the claimable draw on the board now, if any.
	StandingDraw() (string, bool)
}

// PGNHeader is what a PGN export says about a game besides its moves.
type PGNHeader struct {
	Event, Date, White, Black, TimeControl string
	Result, Termination                    string
	// Site and Round are the roster's tags of those names: "Gambit" and
	// "-" when empty (a game of the server; a match numbers its rounds).
	Site, Round string
	// Over says the game has ended: a variant of hidden information writes
	// what it hid (its hidden moves, its seed) only then.
	Over bool
	// Comments are the comments written after the moves, by ply:
	// Comments[i] follows move i+1 (an engine match's evaluation and
	// time); none where it is empty or missing. The boards' own PGN writers
	// (chess, xiangqi) write them.
	Comments []string
}

// Comment returns the comment written after move i (0-based), "" for
// none.
func (h PGNHeader) Comment(i int) string {
	if i < 0 || i >= len(h.Comments) {
		return ""
	}
	return h.Comments[i]
}

// site and round are h's Site and Round tags, their defaults for empty.
func (h PGNHeader) site() string  { return cmp.Or(h.Site, "Gambit") }
func (h PGNHeader) round() string { return cmp.Or(h.Round, "-") }

// TagPairs returns h as PGN tag pairs, the seven-tag roster first; first
// names the first mover's tag (White). The variants' own PGN writers take
// their header this way.
func (h PGNHeader) TagPairs(first string) [][2]string {
	pairs := [][2]string{{"Event", h.Event}, {"Site", h.site()}, {"Date", h.Date}, {"Round", h.round()},
		{first, h.White}, {"Black", h.Black}, {"Result", h.Result}}
	if h.TimeControl != "" {
		pairs = append(pairs, [2]string{"TimeControl", h.TimeControl})
	}
	if h.Termination != "" {
		pairs = append(pairs, [2]string{"Termination", h.Termination})
	}
	return pairs
}

// TagSetter is a PGN header a variant's PGN writer fills (chess's and
// xiangqi's PGN share package pgntag's Tags).
type TagSetter interface{ Set(name, value string) }

// SetTags writes h into a PGN header; first names the first mover's tag:
// White, or xiangqi's Red.
func (h PGNHeader) SetTags(t TagSetter, first string) {
	t.Set("Event", h.Event)
	t.Set("Site", h.site())
	t.Set("Date", h.Date)
	t.Set("Round", h.round())
	t.Set(first, h.White)
	t.Set("Black", h.Black)
	t.Set("Result", h.Result)
	if h.TimeControl != "" {
		t.Set("TimeControl", h.TimeControl)
	}
	if h.Termination != "" {
		t.Set("Termination", h.Termination)
	}
}
