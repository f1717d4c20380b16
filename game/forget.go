package game

// ForgetName empties the name (and the account's title) of each seat that
// player holds, in the game and in its header: the account behind it was
// deleted, and its games stay without its name. It is not an event (nothing happened in the
// game); the stored game forgets the name apart (store.Anonymizer). It
// reports whether a seat was player's.
func (g *Game) ForgetName(player string) bool {
	if player == "" {
		return false
	}
	held := false
	for c := range g.seats {
		if g.seats[c].Player == player {
			g.seats[c].Name, g.seats[c].Title, held = "", "", true
		}
		if g.header.Seats[c].Player == player {
			g.header.Seats[c].Name, g.header.Seats[c].Title, held = "", "", true
		}
	}
	return held
}
