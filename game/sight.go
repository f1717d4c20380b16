package game

import (
	"bytes"
	"encoding/json"
	"slices"
)

// Sight is a game as one viewer may see it: the board, the history and
// what a variant shows beside them. The server builds every state it sends
// from a Sight, and a computer player of a variant of hidden information is
// given nothing else, so what a person in its seat cannot see, neither can
// the bot. Every variant's rules say what a viewer sees (Rules.Sight): in
// a game of full information everything, in one of hidden information
// what the rules cut for that viewer.
type Sight struct {
	FEN      string `json:"fen"` // the board as seen: squares hidden from the viewer empty
	StartFEN string `json:"startFen,omitempty"`
	// Moves is the history as seen (filled on request): a move the viewer
	// did not see has no UCI and "?" for its SAN, and its FEN is the board
	// as the viewer saw it after that move.
	Moves []Step `json:"moves,omitempty"`
	Last  *Step  `json:"last,omitempty"` // the last move as seen (variants of hidden information only: in the others the server has it from the event)
	Check string `json:"check,omitempty"`
	// Fair is the commitment to a seeded game's secret seed, and the seed
	// itself once the game is over.
	Fair *Fairness `json:"fair,omitempty"`
	// Ext is what the variant shows beside the board (its own type; none in
	// chess and xiangqi): on the wire, the object "ext".
	Ext Ext `json:"ext,omitzero"`
}

// Extension is a variant's own part of a Sight or a Step, a type of the
// variant's package that only it and its computer player read; the server
// writes it as JSON and the browser's module of the variant reads it.
type Extension interface {
	// ExtendsVariant names the variant the extension is of.
	ExtendsVariant() Variant
}

// Ext holds a Sight's or a Step's extension, if any. It encodes as the
// extension's own JSON; read back from JSON by code that does not know the
// variant's type (a client, a test), it holds the RawExtension, which
// ExtAs reads into the variant's type.
type Ext struct{ Extension }

// MarshalJSON writes the extension's own JSON.
func (e Ext) MarshalJSON() ([]byte, error) { return json.Marshal(e.Extension) }

// UnmarshalJSON keeps the JSON as a RawExtension.
func (e *Ext) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		e.Extension = nil
		return nil
	}
	e.Extension = RawExtension(slices.Clone(b))
	return nil
}

// RawExtension is an extension read back from JSON, of a variant the
// reader did not name.
type RawExtension json.RawMessage

// ExtendsVariant is unknown for a raw extension.
func (RawExtension) ExtendsVariant() Variant { return "" }

// MarshalJSON writes the JSON as it was read.
func (r RawExtension) MarshalJSON() ([]byte, error) { return r, nil }

// ExtAs returns e's extension as the variant's type T: the value itself,
// or a RawExtension that reads into T with no field T lacks. ok is false
// when e holds neither (another variant's extension, or none).
func ExtAs[T Extension](e Ext) (v T, ok bool) {
	switch x := e.Extension.(type) {
	case T:
		return x, true
	case RawExtension:
		d := json.NewDecoder(bytes.NewReader(x))
		d.DisallowUnknownFields()
		return v, d.Decode(&v) == nil
	}
	return v, false
}

// Fairness lets anyone check a seeded game's random draws (package
// variant/fair): Commitment, the SHA-256 of the seed, is public from the
// start; Seed is revealed when the game is over.
type Fairness struct {
	Commitment string `json:"commitment"`
	Seed       string `json:"seed,omitempty"`
}

// Hidden reports whether the game's variant keeps information from its
// players (Spec.Hidden): its states differ per
// viewer, and its computer players get a Sight only.
func (g *Game) Hidden() bool { return g.spec.Hidden }

// Sight returns the game as viewer v sees it, with every move as seen when
// history is set: the one source of what a viewer is shown, in every
// variant (Rules.Sight). A viewer holding both seats (a game on one
// screen) sees as the side to move does when the variant hands the screen
// over between turns (Spec.HandOver); otherwise what both sides know, as
// a spectator does: each player looks at the screen on the other's turn,
// so neither may be shown what only one of them knows.
func (g *Game) Sight(v Viewer, history bool) Sight {
	seer := g.rules.Turn()
	if !v.Holds(seer) {
		seer = seer.Other()
	}
	both := v.Holds(seer) && v.Holds(seer.Other())
	spectator := v.IsSpectator() || both && !g.spec.HandOver
	return g.rules.Sight(seer, spectator, g.status.Finished(), history)
}

// OpenSight is the Sight of a game of full information, the same for every
// viewer: the board, and with history every move. Its Last is left to the
// caller, who has the event that made it.
func OpenSight(r Rules, history bool) Sight {
	s := Sight{FEN: r.FEN(), StartFEN: r.StartFEN()}
	s.Check, _ = r.Check()
	if history {
		s.Moves = r.History()
	}
	return s
}
