package game

import (
	"fmt"
	"slices"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/variant/fair"
)

// ClockConfig is a time control: Initial per side plus Increment per move,
// or (PerMove, correspondence) Initial for every move, not saved up. The
// zero value means no clock.
type ClockConfig struct {
	Initial   time.Duration
	Increment time.Duration
	PerMove   bool
}

// Options describe a new game.
type Options struct {
	ID      string
	Mode    Mode
	Variant Variant // "" means chess
	Seats   [2]Seat // by side: Seats[chess.White] (xiangqi: Red), Seats[chess.Black]
	// Setup is what to start from: "" for the variant's usual start (the
	// standard one; in Chess960 one drawn at random), or what Spec.Setup
	// reads (a FEN or PGN of the variant; in Chess960 also a start number).
	Setup string
	// StartFEN and MoveText, when Setup is empty and either is set, give the
	// start position ("" for the standard one) and moves in coordinate text
	// played from it, as they are: Spec.Setup is not asked.
	StartFEN string
	MoveText []string
	Clock    ClockConfig
	Public   bool // listed for everyone (see Header.Public)
	// Berserkable lets each player of a timed game go berserk before its
	// first move (an arena's game whose creator allows it; Game.Berserk).
	Berserkable bool
	// Mandatory makes a tournament's game (lichess's "mandatory" games): no
	// abort and no takeback, and a side that does not make its first move
	// in time loses it (StartLapsed) rather than the game being aborted.
	Mandatory bool
	// Tournament is the tournament the game is played in, if any.
	Tournament *Tournament
	// RuleSet is the set of rules to play by, one of the variant's
	// Spec.RuleSets; "" for its default.
	RuleSet string
	Now     func() time.Time
}

// Tournament names the tournament a game is played in: its kind
// ("arena", "swiss"), id, name, and the round of a Swiss event's game.
// The game page links to it and the PGN's Event and Round tags name it.
type Tournament struct {
	Kind  string `json:"kind"`
	ID    string `json:"id"`
	Name  string `json:"name"`
	Round int    `json:"round,omitempty"`
}

// Game is one live game: the rules state, the seats, the clock, the offers
// and the server-level status. Every change is a command that returns the
// events it caused (numbered by the game's version), and every event is
// applied by the same code whether it is new or replayed from the store
// (see Load), so a loaded game is the game that was saved.
//
// A Game is not safe for concurrent use: the server gives each live game
// to one goroutine.
type Game struct {
	header Header
	spec   *Spec
	seats  [2]Seat
	rules  Rules
	clock  *Clock // nil for an untimed game
	status Status
	ending ending        // a declared ending; zero while none
	offers [2]offerSet   // pending offers of each side
	movers []chess.Color // who made each move since the setup's imported ones
	// left[i] is what the mover of movers[i] had on the clock after that
	// move, as its event recorded it; -1 where none did (an untimed game, a
	// record from before the event log).
	left    []time.Duration
	outcome Outcome // the ending, judged by settle after every change
	version int64
	updated time.Time
	now     func() time.Time
}

// ending is a declared ending as the game keeps it.
type ending struct {
	by    Declared
	color chess.Color // who resigned or flagged
	claim string      // the claimed draw's name
}

