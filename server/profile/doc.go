// Package profile serves the players' profiles: a player's ratings (GET
// /api/user/{name}, and GET /api/account for the asker's own, in
// lichess's shape where it overlaps), their games a page at a time and
// as one PGN file, their rating history as a graph, and the
// leaderboards. Another person sees the player's games that are over and
// public or rated, and those they sat in (Visible); the player sees all of
// theirs ("My games"), each from their side: the result for them, the
// opponent (an account's name, the computer's level, or no name), the
// speed (Game). Nothing about sessions or addresses is ever in an
// answer. Summary is a stored game as every listing shows it, GET
// /api/games (List: the newest games the asker may see, or their own)
// included.
//
// It reads the server through Server (its games and their listing, its
// error answer, the rated games' PGN tags, who asks, an account's player
// id and name key, the computer's levels) and the store through Store
// (nil: a server keeping no accounts):
//
//	p := profile.New(srv, st, time.Now, logger)
//	mux.HandleFunc("GET /api/user/{name}", p.User)
//	mux.HandleFunc("GET /api/user/{name}/games", p.UserGames)
//	mux.HandleFunc("GET /api/leaderboard/{perf}", p.Leaderboard)
package profile
