// Package reviews runs the server's game reviews (package review) in the
// background: one position at a time as a job of the fair scheduler the
// computer opponent thinks in (server/sched), so a review waits its turn
// behind the moves of other addresses' games and never holds a worker for
// longer than one position's search; a bounded number per address and in
// all. The result is kept with the game (store.Reviews) and shown to
// everyone who opens it.
//
// The state of a review in progress lives in this process: on a cluster,
// another node answers "none" for it until it is stored, then "done".
// Progress is read by polling GET /api/games/{id}/review; it is not pushed
// on the game's WebSocket.
//
// Handler serves that API (POST and GET /api/games/{id}/review), reading
// the games through Games; AnnotatePGN and EvalGraph show a stored review
// in a game's PGN and its eval graph.
//
//	rs := reviews.New(reviews.Config{Store: st, Sched: computerSched})
//	rg, err := reviews.Prepare(g) // on the game's goroutine
//	st, started, err := rs.Start(ctx, id, clientAddr, rg)
//	h := reviews.NewHandler(rs, games) // h.Start, h.Get: the HTTP API
package reviews