// New returns a game set up as o says, with its header; the imported moves
// of a setup are part of the header, not events.
func New(o Options) (*Game, error) {
	if o.Now == nil {
		o.Now = time.Now
	}
	spec, err := Lookup(o.Variant)
	if err != nil {
		return nil, err
	}
	start, moves := o.StartFEN, o.MoveText
	if o.Setup != "" || (start == "" && len(moves) == 0) {
		if start, moves, err = spec.Setup(o.Setup); err != nil {
			return nil, err
		}
	}
	h := Header{Format: headerFormat, ID: o.ID, Mode: o.Mode, Variant: spec.Name, Seats: o.Seats, StartFEN: start,
		Moves: moves, Public: o.Public, Berserkable: o.Berserkable, Mandatory: o.Mandatory, Tournament: o.Tournament, CreatedAt: o.Now().UTC()}
	if o.RuleSet != "" && o.RuleSet != spec.DefaultRuleSet() {
		if !slices.Contains(spec.RuleSets, o.RuleSet) {
			return nil, fmt.Errorf("%w: %s has no rule set %.40q", ErrBadSetup, spec.Name, o.RuleSet)
		}
		h.RuleSet = o.RuleSet
	}
	if spec.Notes != nil && len(moves) > 0 {
		h.Notes = spec.Notes(o.Setup) // what the pasted PGN said beside its moves
	}
	if spec.Seeded {
		seed, err := fair.NewSeed()
		if err != nil {
			return nil, err
		}
		h.Seed = seed.String()
	}
	if o.Clock.Initial > 0 {
		h.Clock = &ClockSave{InitialMs: o.Clock.Initial.Milliseconds(), IncrementMs: o.Clock.Increment.Milliseconds(),
			PerMove: o.Clock.PerMove}
		h.Clock.WhiteMs, h.Clock.BlackMs = h.Clock.InitialMs, h.Clock.InitialMs
	}
	return fromHeader(h, o.Now)
}

// fromHeader builds the game a header describes, before any event.
func fromHeader(h Header, now func() time.Time) (*Game, error) {
	spec, err := Lookup(h.Variant)
	if err != nil {
		return nil, err
	}
	rules, err := spec.Rules(h.StartFEN, h.Seed)
	if err != nil {
		return nil, err
	}
	if h.RuleSet != "" {
		rs, ok := rules.(RuleSetter)
		if !ok {
			return nil, fmt.Errorf("%w: %s has no rule set %.40q", ErrBadSetup, spec.Name, h.RuleSet)
		}
		if err := rs.SetRuleSet(h.RuleSet); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrBadSetup, err)
		}
	}
	g := &Game{header: h, spec: spec, seats: h.Seats, rules: rules, now: now, updated: h.CreatedAt}
	for i, u := range h.Moves {
		if _, err := rules.Play(u); err != nil {
			return nil, fmt.Errorf("%w: imported move %d: %v", ErrBadSetup, i+1, err)
		}
	}
	if c := h.Clock; c != nil {
		g.clock = NewClock(time.Duration(c.InitialMs)*time.Millisecond, time.Duration(c.IncrementMs)*time.Millisecond, now)
		g.clock.PerMove = c.PerMove
		g.clock.set(time.Duration(c.WhiteMs)*time.Millisecond, time.Duration(c.BlackMs)*time.Millisecond)
	}
	g.settle(h.CreatedAt)
	return g, nil
}

// ID returns the game's identifier.
func (g *Game) ID() string { return g.header.ID }

// Header returns what the game was created as (its seats then, its start).
func (g *Game) Header() Header { return g.header }

// Spec returns the game's variant.
func (g *Game) Spec() *Spec { return g.spec }

// Mode returns how the game is played.
func (g *Game) Mode() Mode { return g.header.Mode }

// Seat returns the seat of colour c.
func (g *Game) Seat(c chess.Color) Seat { return g.seats[c] }

// Status returns the server-level status.
func (g *Game) Status() Status { return g.status }

// Variant returns the game played.
func (g *Game) Variant() Variant { return g.spec.Name }

// Public reports whether the game is listed for everyone.
func (g *Game) Public() bool { return g.header.Public }

// RuleSet returns the set of rules the game is played by: one of its
// variant's Spec.RuleSets (the default when the game names none), or ""
// for a variant with one.
func (g *Game) RuleSet() string {
	if g.header.RuleSet != "" {
		return g.header.RuleSet
	}
	return g.spec.DefaultRuleSet()
}

