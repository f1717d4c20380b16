package game

// Sight is a game as one viewer may see it: the board, the history and
// what a variant shows beside them. The server builds every state it sends
// from a Sight, and a computer player of a variant of hidden information is
// given nothing else, so what a person in its seat cannot see, neither can
// the bot. Every variant's rules say what a viewer sees (Rules.Sight): in
// a game of full information everything, in one of hidden information
// what the rules cut for that viewer.
type Sight struct {
	FEN      string `json:"fen"` // the board as seen: in fog of war, unseen squares empty
	StartFEN string `json:"startFen,omitempty"`
	// Moves is the history as seen (filled on request): a move the viewer
	// did not see has no UCI and "?" for its SAN, and its FEN is the board
	// as the viewer saw it after that move.
	Moves []Step `json:"moves,omitempty"`
	Last  *Step  `json:"last,omitempty"` // the last move as seen (variants of hidden information only: in the others the server has it from the event)
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

// Hidden reports whether the game's variant keeps information from its
// players (fog, dice to come, mines: Spec.Hidden): its states differ per
// viewer, and its computer players get a Sight only.
func (g *Game) Hidden() bool { return g.spec.Hidden }

// Sight returns the game as viewer v sees it, with every move as seen when
// history is set: the one source of what a viewer is shown, in every
// variant (Rules.Sight). A viewer holding both seats (a game on one
// screen) sees as the side to move does: the screen is handed over
// between turns.
func (g *Game) Sight(v Viewer, history bool) Sight {
	seer := g.rules.Turn()
	if !v.Holds(seer) {
		seer = seer.Other()
	}
	return g.rules.Sight(seer, v.IsSpectator(), g.status.Finished(), history)
}

// openSight is the Sight of a game of full information, the same for every
// viewer: the board, and with history every move. Its Last is left to the
// caller, who has the event that made it.
func openSight(r Rules, history bool) Sight {
	s := Sight{FEN: r.FEN(), StartFEN: r.StartFEN()}
	s.Check, _ = r.Check()
	if history {
		s.Moves = r.History()
	}
	return s
}
