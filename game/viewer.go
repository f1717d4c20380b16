package game

import "github.com/gambitchess/gambit/chess"

// ViewerOf returns the viewer person player is in g: the seats it holds
// (both, in a game on one screen; one, online), none (a spectator) for
// anyone else. Only a person's seat is held by a player id: the computer
// and an open seat are no one's.
func (g *Game) ViewerOf(player string) Viewer {
	var v Viewer
	for _, c := range []chess.Color{chess.White, chess.Black} {
		if s := g.Seat(c); player != "" && s.Kind == SeatHuman && s.Player == player {
			v.Seats[c] = true
		}
	}
	return v
}
