package swiss

import "fmt"

// colour is a side of the board; noColour marks a round without a played game.
type colour int8

const (
	noColour colour = iota
	white
	black
)

// opposite returns the other side.
func (c colour) opposite() colour {
	switch c {
	case white:
		return black
	case black:
		return white
	}
	return noColour
}

// float records how a player was paired in one round (C.04.3 A.4).
type float int8

const (
	noFloat float = iota
	downFloat
	upFloat
)

// card is a player's pairing card: what the history says about one player.
type card struct {
	id        string
	number    int             // pairing number, 1-based
	score     int             // half-points
	colours   []colour        // one per round; noColour when no game was played
	floats    []float         // one per round
	opponents map[string]bool // players met over the board
	hadBye    bool            // received a pairing-allocated bye
	freeWin   bool            // scored a forfeit win: no bye either (C.04.1 d)
}

// readCards builds the pairing cards of every player in ranked (who are
// numbered in that order) from the history. Players in the history but not
// in ranked (withdrawn) still count as opponents.
func readCards(ranked []Player, history []Round) (map[string]*card, error) {
	cards := make(map[string]*card, len(ranked))
	for i, p := range ranked {
		cards[p.ID] = &card{id: p.ID, number: i + 1, opponents: map[string]bool{}}
	}
	for r, round := range history {
		if err := checkRound(round); err != nil {
			return nil, fmt.Errorf("swiss: round %d: %w", r+1, err)
		}
		before := make(map[string]int, len(cards))
		for id, c := range cards {
			before[id] = c.score
		}
		for _, c := range cards {
			c.colours = append(c.colours, noColour)
			c.floats = append(c.floats, noFloat)
		}
		for _, g := range round {
			applyGame(cards, before, g, r)
		}
	}
	return cards, nil
}

// checkRound rejects a round where a player appears twice or plays himself.
func checkRound(round Round) error {
	seen := map[string]bool{}
	for _, g := range round {
		if g.White == "" {
			return fmt.Errorf("a game has no White player")
		}
		if g.White == g.Black {
			return fmt.Errorf("%q is paired with himself", g.White)
		}
		for _, id := range []string{g.White, g.Black} {
			if id == "" {
				continue
			}
			if seen[id] {
				return fmt.Errorf("%q is paired twice", id)
			}
			seen[id] = true
		}
	}
	return nil
}

// applyGame adds one board of round r to the cards it concerns; before holds
// the scores before the round, for the floats.
func applyGame(cards map[string]*card, before map[string]int, g Game, r int) {
	w, b := cards[g.White], cards[g.Black]
	if g.IsBye() {
		if w != nil {
			w.score += 2
			w.hadBye = true
			w.floats[r] = downFloat // C.04.3 1.4.3: scored without playing
		}
		return
	}
	wp, bp := g.Result.points()
	if w != nil {
		w.score += wp
	}
	if b != nil {
		b.score += bp
	}
	if !g.Result.played() {
		if g.Result == WhiteForfeitWin && w != nil {
			w.freeWin, w.floats[r] = true, downFloat
		}
		if g.Result == BlackForfeitWin && b != nil {
			b.freeWin, b.floats[r] = true, downFloat
		}
		return
	}
	if w != nil {
		w.colours[r] = white
		w.opponents[g.Black] = true
	}
	if b != nil {
		b.colours[r] = black
		b.opponents[g.White] = true
	}
	if w != nil && b != nil && before[g.White] != before[g.Black] {
		hi, lo := w, b
		if before[g.Black] > before[g.White] {
			hi, lo = b, w
		}
		hi.floats[r], lo.floats[r] = downFloat, upFloat
	}
}

// lastFloat returns the player's float ago rounds before the one to pair
// (ago = 1: the last round).
func (c *card) lastFloat(ago int) float {
	if i := len(c.floats) - ago; i >= 0 {
		return c.floats[i]
	}
	return noFloat
}

// ranksAbove reports whether c is ranked above d for pairing: higher score,
// then lower pairing number (C.04.3 A.2).
func (c *card) ranksAbove(d *card) bool {
	if c.score != d.score {
		return c.score > d.score
	}
	return c.number < d.number
}