// Berserkable reports whether the game's players may go berserk (an
// arena's game whose creator allows it): CanBerserk says who may now.
func (g *Game) Berserkable() bool { return g.header.Berserkable }

// Mandatory reports whether the game is a tournament's (Options.Mandatory).
func (g *Game) Mandatory() bool { return g.header.Mandatory }

// Tournament returns the tournament the game is played in; ok false for
// none.
func (g *Game) Tournament() (t Tournament, ok bool) {
	if g.header.Tournament == nil {
		return Tournament{}, false
	}
	return *g.header.Tournament, true
}

// Berserked reports whether side c went berserk.
func (g *Game) Berserked(c chess.Color) bool { return g.clock != nil && g.clock.Berserk(c) }

// Turn returns the side to move (chess.White is xiangqi's Red).
func (g *Game) Turn() chess.Color { return g.rules.Turn() }

// fen returns the current position in FEN (Whole.FEN).
func (g *Game) fen() string { return g.rules.FEN() }

// startFEN returns the starting position in FEN (Whole.StartFEN).
func (g *Game) startFEN() string { return g.rules.StartFEN() }

// Ply returns the number of moves played.
func (g *Game) Ply() int { return g.rules.Ply() }

// Readable returns the game's rules for a reader of the whole game (an
// engine that plays or reviews it), only where every viewer may see all of
// it: a variant that hides nothing, or a game that is over. A hidden game
// in play is read through a viewer's Sight alone. Callers must not change
// the rules.
func (g *Game) Readable() (Rules, bool) {
	if g.spec.Hidden && !g.status.Finished() {
		return nil, false
	}
	return g.rules, true
}

// Opening is a game's opening as its rules name it.
type Opening struct {
	ECO  string // "C40"
	Name string // "King's Knight Opening"
	Ply  int    // the ply of the last position the name was found at
}

// OpeningNamer is the Rules of a game whose openings have names (chess and
// Chess960, from the standard start: package chess/opening).
type OpeningNamer interface {
	Opening() (Opening, bool)
}

// Opening returns the ECO code and name of the game's opening, if its
// rules name openings and its moves reach a named position.
func (g *Game) Opening() (Opening, bool) {
	if n, ok := g.rules.(OpeningNamer); ok {
		return n.Opening()
	}
	return Opening{}, false
}

// Clock returns the clock, or nil for an untimed game.
func (g *Game) Clock() *Clock { return g.clock }

// Version returns the number of the game's last event (0 for none).
func (g *Game) Version() int64 { return g.version }

// DrawOffer returns the colour offering a draw, if any.
func (g *Game) DrawOffer() (chess.Color, bool) { return g.offered(OfferDraw) }

// TakebackOffer returns the colour asking to take back a move, if any.
func (g *Game) TakebackOffer() (chess.Color, bool) { return g.offered(OfferTakeback) }

func (g *Game) offered(k OfferKind) (chess.Color, bool) {
	for _, c := range []chess.Color{chess.White, chess.Black} {
		if g.offers[c].has(k) {
			return c, true
		}
	}
	return chess.White, false
}

// CreatedAt returns when the game was created.
func (g *Game) CreatedAt() time.Time { return g.header.CreatedAt }

// UpdatedAt returns when the game last changed.
func (g *Game) UpdatedAt() time.Time { return g.updated }

// CanClaimDraw reports whether the side to move may claim a draw now
// (threefold repetition or the 50-move rule). Like StandingDraw and
// CanMate, it reads the whole board but tells a yes or no that the game's
// players are told anyway (the claim's button, the end of the game): no
// Whole needed, in a hidden game too.
func (g *Game) CanClaimDraw() bool {
	if g.status.Finished() {
		return false
	}
	_, ok := g.rules.Claimable()
	return ok
}

