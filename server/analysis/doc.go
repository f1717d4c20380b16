// Package analysis serves the analysis board's page and API: a game's
// record (GET /api/games/{id}/analysis) and the positions its user
// reaches (POST /api/analysis/position). The rules stay on the server, in
// the rules libraries, as lichess's analysis board asks its server for
// the legal moves of a position; the engine lines cost the server
// nothing: they come from the engine in the browser.
//
// It reads the server through Server (its games, the asker, its error
// answer) and keeps no state:
//
//	a := analysis.New(srv, assets)
//	mux.HandleFunc("GET /analysis", a.Page)
//	mux.HandleFunc("GET /api/games/{id}/analysis", a.Record)
//	mux.HandleFunc("POST /api/analysis/position", a.Position)
package analysis
