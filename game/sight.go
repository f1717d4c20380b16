package game

import "github.com/gambitchess/gambit/chess"

// Sight is a game as one viewer may see it: the board, the history and
// what a variant shows beside them. The server builds every state it sends
// from a Sight, and a computer player of a variant of hidden information is
// given nothing else, so what a person in its seat cannot see, neither can
// the bot. In a game of full information every viewer sees everything; a
// variant of hidden information cuts its Sight in its rules (Secretive).
type Sight struct {
	FEN      string `json:"fen"` // the board as seen: in fog of war, unseen squares empty
	StartFEN string `json:"startFen,omitempty"`
	// Moves is the history as seen (filled on request): a move the viewer
	// did not see has no UCI and "?" for its SAN, and its FEN is the board
	// as the viewer saw it after that move.
	Moves []Step `json:"moves,omitempty"`
	Last  *Step  `json:"last,omitempty"` // the last move as seen (Secretive rules only: the server has the others' from their events)
	Check string `json:"check,omitempty"`
	Extras
}

// Extras is what a variant shows beside the board; every field is empty
// in chess and xiangqi. The JSON names are the browser's.
type Extras struct {
	// Fog lists the squares the viewer cannot see (fog of war); nil: none.
	Fog []string `json:"fog,omitempty"`
	// Dice is this turn's roll (dice chess).
	Dice *DiceSight `json:"dice,omitempty"`
	// Mines lists the mines the viewer knows of (bomb chess): those that
	// went off, and all of them once the game is over.
	Mines []string `json:"mines,omitempty"`
	// Safe lists the squares everyone knows hold no mine (bomb chess).
	Safe []string `json:"safe,omitempty"`
	// Fair is the commitment to the game's secret seed (dice and bomb
	// chess), and the seed itself once the game is over.
	Fair *Fairness `json:"fair,omitempty"`
}

// DiceSight is the dice of the turn under way in dice chess: the three
// rolled (piece letters, "P" a pawn), those still to be used, how many
// moves the turn has had, and whether the player may pass the rest of it
// (the move "0000").
type DiceSight struct {
	Rolled  []string `json:"rolled"`
	Left    []string `json:"left"`
	Moves   int      `json:"moves"`
	CanPass bool     `json:"canPass"`
}

// Fairness lets anyone check a seeded game's random draws (package
// variant/fair): Commitment, the SHA-256 of the seed, is public from the
// start; Seed is revealed when the game is over.
type Fairness struct {
	Commitment string `json:"commitment"`
	Seed       string `json:"seed,omitempty"`
}

// Secretive is implemented by the rules of a variant of hidden
// information: they cut the game for a viewer.
type Secretive interface {
	// Sight returns the game as side seer sees it, or as a spectator does
	// when spectator is true. Once over, everyone sees everything. history
	// asks for every move as seen (Sight.Moves); without it only Last.
	Sight(seer chess.Color, spectator, over, history bool) Sight
}

// Hidden reports whether the game's variant keeps information from its
// players (fog, dice to come, mines): its states are cut per viewer, and
// its computer players get a Sight only.
func (g *Game) Hidden() bool {
	_, ok := g.rules.(Secretive)
	return ok
}

// Sight returns the game as viewer v sees it, with every move as seen when
// history is set. A viewer holding both seats (a game on one screen) sees
// as the side to move does: the screen is handed over between turns.
func (g *Game) Sight(v Viewer, history bool) Sight {
	if s, ok := g.rules.(Secretive); ok {
		seer := g.rules.Turn()
		if !v.Holds(seer) {
			seer = seer.Other()
		}
		return s.Sight(seer, v.IsSpectator(), g.status.Finished(), history)
	}
	s := Sight{FEN: g.rules.FEN(), StartFEN: g.rules.StartFEN()}
	s.Check, _ = g.rules.Check()
	if history {
		s.Moves = g.rules.History()
	}
	return s
}
