// Package rating is Gambit's player rating: Glicko-2 (Glickman's system) with
// lichess's parameters, and the speed category of a chess time control.
//
// Each rated game is its own rating period (as lichess does): the two players'
// ratings before the game and its result give the ratings after it.
//
//	w, b := rating.Default(), rating.Default()
//	w2, b2 := rating.Game(w, b, rating.WhiteWins)
//	fmt.Println(w2.Int(), w2.Provisional()) // 1741 true
//	sp := rating.SpeedOf(5*time.Minute, 3*time.Second) // Blitz
//
// It uses only the standard library.
package rating