// StandingDraw names the claimable draw that stands on the board now (a
// position's third occurrence, the 50-move rule reached), for an arbiter
// who ends the game as soon as one arises, as an engine match does; unlike
// CanClaimDraw, not one a move of the side to move would bring about. It
// reports none once the game is over, and none for rules that cannot tell
// the two apart (no StandingDrawer) or have no claims.
func (g *Game) StandingDraw() (string, bool) {
	d, ok := g.rules.(StandingDrawer)
	if !ok || g.status.Finished() {
		return "", false
	}
	return d.StandingDraw()
}

// CanMate reports whether side c could still mate by some sequence of legal
// moves (Rules.CanMate): when it cannot, a flag fall against c's opponent
// is a draw, as the game's own clock judges it (Outcome) and as an arbiter
// with a clock of its own judges it.
func (g *Game) CanMate(c chess.Color) bool { return g.rules.CanMate(c) }

// Outcome returns how the game ended, declared or on the board, or the zero
// Outcome while it goes on (and for an aborted game, which has no result).
// It is worked out once per change, by settle: judging the board means
// generating moves, and the status, the result, every viewer's state and the
// store's summary all ask for it.
func (g *Game) Outcome() Outcome { return g.outcome }

// judge works out the outcome from the declared ending or the board.
func (g *Game) judge() Outcome {
	switch e := g.ending; e.by {
	case NotDeclared:
		return g.rules.Outcome()
	case ByResignation:
		return Outcome{Termination: declaredNames[ByResignation], Winner: e.color.Other(), Status: Resigned}
	case ByAgreement:
		return Outcome{Termination: declaredNames[ByAgreement], Draw: true, Status: DrawAgreed}
	case ByTimeout:
		if !g.rules.CanMate(e.color.Other()) {
			return Outcome{Termination: declaredNames[ByTimeout], Draw: true, Status: Timeout}
		}
		return Outcome{Termination: declaredNames[ByTimeout], Winner: e.color.Other(), Status: Timeout}
	case ByClaim:
		return Outcome{Termination: e.claim, Draw: true, Status: Draw}
	case ByAbandonment:
		return Outcome{Termination: declaredNames[ByAbandonment], Winner: e.color.Other(), Status: Abandoned}
	case ByAbandonmentDraw:
		return Outcome{Termination: declaredNames[ByAbandonment], Draw: true, Status: Abandoned}
	case ByNoStart:
		return Outcome{Termination: declaredNames[ByNoStart], Winner: e.color.Other(), Status: Abandoned}
	}
	return Outcome{} // aborted
}

// declaredNames are the termination names of the declared endings.
var declaredNames = [...]string{ByResignation: "resignation", ByAgreement: "agreement", ByTimeout: "timeout",
	ByAbandonment: "abandonment", ByNoStart: "no start"}

// Result returns the PGN result ("1-0", "0-1", "1/2-1/2", or "*").
func (g *Game) Result() string { return g.Outcome().Result() }

// offerSet is the offers one side has pending, a bit per kind.
type offerSet uint8

func offerBit(k OfferKind) offerSet {
	switch k {
	case OfferDraw:
		return 1
	case OfferTakeback:
		return 2
	}
	return 0
}

func (s offerSet) has(k OfferKind) bool { return s&offerBit(k) != 0 }
func (s *offerSet) add(k OfferKind)     { *s |= offerBit(k) }
func (s *offerSet) drop(k OfferKind)    { *s &^= offerBit(k) }

// settle derives the status from the declared ending or the board, and
// stops the clock once the game is over, charging the running side up to
// at: the moment of the event that ended it, never the moment of a replay.
func (g *Game) settle(at time.Time) {
	g.outcome = g.judge()
	switch o := g.outcome; {
	case g.ending.by == ByAbort:
		g.status = Aborted
	case o.Over():
		g.status = o.Status
	case g.rules.Ply() > 0:
		g.status = Started
	default:
		g.status = Created
	}
	if g.status.Finished() {
		g.offers = [2]offerSet{}
		if g.clock != nil {
			g.clock.stopAt(at)
		}
	}
}
